import { beforeEach, describe, expect, it } from 'vitest';
import AccountSettingsScreen from '../../../../shell/features/accountSettings/AccountSettingsScreen';
import { $account } from '../../../../src/stores/account';
import { setLanguageReloader } from '../../../../src/stores/language';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $token, clearSession } from '../../../../src/stores/session';
import type { Account } from '../../../../src/contract/account';
import { useApiFake } from '../../../support/apiFake';
import { all, click, get, render, typeInto } from '../../../ui/render';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const admin = { id: 7, name: 'Dana', admin: true };
const demo: Account = { id: 1, name: 'Demo Trading', country: null, expired: false };

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  $token.set('staff');
  $account.set({ loaded: true, account: demo, user: admin });
});

const NO_COUNTRY = "You haven't selected a country";
const combobox = (container: HTMLElement) => get(container, '[role="combobox"]');
const options = (container: HTMLElement) => all(container, '[role="option"]');

describe('/accountSettings general', () => {
  it("rule: with no country chosen the screen says 'You haven't selected a country'", () => {
    const { container } = render(<AccountSettingsScreen />);
    expect(container.textContent).toContain(NO_COUNTRY);
    expect(combobox(container).textContent).toBe('No country');
  });

  it('rule: choosing a country removes the message; saving sends the ISO code and reloads the account', async () => {
    const { container } = render(<AccountSettingsScreen />);
    click(combobox(container));
    // About 190 to 200 countries, after the entry for none.
    expect(options(container).length).toBeGreaterThanOrEqual(191);
    expect(options(container)[0].textContent).toBe('No country');
    click(options(container).find((option) => option.textContent === 'Germany')!);
    expect(combobox(container).textContent).toBe('Germany');
    expect(container.textContent).not.toContain(NO_COUNTRY);

    const saved = { ...demo, country: 'DE' };
    edge.answers['/api/account/update'] = { status: 200, body: { account: saved } };
    edge.answers['/api/account/config'] = { status: 200, body: { account: saved, user: admin } };
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(edge.calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/account/update', { name: 'Demo Trading', country: 'DE' }],
      ['/api/account/config', null],
    ]);
    expect($account.get().account?.country).toBe('DE');
  });

  it("a saved country shows by name; choosing 'No country' brings the message back", () => {
    $account.set({ loaded: true, account: { ...demo, country: 'RU' }, user: admin });
    const { container } = render(<AccountSettingsScreen />);
    expect(combobox(container).textContent).toBe('Russia');
    expect(container.textContent).not.toContain(NO_COUNTRY);
    click(combobox(container));
    click(options(container)[0]);
    expect(container.textContent).toContain(NO_COUNTRY);
  });

  it("an empty account name is named on the field ('Empty field') and nothing is sent", async () => {
    const { container } = render(<AccountSettingsScreen />);
    typeInto(get<HTMLInputElement>(container, 'input[name="account-name"]'), '  ');
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(get(container, '.auth-field-error').textContent).toBe('Empty field');
    expect(edge.calls).toEqual([]);
  });

  it('a member who is not an administrator sees the settings read-only', () => {
    $account.set({ loaded: true, account: demo, user: { ...admin, admin: false } });
    const { container } = render(<AccountSettingsScreen />);
    expect(container.textContent).toContain('Only an administrator of the account can change these settings.');
    expect(get<HTMLInputElement>(container, 'input[name="account-name"]').disabled).toBe(true);
    expect(combobox(container).getAttribute('aria-disabled')).toBe('true');
    expect(container.querySelector('form button[type="submit"]')).toBeNull();
  });
});

describe('/accountSettings language', () => {
  it('choosing a language saves it locally, tells the server (signed in) and reloads the app', async () => {
    let reloads = 0;
    setLanguageReloader(() => (reloads += 1));
    edge.answers['/api/account/user/update'] = { status: 200, body: { user: { id: 1, name: 'Demo Admin', lang: 'ru' } } };
    const { container } = render(<AccountSettingsScreen />);
    const russian = all<HTMLInputElement>(container, 'input[name="language"]').find((input) => input.value === 'ru')!;
    click(russian);
    await settle();
    expect(localStorage.getItem('lang')).toBe('ru');
    expect(edge.calls[0]).toMatchObject({ path: '/api/account/user/update', body: { lang: 'ru' } });
    expect(reloads).toBe(1);
  });
});

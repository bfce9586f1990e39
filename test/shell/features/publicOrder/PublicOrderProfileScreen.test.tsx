import { beforeEach, describe, expect, it } from 'vitest';
import PublicOrderProfileScreen from '../../../../shell/features/publicOrder/PublicOrderProfileScreen';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { resetPublicProfile } from '../../../../shell/features/publicOrder/publicProfile';
import { resetPublicSession } from '../../../../shell/features/publicOrder/publicSession';
import { $token, clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { all, click, get, render, typeInto } from '../../../ui/render';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const PROFILE = '/api/public-order/profile';
const CONFIG = '/api/public-order/config';
const olga = { id: 5, name: 'Olga Smirnova', email: 'customer@stockroom.local', phone: null, has_password: true };
const account = { id: 1, name: 'Demo Trading', is_kommo: false, currency: 'RUB' };
const navigations: string[] = [];

beforeEach(() => {
  clearSession();
  clearNotifications();
  resetPublicSession();
  resetPublicProfile();
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  savePublicToken('po');
  edge.answers[CONFIG] = { status: 200, body: { account, user: olga, session: { kind: 'customer', order_id: null } } };
  edge.answers[PROFILE] = { status: 200, body: olga };
});

function byLabel(container: ParentNode, text: string): HTMLInputElement {
  const label = all<HTMLLabelElement>(container, 'label').find((node) => node.textContent === text);
  if (!label) throw new Error(`no label ${text}`);
  return get<HTMLInputElement>(container as HTMLElement, `#${CSS.escape(label.htmlFor)}`);
}

const button = (container: ParentNode, text: string) => all<HTMLButtonElement>(container, 'button').find((node) => node.textContent === text)!;

async function open() {
  const { container } = render(<PublicOrderProfileScreen />);
  await settle();
  return container;
}

describe('/publicOrderProfile', () => {
  it('shows the profile; name and phone are saved with public-order/profile POST, the e-mail is the seller\'s to change', async () => {
    const container = await open();
    expect(byLabel(container, 'Name').value).toBe('Olga Smirnova');
    const email = byLabel(container, 'E-mail');
    expect([email.value, email.disabled]).toEqual(['customer@stockroom.local', true]);
    typeInto(byLabel(container, 'Name'), 'Olga S.');
    typeInto(byLabel(container, 'Phone'), '+7 900 000-00-00');
    edge.answers[PROFILE] = { status: 200, body: { ...olga, name: 'Olga S.', phone: '+7 900 000-00-00' } };
    click(button(container, 'Save'));
    await settle();
    expect(edge.calls.filter((call) => call.method === 'POST')).toMatchObject([{ path: PROFILE, authorization: 'Bearer po', body: { name: 'Olga S.', phone: '+7 900 000-00-00' } }]);
  });

  it("rule: change password with confirm password — a mismatch is named on 'Confirm password' and nothing is sent", async () => {
    const container = await open();
    const form = get(container, 'form[aria-labelledby="public-password-title"]');
    typeInto(byLabel(form, 'Current password'), 'customer-password');
    typeInto(byLabel(form, 'New password'), 'new-password-1');
    typeInto(byLabel(form, 'Confirm password'), 'new-password-2');
    click(button(form, 'Change password'));
    await settle();
    expect(byLabel(form, 'Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(get(form, '.auth-field-error').textContent).toBe('The passwords do not match');
    expect(edge.calls.filter((call) => call.method === 'POST')).toEqual([]);

    typeInto(byLabel(form, 'Confirm password'), 'new-password-1');
    click(button(form, 'Change password'));
    await settle();
    expect(edge.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { password: 'new-password-1', password_confirm: 'new-password-1', current_password: 'customer-password' },
    ]);
    expect(byLabel(form, 'New password').value).toBe('');
  });

  it('rule: log out clears the public token and goes to /publicOrderAuth; a staff session stays', async () => {
    $token.set('staff');
    const container = await open();
    click(button(container, 'Log out'));
    expect(localStorage.getItem('POTOKEN')).toBeNull();
    expect(localStorage.getItem('POAuth')).toBeNull();
    expect(localStorage.getItem('TOKEN')).toBe('staff');
    expect(navigations.length).toBeGreaterThan(0);
    expect(new Set(navigations)).toEqual(new Set(['/publicOrderAuth']));
  });

  it('a link not made for a customer has no profile: it says so, offers sign-in, and asks for no profile', async () => {
    edge.answers[CONFIG] = { status: 200, body: { account, user: null, session: { kind: 'link', order_id: 9 } } };
    const container = await open();
    expect(container.textContent).toContain('not made for a particular customer');
    expect(get<HTMLAnchorElement>(container, 'a.shell-button-primary').getAttribute('href')).toBe('#/publicOrderAuth');
    expect(edge.calls.map((call) => call.path)).toEqual([CONFIG]);
    expect(button(container, 'Log out')).toBeDefined();
  });

  it('rule: a session opened from a link made for a customer offers no password form, only the way through e-mail', async () => {
    edge.answers[CONFIG] = { status: 200, body: { account, user: { ...olga, has_password: false }, session: { kind: 'link', order_id: 9 } } };
    edge.answers[PROFILE] = { status: 200, body: { ...olga, has_password: false } };
    const container = await open();
    expect(container.querySelector('form[aria-labelledby="public-password-title"]')).toBeNull();
    expect(container.textContent).toContain('Set or reset password by e-mail');
  });

  it('a customer without a password is offered to set one (no current password asked)', async () => {
    edge.answers[PROFILE] = { status: 200, body: { ...olga, has_password: false } };
    const container = await open();
    const form = get(container, 'form[aria-labelledby="public-password-title"]');
    expect(get(form, 'h2').textContent).toBe('Set a password');
    expect(all(form, 'label').map((label) => label.textContent)).toEqual(['New password', 'Confirm password']);
  });
});

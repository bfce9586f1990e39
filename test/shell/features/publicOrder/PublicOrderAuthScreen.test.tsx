import { beforeEach, describe, expect, it } from 'vitest';
import PublicOrderAuthScreen from '../../../../shell/features/publicOrder/PublicOrderAuthScreen';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $publicToken, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { all, click, get, render, typeInto } from '../../../ui/render';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const LOGIN = '/api/public-order/auth/login';
const navigations: string[] = [];

beforeEach(() => {
  clearSession();
  clearNotifications();
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
});

function byLabel(container: HTMLElement, text: string): HTMLInputElement {
  const label = all<HTMLLabelElement>(container, 'label').find((node) => node.textContent === text);
  if (!label) throw new Error(`no label ${text}`);
  return get<HTMLInputElement>(container, `#${CSS.escape(label.htmlFor)}`);
}

async function signIn(container: HTMLElement, login: string, password: string) {
  typeInto(byLabel(container, 'Login'), login);
  typeInto(byLabel(container, 'Password'), password);
  click(get(container, 'form button[type="submit"]'));
  await settle();
}

describe('/publicOrderAuth sign-in', () => {
  it("rule: 'Set or reset password by e-mail' mails a code; the code and a new password set it and sign in", async () => {
    edge.answers['/api/public-order/auth/password/request'] = { status: 200, body: { success: true } };
    edge.answers['/api/public-order/auth/password/set'] = { status: 200, body: { success: true } };
    edge.answers[LOGIN] = { status: 200, body: { success: true, access_token: 'po-token' } };
    const { container } = render(<PublicOrderAuthScreen />);
    click(all(container, 'button').find((node) => node.textContent === 'Set or reset password by e-mail')!);
    typeInto(byLabel(container, 'E-mail'), 'customer@stockroom.local');
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(edge.calls.at(-1)).toMatchObject({ path: '/api/public-order/auth/password/request', body: { email: 'customer@stockroom.local' } });
    typeInto(byLabel(container, 'Code from the e-mail'), '123456');
    typeInto(byLabel(container, 'New password'), 'new-password');
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(edge.calls.slice(-2)).toMatchObject([
      { path: '/api/public-order/auth/password/set', body: { email: 'customer@stockroom.local', code: '123456', password: 'new-password' } },
      { path: LOGIN, body: { login: 'customer@stockroom.local', password: 'new-password' } },
    ]);
    expect(localStorage.getItem('POTOKEN')).toBe('po-token');
    expect(navigations).toEqual(['/availablePublicOrderList']);
  });

  it('rule: signing in saves POTOKEN and goes to the list of available public orders', async () => {
    edge.answers[LOGIN] = { status: 200, body: { success: true, access_token: 'po-token' } };
    const { container } = render(<PublicOrderAuthScreen />);
    await signIn(container, 'customer@stockroom.local', 'customer-password');
    expect(edge.calls[0]).toMatchObject({ path: LOGIN, body: { login: 'customer@stockroom.local', password: 'customer-password' } });
    expect(localStorage.getItem('POTOKEN')).toBe('po-token');
    expect(navigations).toEqual(['/availablePublicOrderList']);
  });

  it("a wrong password shows 'Invalid username or password' and stays", async () => {
    edge.answers[LOGIN] = { status: 422, body: { error: 'Invalid username or password', success: false } };
    const { container } = render(<PublicOrderAuthScreen />);
    await signIn(container, 'customer@stockroom.local', 'nope');
    expect(get(container, '[role="alert"]').textContent).toBe('Invalid username or password');
    expect($publicToken.get()).toBeNull();
    expect(navigations).toEqual([]);
  });

  it("bad input is named on its field before asking: 'Empty field', 'Email invalid'", async () => {
    const { container } = render(<PublicOrderAuthScreen />);
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(all(container, '.auth-field-error').map((node) => node.textContent)).toEqual(['Empty field', 'Empty field']);
    expect(byLabel(container, 'Login').getAttribute('aria-invalid')).toBe('true');
    await signIn(container, 'customer-at-stockroom', 'x');
    expect(all(container, '.auth-field-error').map((node) => node.textContent)).toEqual(['Email invalid']);
    expect(edge.calls).toEqual([]);
  });

  it('an e-mail of several sellers offers a choice; signing in again sends the chosen account', async () => {
    edge.answers[LOGIN] = { status: 409, body: { success: false, error: 'choose', accounts: [{ id: 3, name: 'Acme' }, { id: 4, name: 'Globex' }] } };
    const { container } = render(<PublicOrderAuthScreen />);
    await signIn(container, 'olga@example.com', 'secret');
    const radios = all<HTMLInputElement>(container, 'fieldset input[type="radio"]');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual(['Acme', 'Globex']);
    click(radios[1]);
    edge.answers[LOGIN] = { status: 200, body: { success: true, access_token: 'po-globex' } };
    click(get(container, 'form button[type="submit"]'));
    await settle();
    expect(edge.calls[1].body).toEqual({ login: 'olga@example.com', password: 'secret', account_id: 4 });
    expect(navigations).toEqual(['/availablePublicOrderList']);
  });

  it('the registration tab explains how to get access (the seller shares an order): no form, no call', async () => {
    const { container } = render(<PublicOrderAuthScreen />);
    const tab = all(container, '[role="tab"]').find((node) => node.textContent === 'Registration')!;
    click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = get(container, '[role="tabpanel"]');
    expect(panel.textContent).toContain('Get started');
    expect(panel.textContent).toContain('Ask your seller to share an order with you');
    expect(panel.querySelector('input')).toBeNull();
    click(get(panel, 'button'));
    expect(get(container, 'form').getAttribute('aria-label')).toBe('Sign in');
    expect(edge.calls).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import ProfileScreen from '../../../../shell/features/profile/ProfileScreen';
import { $account } from '../../../../src/stores/account';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { all, click, get, press, render, typeInto } from '../../../ui/render';
import { settle } from '../../../support/settle';

const edge = useApiFake();
// The Telegram card reads its own state when the screen opens; the rules below are about the profile forms' calls.
const formCalls = () => edge.calls.filter((call) => !/^\/api\/(auth|profile)\/telegram/.test(call.path));
const user = { id: 7, name: 'Dana Demo', email: 'demo@stockroom.local', phone: null, admin: true };

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  $token.set('staff');
  $account.set({ loaded: true, account: { id: 1, name: 'Demo', expired: false }, user });
});

function byLabel(container: ParentNode, text: string): HTMLInputElement {
  const label = all<HTMLLabelElement>(container, 'label').find((node) => node.textContent === text);
  if (!label) throw new Error(`no label ${text}`);
  return get<HTMLInputElement>(container as HTMLElement, `#${CSS.escape(label.htmlFor)}`);
}

const button = (container: ParentNode, text: string) => {
  const found = all<HTMLButtonElement>(container, 'button').find((node) => node.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

describe('/profile', () => {
  it('shows the name, e-mail and phone; the name is saved with user/update', async () => {
    const { container } = render(<ProfileScreen />);
    expect(byLabel(container, 'Name').value).toBe('Dana Demo');
    expect(get(container, '.profile-logins').textContent).toContain('demo@stockroom.local');
    expect(get(container, '.profile-logins').textContent).toContain('Not set');
    edge.answers['/api/user/update'] = { status: 200, body: { user: { ...user, name: 'Dana D.' } } };
    typeInto(byLabel(container, 'Name'), 'Dana D.');
    click(get(container, 'form[aria-labelledby="profile-personal"] button[type="submit"]'));
    await settle();
    expect(formCalls()[0]).toMatchObject({ path: '/api/user/update', body: { name: 'Dana D.' } });
    expect($account.get().user?.name).toBe('Dana D.');
  });

  it("rule: 'Sign out of all other devices' asks the server to end the user's other sessions and says how many ended; this session stays", async () => {
    const { $notifications } = await import('../../../../src/stores/notifications');
    const { container } = render(<ProfileScreen />);
    edge.answers['/api/profile/sessions/revoke-others'] = { status: 200, body: { success: true, revoked: 3 } };
    click(button(container, 'Sign out of all other devices'));
    await settle();
    expect(edge.calls.at(-1)).toMatchObject({ path: '/api/profile/sessions/revoke-others', method: 'POST', authorization: 'Bearer staff' });
    expect($notifications.get().at(-1)?.header).toBe('Signed out of other devices: 3');
    expect($token.get()).toBe('staff');
  });

  it('rule: change password needs the current password; a short one or a mismatch is named before asking; the current one is sent with the new', async () => {
    const { container } = render(<ProfileScreen />);
    const form = get(container, 'form[aria-labelledby="profile-password"]');
    typeInto(byLabel(form, 'New password'), 'abcdefgh');
    typeInto(byLabel(form, 'Confirm password'), 'abcdefgh');
    click(button(form, 'Change password'));
    await settle();
    expect(get(form, '.auth-field-error').textContent).toBe('The current password is wrong');
    typeInto(byLabel(form, 'Current password'), 'old-password');
    typeInto(byLabel(form, 'New password'), 'abc');
    typeInto(byLabel(form, 'Confirm password'), 'abc');
    click(button(form, 'Change password'));
    await settle();
    expect(get(form, '.auth-field-error').textContent).toBe('At least 8 characters');
    typeInto(byLabel(form, 'New password'), 'abcdefgh');
    click(button(form, 'Change password'));
    await settle();
    expect(get(form, '.auth-field-error').textContent).toBe('The passwords do not match');
    expect(formCalls()).toEqual([]);
    edge.answers['/api/user/update'] = { status: 200, body: { user } };
    typeInto(byLabel(form, 'Confirm password'), 'abcdefgh');
    click(button(form, 'Change password'));
    await settle();
    expect(formCalls()[0]).toMatchObject({ path: '/api/user/update', body: { password: 'abcdefgh', current_password: 'old-password' } });
  });

  it('rule: changing the e-mail goes through the code-confirmation modal — current e-mail first, then the new one', async () => {
    for (const path of ['check-old-email', 'check-old-email-confirm', 'check-new-email']) edge.answers[`/api/profile/${path}`] = { status: 200, body: { success: true } };
    edge.answers['/api/profile/check-new-email-confirm'] = { status: 200, body: { success: true, email: 'dana@new.io', phone: null } };
    const { container } = render(<ProfileScreen />);
    const opener = button(container, 'Change e-mail');
    click(opener);
    const dialog = get(document.body, '[role="dialog"]');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(get(dialog, 'h2').textContent).toBe('Change e-mail');
    expect(dialog.textContent).toContain('Step 1 of 2');
    expect(dialog.textContent).toContain('demo@stockroom.local');

    click(button(dialog, 'Send code'));
    await settle();
    typeInto(byLabel(dialog, 'Code'), '111111');
    click(button(dialog, 'Confirm'));
    await settle();
    expect(dialog.textContent).toContain('Step 2 of 2');
    typeInto(byLabel(dialog, 'New e-mail'), 'dana@new.io');
    click(button(dialog, 'Send code'));
    await settle();
    expect(dialog.textContent).toContain('Enter the code we sent to dana@new.io');
    typeInto(byLabel(dialog, 'Code'), '222222');
    click(button(dialog, 'Confirm'));
    await settle();

    // The codes go in POST bodies, never in a URL.
    expect(formCalls().map((call) => [call.method, call.path.replace('/api/profile/', ''), call.method === 'GET' ? Object.fromEntries(call.query) : call.body])).toEqual([
      ['GET', 'check-old-email', { email: 'demo@stockroom.local' }],
      ['POST', 'check-old-email-confirm', { email: 'demo@stockroom.local', code: '111111' }],
      ['GET', 'check-new-email', { email: 'dana@new.io' }],
      ['POST', 'check-new-email-confirm', { email: 'dana@new.io', code: '222222' }],
    ]);
    for (const call of formCalls()) expect(call.url).not.toMatch(/111111|222222/);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(get(container, '.profile-logins').textContent).toContain('dana@new.io');
  });

  it('a phone not set yet is added with one step (a code to the new phone only)', async () => {
    const { container } = render(<ProfileScreen />);
    click(button(container, 'Add phone'));
    const dialog = get(document.body, '[role="dialog"]');
    expect(dialog.textContent).not.toContain('Step');
    expect(byLabel(dialog, 'New phone')).toBeDefined();
  });

  it("rule: too many code entries are refused with 'You have used too many code entry attempts'; the modal stays", async () => {
    edge.answers['/api/profile/check-old-email'] = { status: 200, body: { success: true } };
    edge.answers['/api/profile/check-old-email-confirm'] = { status: 422, body: { success: false, error: 'You have used too many code entry attempts' } };
    const { container } = render(<ProfileScreen />);
    click(button(container, 'Change e-mail'));
    const dialog = get(document.body, '[role="dialog"]');
    click(button(dialog, 'Send code'));
    await settle();
    typeInto(byLabel(dialog, 'Code'), '000000');
    click(button(dialog, 'Confirm'));
    await settle();
    expect(get(dialog, '[role="alert"]').textContent).toBe('You have used too many code entry attempts');
    expect(dialog.isConnected).toBe(true);
  });

  it('Escape closes the modal and gives focus back to its button', async () => {
    const { container } = render(<ProfileScreen />);
    const opener = button(container, 'Change e-mail');
    opener.focus();
    click(opener);
    const dialog = get(document.body, '[role="dialog"]');
    expect(dialog.contains(document.activeElement)).toBe(true);
    press(dialog, 'Escape');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

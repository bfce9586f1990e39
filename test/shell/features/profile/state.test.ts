import { beforeEach, describe, expect, it } from 'vitest';
import { $account } from '../../../../src/stores/account';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { changeOwnPassword, checkLogin, confirmLoginCode, currentLogin, requestLoginCode, saveOwnName } from '../../../../shell/features/profile/state';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
const user = { id: 7, name: 'Dana Demo', email: 'demo@stockroom.local', phone: null, admin: true };

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  $token.set('staff');
  $account.set({ loaded: true, account: { id: 1, name: 'Demo', expired: false }, user });
});

describe('name and password (user/update)', () => {
  it('POST user/update with the trimmed name; the account store shows the new name', async () => {
    edge.answers['/api/user/update'] = { status: 200, body: { user: { ...user, name: 'Dana D.' } } };
    expect(await saveOwnName('  Dana D. ')).toEqual({ ok: true });
    expect(edge.calls[0]).toMatchObject({ method: 'POST', authorization: 'Bearer staff', body: { name: 'Dana D.' } });
    expect($account.get().user?.name).toBe('Dana D.');
  });

  it("an empty name is refused with 'Empty field' before asking", async () => {
    expect(await saveOwnName('   ')).toEqual({ ok: false, messageKey: 'validation.empty' });
    expect(edge.calls).toEqual([]);
  });

  it('rule: a new password needs the current one, 8 characters, not the own e-mail or phone, and the same confirmation; the current password goes with it', async () => {
    expect(await changeOwnPassword('', 'long-enough', 'long-enough')).toEqual({ ok: false, messageKey: 'profile.wrongCurrentPassword' });
    expect(await changeOwnPassword('old-one', '1234567', '1234567')).toEqual({ ok: false, messageKey: 'validation.passwordTooShort' });
    expect(await changeOwnPassword('old-one', ' Demo@Stockroom.local', ' Demo@Stockroom.local')).toEqual({ ok: false, messageKey: 'validation.passwordIsLogin' });
    expect(await changeOwnPassword('old-one', '12345678', '12345679')).toEqual({ ok: false, messageKey: 'profile.passwordsDiffer' });
    expect(edge.calls).toEqual([]);
    edge.answers['/api/user/update'] = { status: 200, body: { user } };
    expect(await changeOwnPassword('old-one', '12345678', '12345678')).toEqual({ ok: true });
    expect(edge.calls[0].body).toEqual({ password: '12345678', current_password: 'old-one' });
  });

  it("rule: the server's 'The current password is wrong' is shown in the user's language", async () => {
    edge.answers['/api/user/update'] = { status: 422, body: { error: 'The current password is wrong', fields: { current_password: 'The current password is wrong' } } };
    expect(await changeOwnPassword('guess', '12345678', '12345678')).toEqual({ ok: false, messageKey: 'profile.wrongCurrentPassword' });
  });
});

describe('changing the e-mail or phone with codes (profile/check-*)', () => {
  it('rule: each call carries the login under the mode key, and the confirm calls the code too, in a POST body (never in the URL)', async () => {
    for (const path of ['check-old-email', 'check-old-email-confirm', 'check-new-email']) edge.answers[`/api/profile/${path}`] = { status: 200, body: { success: true } };
    edge.answers['/api/profile/check-new-email-confirm'] = { status: 200, body: { success: true, email: 'dana@new.io', phone: null } };
    expect(await requestLoginCode('old', 'email', 'demo@stockroom.local')).toEqual({ ok: true });
    expect(await confirmLoginCode('old', 'email', 'demo@stockroom.local', ' 123456 ')).toEqual({ ok: true });
    expect(await requestLoginCode('new', 'email', ' dana@new.io ')).toEqual({ ok: true });
    expect(await confirmLoginCode('new', 'email', 'dana@new.io', '654321')).toEqual({ ok: true });
    expect(edge.calls.map((call) => [call.method, call.path, call.method === 'GET' ? Object.fromEntries(call.query) : call.body])).toEqual([
      ['GET', '/api/profile/check-old-email', { email: 'demo@stockroom.local' }],
      ['POST', '/api/profile/check-old-email-confirm', { email: 'demo@stockroom.local', code: '123456' }],
      ['GET', '/api/profile/check-new-email', { email: 'dana@new.io' }],
      ['POST', '/api/profile/check-new-email-confirm', { email: 'dana@new.io', code: '654321' }],
    ]);
    for (const call of edge.calls) expect(call.url).not.toMatch(/123456|654321/);
    expect($account.get().user).toMatchObject({ email: 'dana@new.io', phone: null });
  });

  it('a phone goes under the phone key', async () => {
    edge.answers['/api/profile/check-new-phone'] = { status: 200, body: { success: true } };
    await requestLoginCode('new', 'phone', '+7 900 123-45-67');
    expect(edge.calls[0].path).toBe('/api/profile/check-new-phone');
    expect(Object.fromEntries(edge.calls[0].query)).toEqual({ phone: '+7 900 123-45-67' });
  });

  it('a login of the wrong kind is refused before asking', async () => {
    expect(checkLogin('email', 'not-an-email')).toEqual({ ok: false, messageKey: 'validation.email' });
    expect(checkLogin('phone', 'a@b.co')).toEqual({ ok: false, messageKey: 'profile.phoneInvalid' });
    expect(checkLogin('phone', '+7 (900) 123-45-67')).toEqual({ ok: true });
    expect(await requestLoginCode('new', 'phone', '12')).toEqual({ ok: false, messageKey: 'profile.phoneInvalid' });
    expect(edge.calls).toEqual([]);
  });

  it.each([
    ['You have used too many code entry attempts', 'errors.tooManyCodeAttempts'],
    ['The code is wrong', 'profile.codeWrong'],
    ['The code has expired. Request a new one', 'profile.codeExpired'],
    ['Such a user already exists.', 'errors.userExists'],
  ])("rule: the refusal '%s' is shown in the user's language (%s)", async (text, key) => {
    edge.answers['/api/profile/check-new-email-confirm'] = { status: 422, body: { error: text, success: false } };
    expect(await confirmLoginCode('new', 'email', 'dana@new.io', '000000')).toEqual({ ok: false, messageKey: key });
    expect($account.get().user?.email).toBe('demo@stockroom.local');
  });

  it('the current login is read from the account store; none when not set', () => {
    expect(currentLogin('email')).toBe('demo@stockroom.local');
    expect(currentLogin('phone')).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { $account } from '../../../src/stores/account';
import { confirmSignUp, finishRestore, loginModeOf, logOut, requestRestoreCode, requestSignUpCode, signIn } from '../../../shell/stores/auth';
import { clearNotifications } from '../../../src/stores/notifications';
import { $token, clearSession } from '../../../src/stores/session';
import { useApiFake } from '../../support/apiFake';

const { calls, answers } = useApiFake();
beforeEach(() => {
  clearSession();
  clearNotifications();
});

describe('sign-in', () => {
  it('POST auth/login with the trimmed login; the access token is stored and the account reloaded', async () => {
    $account.set({ loaded: true, account: { id: 9, name: 'previous', expired: false }, user: null });
    answers['/api/auth/login'] = { status: 200, body: { success: true, access_token: 'tok-1' } };
    expect(await signIn('  a@b.co ', 'pw')).toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ path: '/api/auth/login', method: 'POST', body: { login: 'a@b.co', password: 'pw' } });
    expect($token.get()).toBe('tok-1');
    expect($account.get().loaded).toBe(false);
  });

  it.each([
    [{ status: 200, body: { success: false } }],
    [{ status: 422, body: { error: 'whatever the server says' } }],
    [{ status: 200, body: { success: true } }],
  ])("a failed sign-in (%j) says 'Invalid username or password' and stores nothing", async (answer) => {
    answers['/api/auth/login'] = answer;
    expect(await signIn('a@b.co', 'bad')).toEqual({ ok: false, messageKey: 'errors.invalidLogin' });
    expect($token.get()).toBeNull();
  });
});

describe('registration with a confirmation code', () => {
  it('GET auth/sign-up with name, mode and login, then POST auth/set-account with the code in the body, never in the URL', async () => {
    answers['/api/auth/sign-up'] = { status: 200, body: { success: true } };
    answers['/api/auth/set-account'] = { status: 200, body: { success: true } };
    expect(await requestSignUpCode(' Ann ', '+7 900 000-00-00', 'ru')).toEqual({ ok: true });
    expect(Object.fromEntries(calls[0].query)).toEqual({ name: 'Ann', mode: 'phone', login: '+7 900 000-00-00', lang: 'ru' });
    expect(await confirmSignUp('+7 900 000-00-00', ' 1234 ')).toEqual({ ok: true });
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/auth/set-account', body: { mode: 'phone', login: '+7 900 000-00-00', code: '1234' } });
    expect(calls[1].url).not.toContain('1234');
  });

  it("registration failure (success false) keeps the form with the server's text", async () => {
    answers['/api/auth/set-account'] = { status: 200, body: { success: false, error: 'You have used too many code entry attempts' } };
    expect(await confirmSignUp('a@b.co', '0000')).toEqual({ ok: false, messageKey: 'errors.somethingWrong', serverText: 'You have used too many code entry attempts' });
  });

  it.each([
    ['a@b.co', 'email'],
    ['+79000000000', 'phone'],
  ])('the login %s is sent as mode %s', (login, mode) => {
    expect(loginModeOf(login)).toBe(mode);
  });
});

describe('password recovery', () => {
  it('GET auth/restore sends a code; POST auth/restore-end sets the new password', async () => {
    answers['/api/auth/restore'] = { status: 200, body: { success: true } };
    answers['/api/auth/restore-end'] = { status: 200, body: { success: true } };
    expect(await requestRestoreCode('a@b.co')).toEqual({ ok: true });
    expect(await finishRestore('a@b.co', '5555', 'new-secret')).toEqual({ ok: true });
    // The new password travels in a POST body, never in the URL.
    expect(calls[1]).toMatchObject({ method: 'POST', body: { login: 'a@b.co', code: '5555', password: 'new-secret' } });
    expect(calls[1].url).not.toContain('new-secret');
  });

  it('a wrong code is refused', async () => {
    answers['/api/auth/restore-end'] = { status: 422, body: { error: 'Wrong code' } };
    expect(await finishRestore('a@b.co', '1', 'long-enough')).toMatchObject({ ok: false, serverText: 'Wrong code' });
  });

  it('rule: a new password shorter than 8 or equal to the login is refused before the code is sent', async () => {
    expect(await finishRestore('a@b.co', '5555', 'seven77')).toEqual({ ok: false, messageKey: 'validation.passwordTooShort' });
    expect(await finishRestore(' Anna@Example.com ', '5555', 'anna@example.com')).toEqual({ ok: false, messageKey: 'validation.passwordIsLogin' });
    expect(calls).toEqual([]);
  });
});

describe('log out', () => {
  it('forgets both tokens, the account and the cached pipelines', async () => {
    const { $pipelines, $pipelinesLoaded } = await import('../../../shell/stores/pipelines');
    $token.set('t');
    $account.set({ loaded: true, account: { id: 1, name: 'A', expired: false }, user: null });
    $pipelines.set([{ id: 1, value: 1, name: 'P', statuses: [] }]);
    $pipelinesLoaded.set(true);
    logOut();
    expect([$token.get(), $account.get().loaded, $pipelines.get(), $pipelinesLoaded.get()]).toEqual([null, false, [], false]);
  });

  it('rule: log out ends the session on the server — POST auth/logout with the token being forgotten (and the public one too); no message whatever it answers', async () => {
    const { savePublicToken } = await import('../../../src/stores/session');
    $token.set('staff-token');
    savePublicToken('public-token');
    answers['/api/auth/logout'] = { status: 500, body: { error: 'down' } };
    const ended = logOut();
    expect($token.get()).toBeNull();
    await ended;
    const staff = calls.find((call) => call.path === '/api/auth/logout');
    expect(staff).toMatchObject({ method: 'POST', authorization: 'Bearer staff-token' });
    expect(calls.find((call) => call.path === '/api/public-order/auth/logout')).toMatchObject({ method: 'POST', authorization: 'Bearer public-token' });
    const { $notifications } = await import('../../../src/stores/notifications');
    expect($notifications.get()).toHaveLength(0);
  });

  it('an account answer that arrives after log out is ignored', async () => {
    const { loadAccount } = await import('../../../src/stores/account');
    $token.set('t');
    answers['/api/account/config'] = { status: 200, body: { account: { id: 1, name: 'Old', expired: false }, user: { id: 1, name: 'U' } } };
    const pending = loadAccount();
    logOut();
    await pending;
    expect($account.get().loaded).toBe(false);
  });
});

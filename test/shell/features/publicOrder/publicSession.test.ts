import { beforeEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $publicSession, loadPublicSession, publicLogOut, publicSignIn, resetPublicSession } from '../../../../shell/features/publicOrder/publicSession';
import { $publicAuth, $publicToken, $token, clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();
const LOGIN = '/api/public-order/auth/login';

beforeEach(() => {
  clearSession();
  clearNotifications();
  resetPublicSession();
  setNavigator(() => undefined);
});

describe('public sign-in (public-order/auth/login)', () => {
  it('rule: a customer signs in with e-mail and password; the token is saved as POTOKEN with POAuth', async () => {
    edge.answers[LOGIN] = { status: 200, body: { success: true, access_token: 'po-1' } };
    expect(await publicSignIn('  olga@example.com ', 'secret')).toEqual({ ok: true });
    expect(edge.calls[0]).toMatchObject({ method: 'POST', body: { login: 'olga@example.com', password: 'secret' } });
    expect(localStorage.getItem('POTOKEN')).toBe('po-1');
    expect($publicAuth.get()).toBe('1');
    // The staff token is a different session: a customer sign-in never writes it.
    expect($token.get()).toBeNull();
  });

  it("rule: a wrong login or password says 'Invalid username or password' and saves nothing", async () => {
    edge.answers[LOGIN] = { status: 422, body: { error: 'Invalid username or password', success: false } };
    expect(await publicSignIn('olga@example.com', 'bad')).toEqual({ ok: false, messageKey: 'errors.invalidLogin' });
    expect($publicToken.get()).toBeNull();
  });

  it('an e-mail of several sellers answers the sellers to choose from; signing in again sends account_id', async () => {
    edge.answers[LOGIN] = { status: 409, body: { error: 'choose', success: false, accounts: [{ id: 3, name: 'Acme' }, { id: 4, name: 'Globex' }] } };
    expect(await publicSignIn('olga@example.com', 'secret')).toEqual({ ok: false, sellers: [{ id: 3, name: 'Acme' }, { id: 4, name: 'Globex' }] });
    edge.answers[LOGIN] = { status: 200, body: { success: true, access_token: 'po-4' } };
    expect(await publicSignIn('olga@example.com', 'secret', 4)).toEqual({ ok: true });
    expect(edge.calls[1].body).toEqual({ login: 'olga@example.com', password: 'secret', account_id: 4 });
  });

  it("too many attempts keep the server's text (it says when to try again)", async () => {
    edge.answers[LOGIN] = { status: 429, body: { error: 'Rate limit exceeded, retry in 1 minute' } };
    expect(await publicSignIn('olga@example.com', 'x')).toMatchObject({ ok: false, serverText: 'Rate limit exceeded, retry in 1 minute' });
  });
});

describe('public log out', () => {
  it('rule: log out clears the public token and POAuth, and leaves a staff session alone', () => {
    $token.set('staff');
    savePublicToken('po');
    publicLogOut();
    expect([localStorage.getItem('POTOKEN'), localStorage.getItem('POAuth'), localStorage.getItem('TOKEN')]).toEqual([null, null, 'staff']);
  });
});

describe('public log out on the server', () => {
  it('rule: public log out ends the public session on the server: POST public-order/auth/logout with the token being forgotten', async () => {
    savePublicToken('po-1');
    const ended = publicLogOut();
    expect(localStorage.getItem('POTOKEN')).toBeNull();
    await ended;
    expect(edge.calls.find((call) => call.path === '/api/public-order/auth/logout')).toMatchObject({ method: 'POST', authorization: 'Bearer po-1' });
  });
});

describe('the session: seller and customer (public-order/config)', () => {
  const config = { account: { id: 1, name: 'Acme', is_kommo: false, currency: 'RUB' }, user: { id: 5, name: 'Olga', email: 'o@x.io', phone: null, has_password: true }, session: { kind: 'customer', order_id: null } };

  it('loads once per public token with it as bearer, and again for a new token', async () => {
    savePublicToken('po-a');
    edge.answers['/api/public-order/config'] = { status: 200, body: config };
    await loadPublicSession();
    await loadPublicSession();
    expect(edge.calls.map((call) => call.authorization)).toEqual(['Bearer po-a']);
    expect($publicSession.get().config?.account.name).toBe('Acme');
    savePublicToken('po-b');
    expect($publicSession.get().config).toBeNull();
    await loadPublicSession();
    expect(edge.calls.map((call) => call.authorization)).toEqual(['Bearer po-a', 'Bearer po-b']);
  });

  it('asks nothing without a public token', async () => {
    await loadPublicSession();
    expect(edge.calls).toEqual([]);
  });
});

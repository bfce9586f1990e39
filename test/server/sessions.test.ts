import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPublicSession } from '../../server/auth/publicSessions';
import { createSession } from '../../server/auth/sessions';
import { publicTokens, tokens } from '../../server/db/schema';
import { useTestServer } from './harness';

const server = useTestServer();
const db = () => server.database.db;
const configOf = (token: string) => server.call('GET', 'account/config', { token });
const signIn = (login: string, password: string) => server.call('POST', 'auth/login', { body: { login, password } });
const tokensOf = (userId: number) => db().select().from(tokens).where(eq(tokens.userId, userId));

describe('auth/logout', () => {
  it('rule: sign-out revokes the token on the server — the token is refused afterwards, even by reads that could be answered from the session cache', async () => {
    const account = await server.newAccount();
    const other = (await signIn(account.email, account.password)).body.access_token as string;
    // A read fills the session cache with this token's caller.
    expect((await configOf(account.token)).status).toBe(200);
    expect(await server.call('POST', 'auth/logout', { token: account.token })).toEqual({ status: 200, body: { success: true } });
    expect((await configOf(account.token)).status).toBe(403);
    // Only this session ended.
    expect((await configOf(other)).status).toBe(200);
    expect(await tokensOf(account.ownerId)).toHaveLength(1);
  });

  it('rule: sign-out without a token, or with an unknown one, answers the same and ends nothing', async () => {
    const account = await server.newAccount();
    expect(await server.call('POST', 'auth/logout')).toEqual({ status: 200, body: { success: true } });
    expect(await server.call('POST', 'auth/logout', { token: 'not-a-token' })).toEqual({ status: 200, body: { success: true } });
    expect((await configOf(account.token)).status).toBe(200);
  });
});

describe('profile/sessions/revoke-others', () => {
  it('rule: sign out of all other devices ends every other session of the user, in every account, and keeps the one that asked', async () => {
    const account = await server.newAccount();
    const elsewhere = await server.newAccount();
    const member = await server.newMember(account);
    const laptop = (await signIn(account.email, account.password)).body.access_token as string;
    // The same person's session in another account (membership added by hand).
    const { memberships } = await import('../../server/db/schema');
    await db().insert(memberships).values({ accountId: elsewhere.id, userId: account.ownerId });
    const otherAccountSession = await createSession(db(), account.ownerId, elsewhere.id, 1);
    for (const token of [laptop, otherAccountSession]) expect((await configOf(token)).status).toBe(200);

    const answer = await server.call('POST', 'profile/sessions/revoke-others', { token: account.token });
    expect(answer).toEqual({ status: 200, body: { success: true, revoked: 2 } });
    for (const token of [laptop, otherAccountSession]) expect((await configOf(token)).status).toBe(403);
    expect((await configOf(account.token)).status).toBe(200);
    // Another user's session is not touched.
    expect((await configOf(member.token)).status).toBe(200);
  });

  it('rule: without a valid staff token → 403 and nothing ends', async () => {
    const account = await server.newAccount();
    expect((await server.call('POST', 'profile/sessions/revoke-others')).status).toBe(403);
    expect((await server.call('POST', 'profile/sessions/revoke-others', { token: 'forged' })).status).toBe(403);
    expect(await tokensOf(account.ownerId)).toHaveLength(1);
  });
});

describe('public-order/auth/logout', () => {
  it('rule: public sign-out revokes the public token on the server; other public sessions stay', async () => {
    const account = await server.newAccount();
    const session = await createPublicSession(db(), { accountId: account.id, customerId: null, orderId: null }, 1);
    const another = await createPublicSession(db(), { accountId: account.id, customerId: null, orderId: null }, 1);
    const config = (token: string) => server.call('GET', 'public-order/config', { token });
    expect((await config(session)).status).toBe(200);
    expect(await server.call('POST', 'public-order/auth/logout', { token: session })).toEqual({ status: 200, body: { success: true } });
    expect((await config(session)).status).toBe(403);
    expect((await config(another)).status).toBe(200);
    expect(await db().select().from(publicTokens).where(eq(publicTokens.accountId, account.id))).toHaveLength(1);
  });

  it('rule: a staff token does not sign a public session out (403), and the staff session stays', async () => {
    const account = await server.newAccount();
    expect((await server.call('POST', 'public-order/auth/logout', { token: account.token })).status).toBe(403);
    expect((await configOf(account.token)).status).toBe(200);
  });
});

describe('Cache-Control', () => {
  it('rule: every /api and /integration answer carries Cache-Control: no-store — successes, errors, 404s, file downloads and the open routes', async () => {
    const account = await server.newAccount();
    const auth = { authorization: `Bearer ${account.token}` };
    for (const request of [
      { method: 'GET', url: '/api/account/config', headers: auth },
      { method: 'POST', url: '/api/auth/login', payload: { login: account.email, password: 'wrong' } },
      { method: 'GET', url: '/api/account/config' },
      { method: 'GET', url: '/api/no/such/route' },
      { method: 'POST', url: '/api/orders/export', headers: auth, payload: {} },
      { method: 'GET', url: '/integration/no/such/route' },
    ] as const) {
      const answer = await server.app.inject(request);
      expect(answer.headers['cache-control'], `${request.method} ${request.url} → ${answer.statusCode}`).toBe('no-store');
      // The export is a real file download (an xlsx attachment), which is private data like any other answer.
      if (request.url.endsWith('/export')) expect([answer.statusCode, answer.headers['content-disposition']]).toEqual([200, expect.stringContaining('attachment')]);
    }
  });
});

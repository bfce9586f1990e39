import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../server/db/schema';
import { SUBSCRIPTION_ENDED } from '../../server/modules/account/expiredLock';
import { useTestServer } from './harness';

/**
 * An expired account (trial and paid period over) is locked: the server refuses its staff calls with 402, the
 * spec's text and `expired: true` (the shell moves to /Error_is_expired), and keeps open only what leads out:
 * its config, the tariffs, the user's profile, signing out.
 */
const server = useTestServer();

describe('the expired-account lock (server/modules/account/expiredLock.ts)', () => {
  it("rule: an expired account's data calls answer 402 with the spec's text and expired: true; /integration too", async () => {
    const account = await server.newAccount({ expired: true });
    for (const [method, path, body] of [
      ['POST', 'orders/list', {}],
      ['POST', 'product/add', { name: 'Nope' }],
      ['GET', 'account/users', undefined],
      ['POST', 'orders/public/customers/add', { name: 'Nope' }],
    ] as const) {
      const answer = await server.call(method, path, { token: account.token, body });
      expect(answer, path).toEqual({ status: 402, body: { error: SUBSCRIPTION_ENDED, expired: true, code: 'subscriptionEnded' } });
    }
    const integration = await server.app.inject({ method: 'GET', url: '/integration/widget/categories', headers: { authorization: `Bearer ${account.token}` } });
    expect(integration.statusCode).toBe(402);
  });

  it('rule: the way out stays open — account/config (expired: true), account/tariffs, user/update, sign-out', async () => {
    const account = await server.newAccount({ expired: true });
    const config = await server.call('GET', 'account/config', { token: account.token });
    expect(config.status).toBe(200);
    expect(config.body.account.expired).toBe(true);
    expect((await server.call('GET', 'account/tariffs', { token: account.token })).status).toBe(200);
    expect((await server.call('POST', 'user/update', { token: account.token, body: { lang: 'ru' } })).status).toBe(200);
    expect((await server.call('POST', 'auth/logout', { token: account.token })).status).toBe(200);
  });

  it('rule: paying beyond the trial opens the account again at once (nothing cached keeps it locked for writes)', async () => {
    const account = await server.newAccount({ expired: true });
    expect((await server.call('POST', 'orders/add', { token: account.token, body: {} })).status).toBe(402);
    await server.database.db.update(accounts).set({ paidUntil: new Date(Date.now() + 86_400_000) }).where(eq(accounts.id, account.id));
    expect((await server.call('POST', 'orders/add', { token: account.token, body: {} })).status).toBe(200);
  });

  it('a live account is not locked', async () => {
    const account = await server.newAccount();
    expect((await server.call('POST', 'orders/list', { token: account.token, body: {} })).status).toBe(200);
  });
});

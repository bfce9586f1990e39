import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { accounts, invoiceRequests, memberships, tariffs } from '../../../server/db/schema';
import { PLAN_IS_PAID } from '../../../server/modules/tariffs/connect';
import { useTestServer } from '../harness';

/**
 * 'Connect' on the tariffs screen (spec 2 §4 button states; issue 17 §6): a free plan is connected at once, with no
 * payment and no invoice; a paid plan is not connected from the app (its invoice is the way: tariffs/invoice). The
 * account must already fit the plan's limits; a refusal names the limit, the figures and the plan and changes nothing.
 */
const server = useTestServer();
const db = () => server.database.db;
const tariffId = async (code: string) => (await db().select().from(tariffs).where(eq(tariffs.code, code)))[0].id;
const planOf = async (accountId: number) => (await db().select({ tariffId: accounts.tariffId }).from(accounts).where(eq(accounts.id, accountId)))[0].tariffId;
const connect = (token: string, tariff_id: number) => server.call('POST', 'tariffs/connect', { token, body: { tariff_id } });
const invoicesOf = (accountId: number) => db().select().from(invoiceRequests).where(eq(invoiceRequests.accountId, accountId));

describe('tariffs/connect', () => {
  it('rule: an admin connects the free plan: the account is on it at once (config, meters), no invoice is recorded', async () => {
    const account = await server.newAccount({ tariff: 'business' });
    const start = await tariffId('start');
    expect(await connect(account.token, start)).toEqual({ status: 200, body: { tariff_id: start } });
    expect(await planOf(account.id)).toBe(start);
    const plans = await server.call('GET', 'account/tariffs', { token: account.token });
    expect(plans.body.current.id).toBe(start);
    expect((await server.call('GET', 'tariffs/meters', { token: account.token })).body.users.allowed).toBe(3);
    expect(await invoicesOf(account.id)).toHaveLength(0);
  });

  it('rule: a paid plan is not connected from the app — 422 with its code, the plan unchanged (its invoice is the way to pay)', async () => {
    const account = await server.newAccount({ tariff: 'start' });
    const before = await planOf(account.id);
    const answer = await connect(account.token, await tariffId('business'));
    expect(answer).toEqual({ status: 422, body: { error: PLAN_IS_PAID, code: 'planIsPaid' } });
    expect(await planOf(account.id)).toBe(before);
  });

  it('rule: an account over the free plan’s users limit is refused with the limit, the figures and the plan named; nothing changes', async () => {
    const account = await server.newAccount({ tariff: 'business' });
    for (let i = 0; i < 3; i += 1) await server.newMember(account);
    const before = await planOf(account.id);
    const answer = await connect(account.token, await tariffId('start'));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: 'The Start plan allows 3 users; the account has 4. Archive or disable some first, or choose a larger plan.',
      code: 'planTooSmallUsers',
      params: { plan: 'Start', allowed: 3, used: 4 },
    });
    expect(await planOf(account.id)).toBe(before);
    // Disabled members do not count: with one disabled it fits.
    const [extra] = await db().select().from(memberships).where(eq(memberships.accountId, account.id)).orderBy(memberships.userId).limit(1).offset(3);
    await db().update(memberships).set({ status: 'disabled' }).where(eq(memberships.userId, extra.userId));
    expect((await connect(account.token, await tariffId('start'))).status).toBe(200);
  });

  it('rule: a member who is not an admin cannot connect (422 noRight); an unknown plan is 404', async () => {
    const account = await server.newAccount({ tariff: 'business' });
    const member = await server.newMember(account);
    expect((await connect(member.token, await tariffId('start'))).status).toBe(422);
    expect(await planOf(account.id)).toBe(await tariffId('business'));
    expect((await connect(account.token, 999_999)).status).toBe(404);
  });

  it('rule: every refusal code of connect has its text in English and Russian, with the figures as parameters', () => {
    for (const code of ['planIsPaid', 'planTooSmallUsers', 'planTooSmallPositions', 'planTooSmallCustomers', 'planTooSmallOrders']) {
      expect(en.serverErrors, code).toHaveProperty(code);
      expect(ru.serverErrors, code).toHaveProperty(code);
    }
    expect(ru.serverErrors.planTooSmallUsers).toContain('{{allowed}}');
  });
});

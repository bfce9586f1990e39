import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, tariffs } from '../../server/db/schema';
import { useTestServer, unique } from './harness';

/**
 * The tariff's limits (server/modules/account/limits.ts) as the routes answer them, on a small tariff made here,
 * for the limits no other file reaches at their edge: orders per month, and the refusal of each 422 limit with its
 * text and figures. Users (402) are in users.test.ts, positions' races in products.test.ts, import/export in orderExport.test.ts.
 */

const server = useTestServer();
const db = () => server.database.db;

/** An account on a tariff of its own with these limits (the rest generous). */
async function accountOnTariff(limits: Partial<Pick<typeof tariffs.$inferInsert, 'positionsLimit' | 'contactsLimit' | 'ordersPerMonth'>>) {
  const account = await server.newAccount();
  const [tariff] = await db()
    .insert(tariffs)
    .values({ code: unique('tiny'), name: 'Tiny', usersLimit: 10, positionsLimit: 100, contactsLimit: 100, ordersPerMonth: 100, ...limits })
    .returning();
  await db().update(accounts).set({ tariffId: tariff.id }).where(eq(accounts.id, account.id));
  const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
  return { account, post };
}

describe("the tariff's limits", () => {
  it('rule: orders per month — the limit is taken, the next orders/add is refused with 422, the figures and the text', async () => {
    const { post } = await accountOnTariff({ ordersPerMonth: 2 });
    expect((await post('orders/add', {})).status).toBe(200);
    expect((await post('orders/add', {})).status).toBe(200);
    const refused = await post('orders/add', {});
    expect(refused).toEqual({ status: 422, body: { error: 'Your tariff allows 2 orders a month. Choose a larger tariff to add more.', limit: 2, used: 2 } });
  });

  it('rule: positions — past the limit product/add is refused with 422, the figures and the text', async () => {
    const { post } = await accountOnTariff({ positionsLimit: 1 });
    expect((await post('product/add', { name: 'One' })).status).toBe(200);
    const refused = await post('product/add', { name: 'Two' });
    expect(refused).toEqual({ status: 422, body: { error: 'Your tariff allows 1 products and services. Archive some or choose a larger tariff.', limit: 1, used: 1 } });
  });

  it('rule: contacts and companies count together — past the limit is refused with 422, the figures and the text', async () => {
    const { post } = await accountOnTariff({ contactsLimit: 2 });
    expect((await post('contact/add', { name: 'Ann' })).status).toBe(200);
    expect((await post('company/add', { name: 'Acme' })).status).toBe(200);
    const refused = await post('contact/add', { name: 'Bob' });
    expect(refused).toEqual({ status: 422, body: { error: 'Your tariff allows 2 contacts and companies. Archive some or choose a larger tariff.', limit: 2, used: 2 } });
  });
});

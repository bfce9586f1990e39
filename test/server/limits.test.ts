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
    expect(refused).toEqual({ status: 422, body: { error: 'Your tariff allows 2 orders a month on the Tiny plan. Choose a larger tariff to add more.', limit: 2, used: 2, plan: 'Tiny', code: 'limitOrders', params: { limit: 2, used: 2, plan: 'Tiny' } } });
  });

  it('rule: positions — past the limit product/add is refused with 422, the figures and the text', async () => {
    const { post } = await accountOnTariff({ positionsLimit: 1 });
    expect((await post('product/add', { name: 'One' })).status).toBe(200);
    const refused = await post('product/add', { name: 'Two' });
    expect(refused).toEqual({ status: 422, body: { error: 'Your tariff allows 1 products and services on the Tiny plan. Archive some or choose a larger tariff.', limit: 1, used: 1, plan: 'Tiny', code: 'limitPositions', params: { limit: 1, used: 1, plan: 'Tiny' } } });
  });

  it('rule: contacts and companies count together — past the limit is refused with 422, the figures and the text', async () => {
    const { post } = await accountOnTariff({ contactsLimit: 2 });
    expect((await post('contact/add', { name: 'Ann' })).status).toBe(200);
    expect((await post('company/add', { name: 'Acme' })).status).toBe(200);
    const refused = await post('contact/add', { name: 'Bob' });
    expect(refused).toEqual({ status: 422, body: { error: 'Your tariff allows 2 contacts and companies on the Tiny plan. Archive some or choose a larger tariff.', limit: 2, used: 2, plan: 'Tiny', code: 'limitCustomers', params: { limit: 2, used: 2, plan: 'Tiny' } } });
  });
});

describe('parallel adds at the edge of a limit (the check runs under the lock of the transaction that adds)', () => {
  const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

  it('rule: positions — one place left, six concurrent product/add: exactly one is added, the rest get 422 naming the plan', async () => {
    const { post } = await accountOnTariff({ positionsLimit: 3 });
    for (const name of ['One', 'Two']) expect((await post('product/add', { name })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => post('product/add', { name: `Racer ${i}` })));
    expect(statuses(answers)).toEqual([200, 422, 422, 422, 422, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body).toMatchObject({ limit: 3, used: 3, plan: 'Tiny' });
    const list = await post('product/list', { per_page: 50 });
    expect(list.body.data).toHaveLength(3);
  });

  it('rule: orders per month — one order left, six concurrent orders/add: exactly one is added', async () => {
    const { post } = await accountOnTariff({ ordersPerMonth: 2 });
    expect((await post('orders/add', {})).status).toBe(200);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => post('orders/add', {})));
    expect(statuses(answers)).toEqual([200, 422, 422, 422, 422, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body.error).toBe('Your tariff allows 2 orders a month on the Tiny plan. Choose a larger tariff to add more.');
  });

  it('rule: contacts and companies — one place left, concurrent contact/add and company/add: exactly one is added', async () => {
    const { post } = await accountOnTariff({ contactsLimit: 2 });
    expect((await post('contact/add', { name: 'Ann' })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => post(i % 2 ? 'contact/add' : 'company/add', { name: `Racer ${i}` })));
    expect(statuses(answers)).toEqual([200, 422, 422, 422]);
  });
});

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../../../server/db/schema';
import { queueDealProducts } from '../../../../server/modules/integrations/bitrix24/dealProducts';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { useTestServer } from '../../harness';
import { connectPortal } from './portalSetup';

/** Issue 18 §2: our order's positions go to its deal with crm.item.productrow.set (deal rows replaced, not added to). */
const server = useTestServer();
let portal: FakePortal;
beforeAll(async () => {
  portal = await startFakePortal();
});
afterAll(() => portal.close());

async function settled(accountId: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await server.database.db.select().from(tasks).where(eq(tasks.accountId, accountId)).orderBy(asc(tasks.id));
    if (rows.every((row) => row.status !== 0)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('tasks did not finish');
}

describe('Bitrix24 deal products', () => {
  it('rule: a task writes our positions into the linked deal; pushing again replaces the rows instead of adding', async () => {
    const account = await server.newAccount();
    await connectPortal(server, account, portal);
    const post = async (path: string, body: unknown) => (await server.call('POST', path, { token: account.token, body })).body;
    portal.addDeal({ ID: '9101' });
    const main = await post('warehouse/add', { name: 'Main' });
    const product = await post('product/add', { name: 'Ladder', article: 'L-1' });
    await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
    const order = await post('orders/add', { lead_id: 9101 });
    await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 2 });
    expect(await queueDealProducts(server.database.db, server.app.ctx.config, account.id, account.ownerId, order.id)).toBe(1);
    expect(await queueDealProducts(server.database.db, server.app.ctx.config, account.id, account.ownerId, order.id)).toBe(1);
    const done = await settled(account.id);
    expect(done.map((task) => [task.status, task.error])).toEqual([
      [1, null],
      [1, null],
    ]);
    expect(portal.productRows.filter((row) => row.ownerId === 9101)).toMatchObject([{ ownerType: 'D', productName: 'Ladder', quantity: 2 }]);
    expect(portal.requests.filter((request) => request.method === 'crm.item.productrow.set')).toHaveLength(2);
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections, integrationLog, tasks } from '../../../../server/db/schema';
import { DEAL_PRODUCTS_TASK, queueDealProducts } from '../../../../server/modules/integrations/bitrix24/dealProducts';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { settingUp, type TestAccount, useTestServer } from '../../harness';
import { connectionRow, connectPortal } from './portalSetup';

/**
 * Issue 18 §2: our order's positions go to its deal with crm.item.productrow.set (entityTypeId 2, ownerType 'D': the
 * deal's rows replaced, not added to), on every change the orders module tells (orders/changeEvents), as tasks.
 */
const server = useTestServer();
let portal: FakePortal;
beforeAll(async () => {
  portal = await startFakePortal();
});
afterAll(() => portal.close());

async function settled(accountId: number) {
  for (let i = 0; i < 300; i++) {
    const rows = await server.database.db.select().from(tasks).where(eq(tasks.accountId, accountId)).orderBy(asc(tasks.id));
    if (rows.every((row) => row.status !== 0)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('tasks did not finish');
}

const rowsOf = (p: FakePortal, dealId: number) => p.productRows.filter((row) => row.ownerId === dealId).map((row) => [row.productName, row.price, row.quantity]);
const sets = (p: FakePortal, dealId: number) => p.requests.filter((request) => request.method === 'crm.item.productrow.set' && Number(request.params.ownerId) === dealId).length;

async function linkedOrder(account: TestAccount, dealId: number) {
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  const product = await post('product/add', { name: 'Ladder', article: 'L-1' });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  const order = await post('orders/add', { lead_id: dealId });
  return { post, product, order };
}

describe('Bitrix24 deal products', () => {
  it('rule: a task writes our positions into the linked deal; pushing again replaces the rows instead of adding', async () => {
    const account = await server.newAccount();
    await connectPortal(server, account, portal);
    portal.addDeal({ ID: '9101' });
    const { post, product, order } = await linkedOrder(account, 9101);
    await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 2 });
    await settled(account.id);
    expect(await queueDealProducts(server.database.db, server.app.ctx.config, account.id, account.ownerId, order.id)).toBe(1);
    const done = await settled(account.id);
    expect(done.map((task) => [task.type, task.status, task.error])).toEqual([
      [DEAL_PRODUCTS_TASK, 1, null],
      [DEAL_PRODUCTS_TASK, 1, null],
    ]);
    expect(portal.productRows.filter((row) => row.ownerId === 9101)).toMatchObject([{ ownerType: 'D', productName: 'Ladder', quantity: 2 }]);
    expect(sets(portal, 9101)).toBe(2);
  });

  it('rule: changing an order\'s positions rewrites the deal\'s rows once per change (orders/changeEvents → one productrow.set)', async () => {
    const account = await server.newAccount();
    await connectPortal(server, account, portal);
    portal.addDeal({ ID: '9201' });
    const { post, product, order } = await linkedOrder(account, 9201);
    const added = await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 3 });
    await settled(account.id);
    expect(rowsOf(portal, 9201)).toEqual([['Ladder', Number(added.positions[0].price), 3]]);
    expect(sets(portal, 9201)).toBe(1);
    await post('orders/update', { id: order.id, version: added.version, positions: [{ id: added.positions[0].id, price: 77 }] });
    await settled(account.id);
    expect(rowsOf(portal, 9201)).toEqual([['Ladder', 77, 3]]);
    expect(sets(portal, 9201)).toBe(2);
    await post('orders/product/delete', { id: added.positions[0].id });
    await settled(account.id);
    expect(rowsOf(portal, 9201)).toEqual([]);
    expect(sets(portal, 9201)).toBe(3);
    // An order without a deal tells nothing to the portal.
    const before = portal.requests.length;
    const local = await post('orders/add', {});
    await post('orders/product/add', { order_id: local.id, product: String(product.id), quantity: 1 });
    await settled(account.id);
    expect(portal.requests.length).toBe(before);
  });

  it('rule: a burst of changes ends in one up-to-date row set, with fewer calls than changes (a waiting push is not queued twice)', async () => {
    const account = await server.newAccount();
    await connectPortal(server, account, portal);
    portal.addDeal({ ID: '9301' });
    const { post, product, order } = await linkedOrder(account, 9301);
    let current = await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 1 });
    for (let price = 101; price <= 110; price++) {
      current = await post('orders/update', { id: order.id, version: current.version, positions: [{ id: current.positions[0].id, price }] });
    }
    await settled(account.id);
    expect(rowsOf(portal, 9301)).toEqual([['Ladder', 110, 1]]);
    console.log('burst: 11 changes,', sets(portal, 9301), 'productrow.set calls');
    expect(sets(portal, 9301)).toBeLessThan(11);
  });

  it('rule: an expired token is refreshed once and the rows are written; a revoked portal is marked revoked and logged once, with no Retry and no loop', async () => {
    const account = await server.newAccount();
    const connection = await connectPortal(server, account, portal, { seconds: -60 });
    portal.addDeal({ ID: '9401' });
    const { post, product, order } = await linkedOrder(account, 9401);
    const oauth = portal.oauth.length;
    await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 2 });
    await settled(account.id);
    expect(portal.oauth.slice(oauth)).toEqual(['refresh_token']);
    expect(rowsOf(portal, 9401)).toHaveLength(1);

    const gone = await startFakePortal();
    try {
      const other = await server.newAccount();
      const revoked = await connectPortal(server, other, gone, { seconds: -60 });
      gone.addDeal({ ID: '9402' });
      gone.revoke();
      const second = await linkedOrder(other, 9402);
      await second.post('orders/product/add', { order_id: second.order.id, product: String(second.product.id), quantity: 1 });
      const first = await settled(other.id);
      expect(first.at(-1)).toMatchObject({ type: DEAL_PRODUCTS_TASK, status: 1 });
      expect(first.at(-1)!.error).toMatch(/revoked|refused/i);
      expect((await connectionRow(server, revoked.id)).status).toBe('revoked');
      expect(gone.oauth).toEqual(['refresh_token']);
      // Further changes queue nothing for a revoked portal, so nothing calls it again.
      const calls = gone.calls.length;
      const tasksBefore = first.length;
      await second.post('orders/product/add', { order_id: second.order.id, product: String(second.product.id), quantity: 1 });
      expect(await settled(other.id)).toHaveLength(tasksBefore);
      expect(gone.calls.length).toBe(calls);
      const log = await server.database.db.select().from(integrationLog).where(and(eq(integrationLog.accountId, other.id), eq(integrationLog.source, `bitrix24:${revoked.id}`)));
      expect(log.filter((entry) => entry.action === 'auth')).toHaveLength(1);
      expect(log.every((entry) => entry.retry === null)).toBe(true);
    } finally {
      await gone.close();
    }
    expect((await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, connection.id)))[0]!.status).toBe('connected');
  });
});

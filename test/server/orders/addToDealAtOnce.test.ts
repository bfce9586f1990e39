import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, movements, orderPositions, orders } from '../../../server/db/schema';
import { addToDealAtOnce } from '../../../server/modules/stock/api';
import { settingUp, useTestServer } from '../harness';

const server = useTestServer();

/**
 * Issue 20 §3: the add of goods to a CRM deal is one statement without a transaction (stock/addToDeal.ts, the
 * database function add_to_deal_reserved), from a read of the order made without its lock. These are its own rules;
 * the answers it gives are the transactional path's (orders.test.ts, stock/reserveAtOnce.test.ts).
 */
async function dealsWithStock(count: number, deals = 1) {
  const account = await server.newAccount();
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1' });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: Math.min(count, 4), cost_price: 40 });
  if (count > 4) await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B2', count: count - 4, cost_price: 50 });
  const made = [];
  for (let index = 0; index < deals; index += 1) made.push(await post('orders/add', { lead_id: 900_000 + Math.floor(Math.random() * 1_000_000) }));
  const add = (orderId: number, quantity = 1) =>
    server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: orderId, product: String(product.id), quantity } });
  return { account, main, product, deals: made, add };
}

async function stockOf(productId: number) {
  const rows = await server.database.db.select().from(batches).where(eq(batches.productId, productId)).orderBy(asc(batches.id));
  return rows.map((row) => [Number(row.count), Number(row.reserve)]);
}

async function reserveRows(productId: number) {
  return (await server.database.db.select().from(movements).where(eq(movements.productId, productId))).filter((row) => row.eventType === 'reserve');
}

describe('add to deal in one statement (issue 20 §3)', () => {
  it('no oversell: 50 concurrent adds of 1 unit into one CRM deal with 10 available leave exactly 10 reserved and 40 refused', async () => {
    const { product, deals, add } = await dealsWithStock(10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => add(deals[0].id)));
    expect(answers.filter((answer) => answer.status >= 500), JSON.stringify(answers.find((answer) => answer.status >= 500)?.body)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    for (const answer of answers.filter((item) => item.status !== 200)) expect(answer.body.error).toBe('Not enough stock of "Hammer drill": 0 available');
    expect(await stockOf(product.id)).toEqual([
      [4, 4],
      [6, 6],
    ]);
    const [position] = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, deals[0].id));
    expect([Number(position.quantity), Number(position.reserved)]).toEqual([10, 10]);
    expect((await reserveRows(product.id)).reduce((sum, row) => sum + Number(row.quantity), 0)).toBe(10);
  });

  it('no oversell across CRM deals: 120 concurrent adds of 1 unit into 40 deals with 10 available leave exactly 10 reserved, each deal holding what it has', async () => {
    const { product, deals, add } = await dealsWithStock(10, 40);
    const answers = await Promise.all(Array.from({ length: 120 }, (_, index) => add(deals[index % 40].id)));
    expect(answers.filter((answer) => answer.status >= 500), JSON.stringify(answers.find((answer) => answer.status >= 500)?.body)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(await stockOf(product.id)).toEqual([
      [4, 4],
      [6, 6],
    ]);
    const positions = await server.database.db.select().from(orderPositions).where(eq(orderPositions.productId, product.id));
    expect(positions.every((position) => position.quantity === position.reserved)).toBe(true);
    expect(positions.reduce((sum, position) => sum + Number(position.reserved), 0)).toBe(10);
  });

  it('rule: a shortage undoes the whole add — no position, no new version or totals of the order, no ledger row, no reserve', async () => {
    const { product, deals, add } = await dealsWithStock(10);
    const first = await add(deals[0].id, 3);
    expect(first.status).toBe(200);
    const [before] = await server.database.db.select().from(orders).where(eq(orders.id, deals[0].id));
    const refused = await add(deals[0].id, 8);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'Not enough stock of "Hammer drill": 7 available' });
    const [after] = await server.database.db.select().from(orders).where(eq(orders.id, deals[0].id));
    expect(after).toEqual(before);
    const positions = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, deals[0].id));
    expect(positions.map((position) => [Number(position.quantity), Number(position.reserved)])).toEqual([[3, 3]]);
    expect(await stockOf(product.id)).toEqual([
      [4, 3],
      [6, 0],
    ]);
    expect(await reserveRows(product.id)).toHaveLength(1);
  });

  it('rule: when the order is no longer as it was read (here its CRM status), the statement writes nothing and answers null, so the caller adds in a transaction', async () => {
    const { account, main, product, deals } = await dealsWithStock(10);
    const [before] = await server.database.db.select().from(orders).where(eq(orders.id, deals[0].id));
    const add = (crmStatus: number | null) =>
      addToDealAtOnce(server.database.db, {
        accountId: account.id,
        orderId: before.id,
        seen: { leadId: before.leadId, crmStatus, stockState: before.stockState },
        productId: product.id,
        warehouseId: main.id,
        priceField: 'price',
        price: { cost: 0, currency: 'RUB', nds: 0 },
        startingCost: '40',
        quantity: '1.000',
        userId: null,
        lastChange: { changedByUserId: null, changedByCustomer: false, changedByCustomerId: null, changedAt: new Date() },
        updatedAt: new Date(),
      });
    expect(await add(before.crmStatus === 3 ? 1 : 3)).toBeNull();
    const [after] = await server.database.db.select().from(orders).where(eq(orders.id, before.id));
    expect(after).toEqual(before);
    expect(await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, before.id))).toEqual([]);
    expect(await stockOf(product.id)).toEqual([
      [4, 0],
      [6, 0],
    ]);
    expect(await add(before.crmStatus)).toEqual(expect.any(Number));
    expect(await stockOf(product.id)).toEqual([
      [4, 1],
      [6, 0],
    ]);
  });
});

import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, movements, orderPositions, positionBatches } from '../../../server/db/schema';
import { settingUp, useTestServer } from '../harness';

const server = useTestServer();

/** B1 (2 at 10) and B2 (3 at 20) in the main warehouse, B3 (5 at 30) in another one; a CRM deal (it reserves on adding). */
async function twoBatches() {
  const account = await server.newAccount();
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  const other = await post('warehouse/add', { name: 'Other' });
  const product = await post('product/add', { name: 'Saw', article: 'S-1' });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 2, cost_price: 10 });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B2', count: 3, cost_price: 20 });
  await post('product/arrival', { product_id: product.id, warehouse_id: other.id, batch: 'B3', count: 5, cost_price: 30 });
  const deal = await post('orders/add', { lead_id: 800_000 + Math.floor(Math.random() * 1_000_000) });
  const add = (quantity: number) => server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: deal.id, product: String(product.id), quantity } });
  return { product, deal, add };
}

async function stockOf(productId: number) {
  const { db } = server.database;
  const rows = await db.select().from(batches).where(eq(batches.productId, productId)).orderBy(asc(batches.id));
  const ledger = await db.select().from(movements).where(eq(movements.productId, productId)).orderBy(asc(movements.id));
  const holdings = await db
    .select({ batch: batches.number, reserved: positionBatches.reserved, writtenOff: positionBatches.writtenOff })
    .from(positionBatches)
    .innerJoin(batches, eq(batches.id, positionBatches.batchId))
    .where(eq(batches.productId, productId))
    .orderBy(asc(batches.id));
  return {
    reserve: Object.fromEntries(rows.map((row) => [row.number, Number(row.reserve)])),
    ledger: ledger.filter((row) => row.eventType === 'reserve').map((row) => `${row.party} ${Number(row.quantity)} ${row.sum} from ${row.initialWarehouseId === rows.find((b) => b.number === row.party)?.warehouseId}`),
    holdings: holdings.map((row) => `${row.batch} ${Number(row.reserved)}/${Number(row.writtenOff)}`),
  };
}

describe('a reservation in one statement (stock/reserveAtOnce.ts) keeps the rules of the loop it replaced', () => {
  it('rule: oldest batch first in the position\'s warehouse only, one ledger row and one holding per batch, the position\'s cost weighted by what it holds', async () => {
    const { product, deal, add } = await twoBatches();
    const first = await add(4);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.positions).toMatchObject([{ count: 4, reserved: 4, cost_price: 15 }]);
    expect(await stockOf(product.id)).toEqual({
      reserve: { B1: 2, B2: 2, B3: 0 },
      ledger: ['B1 2 20.00 from true', 'B2 2 40.00 from true'],
      holdings: ['B1 2/0', 'B2 2/0'],
    });
    const second = await add(1);
    expect(second.body.positions).toMatchObject([{ count: 5, reserved: 5, cost_price: 16 }]);
    expect(second.body).toMatchObject({ sum: 0, cost_price: 80 });
    expect(await stockOf(product.id)).toEqual({
      reserve: { B1: 2, B2: 3, B3: 0 },
      ledger: ['B1 2 20.00 from true', 'B2 2 40.00 from true', 'B2 1 20.00 from true'],
      holdings: ['B1 2/0', 'B2 3/0'],
    });
    const [position] = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, deal.id));
    expect(Number(position.reserved)).toBe(5);
  });

  it('rule: more than the warehouse has free is refused whole, naming what is free, and writes nothing', async () => {
    const { product, add } = await twoBatches();
    expect((await add(3)).status).toBe(200);
    const before = await stockOf(product.id);
    const refused = await add(3);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Not enough stock of "Saw": 2 available');
    expect(await stockOf(product.id)).toEqual(before);
  });
});

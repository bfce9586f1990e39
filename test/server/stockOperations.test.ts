import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, movements, pipelineStatuses, pipelines, products, stockDocuments, transitLines } from '../../server/db/schema';
import { changedByPercent } from '../../server/modules/products/prices';
import { useTestServer, type TestAccount } from './harness';

/** The stock screen's operations as documents (issue 13 §4): all lines in one transaction, refused whole. */
const server = useTestServer();

async function stocked(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const call = (path: string, body: unknown) => server.call('POST', path, { token: owner.token, body });
  const post = async (path: string, body: unknown) => {
    const answer = await call(path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main' });
  const second = await post('warehouse/add', { name: 'Second' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const drill = await post('product/add', { name: 'Hammer drill', values: { retail: { cost: 100 } } });
  const saw = await post('product/add', { name: 'Saw', values: { retail: { cost: 10.05 } } });
  const arrival = await post('stock/arrival', {
    warehouse_id: main.id,
    comment: 'Opening',
    lines: [
      { product_id: drill.id, count: 10, cost_price: 40, batch: 'B1' },
      { product_id: saw.id, count: 5, cost_price: 7, batch: 'S1' },
    ],
  });
  const batchOf = async (productId: number, warehouseId = main.id) =>
    (await server.database.db.select().from(batches).where(and(eq(batches.productId, productId), eq(batches.warehouseId, warehouseId))))[0];
  return { account: owner, call, post, main, second, drill, saw, arrival, batchOf, drillBatch: await batchOf(drill.id), sawBatch: await batchOf(saw.id) };
}

/** Everything stock-related of an account, to prove a refused request changed nothing. */
async function snapshot(accountId: number) {
  const db = server.database.db;
  return {
    batches: await db.select().from(batches).where(eq(batches.accountId, accountId)).orderBy(asc(batches.id)),
    movements: (await db.select().from(movements).where(eq(movements.accountId, accountId))).length,
    documents: (await db.select().from(stockDocuments).where(eq(stockDocuments.accountId, accountId))).length,
    transit: (await db.select().from(transitLines).where(eq(transitLines.accountId, accountId))).length,
    products: (await db.select().from(products).where(eq(products.accountId, accountId))).map((row) => [row.id, row.values]),
  };
}

/** The system pipeline's 'Reserved' stage: an order there reserves its positions. */
async function reservingStage(accountId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ id: pipelineStatuses.id })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true), eq(pipelineStatuses.name, 'Reserved')));
  return row.id;
}

const product = async (account: TestAccount, id: number) => (await server.call('GET', 'product/get', { token: account.token, query: { id } })).body;

describe('add goods (arrival document)', () => {
  it('writes every line under one document with date, user and comment, and can create a product on the spot', async () => {
    const { account, post, main, drill } = await stocked();
    const document = await post('stock/arrival', {
      warehouse_id: main.id,
      comment: 'Delivery 7',
      lines: [
        { product_id: drill.id, count: 2, cost_price: 41, batch: 'B2' },
        { new_product: { name: 'Level', unit: 'pcs', price_field: 'retail', price: 19.9 }, count: 3, cost_price: 11, batch: 'L1' },
      ],
    });
    expect(document).toMatchObject({ kind: 'arrival', status: 'done', to_warehouse_id: main.id, user_id: account.ownerId, comment: 'Delivery 7', lines: 2 });
    const rows = await server.database.db.select().from(movements).where(eq(movements.documentId, document.id));
    expect(rows.map((row) => [row.eventType, row.title, row.party, Number(row.quantity), row.comment, row.userId])).toEqual([
      ['arrival', 'Hammer drill', 'B2', 2, 'Delivery 7', account.ownerId],
      ['arrival', 'Level', 'L1', 3, 'Delivery 7', account.ownerId],
    ]);
    const [level] = await server.database.db.select().from(products).where(and(eq(products.accountId, account.id), eq(products.name, 'Level')));
    expect(level.values).toMatchObject({ retail: { cost: 19.9 } });
    expect(await product(account, level.id)).toMatchObject({ count: 3, available: 3 });
  });

  it("'Existing batch': the batch check answers as the user types; an arrival into it is refused whole (no line, no new product) until the user adds to it", async () => {
    const { account, call, post, main, second, drill } = await stocked();
    const check = (query: Record<string, string | number>) => server.call('GET', 'stock/batch-check', { token: account.token, query });
    expect((await check({ product_id: drill.id, warehouse_id: main.id, batch: ' B1 ' })).body).toMatchObject({ exists: true, count: 10 });
    expect((await check({ product_id: drill.id, warehouse_id: second.id, batch: 'B1' })).body).toMatchObject({ exists: false });
    expect((await check({ product_id: drill.id, warehouse_id: main.id, batch: '' })).body).toMatchObject({ exists: false });
    const before = await snapshot(account.id);
    const lines = [
      { new_product: { name: 'Chisel' }, count: 1 },
      { product_id: drill.id, count: 4, batch: 'B1' },
    ];
    const refused = await call('stock/arrival', { warehouse_id: main.id, lines });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'Existing batch', line: 2 });
    expect(await snapshot(account.id)).toEqual(before);
    await post('stock/arrival', { warehouse_id: main.id, lines: [lines[0], { ...lines[1], add_to_existing: true }] });
    expect(await product(account, drill.id)).toMatchObject({ count: 14 });
  });
});

describe('write off and move', () => {
  it('a write-off document lowers each batch; more than the available (count − reserve) is refused and no line is applied', async () => {
    const { account, call, post, main, drill, saw, drillBatch, sawBatch } = await stocked();
    const ok = await post('stock/write-off', { warehouse_id: main.id, comment: 'Broken', lines: [{ batch_id: drillBatch.id, count: 1.5 }, { batch_id: sawBatch.id, count: 1 }] });
    expect(ok).toMatchObject({ kind: 'write_off', comment: 'Broken', from_warehouse_id: main.id });
    expect((await product(account, drill.id)).available).toBe(8.5);
    // An order reserves 3 of the drill: only 5.5 is left to write off.
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: await reservingStage(account.id) } })).body;
    await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(drill.id), quantity: 3 } });
    const reserved = (await product(account, drill.id)).reserve;
    expect(reserved).toBe(3);
    const before = await snapshot(account.id);
    const refused = await call('stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [{ batch_id: sawBatch.id, count: 1 }, { batch_id: drillBatch.id, count: 8.5 - reserved + 0.001 }] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ line: 2, available: 8.5 - reserved });
    expect(refused.body.error).toMatch(/^Not enough stock of "Hammer drill" \(batch B1\)/);
    expect(await snapshot(account.id)).toEqual(before);
    // Two lines of one batch add up.
    const twice = await call('stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [{ batch_id: sawBatch.id, count: 3 }, { batch_id: sawBatch.id, count: 2 }] });
    expect(twice.status).toBe(422);
    expect(await snapshot(account.id)).toEqual(before);
    expect((await product(account, saw.id)).count).toBe(4);
  });

  it('an immediate move lands in the destination at once; the same warehouse and a batch of another warehouse are refused', async () => {
    const { account, call, post, main, second, drill, drillBatch, batchOf } = await stocked();
    const moved = await post('stock/move', { from_warehouse_id: main.id, to_warehouse_id: second.id, mode: 'now', lines: [{ batch_id: drillBatch.id, count: 4 }] });
    expect(moved).toMatchObject({ kind: 'move', status: 'done' });
    expect(await batchOf(drill.id, second.id)).toMatchObject({ number: 'B1', count: '4.000', costPrice: '40.00' });
    const before = await snapshot(account.id);
    const same = await call('stock/move', { from_warehouse_id: main.id, to_warehouse_id: main.id, mode: 'now', lines: [{ batch_id: drillBatch.id, count: 1 }] });
    expect([same.status, same.body.error]).toEqual([400, 'Choose a different destination warehouse']);
    const elsewhere = await call('stock/move', { from_warehouse_id: second.id, to_warehouse_id: main.id, mode: 'transit', lines: [{ batch_id: drillBatch.id, count: 1 }] });
    expect([elsewhere.status, elsewhere.body.error, elsewhere.body.line]).toEqual([400, 'The batch is not in the chosen warehouse', 1]);
    expect(await snapshot(account.id)).toEqual(before);
  });
});

describe('a move in two steps', () => {
  it('sent goods count in neither warehouse until received; a received move cannot be received or cancelled again; a cancelled one returns its goods', async () => {
    const { account, call, post, main, second, drill, saw, drillBatch, sawBatch, batchOf } = await stocked();
    const sent = await post('stock/move', { from_warehouse_id: main.id, to_warehouse_id: second.id, mode: 'transit', comment: 'Truck 3', lines: [{ batch_id: drillBatch.id, count: 4 }, { batch_id: sawBatch.id, count: 5 }] });
    expect(sent).toMatchObject({ status: 'in_transit', lines: 2 });
    expect(await product(account, drill.id)).toMatchObject({ count: 6, available: 6, in_transit: 4 });
    const listed = (await server.call('POST', 'product/list', { token: account.token, body: {} })).body.data;
    expect(listed.map((row: { name: string; in_transit?: number }) => [row.name, row.in_transit])).toEqual(expect.arrayContaining([['Hammer drill', 4], ['Saw', 5]]));
    expect(await batchOf(drill.id, second.id)).toBeUndefined();
    const list = (await server.call('GET', 'stock/transit', { token: account.token })).body;
    expect(list).toEqual([
      expect.objectContaining({
        id: sent.id,
        from_warehouse_id: main.id,
        to_warehouse_id: second.id,
        comment: 'Truck 3',
        lines: [expect.objectContaining({ product_id: drill.id, batch: 'B1', count: 4 }), expect.objectContaining({ product_id: saw.id, batch: 'S1', count: 5 })],
      }),
    ]);
    // In transit, the goods cannot be written off at the source either.
    expect((await call('stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [{ batch_id: sawBatch.id, count: 1 }] })).status).toBe(422);

    const received = await post('stock/transit/receive', { id: sent.id });
    expect(received).toMatchObject({ status: 'received' });
    expect(await batchOf(drill.id, second.id)).toMatchObject({ count: '4.000', number: 'B1' });
    const whole = await product(account, drill.id);
    expect(whole).toMatchObject({ count: 10, available: 10 });
    expect(whole.in_transit).toBeUndefined();
    expect((await server.call('GET', 'stock/transit', { token: account.token })).body).toEqual([]);
    for (const path of ['stock/transit/receive', 'stock/transit/cancel']) {
      const again = await call(path, { id: sent.id });
      expect([again.status, again.body.error]).toEqual([409, 'This move is no longer in transit']);
    }
    const kinds = await server.database.db.select().from(movements).where(eq(movements.documentId, sent.id)).orderBy(asc(movements.id));
    expect(kinds.map((row) => row.eventType)).toEqual(['transit_sent', 'transit_sent', 'transit_received', 'transit_received']);

    const back = await post('stock/move', { from_warehouse_id: second.id, to_warehouse_id: main.id, mode: 'transit', lines: [{ batch_id: (await batchOf(drill.id, second.id)).id, count: 3 }] });
    expect((await batchOf(drill.id, second.id)).count).toBe('1.000');
    await post('stock/transit/cancel', { id: back.id });
    expect((await batchOf(drill.id, second.id)).count).toBe('4.000');
    expect((await batchOf(drill.id, main.id)).count).toBe('6.000');
  });
});

describe('bad input changes nothing', () => {
  it('zero, negative, too fine, non-numeric or too large quantities and prices, unknown or foreign warehouses, batches and products are refused with a message', async () => {
    const { account, call, main, second, drill, drillBatch } = await stocked();
    const other = await stocked();
    const line = { batch_id: drillBatch.id, count: 1 };
    const move = (lines: unknown[], extra = {}) => ({ from_warehouse_id: main.id, to_warehouse_id: second.id, mode: 'transit', lines, ...extra });
    const cases: [string, unknown][] = [];
    for (const count of [0, -1, 1.0005, 'abc', 1e10, null]) {
      cases.push(['stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [line, { ...line, count }] }]);
      cases.push(['stock/move', move([line, { ...line, count }])]);
      cases.push(['stock/arrival', { warehouse_id: main.id, lines: [{ product_id: drill.id, count: 1 }, { product_id: drill.id, count }] }]);
    }
    for (const cost_price of [-1, 1e10, 'abc']) cases.push(['stock/arrival', { warehouse_id: main.id, lines: [{ product_id: drill.id, count: 1 }, { product_id: drill.id, count: 1, cost_price }] }]);
    cases.push(
      ['stock/arrival', { warehouse_id: other.main.id, lines: [{ product_id: drill.id, count: 1 }] }],
      ['stock/arrival', { warehouse_id: 999_999_999, lines: [{ product_id: drill.id, count: 1 }] }],
      ['stock/arrival', { warehouse_id: main.id, lines: [{ product_id: drill.id, count: 1 }, { product_id: other.drill.id, count: 1 }] }],
      ['stock/arrival', { warehouse_id: main.id, lines: [{ product_id: drill.id, count: 1 }, { count: 1 }] }],
      ['stock/arrival', { warehouse_id: main.id, lines: [{ product_id: drill.id, count: 1, new_product: { name: 'Both' } }] }],
      ['stock/arrival', { warehouse_id: main.id, lines: [] }],
      ['stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [line, { batch_id: other.drillBatch.id, count: 1 }] }],
      ['stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [line, { batch_id: 999_999_999, count: 1 }] }],
      ['stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [line, { batch_id: drillBatch.id, count: 9.001 }] }],
      ['stock/move', move([line], { to_warehouse_id: other.second.id })],
      ['stock/move', move([line], { to_warehouse_id: main.id })],
      ['stock/move', move([line, { batch_id: other.drillBatch.id, count: 1 }])],
      ['stock/move', move([line], { mode: 'later' })],
      ['stock/transit/receive', { id: 999_999_999 }],
      ['product/price-edit', { product_ids: [drill.id, other.drill.id], price_field: 'retail', change: { set: 5 }, update_open_deals: false }],
      ['product/price-edit', { product_ids: [drill.id], price_field: 'retail', change: { set: -5 }, update_open_deals: false }],
      ['product/price-edit', { product_ids: [drill.id], price_field: 'retail', change: { set: 'abc' }, update_open_deals: false }],
      ['product/price-edit', { product_ids: [drill.id], price_field: 'retail', change: { percent: -101 }, update_open_deals: false }],
      ['product/price-edit', { product_ids: [drill.id], price_field: 'nosuch', change: { set: 5 }, update_open_deals: false }],
    );
    const before = await snapshot(account.id);
    for (const [path, body] of cases) {
      const answer = await call(path, body);
      expect([400, 404, 409, 422], `${path} ${JSON.stringify(body)}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
      expect(typeof answer.body.error, `${path} ${JSON.stringify(body)}`).toBe('string');
      expect(answer.body.error.length).toBeGreaterThan(0);
    }
    expect(await snapshot(account.id)).toEqual(before);
  });
});

describe('rights', () => {
  it("without 'arrival, write-off, movement' every stock operation is refused (422); the price edit and a new product on the spot need 'editing product'", async () => {
    const owner = await server.newAccount({ separateRights: true });
    const { main, second, drill, drillBatch } = await stocked(owner);
    const before = await snapshot(owner.id);
    const tries = (token: string) => {
      const call = (path: string, body: unknown) => server.call('POST', path, { token, body });
      return {
        stock: () =>
          Promise.all([
            call('stock/arrival', { warehouse_id: main.id, lines: [{ product_id: drill.id, count: 1 }] }),
            call('stock/write-off', { warehouse_id: main.id, comment: 'x', lines: [{ batch_id: drillBatch.id, count: 1 }] }),
            call('stock/move', { from_warehouse_id: main.id, to_warehouse_id: second.id, mode: 'now', lines: [{ batch_id: drillBatch.id, count: 1 }] }),
          ]),
        price: () => call('product/price-edit', { product_ids: [drill.id], price_field: 'retail', change: { set: 5 }, update_open_deals: false }),
        newProduct: () => call('stock/arrival', { warehouse_id: main.id, lines: [{ new_product: { name: 'New' }, count: 1 }] }),
      };
    };
    const mover = tries((await server.newMember(owner, { changeRemains: true, editingRemains: false })).token);
    const editor = tries((await server.newMember(owner, { changeRemains: false, editingRemains: true })).token);
    for (const answer of await editor.stock()) expect([answer.status, answer.body.error]).toEqual([422, 'You do not have the right to receive, write off or move goods']);
    expect(await mover.price()).toMatchObject({ status: 422, body: { error: 'You do not have the right to edit products' } });
    expect(await mover.newProduct()).toMatchObject({ status: 422, body: { error: 'You do not have the right to edit products' } });
    expect(await snapshot(owner.id)).toEqual(before);
    expect((await editor.price()).status).toBe(200);
  });
});

describe('price edit', () => {
  it('a percentage is rounded half up to kopecks', () => {
    expect(changedByPercent(10.05, 10)).toBe(11.06);
    expect(changedByPercent(100, -33.33)).toBe(66.67);
    expect(changedByPercent(0.01, 50)).toBe(0.02);
    expect(changedByPercent(1_000_000_000, 0)).toBe(1_000_000_000);
    expect(changedByPercent(19.99, -100)).toBe(0);
  });

  it("sets or changes by percent many products at once; 'change in open deals' yes reprices open orders and their sums, no leaves them", async () => {
    const { account, post, drill, saw } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: {} })).body;
    for (const item of [drill, saw]) await post('orders/product/add', { order_id: order.id, product: String(item.id), quantity: 2 });
    const read = async () => (await server.call('GET', 'orders/order', { token: account.token, query: { order_id: order.id } })).body;
    const start = await read();
    expect(start.sum).toBe(220.1);

    const no = await post('product/price-edit', { product_ids: [drill.id, saw.id], price_field: 'retail', change: { percent: 10 }, update_open_deals: false });
    expect(no).toEqual({ prices: [{ product_id: drill.id, cost: 110 }, { product_id: saw.id, cost: 11.06 }], orders_repriced: 0 });
    expect((await read()).sum).toBe(220.1);
    expect((await product(account, saw.id)).values.retail).toMatchObject({ cost: 11.06 });

    const yes = await post('product/price-edit', { product_ids: [saw.id, drill.id], price_field: 'retail', change: { set: 50 }, update_open_deals: true });
    expect(yes.orders_repriced).toBe(1);
    const after = await read();
    expect(after.positions.map((position: { price: number }) => position.price)).toEqual([50, 50]);
    expect(after.sum).toBe(200);
    expect(after.version).toBe(start.version + 1);
  });
});

describe('concurrency', () => {
  it('20 parallel write-offs, moves (now and in transit) and reservations of one batch never make its available count negative', async () => {
    const { account, main, second, drill, drillBatch, batchOf } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: await reservingStage(account.id) } })).body;
    const callers = Array.from({ length: 20 }, (_, index) => {
      const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
      const line = [{ batch_id: drillBatch.id, count: 1 }];
      switch (index % 4) {
        case 0:
          return post('stock/write-off', { warehouse_id: main.id, comment: 'x', lines: line });
        case 1:
          return post('stock/move', { from_warehouse_id: main.id, to_warehouse_id: second.id, mode: 'now', lines: line });
        case 2:
          return post('stock/move', { from_warehouse_id: main.id, to_warehouse_id: second.id, mode: 'transit', lines: line });
        default:
          return post('orders/product/add', { order_id: order.id, product: String(drill.id), quantity: 1 });
      }
    });
    const answers = await Promise.all(callers);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    const source = await batchOf(drill.id, main.id);
    expect(Number(source.count) - Number(source.reserve)).toBe(0);
    expect(Number(source.reserve)).toBeGreaterThanOrEqual(0);
    const moved = await batchOf(drill.id, second.id);
    const inTransit = (await server.database.db.select().from(transitLines).where(eq(transitLines.productId, drill.id))).reduce((sum, row) => sum + Number(row.quantity), 0);
    const writtenOff = answers.filter((answer, index) => index % 4 === 0 && answer.status === 200).length;
    // Nothing is lost or made: what is left, moved, in transit and written off is the 10 that arrived.
    expect(Number(source.count) + Number(moved?.count ?? 0) + inTransit + writtenOff).toBe(10);
  });
});

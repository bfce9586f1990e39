import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, batches, movements, orderPositions, orders, pipelineStatuses, pipelines, positionBatches } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';

const server = useTestServer();

/** An account with a main warehouse and a product holding `count` units in batch B1 (cost 40, retail price 100). */
async function stocked(count = 10, account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 } } });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count, cost_price: 40 });
  const stages = await stagesOf(owner.id);
  return { account: owner, main, product, post, stages };
}

/** The system pipeline's stages by name: New, Reserved (reservation), Completed (success, write-off), Cancelled (unsuccessful). */
async function stagesOf(accountId: number) {
  const rows = await server.database.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<'New' | 'Reserved' | 'Completed' | 'Cancelled', number>;
}

async function balance(productId: number) {
  const rows = await server.database.db.select().from(batches).where(eq(batches.productId, productId));
  return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), reserve: rows.reduce((sum, row) => sum + Number(row.reserve), 0) };
}

async function ledger(productId: number) {
  const rows = await server.database.db.select().from(movements).where(eq(movements.productId, productId)).orderBy(asc(movements.id));
  return rows.map((row) => `${row.eventType} ${Number(row.quantity)}`);
}

describe('orders/add, orders/order and orders/list', () => {
  it('a new order lands in the system pipeline\'s first stage, owned by the caller, with empty totals and version 1', async () => {
    const { account, stages } = await stocked();
    const added = await server.call('POST', 'orders/add', { token: account.token, body: { name: '  First  ' } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'First', status_id: stages.New, status_name: 'New', status_type: 1, lead_id: null, user_id: account.ownerId, sum: 0, positions: [], version: 1, stock_state: 'none', public: false });
    const read = await server.call('GET', 'orders/order', { token: account.token, query: { order_id: added.body.id } });
    expect(read.body).toEqual(added.body);
  });

  it('an order linked to a CRM deal carries lead_id and status 0 (opened); a second order for the same deal is refused with 409', async () => {
    const { account } = await stocked();
    const first = await server.call('POST', 'orders/add', { token: account.token, body: { lead_id: 987654 } });
    expect(first.body).toMatchObject({ lead_id: 987654, status: 0, pipeline_id: null, status_id: null });
    const second = await server.call('POST', 'orders/add', { token: account.token, body: { lead_id: 987654 } });
    expect(second.status).toBe(409);
    expect(second.body.order_id).toBe(first.body.id);
  });

  it('a stage of another pipeline than the one named is refused (400), a stage of another account is not found (404); nothing is written', async () => {
    const { account } = await stocked();
    const other = await stocked();
    const answer = await server.call('POST', 'orders/add', { token: account.token, body: { status_id: other.stages.New } });
    expect(answer.status).toBe(404);
    const own = await stagesOf(account.id);
    const [second] = await server.database.db.insert(pipelines).values({ accountId: account.id, name: 'Second' }).returning();
    const mismatch = await server.call('POST', 'orders/add', { token: account.token, body: { pipeline_id: second.id, status_id: own.New } });
    expect(mismatch.status).toBe(400);
    expect(await server.database.db.select().from(orders).where(eq(orders.accountId, account.id))).toEqual([]);
  });

  it('orders/list pages newest first, searches by name or id, filters by pipeline and stage, and hides final stages on request', async () => {
    const { account, stages } = await stocked();
    const made = [];
    for (const [name, stage] of [['Alpha', stages.New], ['Beta', stages.Reserved], ['Gamma', stages.Completed], ['Delta', stages.Cancelled]] as const) {
      made.push((await server.call('POST', 'orders/add', { token: account.token, body: { name, status_id: stage } })).body);
    }
    const list = (body: unknown) => server.call('POST', 'orders/list', { token: account.token, body });
    const all = await list({});
    expect(all.body.data.map((order: { name: string }) => order.name)).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 4 });
    const paged = await list({ page: 2, per_page: 3 });
    expect(paged.body.data.map((order: { name: string }) => order.name)).toEqual(['Alpha']);
    expect(paged.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: null, last: '?page=2' });
    expect((await list({ filter: { search: 'amm' } })).body.data.map((order: { name: string }) => order.name)).toEqual(['Gamma']);
    expect((await list({ filter: { search: String(made[1].id) } })).body.data.map((order: { id: number }) => order.id)).toEqual([made[1].id]);
    expect((await list({ filter: { hide_final: true } })).body.data.map((order: { name: string }) => order.name)).toEqual(['Beta', 'Alpha']);
    expect((await list({ filter: { status_ids: [stages.Reserved] } })).body.meta.total).toBe(1);
    expect((await list({ filter: { pipeline_id: -1 } })).body.meta.total).toBe(4);
    expect((await list({ sort: { field: 'name', order: 'asc' } })).body.data[0].name).toBe('Alpha');
  });

  it('the totals of pipeline, stage and final-stage views come from the kept counts and agree with counting the rows, after adds, moves and deletes', async () => {
    const { account, stages } = await stocked();
    const add = (body: object) => server.call('POST', 'orders/add', { token: account.token, body });
    const made = [];
    for (const stage of [stages.New, stages.New, stages.Reserved, stages.Completed, stages.Cancelled]) made.push((await add({ status_id: stage })).body);
    await add({ lead_id: 4242 });
    const lost = (await add({ lead_id: 4343 })).body;
    await server.call('POST', 'orders/update', { token: account.token, body: { id: lost.id, version: lost.version, status: 3 } });
    await server.call('POST', 'orders/update', { token: account.token, body: { id: made[0].id, version: made[0].version, status_id: stages.Cancelled } });
    await server.call('POST', 'orders/delete', { token: account.token, body: { id: made[1].id } });
    const rows = await server.database.db.select().from(orders).where(eq(orders.accountId, account.id));
    const final = new Set([stages.Completed, stages.Cancelled]);
    const cases: [object, number][] = [
      [{}, rows.length],
      [{ hide_final: true }, rows.filter((row) => !final.has(row.statusId ?? 0) && (row.crmStatus ?? 0) < 2).length],
      [{ status_ids: [stages.Cancelled] }, rows.filter((row) => row.statusId === stages.Cancelled).length],
      [{ pipeline_id: rows.find((row) => row.pipelineId)!.pipelineId, hide_final: true }, rows.filter((row) => row.pipelineId && !final.has(row.statusId ?? 0)).length],
    ];
    for (const [filter, expected] of cases) {
      expect((await server.call('POST', 'orders/list', { token: account.token, body: { filter } })).body.meta.total, JSON.stringify(filter)).toBe(expected);
    }
    expect(cases.map(([, expected]) => expected)).toEqual([6, 2, 2, 1]);
  });

  it('orders/list-v2 answers accounts flagged for tests (flags.test) and refuses the others, whatever their id', async () => {
    const { account } = await stocked();
    expect((await server.call('POST', 'orders/list-v2', { token: account.token, body: {} })).status).toBe(422);
    await server.database.db.update(accounts).set({ flags: { test: true } }).where(eq(accounts.id, account.id));
    // Any write drops the cached sessions, so the next read sees the account row as changed behind the server.
    await server.call('POST', 'orders/table-config', { token: account.token, body: { value: null } });
    const flagged = await server.call('POST', 'orders/list-v2', { token: account.token, body: {} });
    expect(flagged.status).toBe(200);
    expect(flagged.body.meta.total).toBe(0);
    expect((await server.call('GET', 'account/config', { token: account.token })).body.account.flags).toEqual({ test: true, flag: false });
  });

  it("another account's order is not found on read, update, delete and positions (404), and stays unchanged", async () => {
    const { account } = await stocked();
    const other = await stocked();
    const theirs = (await server.call('POST', 'orders/add', { token: other.account.token, body: { name: 'Theirs' } })).body;
    const token = account.token;
    expect((await server.call('GET', 'orders/order', { token, query: { order_id: theirs.id } })).status).toBe(404);
    expect((await server.call('POST', 'orders/update', { token, body: { id: theirs.id, version: 1, name: 'Mine' } })).status).toBe(404);
    expect((await server.call('POST', 'orders/delete', { token, body: { id: theirs.id } })).status).toBe(404);
    expect((await server.call('POST', 'orders/product/add', { token, body: { order_id: theirs.id, product: String(other.product.id) } })).status).toBe(404);
    expect((await server.call('POST', 'orders/list', { token, body: {} })).body.meta.total).toBe(0);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, theirs.id));
    expect(row).toMatchObject({ name: 'Theirs', version: 1 });
  });

  it('a member without activity reads orders but cannot add one (422)', async () => {
    const { account } = await stocked();
    const idle = await server.newMember(account, { activity: false });
    expect((await server.call('POST', 'orders/list', { token: idle.token, body: {} })).status).toBe(200);
    const refused = await server.call('POST', 'orders/add', { token: idle.token, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('You do not have the right to change orders');
  });
});

describe('positions: orders/product/add and delete', () => {
  it("adds a product from a warehouse ('id%%%code'), quantity default 1, priced from the first price field; sum, cost price and profit come from the positions", async () => {
    const { account, main, product } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: {} })).body;
    const added = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: `${product.id}%%%${main.code}` } });
    expect(added.status).toBe(200);
    expect(added.body.positions).toEqual([
      expect.objectContaining({ product_id: product.id, identifier: `${product.id}%%%${main.code}`, warehouse_id: main.id, price_field: 'retail', price: 100, nds: 20, count: 1, cost_price: 40, sum: 100, available: 10 }),
    ]);
    expect(added.body).toMatchObject({ sum: 100, cost_price: 40, profit: 60, version: 2 });
    const again = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id), quantity: 2 } });
    expect(again.body.positions).toHaveLength(1);
    expect(again.body.positions[0].count).toBe(3);
    expect(again.body).toMatchObject({ sum: 300, profit: 180 });
  });

  it('a service is added by its plain id with no warehouse and never touches stock', async () => {
    const { account, post, stages } = await stocked();
    const service = await post('product/add', { name: 'Assembly', type: 'service', values: { retail: { cost: 50 } } });
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: stages.Reserved } })).body;
    const added = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: service.id, quantity: 3 } });
    expect(added.body.positions[0]).toMatchObject({ identifier: String(service.id), warehouse_id: null, type: 'service', sum: 150, available: null, reserved: 0 });
    expect(await ledger(service.id)).toEqual([]);
  });

  it('bad identifiers, unknown warehouses and archived products are refused with a clear text and change nothing', async () => {
    const { account, product } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: {} })).body;
    const add = (productRef: string) => server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: productRef } });
    expect((await add('abc')).body.error).toMatch(/Invalid product identifier/);
    expect((await add(`${product.id}%%%nowhere`)).body).toEqual({ error: 'No such warehouse', code: 'noSuchWarehouse' });
    expect((await add('999999')).body).toEqual({ error: 'No such product', code: 'noSuchProduct' });
    expect(await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, order.id))).toEqual([]);
  });

  it('deleting a position releases what it reserved and recomputes the totals', async () => {
    const { account, product, stages } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: stages.Reserved } })).body;
    const added = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id), quantity: 4 } });
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 4 });
    const removed = await server.call('POST', 'orders/product/delete', { token: account.token, body: { id: added.body.positions[0].id } });
    expect(removed.body).toMatchObject({ positions: [], sum: 0 });
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });
    expect(await ledger(product.id)).toEqual(['arrival 10', 'reserve 4', 'release 4']);
  });
});

describe('reservation follows the pipeline stages', () => {
  async function orderWith(quantity: number, stage: 'New' | 'Reserved') {
    const setup = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: setup.account.token, body: { status_id: setup.stages[stage] } })).body;
    const added = await server.call('POST', 'orders/product/add', { token: setup.account.token, body: { order_id: order.id, product: String(setup.product.id), quantity } });
    expect(added.status).toBe(200);
    const move = async (statusId: number, version?: number) => {
      const current = (await server.call('GET', 'orders/order', { token: setup.account.token, query: { order_id: order.id } })).body;
      return server.call('POST', 'orders/update', { token: setup.account.token, body: { id: order.id, version: version ?? current.version, status_id: statusId } });
    };
    return { ...setup, order, move };
  }

  it('before the reservation stage nothing is held; entering it reserves once, even when the same move is sent twice', async () => {
    const { product, stages, move } = await orderWith(3, 'New');
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });
    expect((await move(stages.Reserved)).body).toMatchObject({ stock_state: 'reserved' });
    expect((await move(stages.Reserved)).status).toBe(200);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 3 });
    expect(await ledger(product.id)).toEqual(['arrival 10', 'reserve 3']);
  });

  it('the write-off stage writes the reserved goods off into the ledger once (count and reserve fall); a second identical move changes nothing', async () => {
    const { product, stages, move, order } = await orderWith(3, 'Reserved');
    const written = await move(stages.Completed);
    expect(written.body).toMatchObject({ stock_state: 'written_off', products_locked: true });
    expect(written.body.positions[0]).toMatchObject({ reserved: 0, written_off: 3 });
    await move(stages.Completed);
    expect(await balance(product.id)).toEqual({ count: 7, reserve: 0 });
    expect(await ledger(product.id)).toEqual(['arrival 10', 'reserve 3', 'sale 3']);
    const holdings = await server.database.db.select().from(positionBatches).where(eq(positionBatches.positionId, written.body.positions[0].id));
    expect(holdings.map((row) => Number(row.writtenOff))).toEqual([3]);
    // Written-off goods stay written off when the order moves back.
    await move(stages.New);
    expect(await balance(product.id)).toEqual({ count: 7, reserve: 0 });
    expect((await server.call('POST', 'orders/product/add', { token: (await orderWith(1, 'New')).account.token, body: { order_id: order.id, product: String(product.id) } })).status).toBe(404);
  });

  it('an unsuccessful stage releases the reservation once; moving back to the reservation stage reserves again', async () => {
    const { product, stages, move } = await orderWith(4, 'Reserved');
    await move(stages.Cancelled);
    await move(stages.Cancelled);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });
    await move(stages.Reserved);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 4 });
    expect(await ledger(product.id)).toEqual(['arrival 10', 'reserve 4', 'release 4', 'reserve 4']);
  });

  it('skipping the reservation stage, the write-off stage takes the goods straight from available stock', async () => {
    const { product, stages, move } = await orderWith(2, 'New');
    expect((await move(stages.Completed)).body.stock_state).toBe('written_off');
    expect(await balance(product.id)).toEqual({ count: 8, reserve: 0 });
    expect(await ledger(product.id)).toEqual(['arrival 10', 'sale 2']);
  });

  it('a move that needs more than is available is refused whole with a clear text; the order stays where it was', async () => {
    const { account, product, stages, move, order, post, main } = await orderWith(6, 'New');
    // Someone else takes 5 of the 10 in the meantime.
    await post('product/write-off', { batch_id: (await server.database.db.select().from(batches).where(eq(batches.productId, product.id)))[0].id, count: 5 });
    const refused = await move(stages.Reserved);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Not enough stock of "Hammer drill": 5 available');
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ statusId: stages.New, stockState: 'none', version: 2 });
    expect(await balance(product.id)).toEqual({ count: 5, reserve: 0 });
    expect(main.id).toBeGreaterThan(0);
    expect(account.id).toBeGreaterThan(0);
  });

  it('deleting a reserved order releases its stock', async () => {
    const { account, product, order } = await orderWith(5, 'Reserved');
    expect((await server.call('POST', 'orders/delete', { token: account.token, body: { id: order.id } })).body).toEqual({ success: true });
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });
    expect(await server.database.db.select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
  });

  it('refund returns written-off goods to their batches once; a second refund is refused and changes nothing', async () => {
    const { account, product, stages, move, order } = await orderWith(3, 'Reserved');
    await move(stages.Completed);
    const refunded = await server.call('GET', 'orders/refund', { token: account.token, query: { id: order.id } });
    expect(refunded.body).toMatchObject({ stock_state: 'refunded' });
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });
    const again = await server.call('GET', 'orders/refund', { token: account.token, query: { id: order.id } });
    expect(again.status).toBe(422);
    expect(await ledger(product.id)).toEqual(['arrival 10', 'reserve 3', 'sale 3', 'return 3']);
  });

  it('a pipeline without a reservation stage reserves on adding the product; a stocking stage adds the goods to stock once', async () => {
    const { account, product, main } = await stocked();
    const [pipeline] = await server.database.db.insert(pipelines).values({ accountId: account.id, name: 'No reservation' }).returning();
    const [open] = await server.database.db.insert(pipelineStatuses).values({ accountId: account.id, pipelineId: pipeline.id, name: 'Open', sort: 0 }).returning();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: open.id } })).body;
    await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id), quantity: 2 } });
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 2 });

    const [purchase] = await server.database.db.insert(pipelines).values({ accountId: account.id, name: 'Purchases' }).returning();
    const [draft, received] = await server.database.db
      .insert(pipelineStatuses)
      .values([
        { accountId: account.id, pipelineId: purchase.id, name: 'Draft', sort: 0 },
        { accountId: account.id, pipelineId: purchase.id, name: 'Received', sort: 1, isStocking: true },
      ])
      .returning();
    const buy = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: draft.id } })).body;
    const withGoods = (await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: buy.id, product: `${product.id}%%%${main.code}`, quantity: 5 } })).body;
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 2 });
    const moved = await server.call('POST', 'orders/update', { token: account.token, body: { id: buy.id, version: withGoods.version, status_id: received.id } });
    expect(moved.body.stock_state).toBe('stocked');
    await server.call('POST', 'orders/update', { token: account.token, body: { id: buy.id, version: moved.body.version, status_id: received.id } });
    expect(await balance(product.id)).toEqual({ count: 15, reserve: 2 });
    const arrival = await server.database.db.select().from(batches).where(and(eq(batches.productId, product.id), eq(batches.number, `PO-${buy.id}`)));
    expect(arrival.map((row) => Number(row.count))).toEqual([5]);
  });

  it('a stage that blocks products refuses position changes (422) and writes nothing', async () => {
    const { account, product, stages, order, move } = await orderWith(1, 'Reserved');
    await server.database.db.update(pipelineStatuses).set({ blocksProducts: true }).where(eq(pipelineStatuses.id, stages.Reserved));
    await move(stages.Reserved);
    const refused = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id) } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('The products of this order cannot be changed at this stage');
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 1 });
  });

  it('a CRM-linked order reserves on adding (opened), writes off on success (2) and releases on unsuccessful (3)', async () => {
    const { account, product } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { lead_id: 555 } })).body;
    const added = (await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id), quantity: 2 } })).body;
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 2 });
    const lost = await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: added.version, status: 3 } });
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });
    await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: lost.body.version, status: 2 } });
    expect(await balance(product.id)).toEqual({ count: 8, reserve: 0 });
  });
});

describe('product/set-price with update_open_deals', () => {
  it('changes the price of the product in open orders only (not final, not written off, not in a blocking stage), with new totals and versions; without the option no order changes', async () => {
    const { account, product, stages, post } = await stocked();
    const orderIn = async (status_id: number) => {
      const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id } })).body;
      return (await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id), quantity: 2 } })).body;
    };
    const open = await orderIn(stages.New);
    const reserved = await orderIn(stages.Reserved);
    const done = await orderIn(stages.New);
    await server.call('POST', 'orders/update', { token: account.token, body: { id: done.id, version: done.version, status_id: stages.Completed } });
    const cancelled = await orderIn(stages.New);
    await server.call('POST', 'orders/update', { token: account.token, body: { id: cancelled.id, version: cancelled.version, status_id: stages.Cancelled } });
    const read = async (id: number) => (await server.call('GET', 'orders/order', { token: account.token, query: { order_id: id } })).body;
    const before = await Promise.all([open, reserved, done, cancelled].map((order) => read(order.id)));

    await post('product/set-price', { id: product.id, price_field: 'retail', cost: 150 });
    expect((await read(open.id)).sum).toBe(200);

    await post('product/set-price', { id: product.id, price_field: 'retail', cost: 120, update_open_deals: true });
    const after = await Promise.all([open, reserved, done, cancelled].map((order) => read(order.id)));
    expect(after.map((order) => order.positions[0].price)).toEqual([120, 120, 100, 100]);
    expect(after.map((order) => order.sum)).toEqual([240, 240, 200, 200]);
    expect(after.map((order, index) => order.version - before[index].version)).toEqual([1, 1, 0, 0]);
  });
});

describe('concurrency', () => {
  it('no oversell: 50 concurrent adds of 1 unit into one reserving order with 10 available leave exactly 10 reserved and 40 refused', async () => {
    const { account, product, stages } = await stocked(10);
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { status_id: stages.Reserved } })).body;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id), quantity: 1 } })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect(answer.body.error).toMatch(/^Not enough stock of "Hammer drill": 0 available$/);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 10 });
    const [position] = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, order.id));
    expect(Number(position.quantity)).toBe(10);
  });

  it('no oversell across orders: 50 concurrent adds into 50 different reserving orders leave 10 reserved', async () => {
    const { account, product, stages } = await stocked(10);
    const made = await Promise.all(Array.from({ length: 50 }, () => server.call('POST', 'orders/add', { token: account.token, body: { status_id: stages.Reserved } })));
    const answers = await Promise.all(made.map((order) => server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.body.id, product: String(product.id) } })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(40);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 10 });
  });

  it('lost update: two updates from the same read version — one wins, the other gets 409 and writes nothing', async () => {
    const { account } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: { name: 'Original' } })).body;
    const answers = await Promise.all(
      ['First', 'Second'].map((name) => server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: order.version, name } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.error).toBe('The order has been changed since you opened it. Reload it and try again.');
    const winner = answers.find((answer) => answer.status === 200)!;
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ name: winner.body.name, version: 2 });
  });
});

describe('orders/update, client-update and table-config', () => {
  it('update changes the name and position quantities and prices; totals follow', async () => {
    const { account, product } = await stocked();
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: {} })).body;
    const added = (await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id) } })).body;
    const updated = await server.call('POST', 'orders/update', {
      token: account.token,
      body: { id: order.id, version: added.version, name: 'Renamed', contacts: [{ id: 1 }], company: { id: 1 }, positions: [{ id: added.positions[0].id, count: 2.5, price: 80 }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', sum: 200, cost_price: 100, profit: 100, contacts: [], company: null });
  });

  it('client-update sets and clears the contact and company of the order; another account\'s contact is not found', async () => {
    const { account } = await stocked();
    const other = await stocked();
    const contact = (await server.call('POST', 'contact/add', { token: account.token, body: { name: 'Ivan Petrov' } })).body;
    const company = (await server.call('POST', 'company/add', { token: account.token, body: { name: 'Petrov LLC' } })).body;
    const foreign = (await server.call('POST', 'contact/add', { token: other.account.token, body: { name: 'Someone Else' } })).body;
    const order = (await server.call('POST', 'orders/add', { token: account.token, body: {} })).body;
    const set = await server.call('POST', 'orders/client-update', { token: account.token, body: { id: order.id, contact_id: contact.id, company_id: company.id } });
    expect(set.body).toMatchObject({ contacts: [{ id: contact.id, name: 'Ivan Petrov' }], company: { id: company.id, name: 'Petrov LLC' } });
    expect((await server.call('POST', 'orders/client-update', { token: account.token, body: { id: order.id, contact_id: foreign.id } })).status).toBe(404);
    const cleared = await server.call('POST', 'orders/client-update', { token: account.token, body: { id: order.id, company_id: null } });
    expect(cleared.body).toMatchObject({ contacts: [{ id: contact.id }], company: null });
  });

  it('orders/table-config keeps the orders table settings per account', async () => {
    const { account } = await stocked();
    expect((await server.call('GET', 'orders/table-config', { token: account.token })).body).toEqual({ code: 'orders', value: null });
    const value = [{ value: 'order_name', type: 3, sort: 0, visible: 1 }];
    expect((await server.call('POST', 'orders/table-config', { token: account.token, body: { value } })).body).toEqual({ code: 'orders', value });
    expect((await server.call('GET', 'orders/table-config', { token: account.token })).body).toEqual({ code: 'orders', value });
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, orderPositions, pipelineStatuses, pipelines } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';

const server = useTestServer();

async function stagesOf(accountId: number) {
  const rows = await server.database.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name, pipelineId: pipelineStatuses.pipelineId })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  return { pipelineId: rows[0].pipelineId, ...(Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<'New' | 'Reserved' | 'Completed' | 'Cancelled', number>) };
}

/**
 * Warehouses Main (main) and South (code south); Hammer drill: 10 in Main (batch B1), 5 in South (batch S1);
 * Angle grinder: 4 in Main (batch G1). Orders: 'Reserved one' (Reserved stage) holds 3 hammers from Main
 * and 1 grinder; 'New one' (New stage) has 2 hammers from South; the positions are dated 1, 2 and 3 March.
 */
async function shop(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main' });
  const south = await post('warehouse/add', { name: 'South', code: 'south' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const hammer = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100 } } });
  const grinder = await post('product/add', { name: 'Angle grinder', article: 'AG-1', values: { retail: { cost: 30 } } });
  await post('product/arrival', { product_id: hammer.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  await post('product/arrival', { product_id: hammer.id, warehouse_id: south.id, batch: 'S1', count: 5, cost_price: 40 });
  await post('product/arrival', { product_id: grinder.id, warehouse_id: main.id, batch: 'G1', count: 4, cost_price: 10 });
  const stages = await stagesOf(owner.id);
  const reserved = await post('orders/add', { name: 'Reserved one', status_id: stages.Reserved });
  const fresh = await post('orders/add', { name: 'New one', status_id: stages.New });
  const first = await post('orders/product/add', { order_id: reserved.id, product: String(hammer.id), quantity: 3 });
  const second = await post('orders/product/add', { order_id: fresh.id, product: `${hammer.id}%%%south`, quantity: 2 });
  const third = await post('orders/product/add', { order_id: reserved.id, product: String(grinder.id), quantity: 1 });
  const positions = { hammerMain: first.positions[0].id, hammerSouth: second.positions[0].id, grinder: third.positions.find((row: { product_id: number }) => row.product_id === grinder.id).id };
  const dated = [
    [positions.hammerMain, '2026-03-01T10:00:00Z'],
    [positions.hammerSouth, '2026-03-02T10:00:00Z'],
    [positions.grinder, '2026-03-03T10:00:00Z'],
  ] as const;
  for (const [id, when] of dated) await server.database.db.update(orderPositions).set({ createdAt: new Date(when) }).where(eq(orderPositions.id, id));
  const list = (body: unknown) => post('orders/positions/list', body);
  return { account: owner, post, list, main, south, hammer, grinder, stages, orders: { reserved, fresh }, positions };
}

const ids = (answer: { data: { id: number }[] }) => answer.data.map((row) => row.id);

describe('orders/positions/list', () => {
  it('rule: every position of the account, newest first, with its product, order, stage, warehouse, batch, quantities, price, sum, employee and date', async () => {
    const { list, positions, orders, main, hammer, account } = await shop();
    const answer = await list({});
    expect(ids(answer)).toEqual([positions.grinder, positions.hammerSouth, positions.hammerMain]);
    expect(answer.meta).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(answer.data[2]).toEqual({
      id: positions.hammerMain,
      order_id: orders.reserved.id,
      order_name: 'Reserved one',
      order_archived: false,
      pipeline_id: orders.reserved.pipeline_id,
      status_id: orders.reserved.status_id,
      status_name: 'Reserved',
      crm_status: null,
      stock_state: 'reserved',
      product_id: hammer.id,
      product_name: 'Hammer drill',
      article: 'HD-1',
      type: 'product',
      unit: expect.any(String),
      warehouse_id: main.id,
      warehouse_name: 'Main',
      batches: 'B1',
      quantity: 3,
      reserved: 3,
      written_off: 0,
      price: 100,
      currency: expect.any(String),
      sum: 300,
      user_id: account.ownerId,
      user_name: 'Owner',
      created_at: '2026-03-01T10:00:00.000Z',
    });
    // Not yet at the reservation stage: the position holds nothing, so no batch is named.
    expect(answer.data[1]).toMatchObject({ status_name: 'New', reserved: 0, batches: '', warehouse_name: 'South' });
  });

  it('rule: filters by product, warehouse, pipeline stage, pipeline and dates (from inclusive, to exclusive), each alone and together', async () => {
    const { list, positions, hammer, south, main, stages } = await shop();
    expect(ids(await list({ filter: { product_id: hammer.id } }))).toEqual([positions.hammerSouth, positions.hammerMain]);
    expect(ids(await list({ filter: { warehouse_id: south.id } }))).toEqual([positions.hammerSouth]);
    expect(ids(await list({ filter: { status_id: stages.Reserved } }))).toEqual([positions.grinder, positions.hammerMain]);
    expect(ids(await list({ filter: { pipeline_id: stages.pipelineId } }))).toHaveLength(3);
    expect(ids(await list({ filter: { date_from: '2026-03-02T00:00:00Z', date_to: '2026-03-03T00:00:00Z' } }))).toEqual([positions.hammerSouth]);
    expect(ids(await list({ filter: { date_to: '2026-03-02T00:00:00Z' } }))).toEqual([positions.hammerMain]);
    // Exactly at the end is outside; exactly at the start is inside.
    expect(ids(await list({ filter: { date_from: '2026-03-02T10:00:00Z', date_to: '2026-03-03T10:00:00Z' } }))).toEqual([positions.hammerSouth]);
    expect(ids(await list({ filter: { product_id: hammer.id, warehouse_id: main.id, status_id: stages.Reserved } }))).toEqual([positions.hammerMain]);
    const none = await list({ filter: { status_id: stages.Cancelled } });
    expect(none).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });

  it('rule: sorts by sum, quantity, price or order both ways, and pages on the server', async () => {
    const { list, positions } = await shop();
    expect(ids(await list({ sort: { field: 'sum' } }))).toEqual([positions.grinder, positions.hammerSouth, positions.hammerMain]);
    expect(ids(await list({ sort: { field: 'sum', order: 'desc' } }))).toEqual([positions.hammerMain, positions.hammerSouth, positions.grinder]);
    expect(ids(await list({ sort: { field: 'quantity', order: 'desc' } }))).toEqual([positions.hammerMain, positions.hammerSouth, positions.grinder]);
    expect(ids(await list({ sort: { field: 'created_at', order: 'asc' } }))).toEqual([positions.hammerMain, positions.hammerSouth, positions.grinder]);
    const page2 = await list({ page: 2, per_page: 2 });
    expect(ids(page2)).toEqual([positions.hammerMain]);
    expect(page2.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(page2.links).toMatchObject({ prev: '?page=1', next: null });
  });

  it("rule: another account's positions never appear, not even through its warehouse, product or stage ids", async () => {
    const mine = await shop();
    const theirs = await shop();
    const all = await mine.list({});
    expect(ids(all).some((id) => Object.values(theirs.positions).includes(id))).toBe(false);
    for (const filter of [{ warehouse_id: theirs.main.id }, { product_id: theirs.hammer.id }, { status_id: theirs.stages.Reserved }, { pipeline_id: theirs.stages.pipelineId }]) {
      expect(await mine.list({ filter }), JSON.stringify(filter)).toMatchObject({ data: [], meta: { total: 0 } });
    }
  });

  it('rule: an archived order still holds its stock, so its positions stay listed, marked archived', async () => {
    const { list, post, orders, positions } = await shop();
    await post('orders/archive', { id: orders.reserved.id });
    const answer = await list({});
    expect(ids(answer)).toEqual([positions.grinder, positions.hammerSouth, positions.hammerMain]);
    expect(answer.data.find((row: { id: number }) => row.id === positions.hammerMain)).toMatchObject({ order_archived: true, reserved: 3 });
  });

  it('rule: cancelling a position (orders/product/delete, the cancel position overlay) releases its reservation and it leaves the list; a new position (orders/product/add) joins it and reserves', async () => {
    const { list, post, hammer, orders, positions } = await shop();
    const reserve = async () => (await server.database.db.select().from(batches).where(eq(batches.productId, hammer.id))).reduce((sum, row) => sum + Number(row.reserve), 0);
    expect(await reserve()).toBe(3);
    await post('orders/product/delete', { id: positions.hammerMain, order_id: orders.reserved.id });
    expect(await reserve()).toBe(0);
    expect(ids(await list({ filter: { product_id: hammer.id } }))).toEqual([positions.hammerSouth]);
    await post('orders/product/add', { order_id: orders.reserved.id, product: String(hammer.id), quantity: 4 });
    expect(await reserve()).toBe(4);
    const [newest] = (await list({})).data;
    expect(newest).toMatchObject({ order_id: orders.reserved.id, product_id: hammer.id, quantity: 4, reserved: 4, batches: 'B1' });
  });

  it('rule: bad filters are refused with 400 (unknown keys, malformed dates, a page size over 200)', async () => {
    const { account } = await shop();
    for (const body of [{ filter: { owner: 1 } }, { filter: { date_from: 'yesterday' } }, { filter: { date_to: '2026-13-45T00:00:00Z' } }, { per_page: 201 }, { sort: { field: 'name' } }]) {
      const answer = await server.call('POST', 'orders/positions/list', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../../server/db/client';
import { batches, products } from '../../../server/db/schema';
import { useTestServer } from '../harness';
import { csv, importFile, shop } from '../import/support';

/**
 * The stock list's whole-table totals are read from kept rows (stock_totals, issue 13 §2: the first page with no
 * filter reads them instead of summing every product). After any sequence of arrivals, write-offs, moves (now, in
 * transit, received), reservations, archive and un-archive, price changes, imports and deletions, the kept totals
 * equal the totals computed from the batches and the products (per level: every warehouse and each warehouse; per
 * price code), and the totals call answers the same as the general path, which sums the matching products' rows.
 */
const server = useTestServer();
const db = () => server.database.db;

/**
 * Differences between the kept totals and those computed from the batches of the non-archived products (count,
 * reserve, cost value per level, sale value per level and price code); none when in step.
 */
async function drift(accountId: number, on: Pick<Tx, 'execute'> = db()): Promise<unknown[]> {
  const result = await on.execute(sql`
    with counted as (
      select level.w, b.count, b.reserve, b.count * b.cost_price as cost_value, p.values
      from batches b join products p on p.id = b.product_id and not p.archived
      cross join lateral (values (0), (b.warehouse_id)) as level(w)
      where b.account_id = ${accountId}
    ),
    computed as (select w, sum(count) as count, sum(reserve) as reserve, sum(cost_value) as cost_value from counted group by w),
    kept as (select warehouse_id as w, sum(count) as count, sum(reserve) as reserve, sum(cost_value) as cost_value from stock_totals where account_id = ${accountId} group by 1),
    computed_sale as (
      select c.w, e.key as code, sum(c.count * (e.value ->> 'cost')::numeric) as sale
      from counted c cross join lateral jsonb_each(c.values) e where jsonb_typeof(e.value -> 'cost') = 'number' group by 1, 2
    ),
    kept_sale as (
      select t.warehouse_id as w, e.key as code, sum(e.value::numeric) as sale
      from stock_totals t cross join lateral jsonb_each(t.sale_values) e where t.account_id = ${accountId} group by 1, 2
    )
    select 'sums' as what, coalesce(c.w, k.w) as level, row_to_json(c) as computed, row_to_json(k) as kept
      from computed c full join kept k on k.w = c.w
      where coalesce(c.count, 0) <> coalesce(k.count, 0) or coalesce(c.reserve, 0) <> coalesce(k.reserve, 0) or coalesce(c.cost_value, 0) <> coalesce(k.cost_value, 0)
    union all
    select 'sale', coalesce(c.w, k.w), row_to_json(c), row_to_json(k)
      from computed_sale c full join kept_sale k on k.w = c.w and k.code = c.code
      where coalesce(c.sale, 0) <> coalesce(k.sale, 0)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

type Shop = Awaited<ReturnType<typeof shop>> & { goods: number[] };

async function call(room: Shop, path: string, body: unknown): Promise<{ status: number; body: any }> {
  return server.call('POST', path, { token: room.account.token, body });
}

async function post(room: Shop, path: string, body: unknown): Promise<any> {
  const answer = await call(room, path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** An account with Main and Shop, price types price and wholesale, three products and a service. */
async function room(): Promise<Shop> {
  const base = await shop(server);
  const room = { ...base, goods: [] as number[] };
  await post(room, 'field/add', { name: 'Wholesale', code: 'wholesale', type: 11 });
  for (const [name, price, wholesale] of [['Hammer drill', 100, 80], ['Saw', 10.5, 7], ['Level', 3, null]] as const)
    room.goods.push((await post(room, 'product/add', { name, values: { price: { cost: price }, ...(wholesale !== null && { wholesale: { cost: wholesale } }) } })).id);
  await post(room, 'product/add', { name: 'Delivery', type: 'service', values: { price: { cost: 5 } } });
  return room;
}

/** The whole table's totals (kept rows) must answer what the general path computes: a neutral stock condition (count ≥ 0) sends the call there. */
async function sameAsGeneralPath(room: Shop, step: string): Promise<void> {
  for (const warehouse of ['all', 'main', room.mainId, room.otherId]) {
    const kept = await post(room, 'product/stock-totals', { warehouse });
    const general = await post(room, 'product/stock-totals', { warehouse, filter: { count_min: 0 } });
    expect(kept, `${step}, ${warehouse}`).toEqual(general);
  }
}

type Operation =
  | { kind: 'arrival'; product: number; warehouse: number; batch: number; count: number; cost: number }
  | { kind: 'write-off' | 'move' | 'send'; batch: number; count: number }
  | { kind: 'receive'; transit: number }
  | { kind: 'reserve'; product: number; warehouse: number; count: number }
  | { kind: 'archive' | 'unarchive' | 'delete'; product: number }
  | { kind: 'price'; product: number; field: 'price' | 'wholesale'; cost: number }
  | { kind: 'tags'; product: number }
  | { kind: 'import'; product: number; count: number };

const quantity = fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(0.5, 2.5, 0.001, 7.125));
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('arrival' as const), product: fc.nat(2), warehouse: fc.nat(1), batch: fc.nat(2), count: quantity, cost: fc.integer({ min: 0, max: 500 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('write-off' as const, 'move' as const, 'send' as const), batch: fc.nat(20), count: quantity }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('receive' as const), transit: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reserve' as const), product: fc.nat(2), warehouse: fc.nat(1), count: quantity }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('archive' as const, 'unarchive' as const), product: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), product: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('price' as const), product: fc.nat(2), field: fc.constantFrom('price' as const, 'wholesale' as const), cost: fc.oneof(fc.integer({ min: 0, max: 900 }), fc.constant(12.34)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tags' as const), product: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('import' as const), product: fc.nat(2), count: fc.integer({ min: 1, max: 9 }) }) },
);

/** Runs one operation through the API (a deletion as deleting the account does, in SQL); a refusal is a valid outcome that must change nothing. */
async function apply(room: Shop, state: { transits: number[]; orders: number }, op: Operation): Promise<number> {
  const warehouses = [room.mainId, room.otherId];
  const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);
  const product = 'product' in op ? room.goods[op.product] : 0;
  switch (op.kind) {
    case 'arrival':
      return (await call(room, 'stock/arrival', { warehouse_id: warehouses[op.warehouse], lines: [{ product_id: product, count: op.count, cost_price: op.cost, batch: `L${op.batch}`, add_to_existing: true }] })).status;
    case 'write-off':
    case 'move':
    case 'send': {
      const rows = await db().select().from(batches).where(eq(batches.accountId, room.account.id)).orderBy(asc(batches.id));
      const batch = pick(rows, op.batch);
      if (!batch) return 0;
      const lines = [{ batch_id: batch.id, count: op.count }];
      if (op.kind === 'write-off') return (await call(room, 'stock/write-off', { warehouse_id: batch.warehouseId, comment: 'Test', lines })).status;
      const to = warehouses.find((id) => id !== batch.warehouseId)!;
      const answer = await call(room, 'stock/move', { from_warehouse_id: batch.warehouseId, to_warehouse_id: to, mode: op.kind === 'move' ? 'now' : 'transit', lines });
      if (answer.status === 200 && op.kind === 'send') state.transits.push(answer.body.id);
      return answer.status;
    }
    case 'receive': {
      const id = pick(state.transits, op.transit);
      return id === undefined ? 0 : (await call(room, 'stock/transit/receive', { id })).status;
    }
    case 'reserve': {
      // An order in a reserving stage holds the goods (its positions' reservations change the batches' reserve).
      const stages = (await db().execute(sql`select s.id, s.name from pipeline_statuses s join pipelines p on p.id = s.pipeline_id where s.account_id = ${room.account.id} and p.is_system`)) as unknown as { rows: { id: number; name: string }[] };
      const stage = Object.fromEntries(stages.rows.map((row) => [row.name, row.id]));
      const order = await call(room, 'orders/add', { status_id: stage.New });
      const code = (await db().execute(sql`select code from warehouses where id = ${warehouses[op.warehouse]}`)) as unknown as { rows: { code: string }[] };
      await call(room, 'orders/product/add', { order_id: order.body.id, product: `${product}%%%${code.rows[0].code}`, quantity: op.count });
      const current = (await server.call('GET', 'orders/order', { token: room.account.token, query: { order_id: order.body.id } })).body;
      state.orders += 1;
      return (await call(room, 'orders/update', { id: order.body.id, version: current.version, status_id: stage.Reserved })).status;
    }
    case 'archive':
    case 'unarchive':
      return (await call(room, `product/${op.kind}`, { id: product })).status;
    case 'delete':
      // A product an order names cannot be deleted (the positions' foreign key): a refusal that changes nothing.
      return db()
        .delete(products)
        .where(eq(products.id, product))
        .then(
          () => 200,
          () => 409,
        );
    case 'price':
      return (await call(room, 'product/set-price', { id: product, price_field: op.field, cost: op.cost })).status;
    case 'tags':
      return (await call(room, 'product/update', { id: product, tags: ['blade'] })).status;
    case 'import': {
      const [row] = await db().select({ name: products.name, archived: products.archived }).from(products).where(eq(products.id, product));
      if (!row || row.archived) return 0;
      // The product's price and stock updated, and a product of its own added, by one import.
      const { outcome } = await importFile(server, room.account, 'goods.csv', csv([['Name', 'Price', 'Batch', 'Quantity'], [row.name, 77, 'IM-1', op.count], [`New ${op.count}`, 5, 'IM-2', 1]]), { compare: 'name' });
      return outcome.counts ? 200 : 422;
    }
  }
}

describe('kept stock totals (stock_totals)', () => {
  it('rule: after any sequence of arrivals, write-offs, moves, reservations, archive, price changes, imports and deletions, the kept whole-table totals equal the computed ones and the totals call answers as the general path does', async () => {
    const runs = Number(process.env.STOCK_TOTALS_RUNS ?? 6);
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 12 }), async (ops) => {
        const shopRoom = await room();
        const state = { transits: [] as number[], orders: 0 };
        for (const op of ops) {
          const status = await apply(shopRoom, state, op);
          statuses.set(`${op.kind} ${status}`, (statuses.get(`${op.kind} ${status}`) ?? 0) + 1);
          expect(await drift(shopRoom.account.id), `after ${JSON.stringify(op)}`).toEqual([]);
        }
        await sameAsGeneralPath(shopRoom, JSON.stringify(ops));
      }),
      { numRuns: runs, seed: Number(process.env.STOCK_TOTALS_SEED ?? 1326) },
    );
    // The runs did write: not every operation was refused.
    for (const kind of ['arrival', 'write-off', 'archive', 'price']) expect([...statuses.keys()].some((key) => key === `${kind} 200`), `${kind}: ${[...statuses.entries()]}`).toBe(true);
  }, 600_000);

  it('rule: each kind of write, one after another, keeps the totals in step (arrival, write-off, move, transit, reserve, archive, un-archive, price, import, delete)', async () => {
    const shopRoom = await room();
    const state = { transits: [] as number[], orders: 0 };
    const steps: Operation[] = [
      { kind: 'arrival', product: 0, warehouse: 0, batch: 0, count: 12, cost: 40 },
      { kind: 'arrival', product: 1, warehouse: 1, batch: 1, count: 5.5, cost: 7 },
      { kind: 'arrival', product: 2, warehouse: 0, batch: 2, count: 3, cost: 1 },
      { kind: 'write-off', batch: 0, count: 2 },
      { kind: 'move', batch: 0, count: 3 },
      { kind: 'send', batch: 1, count: 1.5 },
      { kind: 'receive', transit: 0 },
      { kind: 'reserve', product: 0, warehouse: 0, count: 2 },
      { kind: 'archive', product: 1 },
      { kind: 'price', product: 1, field: 'price', cost: 99 },
      { kind: 'unarchive', product: 1 },
      { kind: 'price', product: 0, field: 'wholesale', cost: 12.34 },
      { kind: 'tags', product: 0 },
      { kind: 'import', product: 2, count: 4 },
      { kind: 'delete', product: 2 },
    ];
    for (const op of steps) {
      expect(await apply(shopRoom, state, op), JSON.stringify(op)).toBe(200);
      expect(await drift(shopRoom.account.id), `after ${JSON.stringify(op)}`).toEqual([]);
      await sameAsGeneralPath(shopRoom, JSON.stringify(op));
    }
    const totals = await post(shopRoom, 'product/stock-totals', {});
    expect(totals.count).toBeGreaterThan(0);
    expect(totals.sale_value).toBeGreaterThan(0);
  }, 120_000);

  it('rule: concurrent stock writers of one account (arrivals, write-offs, price edits at once) leave the totals exact and never deadlock on them', async () => {
    const shopRoom = await room();
    const extra: number[] = [];
    for (let i = 0; i < 6; i += 1) extra.push((await post(shopRoom, 'product/add', { name: `Bolt ${i}`, values: { price: { cost: 2 + i } } })).id);
    const goods = [...shopRoom.goods, ...extra];
    await Promise.all(goods.map((id) => post(shopRoom, 'stock/arrival', { warehouse_id: shopRoom.mainId, lines: [{ product_id: id, count: 50, cost_price: 3, batch: 'C1' }] })));
    const writes = goods.flatMap((id, index) => [
      () => call(shopRoom, 'stock/arrival', { warehouse_id: shopRoom.otherId, lines: [{ product_id: id, count: 2, cost_price: 5, batch: 'C2' }, { product_id: goods[(index + 1) % goods.length], count: 1, cost_price: 4, batch: 'C3' }] }),
      async () => {
        const [batch] = await db().select().from(batches).where(eq(batches.productId, id)).orderBy(asc(batches.id));
        return call(shopRoom, 'stock/write-off', { warehouse_id: batch.warehouseId, comment: 'at once', lines: [{ batch_id: batch.id, count: 1 }] });
      },
      () => call(shopRoom, 'product/set-price', { id, price_field: 'price', cost: 10 + index }),
    ]);
    const answers = await Promise.all(writes.map((write) => write()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await drift(shopRoom.account.id)).toEqual([]);
    await sameAsGeneralPath(shopRoom, 'concurrent');
  }, 120_000);

  it('rule: the migration backfills the totals of data written before it (its statement recounts exactly what the triggers kept)', async () => {
    const shopRoom = await room();
    const state = { transits: [] as number[], orders: 0 };
    for (const op of [
      { kind: 'arrival', product: 0, warehouse: 0, batch: 0, count: 12, cost: 40 },
      { kind: 'arrival', product: 1, warehouse: 1, batch: 1, count: 5.5, cost: 7 },
      { kind: 'arrival', product: 2, warehouse: 1, batch: 1, count: 1, cost: 2 },
      { kind: 'reserve', product: 0, warehouse: 0, count: 3 },
      { kind: 'archive', product: 2 },
    ] satisfies Operation[])
      expect(await apply(shopRoom, state, op)).toBe(200);
    // Found by name: migrations are renumbered when branches merge.
    const folder = new URL('../../../server/db/migrations/', import.meta.url);
    const file = readdirSync(folder).filter((name) => name.endsWith('_stock_totals.sql'));
    expect(file).toHaveLength(1);
    const migration = readFileSync(new URL(file[0], folder), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- The totals of the data already there')).split('--> statement-breakpoint')[0];
    const rollback = new Error('rollback');
    const found = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`delete from stock_totals`);
        const emptied = await drift(shopRoom.account.id, tx);
        await tx.execute(sql.raw(backfill));
        throw Object.assign(rollback, { found: { emptied, after: await drift(shopRoom.account.id, tx) } });
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
        return (error as typeof rollback & { found: { emptied: unknown[]; after: unknown[] } }).found;
      });
    expect(found.emptied.length).toBeGreaterThan(0);
    expect(found.after).toEqual([]);
    expect(await drift(shopRoom.account.id)).toEqual([]);
  });

  it('rule: the whole-table totals read the kept rows, not the products: a kept row changed behind the triggers shows in the answer', async () => {
    const shopRoom = await room();
    await post(shopRoom, 'stock/arrival', { warehouse_id: shopRoom.mainId, lines: [{ product_id: shopRoom.goods[0], count: 2, cost_price: 1, batch: 'K1' }] });
    const before = await post(shopRoom, 'product/stock-totals', {});
    await db().execute(sql`update stock_totals set count = count + 1000, sale_values = stock_totals_merge(sale_values, '{"price": 7}') where account_id = ${shopRoom.account.id} and warehouse_id = 0 and slot = (select min(slot) from stock_totals where account_id = ${shopRoom.account.id})`);
    const after = await post(shopRoom, 'product/stock-totals', {});
    expect(after.count).toBe(before.count + 1000);
    expect(after.sale_value).toBe(before.sale_value + 7);
    // A filter takes the general path, which does not read them.
    expect((await post(shopRoom, 'product/stock-totals', { filter: { count_min: 0 } })).count).toBe(before.count);
  });
});

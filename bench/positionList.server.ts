/**
 * The /positions list (orders/positions/list) with 100,000 positions in 3 warehouses: the service's time for the
 * first page, a deep page, each filter and a sort, with the account indexes of order_positions and without them.
 * Run by bench/position-list.mjs; prints a table. A benchmark, not a test: numbers vary with the machine.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PositionListRequest } from '../src/contract/positionList';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { listPositionRows } from '../server/modules/orders/positionList';
import { ensureTariffs, seedDemo } from '../server/seeds/seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const PRODUCTS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

type Rows = { rows: Record<string, unknown>[] };

async function main(): Promise<void> {
  const config = loadConfig(process.env, { dataDir: process.env.DATABASE_URL ? 'memory://' : mkdtempSync(join(tmpdir(), 'stockroom-positions-')), logLevel: 'warn' });
  const database = await openDatabase(config);
  const { db } = database;
  await database.migrate();
  await ensureTariffs(db);
  await seedDemo(db);
  const started = Date.now();
  await db.execute(sql`insert into warehouses (account_id, name, code) values (1, 'Bench North', 'bnorth'), (1, 'Bench South', 'bsouth')`);
  await db.execute(sql`insert into products (account_id, type, name, article, unit) select 1, 'product', 'Bench product ' || i, 'BP-' || i, 'pcs' from generate_series(1, ${PRODUCTS}) as i`);
  // Two positions per order (100,000 at the default), spread over three warehouses, the system pipeline's stages and 200 days.
  await db.execute(sql`
    with stages as (select s.id, s.pipeline_id, row_number() over (order by s.sort) as n from pipeline_statuses s join pipelines p on p.id = s.pipeline_id where p.account_id = 1 and p.is_system)
    insert into orders (account_id, name, pipeline_id, status_id, user_id, created_at)
    select 1, 'Bench order ' || i, (select pipeline_id from stages limit 1), (select id from stages where n = 1 + i % (select count(*) from stages)),
           (select user_id from memberships where account_id = 1 and is_owner limit 1), now() - make_interval(mins => ${ORDERS} - i)
    from generate_series(1, ${ORDERS}) as i`);
  await db.execute(sql`
    with first as (select min(id) as id from products where article like 'BP-%'), stores as (select array_agg(id order by id) as ids from warehouses where account_id = 1)
    insert into order_positions (account_id, order_id, product_id, warehouse_id, price, quantity, cost_price, sort, created_at)
    select 1, o.id, first.id + (o.id * 7 + k * 13) % ${PRODUCTS}, stores.ids[1 + (o.id + k) % array_length(stores.ids, 1)], 100 + (o.id + k) % 900, 1 + k, 50, k,
           now() - make_interval(mins => (${ORDERS} - (o.id % ${ORDERS})) * 6)
    from orders o cross join generate_series(0, 1) as k cross join first cross join stores
    where o.account_id = 1 and o.name like 'Bench order %'`);
  await db.execute(sql`vacuum analyze`);
  const [{ n }] = ((await db.execute(sql`select count(*)::int as n from order_positions where account_id = 1`)) as unknown as Rows).rows as { n: number }[];
  const [{ warehouse, product, stage }] = ((await db.execute(sql`select
    (select id from warehouses where account_id = 1 and code = 'bsouth') as warehouse,
    (select min(id) + 17 from products where article like 'BP-%') as product,
    (select s.id from pipeline_statuses s join pipelines p on p.id = s.pipeline_id where p.account_id = 1 and p.is_system order by s.sort limit 1) as stage`)) as unknown as Rows).rows as { warehouse: number; product: number; stage: number }[];
  console.log(`${n} positions in 3 warehouses seeded in ${Date.now() - started} ms (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

  const cases: [string, PositionListRequest][] = [
    ['first page (50, newest first)', {}],
    ['page 200', { page: 200 }],
    ['by warehouse', { filter: { warehouse_id: warehouse } }],
    ['by product', { filter: { product_id: product } }],
    ['by stage', { filter: { status_id: stage } }],
    ['by dates (one week)', { filter: { date_from: new Date(Date.now() - 14 * 86_400_000).toISOString(), date_to: new Date(Date.now() - 7 * 86_400_000).toISOString() } }],
    ['sorted by sum', { sort: { field: 'sum', order: 'desc' } }],
  ];
  const time = async (request: PositionListRequest) => {
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const begin = performance.now();
      await listPositionRows(db, 1, request);
      samples.push(performance.now() - begin);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[Math.floor(samples.length / 2)], p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)] };
  };
  const table: Record<string, string>[] = [];
  for (const [name, request] of cases) {
    const result = await time(request);
    table.push({ case: name, 'median ms': result.median.toFixed(1), 'p95 ms': result.p95.toFixed(1) });
  }
  await db.execute(sql`drop index order_positions_account_created, order_positions_account_warehouse, order_positions_account_product`);
  await db.execute(sql`analyze order_positions`);
  for (const [index, [, request]] of cases.entries()) {
    const result = await time(request);
    Object.assign(table[index], { 'median ms without the indexes': result.median.toFixed(1), 'p95 ms without': result.p95.toFixed(1) });
  }
  console.table(table);
  await database.close();
}

void main();

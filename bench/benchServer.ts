/**
 * The server under benchmark, in its own process: a database (PGlite in a temp folder, or the
 * PostgreSQL of DATABASE_URL), the demo seed, 100,000 more products with stock, then the real app.
 * Prints "READY <port> <token>" when it can be measured.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from '../server/seeds/seed';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

async function main(): Promise<void> {
  const config = loadConfig(process.env, { dataDir: process.env.DATABASE_URL ? 'memory://' : mkdtempSync(join(tmpdir(), 'stockroom-bench-')), logLevel: 'warn', loginRateLimit: 1_000_000 });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  await seedDemo(database.db);
  // A database seeded by an earlier run (DATABASE_URL given again, as when tuning) is measured as it is.
  const earlier = (await database.db.execute(sql`select count(*)::int as n from products where article like 'BN-%'`)) as unknown as { rows: { n: number }[] };
  if (earlier.rows[0].n === 0) await seedBench(database);
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const [ranges] = (
    (await database.db.execute(sql`select
      (select min(id) from orders where name like 'Bench order %') as first_order, (select max(id) from orders where name like 'Bench order %') as last_order,
      (select min(id) from orders where lead_id >= 9000000) as first_deal, (select max(id) from orders where lead_id >= 9000000) as last_deal,
      (select count(*) from orders where lead_id >= 9000000) as deal_count,
      -- The deals are every fifth order: their ids step evenly (0 when they do not, and dealId refuses to guess).
      (with d as (select id from orders where lead_id >= 9000000), m as (select min(id) as lo, max(id) as hi, count(*) as n from d)
       select case when n > 1 and (hi - lo) % (n - 1) = 0 and not exists (select 1 from d where (d.id - lo) % ((hi - lo) / (n - 1)) <> 0)
                   then (hi - lo) / (n - 1) else 0 end from m) as deal_step,
      (select min(id) from products where article like 'BN-%') as first_product, (select max(id) from products where article like 'BN-%') as last_product,
      (select id from pipelines where account_id = 1 and is_system) as system_pipeline,
      (select min(s.id) from pipeline_statuses s join pipelines p on p.id = s.pipeline_id where p.account_id = 1 and p.is_system) as first_stage`)) as unknown as { rows: Record<string, number>[] }
  ).rows;
  console.log(`RANGES ${JSON.stringify(Object.fromEntries(Object.entries(ranges).map(([key, value]) => [key, Number(value)])))}`);
  console.log(`READY ${new URL(address).port} ${JSON.parse(login.body).access_token}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** 100,000 products with stock and 50,000 orders, in bulk SQL. */
async function seedBench(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const seeded = Date.now();
  const words = ['drill', 'saw', 'hammer', 'wrench', 'pliers', 'screw', 'bolt', 'nut', 'washer', 'clamp', 'chisel', 'file', 'level', 'tape', 'glue'];
  // Bulk insert in SQL: 100,000 products with names from a word list, one batch each in the main warehouse.
  await database.db.execute(sql`
    insert into products (account_id, type, name, article, unit, values)
    select 1, 'product',
           initcap((array[${sql.raw(words.map((w) => `'${w}'`).join(','))}])[1 + i % ${words.length}]) || ' ' ||
           (array['mini','pro','steel','heavy','compact','smart'])[1 + (i / 7) % 6] || ' ' || i,
           'BN-' || i, 'pcs', jsonb_build_object('retail', jsonb_build_object('cost', 100 + i % 5000, 'currency', 'RUB', 'nds', 0))
    from generate_series(1, ${PRODUCTS}) as i`);
  await database.db.execute(sql`
    insert into batches (account_id, product_id, warehouse_id, number, count, cost_price)
    select 1, id, (select id from warehouses where account_id = 1 and is_main), 'BN',
           -- The first 2,000 are the hot products the add-to-deal runs reserve from (100 per run): deep enough that no
           -- run is answered 'not enough stock' instead of reserving.
           case when substr(article, 4)::int <= 2000 then 100000 else 10 + id % 50 end, 50
    from products where article like 'BN-%'`);
  const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
  const orderSeeded = Date.now();
  // 50,000 orders: four in five local, in the system pipeline's New or Cancelled stage (stages that hold no
  // stock, so the balances stay true) with two positions each; one in five linked to a CRM deal (opened)
  // with no positions yet — those are the deals the add-to-deal calls fill, reserving as they go.
  await database.db.execute(sql`
    with stages as (
      select s.id, s.pipeline_id, row_number() over (order by s.sort) as n from pipeline_statuses s
      join pipelines p on p.id = s.pipeline_id where p.account_id = 1 and p.is_system and s.type <> 1 and not s.is_reserve)
    insert into orders (account_id, name, pipeline_id, status_id, lead_id, crm_status, user_id, created_at)
    select 1, 'Bench order ' || i,
           case when i % 5 = 0 then null else (select pipeline_id from stages limit 1) end,
           case when i % 5 = 0 then null else (select id from stages where n = 1 + (i % 2)) end,
           case when i % 5 = 0 then 9000000 + i else null end,
           case when i % 5 = 0 then 0 else null end,
           (select user_id from memberships where account_id = 1 and is_owner limit 1),
           now() - make_interval(mins => ${ORDERS} - i)
    from generate_series(1, ${ORDERS}) as i`);
  await database.db.execute(sql`
    insert into order_positions (account_id, order_id, product_id, warehouse_id, price_field, price, quantity, cost_price, sort)
    with first as (select min(id) as id from products where article like 'BN-%')
    select 1, o.id, first.id + (o.id * 7 + k * 13) % ${PRODUCTS}, (select id from warehouses where account_id = 1 and is_main), 'retail', 100 + (o.id + k) % 900, 1 + k, 50, k
    from orders o cross join generate_series(0, 1) as k cross join first
    where o.account_id = 1 and o.lead_id is null and o.name like 'Bench order %'`);
  await database.db.execute(sql`
    update orders o set sum = t.sum, cost_price = t.cost, profit = t.sum - t.cost
    from (select order_id, sum(round(price * quantity, 2)) as sum, sum(round(cost_price * quantity, 2)) as cost from order_positions group by order_id) t
    where t.order_id = o.id and o.name like 'Bench order %'`);
  console.log(`ORDERS ${ORDERS} in ${Date.now() - orderSeeded} ms`);
  // As autovacuum would soon after a bulk load: statistics, and the visibility map that index-only scans need.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`SEEDED ${PRODUCTS} in ${Date.now() - seeded} ms`);
}

void main();

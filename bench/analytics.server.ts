/**
 * The server of the analytics benchmark (bench/analytics.mjs), in its own process: the real app on the PostgreSQL of
 * DATABASE_URL with the demo seed, plus — seeded set-based in SQL (generate_series) — 2,000 products, 1,000 companies,
 * 2,000 contacts, 100,000 orders over the last year (about 40 % in the success stage) with 2–3 positions each, and
 * 1,000,000 ledger rows over the same year (the ledger through its rollup trigger; the positions' rollups backfilled after
 * their bulk insert). Prints "READY <port> <token>".
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Db, openDatabase } from '../server/db/client';
import { rollupReads } from '../server/modules/analytics/rollups';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from '../server/seeds/seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const root = process.env.BENCH_ROOT ?? process.cwd();

const SPANS = sql`cross join lateral (values ('day', (o.created_at at time zone 'UTC')::date), ('month', date_trunc('month', o.created_at at time zone 'UTC')::date),
  ('year', date_trunc('year', o.created_at at time zone 'UTC')::date)) as sp(span, start)`;
const KEYS = sql`o.account_id, sp.span, sp.start, coalesce(o.status_id, 0), coalesce(o.crm_status, -1), coalesce(o.pipeline_id, 0), coalesce(o.user_id, 0)`;
const FIGURES = sql`sum(p.quantity), sum(round(p.price * p.quantity, 2)), sum(round(p.cost_price * p.quantity, 2)), count(distinct o.id), count(*)`;

/**
 * The sales rollups of account 1 recomputed from its rows, each cell spread over the 8 writer slots by order id: as
 * a busy account's cells end up after concurrent writers, the most rows a report can have to sum.
 */
async function backfillSalesRollups(db: Db): Promise<void> {
  await db.execute(sql`delete from analytics_sales_products where account_id = 1`);
  await db.execute(sql`delete from analytics_sales_customers where account_id = 1`);
  await db.execute(sql`insert into analytics_sales_products (account_id, span, start, status_id, crm_status, pipeline_id, user_id, product_id, slot, quantity, sum, cost_sum, orders, positions)
    select ${KEYS}, p.product_id, o.id % 8, ${FIGURES} from orders o join order_positions p on p.order_id = o.id ${SPANS} where o.account_id = 1 group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  await db.execute(sql`insert into analytics_sales_customers (account_id, span, start, status_id, crm_status, pipeline_id, user_id, company_id, contact_id, slot, quantity, sum, cost_sum, orders, positions)
    select ${KEYS}, coalesce(o.company_id, 0), coalesce(o.contact_id, 0), o.id % 8, ${FIGURES} from orders o join order_positions p on p.order_id = o.id ${SPANS} where o.account_id = 1 group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`);
}

async function seed(db: Db): Promise<void> {
  await ensureTariffs(db);
  await seedDemo(db);
  await db.execute(sql`insert into products (account_id, name, article) select 1, 'Bench product ' || i, 'AB-' || i from generate_series(1, 2000) as i`);
  await db.execute(sql`insert into companies (account_id, name) select 1, 'Bench company ' || i from generate_series(1, 1000) as i`);
  await db.execute(sql`insert into contacts (account_id, name) select 1, 'Bench contact ' || i from generate_series(1, 2000) as i`);
  // Orders spread over the last 365 days in the system pipeline's stages; the stage decides whether an order is a sale.
  await db.execute(sql`
    with stages as (select s.id, s.pipeline_id, row_number() over (order by s.sort, s.id) as n from pipeline_statuses s join pipelines p on p.id = s.pipeline_id where s.account_id = 1 and p.is_system),
         firsts as (select min(id) as company0 from companies where account_id = 1 and name like 'Bench company %'),
         contacts0 as (select min(id) as contact0 from contacts where account_id = 1 and name like 'Bench contact %'),
         users0 as (select user_id from memberships where account_id = 1 order by user_id limit 1)
    insert into orders (account_id, name, pipeline_id, status_id, user_id, company_id, contact_id, created_at)
    select 1, 'Bench order ' || i, st.pipeline_id, st.id, (select user_id from users0),
           case when i % 10 = 0 then null else (select company0 from firsts) + i % 1000 end,
           (select contact0 from contacts0) + i % 2000,
           now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${ORDERS}) as i
    join stages st on st.n = case when i % 5 < 2 then 3 else 1 + i % 2 end`);
  // 250,000 positions in one statement: the rollups are filled afterwards as the migration backfills them, since the
  // planner has no statistics on a trigger's transition table and would join a quarter of a million rows blind.
  await db.execute(sql`alter table order_positions disable trigger analytics_sales_positions_insert`);
  await db.execute(sql`
    with listed as (select id, row_number() over (order by id) as i from orders where account_id = 1 and name like 'Bench order %'),
         goods as (select min(id) as product0 from products where account_id = 1 and name like 'Bench product %')
    insert into order_positions (account_id, order_id, product_id, price, quantity, cost_price)
    select 1, listed.id, (select product0 from goods) + (listed.i * 7 + k * 13) % 2000, 100 + (listed.i + k) % 900, 1 + (listed.i + k) % 5, 60 + (listed.i + k) % 500
    from listed cross join generate_series(0, 2) as k
    where k < 2 or listed.i % 2 = 0`);
  await db.execute(sql`alter table order_positions enable trigger analytics_sales_positions_insert`);
  await backfillSalesRollups(db);
  await db.execute(sql`
    with goods as (select min(id) as product0 from products where account_id = 1 and name like 'Bench product %'),
         stores as (select array_agg(id order by id) as ids from warehouses where account_id = 1),
         people as (select array_agg(user_id order by user_id) as ids from memberships where account_id = 1)
    insert into movements (account_id, event_date, event_type, product_id, article_number, title, party, quantity, cost_price, sum, initial_warehouse_id, final_warehouse_id, user_id, comment)
    select 1, now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second',
           (array['arrival','write_off','move','reserve','release','sale','return'])[1 + i % 7],
           (select product0 from goods) + i % 2000, 'AB-' || (1 + i % 2000), 'Bench product ' || (1 + i % 2000), 'P' || (i % 5000),
           1 + i % 20, 50 + i % 400, (1 + i % 20) * (50 + i % 400),
           (select ids[1 + i % array_length(ids, 1)] from stores), (select ids[1 + (i + 1) % array_length(ids, 1)] from stores),
           (select ids[1 + i % array_length(ids, 1)] from people), ''
    from generate_series(1, ${MOVEMENTS}) as i`);
  // The ledger rollup the one insert wrote into one slot, spread over the 8 slots as well.
  await db.execute(sql`delete from analytics_movement_days where account_id = 1`);
  await db.execute(sql`insert into analytics_movement_days (account_id, day, event_type, initial_warehouse_id, final_warehouse_id, user_id, slot, rows, quantity, sum)
    select account_id, (event_date at time zone 'UTC')::date, event_type, coalesce(initial_warehouse_id, 0), coalesce(final_warehouse_id, 0), coalesce(user_id, 0), id % 8, count(*), sum(quantity), sum(sum)
    from movements where account_id = 1 group by 1, 2, 3, 4, 5, 6, 7`);
  await db.execute(sql`vacuum analyze`);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, {
    dataDir: 'memory://',
    logLevel: 'warn',
    loginRateLimit: 1_000_000,
    rootDir: root,
    migrationsDir: `${root}/server/db/migrations`,
    shellDir: process.env.SHELL_DIR ?? `${root}/dist/shell`,
  });
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  const seeded = Date.now();
  if (!process.env.BENCH_REUSE) await seed(db);
  console.log(`SEEDED ${ORDERS} in ${Date.now() - seeded} ms`);
  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  console.log(`READY ${new URL(address).port} ${(JSON.parse(login.body) as { access_token: string }).access_token}`);
  // SIGUSR2 switches the reports between the rollups and the raw rows (bench/analytics.mjs compares their CPU per call).
  process.on('SIGUSR2', () => {
    rollupReads.on = !rollupReads.on;
    console.log(`MODE ${rollupReads.on ? 'rollups' : 'raw'}`);
  });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The server of the stock-list benchmark (bench/stock-list.mjs), in its own process: the real app on the PostgreSQL
 * of DATABASE_URL with the demo seed, plus 100,000 products in 3 warehouses seeded in SQL (generate_series), serving
 * the shell built into SHELL_DIR. Prints "READY <port> <token>".
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Db, openDatabase } from '../server/db/client';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from '../server/seeds/seed';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const root = process.env.BENCH_ROOT ?? process.cwd();

async function seed(db: Db): Promise<void> {
  await ensureTariffs(db);
  await seedDemo(db);
  // The demo account has two warehouses; a third makes the three the brief names.
  await db.execute(sql`insert into warehouses (account_id, name, code) values (1, 'Bench third', 'bench3')`);
  await db.execute(sql`insert into categories (account_id, name) select 1, 'Bench category ' || i from generate_series(1, 20) as i`);
  const words = ['drill', 'saw', 'hammer', 'wrench', 'pliers', 'screw', 'bolt', 'nut', 'washer', 'clamp', 'chisel', 'file', 'level', 'tape', 'glue'];
  await db.execute(sql`
    insert into products (account_id, type, name, article, unit, category_id, tags, values)
    select 1, case when i % 50 = 0 then 'service' else 'product' end,
           initcap((array[${sql.raw(words.map((w) => `'${w}'`).join(','))}])[1 + i % ${words.length}]) || ' ' ||
           (array['mini','pro','steel','heavy','compact','smart'])[1 + (i / 7) % 6] || ' ' || i,
           'SL-' || i, 'pcs',
           (select id from categories where account_id = 1 and name = 'Bench category ' || (1 + i % 20)),
           case when i % 10 = 0 then '["sale"]'::jsonb else '[]'::jsonb end,
           jsonb_build_object('retail', jsonb_build_object('cost', 100 + i % 5000, 'currency', 'RUB', 'nds', 0),
                              'wholesale', jsonb_build_object('cost', 80 + i % 4000, 'currency', 'RUB', 'nds', 0))
    from generate_series(1, ${PRODUCTS}) as i`);
  // Every product in one warehouse (by id), every third also in the next one, every tenth with nothing left in the first.
  await db.execute(sql`
    with stores as (select id, row_number() over (order by id) - 1 as n from warehouses where account_id = 1),
         listed as (select id, row_number() over (order by id) as i from products where account_id = 1 and article like 'SL-%' and type = 'product')
    insert into batches (account_id, product_id, warehouse_id, number, count, reserve, cost_price)
    select 1, listed.id, stores.id, 'P' || listed.i || '-' || stores.n,
           case when k = 0 and listed.i % 10 = 0 then 0 else 1 + listed.i % 60 end, case when listed.i % 7 = 0 and not (k = 0 and listed.i % 10 = 0) then 1 else 0 end, 40 + listed.i % 300
    from listed cross join generate_series(0, 1) as k
    join stores on stores.n = (listed.i + k) % 3
    where k = 0 or listed.i % 3 = 0`);
  // As autovacuum would soon after a bulk load: statistics, and the visibility map that index-only scans need.
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
  // BENCH_REUSE=1 serves a database an earlier run seeded (while tuning queries).
  if (!process.env.BENCH_REUSE) await seed(db);
  console.log(`SEEDED ${PRODUCTS} in ${Date.now() - seeded} ms`);
  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  console.log(`READY ${new URL(address).port} ${(JSON.parse(login.body) as { access_token: string }).access_token}`);
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

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
import { DEMO_ADMIN, ensureTariffs, seedDemo } from '../server/db/seed';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

async function main(): Promise<void> {
  const config = loadConfig(process.env, { dataDir: process.env.DATABASE_URL ? 'memory://' : mkdtempSync(join(tmpdir(), 'stockroom-bench-')), logLevel: 'warn', loginRateLimit: 1_000_000 });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  await seedDemo(database.db);
  const words = ['drill', 'saw', 'hammer', 'wrench', 'pliers', 'screw', 'bolt', 'nut', 'washer', 'clamp', 'chisel', 'file', 'level', 'tape', 'glue'];
  const seeded = Date.now();
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
    select 1, id, (select id from warehouses where account_id = 1 and is_main), 'BN', 10 + id % 50, 50
    from products where article like 'BN-%'`);
  await database.db.execute(sql`analyze`);
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  console.log(`SEEDED ${PRODUCTS} in ${Date.now() - seeded} ms`);
  console.log(`READY ${new URL(address).port} ${JSON.parse(login.body).access_token}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

void main();

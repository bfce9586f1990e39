/**
 * The server of the deal-screen keystroke benchmark (bench/deal-keystroke.mjs), in its own process: the real
 * app on an in-memory database with the demo seed, serving the shell built into SHELL_DIR, and an order with
 * 200 positions added through the API as the screen adds them. Prints "READY <port> <token> <orderId>".
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from '../server/seeds/seed';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 200);
const root = process.env.BENCH_ROOT ?? process.cwd();

interface Listed {
  data: { id: number; type: 'product' | 'service'; batches: { warehouse_id: number }[] }[];
  meta: { last_page?: number };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, {
    dataDir: 'memory://',
    databaseUrl: null,
    logLevel: 'warn',
    loginRateLimit: 1_000_000,
    rootDir: root,
    migrationsDir: `${root}/server/db/migrations`,
    shellDir: process.env.SHELL_DIR ?? `${root}/dist/shell`,
  });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  await seedDemo(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const token = (JSON.parse(login.body) as { access_token: string }).access_token;
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const answer = await app.inject({ method, url: `/api/${url}`, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return JSON.parse(answer.body) as T;
  };

  // Every product of the demo catalogue once per warehouse holding it (services once): more than 200 positions to pick from.
  const warehouses = await call<{ id: number; code: string }[]>('GET', 'warehouse/list');
  const codeOf = new Map(warehouses.map((store) => [store.id, store.code]));
  const identifiers: string[] = [];
  for (let page = 1; ; page += 1) {
    const listed = await call<Listed>('POST', 'product/list', { page, per_page: 200 });
    for (const product of listed.data) {
      if (product.type === 'service') identifiers.push(String(product.id));
      else for (const id of new Set(product.batches.map((batch) => batch.warehouse_id))) identifiers.push(`${product.id}%%%${codeOf.get(id)}`);
    }
    if (page >= (listed.meta.last_page ?? 1)) break;
  }
  if (identifiers.length < POSITIONS) throw new Error(`Only ${identifiers.length} product and warehouse pairs to add`);

  // A new order stays in the system pipeline's first stage, which reserves nothing, so any pair can be added.
  const order = await call<{ id: number }>('POST', 'orders/add', { name: `Order with ${POSITIONS} positions` });
  const started = Date.now();
  for (const product of identifiers.slice(0, POSITIONS)) await call('POST', 'orders/product/add', { order_id: order.id, product, quantity: 1 });
  console.log(`SEEDED ${POSITIONS} positions in ${Date.now() - started} ms`);
  console.log(`READY ${new URL(address).port} ${token} ${order.id}`);
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

import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from './seeds/seed';
import { DEMO_CUSTOMER } from './seeds/seedOrders';
import { demoLang } from './modules/demo/defaultNames';
import { isWorker, runPrimary } from './platform/cluster';
import { parseOriginList } from '../src/domain/origins';

/**
 * npm start: one process on the embedded PGlite; with DATABASE_URL, WORKERS processes (default: the cores) on
 * one port, the primary preparing the database once before forking (server/platform/cluster.ts).
 */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  if (isWorker()) return serve(config, started, { prepared: true });
  if (config.workers <= 1) return serve(config, started, { prepared: false });
  const seeded = await prepare(config, { notifier: false });
  const code = await runPrimary({
    workers: config.workers,
    log: (line) => console.log(`[primary ${process.pid}] ${line}`),
    onListening: (address) => announce(address, `${config.workers} processes on PostgreSQL at DATABASE_URL`, started, seeded),
  });
  process.exit(code);
}

/** Migrations only when the journal is ahead of the database, tariffs, and the demo only into an empty database. */
async function prepare(config: ServerConfig, options: { notifier: boolean }): Promise<boolean> {
  const database = await openDatabase(config, { notifier: options.notifier });
  try {
    return await prepareOpen(database, config);
  } finally {
    await database.close();
  }
}

async function prepareOpen(database: Awaited<ReturnType<typeof openDatabase>>, config: ServerConfig): Promise<boolean> {
  await database.migrate();
  await ensureTariffs(database.db);
  // The demo goes only into the embedded database, or into a server database when asked (SEED_DEMO=1).
  // The demo CRM page opened under the other loopback name (http://localhost:PORT/demo/host.html?app=http://127.0.0.1:PORT) plays a connected amoCRM.
  const wanted = database.kind === 'pglite' || process.env.SEED_DEMO === '1';
  return wanted ? seedDemo(database.db, [`http://localhost:${config.port}`], demoLang(process.env.DEMO_LANG)) : false;
}

async function serve(config: ServerConfig, started: number, options: { prepared: boolean }): Promise<void> {
  const database = await openDatabase(config);
  const seeded = options.prepared ? false : await prepareOpen(database, config);
  const hostOrigins = parseOriginList(process.env.HOST_ORIGINS);
  // The task queue starts once the server answers: its start is not on the way to the first request.
  const app = await buildApp({ config, db: database.db, readDb: database.readDb, notifier: database.notifier, sharedRateLimits: database.kind === 'pg', hostOrigins, taskQueue: 'afterListen' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // Stops taking connections, lets requests in flight finish, lets running tasks go for another process.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (isWorker()) return;
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
  announce(address, where, started, seeded || database.kind === 'pglite');
}

function announce(address: string, where: string, started: number, demo: boolean): void {
  console.log(`\nStockroom is running at ${address}/  (${where}; ready in ${Date.now() - started} ms, ${Math.round(process.uptime() * 1000)} ms after the process began)`);
  console.log(`API docs: ${address}/api/docs`);
  if (demo) {
    console.log(`Demo sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`Demo public-order customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password} (${address}/#/publicOrderAuth)\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

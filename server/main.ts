import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from './seeds/seed';
import { DEMO_CUSTOMER } from './seeds/seedOrders';
import { demoLang } from './modules/demo/defaultNames';
import { parseOriginList } from '../src/domain/origins';

/** npm start: open the database, migrate, seed the demo on a fresh embedded database, serve. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  // The demo goes only into the embedded database, or into a server database when asked (SEED_DEMO=1).
  // The demo CRM page opened under the other loopback name (http://localhost:PORT/demo/host.html?app=http://127.0.0.1:PORT) plays a connected amoCRM.
  const seeded = database.kind === 'pglite' || process.env.SEED_DEMO === '1' ? await seedDemo(database.db, [`http://localhost:${config.port}`], demoLang(process.env.DEMO_LANG)) : false;
  const hostOrigins = parseOriginList(process.env.HOST_ORIGINS);
  const app = await buildApp({ config, db: database.db, hostOrigins });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
  console.log(`\nStockroom is running at ${address}/  (${where}; ready in ${Date.now() - started} ms)`);
  console.log(`API docs: ${address}/api/docs`);
  if (seeded || database.kind === 'pglite') {
    console.log(`Demo sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`Demo public-order customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password} (${address}/#/publicOrderAuth)\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

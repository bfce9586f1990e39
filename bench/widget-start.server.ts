/**
 * The server of the widget start-up benchmark (bench/widget-start.mjs), in its own process: the real app on
 * an in-memory database with the demo seed, serving from WORK_DIR a copy of the build (dist/widget.js,
 * dist/shell) and of widget/host (the demo page). Prints "READY <port> <token>".
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_ADMIN, ensureTariffs, seedDemo } from '../server/seeds/seed';

const root = process.env.BENCH_ROOT ?? process.cwd();
const work = process.env.WORK_DIR ?? root;

async function main(): Promise<void> {
  const config = loadConfig(process.env, {
    dataDir: 'memory://',
    databaseUrl: null,
    logLevel: 'warn',
    loginRateLimit: 1_000_000,
    rootDir: work,
    migrationsDir: `${root}/server/db/migrations`,
    shellDir: `${work}/dist/shell`,
    widgetFile: `${work}/dist/widget.js`,
  });
  const database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  await seedDemo(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const token = (JSON.parse(login.body) as { access_token: string }).access_token;
  console.log(`READY ${new URL(address).port} ${token}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

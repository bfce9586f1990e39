/**
 * The 1C exchange benchmark's worker: PostgreSQL (DATABASE_URL), an account with two warehouses and two price fields
 * mapped to 1C's, the real app listening on 127.0.0.1, and the 1C-like client (test/fakes/onec.ts) running the
 * exchange over HTTP as 1C does: import.xml of ROWS products, then offers.xml of ROWS offers with prices and rests in
 * two warehouses. Prints one JSON line of figures.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { accounts, catalogLinks, fields, memberships, onecExchange, stockSums, tariffs, users, warehouses } from '../server/db/schema';
import { vaultOf } from '../server/modules/integrations/vaultOf';
import { nodeCpu, openBenchDatabase, postgresCpu } from './postgresBench';
import { importXml, OneCClient, offersXml } from '../test/fakes/onec';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const seconds = (value: number) => Math.round(value * 10) / 10;

/** Wall, node CPU and PostgreSQL CPU seconds of one phase. */
function phaseClock() {
  const wall = performance.now();
  const node = nodeCpu();
  const postgres = postgresCpu({ endedBackends: true });
  return () => ({ wall: seconds((performance.now() - wall) / 1000), node: seconds(nodeCpu() - node), postgres: seconds(postgresCpu({ endedBackends: true }) - postgres) });
}

async function main(): Promise<void> {
  const { config, database } = await openBenchDatabase();
  const db = database.db;
  const [corporate] = await db.select().from(tariffs).where(eq(tariffs.code, 'corporate'));
  const [account] = await db.insert(accounts).values({ name: '1C bench', trialEndsAt: new Date(Date.now() + 86_400_000), tariffId: corporate!.id }).returning();
  const [user] = await db.insert(users).values({ name: 'Bench', email: `onec-bench-${Date.now()}@example.com`, passwordHash: 'x' }).returning();
  await db.insert(memberships).values({ accountId: account!.id, userId: user!.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true });
  const stores = await db
    .insert(warehouses)
    .values([
      { accountId: account!.id, name: 'Main', code: 'main', isMain: true },
      { accountId: account!.id, name: 'Shop', code: 'shop' },
    ])
    .returning();
  await db.insert(fields).values([
    { accountId: account!.id, entity: 'product', code: 'retail', name: 'Retail', type: 11, sort: 1 },
    { accountId: account!.id, entity: 'product', code: 'wholesale', name: 'Wholesale', type: 11, sort: 2 },
  ]);
  const password = 'bench-password';
  await db.insert(onecExchange).values({
    accountId: account!.id,
    enabled: true,
    enabledBy: user!.id,
    login: 'bench',
    password: vaultOf(config).seal(password),
    warehouses: { 'wh-a': stores[0]!.id, 'wh-b': stores[1]!.id },
    prices: { 'pt-retail': 'retail', 'pt-opt': 'wholesale' },
  });

  const app = await buildApp({ config, db, taskQueue: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  /** Seconds of each mode=import call, per file: a step that grows with its position in the file shows here. */
  const callSeconds: Record<string, number[]> = {};
  /** CPU seconds (node + PostgreSQL) of each mode=import call: on a loaded machine wall grows with the load, these much less. */
  const callCpu: Record<string, number[]> = {};
  const client = new OneCClient(
    async (request) => {
      const started = performance.now();
      const cpuBefore = nodeCpu() + postgresCpu({ endedBackends: true });
      const response = await fetch(`${base}${request.url}`, { method: request.method, headers: request.headers, body: request.body ? new Uint8Array(request.body) : undefined });
      const body = await response.text();
      const query = new URLSearchParams(request.url.split('?')[1]);
      if (query.get('mode') === 'import') {
        (callSeconds[query.get('filename')!] ??= []).push(seconds((performance.now() - started) / 1000));
        (callCpu[query.get('filename')!] ??= []).push(seconds(nodeCpu() + postgresCpu({ endedBackends: true }) - cpuBefore));
      }
      return { status: response.status, body };
    },
    `/exchange/1c/${account!.id}`,
    'bench',
    password,
  );
  const catalogue = {
    products: ROWS,
    warehouses: [
      { id: 'wh-a', name: 'Склад А', count: (index: number) => (index % 7) + 1 },
      { id: 'wh-b', name: 'Склад Б', count: (index: number) => index % 3 },
    ],
    priceTypes: [
      { id: 'pt-retail', name: 'Розничная', price: (index: number) => 100 + (index % 900) },
      { id: 'pt-opt', name: 'Оптовая', price: (index: number) => 80 + (index % 700) },
    ],
  };
  const importFile = Buffer.from(importXml(catalogue));
  const offersFile = Buffer.from(offersXml(catalogue));
  await client.checkauth();
  await client.init();
  client.zip = false;
  const catalogueStarted = Date.now();
  const catalogueClock = phaseClock();
  await client.upload('import.xml', importFile);
  const catalogueAnswer = await client.import('import.xml');
  const catalogueMs = Date.now() - catalogueStarted;
  const catalogueCpu = catalogueClock();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const rssBefore = process.memoryUsage().rss;
  const offersStarted = Date.now();
  const offersClock = phaseClock();
  await client.upload('offers.xml', offersFile);
  // The upload's copies (client, HTTP, file) are the harness's; from here on the growth is the import calls' own.
  const peakOfUpload = peak;
  const rssAfterUpload = process.memoryUsage().rss;
  peak = rssAfterUpload;
  const offersAnswer = await client.import('offers.xml');
  const offersMs = Date.now() - offersStarted;
  const offersCpu = offersClock();
  clearInterval(sampler);
  const [links] = await db.select({ n: count() }).from(catalogLinks).where(eq(catalogLinks.accountId, account!.id));
  const sums = await db
    .select({ warehouseId: stockSums.warehouseId, total: sql<string>`sum(${stockSums.count})` })
    .from(stockSums)
    .where(and(eq(stockSums.accountId, account!.id), sql`${stockSums.warehouseId} <> 0`))
    .groupBy(stockSums.warehouseId);
  const repeatStarted = Date.now();
  await client.checkauth();
  await client.init();
  client.zip = false;
  await client.upload('offers.xml', offersFile);
  const repeatAnswer = await client.import('offers.xml');
  const repeatMs = Date.now() - repeatStarted;
  await app.close();
  await database.close();
  console.log(
    `RESULT ${JSON.stringify({
      rows: ROWS,
      importMb: mb(importFile.length),
      offersMb: mb(offersFile.length),
      catalogueMs,
      catalogueAnswer,
      catalogueCalls: client.importCalls['import.xml'],
      offersMs,
      offersAnswer,
      offersCalls: client.importCalls['offers.xml'] - 1,
      repeatMs,
      repeatAnswer,
      links: links!.n,
      stock: Object.fromEntries(sums.map((row) => [row.warehouseId, Number(row.total)])),
      catalogueCpu,
      offersCpu,
      callSeconds,
      callCpu,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(Math.max(peak, peakOfUpload)),
      rssAfterUploadMb: mb(rssAfterUpload),
      rssImportPeakMb: mb(peak),
    })}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * The import benchmark's worker, in its own process so its memory is the server's: PostgreSQL (DATABASE_URL),
 * an account with two warehouses, two price types and two custom fields, a generated xlsx of ROWS rows and 15 columns
 * (streamed to disk, then stored as an upload), the import task run as the queue would run it, then the export of
 * the same products. Prints one JSON line of figures.
 */
import ExcelJS from 'exceljs';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { accounts, fields, memberships, products, users, warehouses } from '../server/db/schema';
import { exportProducts } from '../server/modules/import/export';
import { importTargetsOf, proposeMapping } from '../server/modules/import/fields';
import { previewImportFile } from '../server/modules/import/file';
import { type ImportPhase, setImportClock } from '../server/modules/import/phases';
import { runImport } from '../server/modules/import/run';
import { storeUpload } from '../server/modules/import/uploads';
import { nodeCpu, openBenchDatabase, postgresCpu } from './postgresBench';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const HEADER = ['Name', 'Article', 'Batch', 'Category', 'Unit', 'Type', 'Cost price', 'Retail', 'Wholesale', 'VAT', 'Tags', 'Colour', 'Weight', 'Stock: Main', 'Stock: Shop'];
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const seconds = (value: number) => Math.round(value * 10) / 10;

/** Per phase: wall seconds, node CPU seconds, PostgreSQL CPU seconds (not read for the per-row phases, where the database does nothing). */
type PhaseFigures = Record<string, { wall: number; node: number; postgres: number }>;
const ROW_PHASES = new Set<ImportPhase>(['read', 'plan']);

function phaseClock(figures: PhaseFigures) {
  return {
    start(phase: ImportPhase) {
      const perRow = ROW_PHASES.has(phase);
      const wall = performance.now();
      const node = nodeCpu();
      const postgres = perRow ? 0 : postgresCpu({ endedBackends: false });
      return () => {
        const entry = (figures[phase] ??= { wall: 0, node: 0, postgres: 0 });
        entry.wall += (performance.now() - wall) / 1000;
        entry.node += nodeCpu() - node;
        if (!perRow) entry.postgres += postgresCpu({ endedBackends: false }) - postgres;
      };
    },
  };
}

async function main(): Promise<void> {
  const { config, database } = await openBenchDatabase();
  const db = database.db;
  const [account] = await db.insert(accounts).values({ name: 'Import bench', trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
  const [user] = await db.insert(users).values({ name: 'Bench', email: `bench-${Date.now()}@example.com`, passwordHash: 'x' }).returning();
  await db.insert(memberships).values({ accountId: account.id, userId: user.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true });
  await db.insert(warehouses).values([
    { accountId: account.id, name: 'Main', code: 'main', isMain: true },
    { accountId: account.id, name: 'Shop', code: 'shop' },
  ]);
  await db.insert(fields).values([
    { accountId: account.id, entity: 'product', code: 'retail', name: 'Retail', type: 11, sort: 1 },
    { accountId: account.id, entity: 'product', code: 'wholesale', name: 'Wholesale', type: 11, sort: 2 },
    { accountId: account.id, entity: 'product', code: 'colour', name: 'Colour', type: 3, sort: 3 },
    { accountId: account.id, entity: 'product', code: 'weight', name: 'Weight', type: 2, sort: 4 },
  ]);

  const work = mkdtempSync(join(tmpdir(), 'stockroom-import-bench-'));
  const path = join(work, 'products.xlsx');
  const generated = Date.now();
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = writer.addWorksheet('Products');
  sheet.addRow(HEADER).commit();
  const colours = ['red', 'green', 'blue', 'black', 'white'];
  for (let i = 0; i < ROWS; i += 1) {
    sheet
      .addRow([`Product ${i}`, `ART-${i}`, `L${i % 10}`, `Group ${i % 20} / Sub ${i % 7}`, 'pcs', 'product', 10 + (i % 90), 100 + (i % 900), 80 + (i % 700), 20, `tag${i % 5}, bench`, colours[i % 5], (i % 100) / 10, 1 + (i % 50), i % 3])
      .commit();
  }
  sheet.commit();
  await writer.commit();
  const bytes = readFileSync(path);
  const generatedMs = Date.now() - generated;

  const upload = await storeUpload(db, { accountId: account.id, userId: user.id }, { name: 'products.xlsx', bytes });
  const preview = await previewImportFile(bytes, 'products.xlsx');
  const mapping = proposeMapping(preview.headers, await importTargetsOf(db, account.id));
  if (mapping.some((column) => column.field === null)) throw new Error(`unmapped columns: ${JSON.stringify(mapping)}`);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const phases: PhaseFigures = {};
  setImportClock(phaseClock(phases));
  const importCpu = { node: nodeCpu(), postgres: postgresCpu({ endedBackends: false }) };
  const started = Date.now();
  const outcome = await runImport({
    db,
    config,
    accountId: account.id,
    userId: user.id,
    taskId: 1,
    payload: { uploadId: upload, settings: { mapping, mode: 'add_update', compare: 'name_article_batch' } },
    progress: async () => {},
    signal: new AbortController().signal,
  });
  const importMs = Date.now() - started;
  setImportClock(null);
  const importCpuUsed = { node: seconds(nodeCpu() - importCpu.node), postgres: seconds(postgresCpu({ endedBackends: false }) - importCpu.postgres) };
  clearInterval(sampler);
  if (outcome.error) throw new Error(outcome.error);
  const count = await db.$count(products, eq(products.accountId, account.id));

  const exportCpu = { node: nodeCpu(), postgres: postgresCpu({ endedBackends: false }) };
  const exportStarted = Date.now();
  const stream = await exportProducts(db, account.id, {}, (error) => {
    throw error;
  });
  let exportBytes = 0;
  for await (const chunk of stream) exportBytes += (chunk as Buffer).length;
  const exportMs = Date.now() - exportStarted;
  const exportCpuUsed = { node: seconds(nodeCpu() - exportCpu.node), postgres: seconds(postgresCpu({ endedBackends: false }) - exportCpu.postgres) };

  rmSync(work, { recursive: true, force: true });
  console.log(
    `RESULT ${JSON.stringify({
      rows: ROWS,
      columns: HEADER.length,
      fileMb: mb(bytes.length),
      generatedMs,
      importMs,
      counts: outcome.counts,
      products: count,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      memoryGrowthMb: mb(peak - rssBefore),
      exportMs,
      exportMb: mb(exportBytes),
      importCpu: importCpuUsed,
      exportCpu: exportCpuUsed,
      phases: Object.fromEntries(Object.entries(phases).map(([name, entry]) => [name, { wall: seconds(entry.wall), node: seconds(entry.node), postgres: seconds(entry.postgres) }])),
    })}`,
  );
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

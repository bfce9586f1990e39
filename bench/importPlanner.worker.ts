/**
 * The planner bench's worker (bench/import-planner.mjs): plans ROWS generated rows, shaped as the import bench's
 * file, with the planner module named on the command line, slice by slice as the run does (no row matches an earlier
 * one, so nothing is read back), and prints its memory.
 */
import type { ImportSettings } from '../src/contract/import';
import type { Catalogue } from '../server/modules/import/catalogue';
import type * as Plan from '../server/modules/import/plan';
import type { SheetRow } from '../server/modules/import/sheet';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const WRITE_ROWS = 5000;
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const COLUMNS: Plan.ActiveColumn[] = (
  [
    ['Name', 'name', 'text'],
    ['Article', 'article', 'text'],
    ['Batch', 'batch', 'text'],
    ['Category', 'category', 'category'],
    ['Unit', 'unit', 'text'],
    ['Type', 'type', 'text'],
    ['Cost price', 'cost_price', 'number'],
    ['Retail', 'price:retail', 'number'],
    ['Wholesale', 'price:wholesale', 'number'],
    ['VAT', 'vat', 'number'],
    ['Tags', 'tags', 'list'],
    ['Colour', 'field:colour', 'text'],
    ['Weight', 'field:weight', 'number'],
    ['Stock: Main', 'stock:1', 'number'],
    ['Stock: Shop', 'stock:2', 'number'],
  ] as const
).map(([header, key, kind], column) => ({ column, header, key, kind }));

async function main(): Promise<void> {
  const { ImportPlanner } = (await import(process.argv[2])) as typeof Plan;
  const catalogue: Catalogue = {
    accountId: 1,
    isKommo: false,
    tariffId: null,
    products: [],
    batches: [],
    categoryByPath: new Map(),
    pathOfCategory: new Map(),
    fieldTypes: new Map([
      ['retail', 11],
      ['wholesale', 11],
      ['colour', 3],
      ['weight', 2],
    ]),
    warehouseIds: new Set([1, 2]),
    mainWarehouseId: 1,
  };
  const settings: ImportSettings = { mapping: [], mode: 'add_update', compare: 'name_article_batch' };
  const colours = ['red', 'green', 'blue', 'black', 'white'];
  const row = (i: number): SheetRow => ({
    number: i + 2,
    cells: [`Product ${i}`, `ART-${i}`, `L${i % 10}`, `Group ${i % 20} / Sub ${i % 7}`, 'pcs', 'product', 10 + (i % 90), 100 + (i % 900), 80 + (i % 700), 20, `tag${i % 5}, bench`, colours[i % 5], (i % 100) / 10, 1 + (i % 50), i % 3],
  });

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  const sample = () => {
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
  };
  const cpu = process.cpuUsage();
  const started = Date.now();
  const planner = new ImportPlanner(catalogue, { settings, columns: COLUMNS });
  let nextId = 1;
  for (let i = 0; i < ROWS; i += 1) {
    planner.add(row(i));
    if (planner.counts.rows % WRITE_ROWS === 0) {
      // The writer gives the slice's new products their ids, as the run's does.
      for (const product of planner.take().added) product.id = nextId++;
      // The run says each slice is written (the planner then keeps its products as ids; older planners had no such call).
      (planner as { written?: () => void }).written?.();
      sample();
    }
  }
  for (const product of planner.take().added) product.id = nextId++;
  const ms = Date.now() - started;
  const used = process.cpuUsage(cpu);
  sample();
  gc();
  const heapKept = process.memoryUsage().heapUsed - heapBefore;
  console.log(
    `RESULT ${JSON.stringify({ rows: ROWS, ms, cpuS: Math.round((used.user + used.system) / 1e5) / 10, counts: planner.counts, heapKeptMb: mb(heapKept), heapPeakMb: mb(heapPeak - heapBefore), rssPeakMb: mb(rssPeak - rssBefore) })}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

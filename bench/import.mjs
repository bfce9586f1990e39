#!/usr/bin/env node
// npm run bench:import — importing 100,000 rows (a generated xlsx of 15 columns) on PostgreSQL (Debian's, started
// here unless DATABASE_URL is given), as the import task runs it, with the worker's memory growth; then exporting the
// same 100,000 products. Issue 14 §5 asks ≤ 60 s and ≤ 300 MB for the import, ≤ 20 s for the export. A benchmark,
// not a test: it prints figures (BENCH_ROWS changes the size).
import { runPostgresWorker } from './postgresWorker.mjs';

await runPostgresWorker({ entry: 'import.server.ts', bundleName: 'import-worker.mjs', pgPrefix: 'stockroom-import-bench-pg-', nodeArgs: ['--expose-gc'] }, (result, { postgresStartedHere }) => {
  console.log(`Import of ${result.rows.toLocaleString('en-US')} rows × ${result.columns} columns (${result.fileMb} MB xlsx) on PostgreSQL:`);
  console.log(`  import: ${(result.importMs / 1000).toFixed(1)} s (budget 60 s); counts ${JSON.stringify(result.counts)}`);
  console.log(`  worker memory: ${result.rssBeforeMb} MB before, ${result.rssPeakMb} MB peak, growth ${result.memoryGrowthMb} MB (budget 300 MB)`);
  console.log(`  export of the same ${result.products} products: ${(result.exportMs / 1000).toFixed(1)} s (${result.exportMb} MB) (budget 20 s)`);
  const cpu = ({ node, postgres }) => `${node} CPU-s node + ${postgres} CPU-s PostgreSQL`;
  console.log(`  CPU: import ${cpu(result.importCpu)}; export ${cpu(result.exportCpu)}${postgresStartedHere ? '' : ' (PostgreSQL not started here: its CPU is not read)'}`);
  console.log('  import phases (wall s / node CPU-s / PostgreSQL CPU-s; read and plan are per row, PostgreSQL not read there):');
  for (const [name, { wall, node, postgres }] of Object.entries(result.phases)) console.log(`    ${name.padEnd(10)} ${String(wall).padStart(7)} ${String(node).padStart(7)} ${String(postgres).padStart(7)}`);
});

#!/usr/bin/env node
// npm run bench:import — importing 100,000 rows (a generated xlsx of 15 columns) on PostgreSQL (Debian's, started
// here unless DATABASE_URL is given), as the import task runs it, with the worker's memory growth; then exporting the
// same 100,000 products. Issue 14 §5 asks ≤ 60 s and ≤ 300 MB for the import, ≤ 20 s for the export. A benchmark,
// not a test: it prints figures (BENCH_ROWS changes the size).
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Under this checkout's test-output (ignored by git), not under node_modules: that may be a link to another checkout's.
const bundle = join(root, 'test-output', 'bench', 'import-worker.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/import.server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

let pgDir = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  pgDir = mkdtempSync(join(tmpdir(), 'stockroom-import-bench-pg-'));
  databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', pgDir], { encoding: 'utf8', env: { ...process.env, PGPORT: String(await freePort()) } }).trim();
}
try {
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', bundle], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_ROOT: root, ...(pgDir && { PG_DATA: join(pgDir, 'data') }) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench worker exited with ${code}: ${text}`))));
  });
  const result = JSON.parse(/RESULT (.*)/.exec(output)[1]);
  console.log(`Import of ${result.rows.toLocaleString('en-US')} rows × ${result.columns} columns (${result.fileMb} MB xlsx) on PostgreSQL:`);
  console.log(`  import: ${(result.importMs / 1000).toFixed(1)} s (budget 60 s); counts ${JSON.stringify(result.counts)}`);
  console.log(`  worker memory: ${result.rssBeforeMb} MB before, ${result.rssPeakMb} MB peak, growth ${result.memoryGrowthMb} MB (budget 300 MB)`);
  console.log(`  export of the same ${result.products} products: ${(result.exportMs / 1000).toFixed(1)} s (${result.exportMb} MB) (budget 20 s)`);
  const cpu = ({ node, postgres }) => `${node} CPU-s node + ${postgres} CPU-s PostgreSQL`;
  console.log(`  CPU: import ${cpu(result.importCpu)}; export ${cpu(result.exportCpu)}${pgDir ? '' : ' (PostgreSQL not started here: its CPU is not read)'}`);
  console.log('  import phases (wall s / node CPU-s / PostgreSQL CPU-s; read and plan are per row, PostgreSQL not read there):');
  for (const [name, { wall, node, postgres }] of Object.entries(result.phases)) console.log(`    ${name.padEnd(10)} ${String(wall).padStart(7)} ${String(node).padStart(7)} ${String(postgres).padStart(7)}`);
} finally {
  if (pgDir) execFileSync(join(root, '.ci/postgres.sh'), ['stop', pgDir]);
}

#!/usr/bin/env node
// node bench/onec-import.mjs — the 1C (CommerceML 2) exchange of 100,000 products and then 100,000 offers with prices
// and rests in two warehouses, on PostgreSQL (Debian's, started here unless DATABASE_URL is given), run over HTTP by
// the 1C-like client as 1C runs it (upload, then mode=import until 'success'). Issue 18 asks ≤ 60 s for the offers.
// A benchmark, not a test: it prints figures (BENCH_ROWS changes the size).
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'test-output', 'bench', 'onec-import-worker.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/onec-import.server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

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
  pgDir = mkdtempSync(join(tmpdir(), 'stockroom-onec-bench-pg-'));
  databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', pgDir], { encoding: 'utf8', env: { ...process.env, PGPORT: String(await freePort()) } }).trim();
}
try {
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_ROOT: root, ...(pgDir && { PG_DATA: join(pgDir, 'data') }) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench worker exited with ${code}: ${text}`))));
  });
  const result = JSON.parse(/RESULT (.*)/.exec(output)[1]);
  const n = result.rows.toLocaleString('en-US');
  console.log(`1C exchange of ${n} products on PostgreSQL, over HTTP as 1C runs it:`);
  const cpu = (figures) => `CPU ${figures.node} s node + ${figures.postgres} s PostgreSQL`;
  console.log(`  import.xml (${result.importMb} MB): ${(result.catalogueMs / 1000).toFixed(1)} s wall, ${cpu(result.catalogueCpu)}, in ${result.catalogueCalls} import calls → ${result.catalogueAnswer}; ${result.links} products linked`);
  console.log(`    seconds per import call: ${result.callSeconds['import.xml']?.join(' ')}`);
  console.log(`    CPU seconds (node + PostgreSQL) per import call: ${result.callCpu['import.xml']?.join(' ')}`);
  console.log(`  offers.xml (${result.offersMb} MB, prices of 2 types, rests in 2 warehouses): ${(result.offersMs / 1000).toFixed(1)} s wall, ${cpu(result.offersCpu)}, in ${result.offersCalls} import calls → ${result.offersAnswer} (budget 60 s)`);
  console.log(`    seconds per import call: ${result.callSeconds['offers.xml']?.slice(0, result.offersCalls).join(' ')}`);
  console.log(`    CPU seconds (node + PostgreSQL) per import call: ${result.callCpu['offers.xml']?.slice(0, result.offersCalls).join(' ')}`);
  console.log(`  stock per warehouse: ${JSON.stringify(result.stock)}; process memory (app + 1C client + files) ${result.rssBeforeMb} MB before offers, peak ${result.rssPeakMb} MB (growth ${Math.round((result.rssPeakMb - result.rssBeforeMb) * 10) / 10} MB); during the import calls alone (after the upload) ${result.rssAfterUploadMb} → peak ${result.rssImportPeakMb} MB (growth ${Math.round((result.rssImportPeakMb - result.rssAfterUploadMb) * 10) / 10} MB)`);
  console.log(`  load average at the end: ${result.load} (2 cores shared with other work: wall grows with the load, CPU seconds much less)`);
  console.log(`  the same offers.xml again: ${(result.repeatMs / 1000).toFixed(1)} s → ${result.repeatAnswer} (nothing changed)`);
} finally {
  if (pgDir) execFileSync(join(root, '.ci/postgres.sh'), ['stop', pgDir]);
}

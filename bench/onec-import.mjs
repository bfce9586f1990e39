#!/usr/bin/env node
// node bench/onec-import.mjs — the 1C (CommerceML 2) exchange of 100,000 products and then 100,000 offers with prices
// and rests in two warehouses, on PostgreSQL (Debian's, started here unless DATABASE_URL is given), run over HTTP by
// the 1C-like client as 1C runs it (upload, then mode=import until 'success'). Issue 18 asks ≤ 60 s for the offers.
// A benchmark, not a test: it prints figures (BENCH_ROWS changes the size).
import { runPostgresWorker } from './postgresWorker.mjs';

await runPostgresWorker({ entry: 'onec-import.server.ts', bundleName: 'onec-import-worker.mjs', pgPrefix: 'stockroom-onec-bench-pg-' }, (result) => {
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
});

#!/usr/bin/env node
// npm run bench:server — latency and throughput of product autocomplete, product/list, product/get,
// orders/list, orders/order and add-to-deal with 100,000 products and 50,000 orders, at 1, 16 and 64 connections, on PGlite and on PostgreSQL (Debian's, started
// here when DATABASE_URL is not given). Also times the first npm start on an empty data folder and a
// restart. Writes the table to bench/results/. A benchmark, not a test: numbers vary with the machine.
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealId } from './processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'bench', 'benchServer.mjs');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 16, 64];

await esbuild.build({ entryPoints: [join(root, 'bench/benchServer.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

function startBenchServer(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /READY (\d+) (\S+)/.exec(output);
      if (ready) {
        const ranges = JSON.parse(/RANGES (\{.*\})/.exec(output)?.[1] ?? '{}');
        resolve({ child, port: Number(ready[1]), token: ready[2], seeded: /SEEDED \d+ in (\d+) ms/.exec(output)?.[1], ordersSeeded: /ORDERS \d+ in (\d+) ms/.exec(output)?.[1], ranges });
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${output}`)));
  });
}

async function measure(port, token, name, request) {
  const rows = [];
  for (const connections of CONNECTIONS) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: DURATION,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [request],
    });
    const failed = result.non2xx + result.errors;
    rows.push({ name, connections, p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99, rps: Math.round(result.requests.average), failed });
  }
  return rows;
}

const QUERIES = ['dril', 'hammer pro', 'wrench', 'bolt', 'saw mini', 'clamp'];
let query = 0;
/** A pseudo-random id in [first, last], spread so consecutive requests do not hit the same rows. */
const pick = (ranges, first, last) => ranges[first] + ((query++ * 7919) % (ranges[last] - ranges[first] + 1));
const endpoints = [
  ['autocomplete/name', () => ({ method: 'GET', path: `/api/product/autocomplete/name?query=${encodeURIComponent(QUERIES[query++ % QUERIES.length])}` })],
  ['product/list', () => ({ method: 'POST', path: '/api/product/list', body: JSON.stringify({ page: 1 + (query++ % 50), per_page: 20 }) })],
  ['product/get', () => ({ method: 'GET', path: `/api/product/get?id=${1 + (query++ % 100000)}` })],
  ['orders/list', () => ({ method: 'POST', path: '/api/orders/list', body: JSON.stringify({ page: 1 + (query++ % 50), per_page: 20, filter: query % 2 ? { hide_final: true } : {} }) })],
  ['orders/order', (ranges) => ({ method: 'GET', path: `/api/orders/order?order_id=${pick(ranges, 'first_order', 'last_order')}` })],
  // Add to deal: one unit of a product into a CRM-linked (opened) order, which reserves it at once.
  ['add-to-deal', (ranges) => ({ method: 'POST', path: '/api/orders/product/add', body: JSON.stringify({ order_id: dealId(ranges, query++ * 7919), product: String(pick(ranges, 'first_product', 'last_product')), quantity: 1 }) })],
];

// BENCH_CALLS=autocomplete/name,product/get and BENCH_DATABASES=PGlite narrow a run while tuning.
const onlyCalls = process.env.BENCH_CALLS?.split(',');
const onlyDatabases = process.env.BENCH_DATABASES?.split(',');

async function benchDatabase(label, env) {
  const server = await startBenchServer(env);
  const rows = [];
  try {
    for (const [name, make] of endpoints.filter(([name]) => !onlyCalls || onlyCalls.includes(name))) {
      rows.push(...(await measure(server.port, server.token, name, { setupRequest: (request) => ({ ...request, ...make(server.ranges) }) })));
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  return { label, seeded: server.seeded, ordersSeeded: server.ordersSeeded, rows };
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Wall time from `node dist/server/main.mjs` to its first answer, on an empty folder and again on the same one. */
async function startTimes() {
  execFileSync(process.execPath, ['build.mjs', '--if-needed'], { cwd: root, stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-start-'));
  const once = async () => {
    const port = await freePort();
    const started = Date.now();
    const child = spawn(process.execPath, [join(root, 'dist/server/main.mjs')], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/api/account/config`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const elapsed = Date.now() - started;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    return elapsed;
  };
  const first = await once();
  const restart = await once();
  rmSync(dataDir, { recursive: true, force: true });
  return { first, restart };
}

const wanted = (label) => !onlyDatabases || onlyDatabases.includes(label);
const results = [];
if (wanted('PGlite')) results.push(await benchDatabase('PGlite', { DATABASE_URL: '' }));
if (wanted('PostgreSQL')) {
  let pgDir = null;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    pgDir = mkdtempSync(join(tmpdir(), 'stockroom-bench-pg-'));
    databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', pgDir], { encoding: 'utf8' }).trim();
  }
  try {
    results.push(await benchDatabase('PostgreSQL', { DATABASE_URL: databaseUrl }));
  } finally {
    if (pgDir) execFileSync(join(root, '.ci/postgres.sh'), ['stop', pgDir]);
  }
}
const starts = await startTimes();

const lines = [
  `# Server benchmark, ${new Date().toISOString()}`,
  '',
  `100,000 products (plus the demo's 200) and 50,000 orders (plus the demo's 30), ${DURATION} s per cell, autocannon in another process, ${CONNECTIONS.join('/')} connections. Latency in ms; autocannon reports no p95, so the table gives p90 and p97.5 (the targets — autocomplete p95 ≤ 30 ms and orders/list p95 ≤ 50 ms at 16 connections on PostgreSQL — are met when p97.5 is).`,
  '',
  '| database | call | connections | p50 | p90 | p97.5 | p99 | req/s | failed |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.flatMap(({ label, rows }) => rows.map((row) => `| ${label} | ${row.name} | ${row.connections} | ${row.p50} | ${row.p90} | ${row.p97_5} | ${row.p99} | ${row.rps} | ${row.failed} |`)),
  '',
  ...results.map(({ label, seeded, ordersSeeded }) => `Seeding 100,000 products on ${label}: ${seeded} ms; 50,000 orders with 80,000 positions: ${ordersSeeded} ms.`),
  `First start on an empty data folder (migrate + demo seed): ${starts.first} ms; restart on the same folder: ${starts.restart} ms.`,
  '',
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `server-${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));
console.log(`written to ${file}`);

#!/usr/bin/env node
// npm run bench:analytics — each analytics report for the last year on PostgreSQL (Debian's, started here unless
// DATABASE_URL is given) with 100,000 orders and 1,000,000 ledger rows (bench/analytics.server.ts seeds them in SQL):
// autocannon at 16 connections per call, exact p50/p95/p99 from every response's time. Budget: p95 ≤ 300 ms.
// A benchmark, not a test: numbers vary with the machine (and with what else runs on it).
// BENCH_BEFORE=<commit> also runs that commit's server on the same database afterwards (its migrations are a subset of
// these, so it starts on the same rows) and measures it the same way, so before and now compare within one run's load.
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
const BUDGET_P95 = 300;

// Under dist/ (ignored): the bundles resolve their packages from this checkout's node_modules.
const bundleDir = join(root, 'dist', 'bench-analytics');
const build = (sourceRoot, name) =>
  esbuild.build({ entryPoints: [join(sourceRoot, 'bench/analytics.server.ts')], outfile: join(bundleDir, name), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
await build(root, 'server.mjs');
const before = process.env.BENCH_BEFORE;
let beforeRoot = null;
if (before) {
  beforeRoot = mkdtempSync(join(tmpdir(), 'stockroom-analytics-before-'));
  execFileSync('bash', ['-c', `git -C '${root}' archive '${before}' | tar -x -C '${beforeRoot}'`]);
  await build(beforeRoot, 'before.mjs');
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function startServer(databaseUrl, name = 'server.mjs', env = { BENCH_ROOT: root }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(bundleDir, name)], { env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /READY (\d+) (\S+)/.exec(output);
      if (ready) resolve({ child, port: Number(ready[1]), token: ready[2], seeded: /SEEDED \d+ in (\d+) ms/.exec(output)?.[1] });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${output}`)));
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const round = (value) => Math.round(value * 10) / 10;
const day = (date) => date.toISOString().slice(0, 10);
const year = { from: day(new Date(Date.now() - 364 * 86_400_000)), to: day(new Date()) };

const CALLS = [
  ['sales, per product', 'sales', { filter: { period: year } }],
  ['sales total', 'sales/total', { filter: { period: year } }],
  ['customers by company', 'customers', { filter: { period: year }, group_by: 'company' }],
  ['customers by contact', 'customers', { filter: { period: year }, group_by: 'contact' }],
  ['customers total', 'customers/total', { filter: { period: year } }],
  ['customers by responsible', 'customers/responsible', { filter: { period: year } }],
  ['chart: total sales by month', 'chart', { filter: { period: year }, interval: 'month', series: 'total' }],
  ['chart: by clients by month', 'chart', { filter: { period: year }, interval: 'month', series: 'clients' }],
  ['chart: by products by day', 'chart', { filter: { period: year }, interval: 'day', series: 'products' }],
  ['movement, first page + total', 'movement/products', { filter: { period: year } }],
  ['movement, one event type', 'movement/products', { filter: { period: year, event_types: ['arrival'] } }],
];

async function measure(server, name, path, body) {
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: `/api/analytics/${path}`, body: JSON.stringify(body) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  return { name, requests: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), rps: Math.round(result.requests.average), failed: result.non2xx + result.errors };
}

/**
 * CPU seconds (user + system) per process: `pid` and, with `children`, its direct children (the postmaster's backends).
 * Kept per process so one that ends between two samples (an autovacuum worker) is not counted as negative time.
 */
function cpuOf(pid, children = false) {
  const ticks = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const seconds = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (Number(entry) === pid || (children && ppid === pid)) seconds.set(entry, ticks(stat) / 100);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return seconds;
}
const spentSince = (before, after) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/**
 * CPU per call (Node server + PostgreSQL backends), the calls made one after another so nothing else is counted:
 * the total in ms and, for the record, Node's part of it.
 */
async function cpuPerCall(server, postmaster, path, body, calls = 12) {
  const ask = () => fetch(`http://127.0.0.1:${server.port}/api/analytics/${path}`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await (await ask()).arrayBuffer();
  const node0 = cpuOf(server.child.pid);
  const pg0 = postmaster ? cpuOf(postmaster, true) : new Map();
  for (let i = 0; i < calls; i += 1) await (await ask()).arrayBuffer();
  const node = spentSince(node0, cpuOf(server.child.pid)) / calls;
  const pg = spentSince(pg0, postmaster ? cpuOf(postmaster, true) : new Map()) / calls;
  return { total: Math.round((node + pg) * 1000), node: Math.round(node * 1000) };
}
const stop = (server) =>
  new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });

const switchMode = (server, mode) =>
  new Promise((resolve) => {
    const seen = (chunk) => {
      if (String(chunk).includes(`MODE ${mode}`)) {
        server.child.stdout.off('data', seen);
        resolve();
      }
    };
    server.child.stdout.on('data', seen);
    server.child.kill('SIGUSR2');
  });

let pgDir = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  pgDir = mkdtempSync(join(tmpdir(), 'stockroom-analytics-bench-pg-'));
  databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', pgDir], { encoding: 'utf8', env: { ...process.env, PGPORT: String(await freePort()) } }).trim();
}
const rows = [];
let seeded;
try {
  const server = await startServer(databaseUrl);
  seeded = server.seeded;
  try {
    for (const [name, path, body] of CALLS) {
      const row = await measure(server, name, path, body);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    // CPU per call, rollups (now) and raw rows (as before the rollups), each call alone.
    const postmaster = pgDir ? Number(readFileSync(join(pgDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
    const callOf = (row) => CALLS.find(([name]) => name === row.name).slice(1);
    for (const row of rows) row.cpuRollups = await cpuPerCall(server, postmaster, ...callOf(row), 30);
    await switchMode(server, 'raw');
    for (const row of rows) row.cpuRaw = (await cpuPerCall(server, postmaster, ...callOf(row), 3)).total;
    for (const row of rows) console.log(JSON.stringify({ name: row.name, cpuRollups: row.cpuRollups, cpuRaw: row.cpuRaw }));
    await stop(server);
    if (beforeRoot) {
      const old = await startServer(databaseUrl, 'before.mjs', { BENCH_ROOT: beforeRoot, BENCH_REUSE: '1' });
      try {
        for (const row of rows) {
          const measured = await measure(old, row.name, ...callOf(row));
          row.before = { p95: measured.p95, rps: measured.rps, cpu: await cpuPerCall(old, postmaster, ...callOf(row), 30) };
          console.log(JSON.stringify({ name: row.name, before: row.before }));
        }
      } finally {
        await stop(old);
      }
    }
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
  }
} finally {
  if (beforeRoot) rmSync(beforeRoot, { recursive: true, force: true });
  if (pgDir) execFileSync(join(root, '.ci/postgres.sh'), ['stop', pgDir]);
}

const lines = [
  `# Analytics benchmark, ${new Date().toISOString()}`,
  '',
  `PostgreSQL (Debian), 100,000 orders (2–3 positions each, about 40 % in the success stage) and 1,000,000 ledger rows over the last year, each call for that year, ${DURATION} s per call, autocannon at ${CONNECTIONS} connections in the same process as this script; p50/p95/p99 from every response's time (ms). Budget: p95 ≤ ${BUDGET_P95} ms.`,
  '',
  `CPU per call: the Node server's plus ${pgDir ? "PostgreSQL's backends'" : 'not PostgreSQL (an outside DATABASE_URL)'} CPU time (ms; Node's part in brackets), the call repeated alone (30 times), reading the rollups and (switched by SIGUSR2, 3 times) the raw rows as before them. At 16 connections on 2 idle cores a call waits about 8 others' CPU, so 8 × CPU/call is what a quiet machine would show as p50.`,
  '',
  '| call | requests | p50 | p95 | p99 | req/s | failed | within budget | CPU/call rollups | CPU/call raw |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.name} | ${row.requests} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.rps} | ${row.failed} | ${row.p95 <= BUDGET_P95 ? 'yes' : 'no'} | ${row.cpuRollups.total} (${row.cpuRollups.node}) | ${row.cpuRaw} |`),
  ...(beforeRoot
    ? [
        '',
        `Before (${before}), the same database and calls measured right after, in the same run:`,
        '',
        '| call | p95 before | p95 now | req/s before | req/s now | CPU/call before | CPU/call now | CPU ratio |',
        '|---|---|---|---|---|---|---|---|',
        ...rows.map(
          (row) =>
            `| ${row.name} | ${row.before.p95} | ${row.p95} | ${row.before.rps} | ${row.rps} | ${row.before.cpu.total} (${row.before.cpu.node}) | ${row.cpuRollups.total} (${row.cpuRollups.node}) | ${row.cpuRollups.total ? Math.round((row.before.cpu.total / row.cpuRollups.total) * 10) / 10 : 'n/a'}× |`,
        ),
      ]
    : []),
  '',
  `Seeding in SQL (generate_series): ${seeded} ms.`,
  '',
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, `bench/results/analytics-${day(new Date())}${process.env.BENCH_SUFFIX ?? ''}.md`), lines.join('\n'));
console.log(lines.join('\n'));

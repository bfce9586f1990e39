#!/usr/bin/env node
// npm run bench:budgets — issue 20 §3's server budgets on PostgreSQL at 16 connections, each call on its own:
// product autocomplete over 100,000 products (p95 ≤ 20 ms), orders/list over 50,000 orders with the table
// configuration and filters (p95 ≤ 40 ms), and add to deal under contention on 100 hot products with 4 processes
// (≥ 500 req/s, p95 ≤ 100 ms, no oversell). Prints p50/p95/p99, req/s, and the CPU milliseconds per call of the
// server processes and of PostgreSQL, with the load average: on a machine other work shares the wall latency
// moves with the load, the CPU per call much less.
//   BENCH_BASELINE_REF=<git ref>  also runs an older build (checked out of git into a temp folder and built there)
//                                 against the same database, alternating row by row with this one, and prints
//                                 the old/new ratios from that one run.
//   BENCH_BASELINE_DIR=<folder>   the same with an older checkout already built there.
//   BENCH_LIST_BODIES=1             also measures each of the orders/list bodies on its own (rows orders/list:1…6),
//                                 so their CPU per call can be told apart; orders/list alone is BENCH_CALLS=orders/list.
//   BENCH_PROFILE=<folder>        runs every server process under node --cpu-prof, the profiles written there per
//                                 build and call when the server stops; bench/profileSplit.mjs sums them by where
//                                 the time went (HTTP and schema, auth, SQL building, the database driver, ...).
//   BENCH_CLIENT=fetch            drives the calls with Node's fetch instead of autocannon (to compare the clients' CPU).
//   BENCH_SECONDS (default 8), BENCH_CONNECTIONS (16), BENCH_CLIENTS (2 client processes), BENCH_PRODUCTS,
//   BENCH_ORDERS, DATABASE_URL (else a throwaway PostgreSQL, .ci/postgres.sh). The widget's keystroke budget is
//   measured in Chromium by npm run bench:widget.
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealId, forkClients, freePort, percentile, root, seedBenchData, startPostgres, startUntil, stopChild, treeCpuMs } from './processes.mjs';

const QUERIES = ['dril', 'hammer pro', 'wrench', 'bolt', 'saw mini', 'clamp', 'heavy 12', 'smart'];
/** The orders screen's requests: its stored table configuration's sort and the filters people use. */
const LIST_BODIES = (ranges) => [
  { page: 1, per_page: 20, filter: { hide_final: true } },
  { page: 2, per_page: 20, filter: { pipeline_id: ranges.system_pipeline, status_ids: [ranges.first_stage] }, sort: { field: 'created_at', order: 'desc' } },
  { page: 1, per_page: 50, filter: { kind: 'local', hide_final: true }, sort: { field: 'sum', order: 'desc' } },
  { page: 1, per_page: 20, filter: { search: 'Bench order 4' } },
  { page: 7, per_page: 20, filter: {} },
  { page: 1, per_page: 20, filter: { kind: 'crm' }, sort: { field: 'updated_at', order: 'desc' } },
];

const BUDGETS = [
  {
    name: 'autocomplete',
    workers: 1,
    text: 'p95 ≤ 20 ms',
    met: (row) => row.p95 <= 20,
    request: (n) => ({ path: `product/autocomplete/name?query=${encodeURIComponent(QUERIES[n % QUERIES.length])}` }),
  },
  {
    name: 'orders/list',
    workers: 1,
    text: 'p95 ≤ 40 ms',
    met: (row) => row.p95 <= 40,
    request: (n, ranges) => {
      const bodies = LIST_BODIES(ranges);
      return { path: 'orders/list', method: 'POST', body: bodies[n % bodies.length] };
    },
  },
  {
    name: 'add to deal',
    workers: 4,
    text: '≥ 500 req/s, p95 ≤ 100 ms, no oversell',
    met: (row) => row.rps >= 500 && row.p95 <= 100 && row.oversold === 0,
    // Each run has its own 100 hot products (`run`), so a later run does not find the stock an earlier one took.
    request: (n, ranges, run) => ({
      path: 'orders/product/add',
      method: 'POST',
      body: { order_id: dealId(ranges, n * 7919 + run * 1237), product: String(ranges.first_product + run * 100 + (n % 100)), quantity: 1 },
    }),
  },
];

// Each list body alone, for its CPU per call; p95 ≤ 40 ms is the mix's budget, shown here for comparison.
if (process.env.BENCH_LIST_BODIES === '1') {
  for (let index = 0; index < LIST_BODIES({}).length; index += 1) {
    BUDGETS.push({ name: `orders/list:${index + 1}`, workers: 1, text: 'one body (p95 ≤ 40 ms)', met: (row) => row.p95 <= 40, request: (_n, ranges) => ({ path: 'orders/list', method: 'POST', body: LIST_BODIES(ranges)[index] }) });
  }
}

/**
 * One client process: `connections` keep-alive connections calling one budget's request until the time is up.
 * autocannon, not fetch: on this 2-core machine the clients share the CPU with the server and PostgreSQL, and
 * fetch spent about as much CPU per call as the server does on a cheap call (BENCH_CLIENT=fetch measures it so;
 * the client's own CPU per call is printed either way).
 */
async function client({ url, token, ranges, connections, seconds, index, budget, run, kind }) {
  const { request } = BUDGETS.find((entry) => entry.name === budget);
  const latencies = [];
  const statuses = {};
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const cpu = process.cpuUsage();
  let n = index * 100_003;
  if (kind === 'fetch') {
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const { path, method = 'GET', body } = request((n += 1), ranges, run);
        const started = performance.now();
        try {
          const response = await fetch(`${url}/api/${path}`, { method, headers, body: body && JSON.stringify(body) });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        } catch {
          statuses.failed = (statuses.failed ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
  } else {
    const { default: autocannon } = await import('autocannon');
    const instance = autocannon({
      url,
      connections,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (previous) => {
            const { path, method = 'GET', body } = request((n += 1), ranges, run);
            return { ...previous, path: `/api/${path}`, method, body: body === undefined ? undefined : JSON.stringify(body) };
          },
        },
      ],
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    const result = await instance;
    if (result.errors + result.timeouts > 0) statuses.failed = result.errors + result.timeouts;
  }
  const used = process.cpuUsage(cpu);
  process.send({ latencies, statuses, cpuMs: (used.user + used.system) / 1000 });
}

async function drive(url, token, ranges, budget, run, { clients, connections, seconds }) {
  const kind = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'autocannon';
  const results = await forkClients(fileURLToPath(import.meta.url), { clients, connections }, { url, token, ranges, seconds, budget, run, kind });
  const sorted = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
  const statuses = {};
  for (const result of results) for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const clientCpuMs = results.reduce((sum, result) => sum + result.cpuMs, 0);
  return { calls: sorted.length, rps: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), statuses, clientCpuPerCall: clientCpuMs / sorted.length };
}

/** An older build of the project: `git archive` of the ref into a temp folder, node_modules linked, built there. */
function baselineBuild(ref) {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-baseline-'));
  execSync(`git archive --format=tar ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(folder)}`, { cwd: root, stdio: 'inherit' });
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  execFileSync(process.execPath, ['build.mjs'], { cwd: folder, stdio: 'inherit' });
  return folder;
}

async function oversold(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from batches where reserve > count or count < 0 or reserve < 0');
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** PostgreSQL's postmaster, when this machine runs it and we may read its data directory: its tree's CPU is PostgreSQL's. */
async function postmasterPid(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('show data_directory');
    return Number(readFileSync(join(rows[0].data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const clients = Number(process.env.BENCH_CLIENTS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const only = process.env.BENCH_CALLS?.split(',');
  const baselineRef = process.env.BENCH_BASELINE_REF;
  execFileSync(process.execPath, ['build.mjs', '--if-needed'], { cwd: root, stdio: 'inherit' });
  const builds = [];
  // BENCH_BASELINE_DIR: an older checkout already built (kept); else BENCH_BASELINE_REF is checked out and built here.
  if (process.env.BENCH_BASELINE_DIR) builds.push({ label: 'old', folder: process.env.BENCH_BASELINE_DIR, kept: true });
  else if (baselineRef) builds.push({ label: `old (${baselineRef})`, folder: baselineBuild(baselineRef) });
  builds.push({ label: 'new', folder: root });
  const postgres = await startPostgres('stockroom-budgets-pg-');
  const { databaseUrl } = postgres;
  const rows = [];
  try {
    const { token, ranges } = await seedBenchData(databaseUrl);
    const postmaster = await postmasterPid(databaseUrl);
    let run = 0;
    for (const budget of BUDGETS.filter((entry) => !only || only.includes(entry.name))) {
      for (const build of builds) {
        const port = await freePort();
        const server = await startUntil(
          process.execPath,
          // Node 20 takes --cpu-prof only on the command line; the cluster's workers inherit it (execArgv).
          [
            ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_PROFILE, `${build.label.replace(/\W+/g, '_')}-${budget.name.replace(/\W+/g, '_')}`)}`] : []),
            join(build.folder, 'dist/server/main.mjs'),
          ],
          {
            DATABASE_URL: databaseUrl,
            WORKERS: String(budget.workers),
            PORT: String(port),
            LOG_LEVEL: 'warn',
            DB_POOL_MAX: String(Math.max(4, Math.ceil(24 / budget.workers))),
          },
          /Stockroom is running at/,
          `${build.label} server`,
          build.folder,
        );
        const url = `http://127.0.0.1:${port}`;
        // A short warm-up (connections opened, code compiled), not counted.
        await drive(url, token, ranges, budget.name, run, { clients: 1, connections: 4, seconds: 1 });
        const load = loadavg()[0];
        const serverCpu = treeCpuMs(server.child.pid);
        const pgCpu = postmaster ? treeCpuMs(postmaster) : Number.NaN;
        try {
          const result = await drive(url, token, ranges, budget.name, run, { clients, connections, seconds });
          const row = {
            budget,
            build: build.label,
            ...result,
            serverCpuPerCall: (treeCpuMs(server.child.pid) - serverCpu) / result.calls,
            pgCpuPerCall: postmaster ? (treeCpuMs(postmaster) - pgCpu) / result.calls : Number.NaN,
            load: `${load.toFixed(1)}→${loadavg()[0].toFixed(1)}`,
            oversold: budget.name === 'add to deal' ? await oversold(databaseUrl) : 0,
          };
          rows.push(row);
          console.log(`${budget.name}, ${build.label}: p95 ${row.p95.toFixed(1)} ms, ${row.rps.toFixed(0)} req/s, ${row.serverCpuPerCall.toFixed(2)} server CPU ms/call`);
        } finally {
          await stopChild(server.child);
        }
        run += 1;
      }
    }
  } finally {
    postgres.stop();
    for (const build of builds) if (build.folder !== root && !build.kept) rmSync(build.folder, { recursive: true, force: true });
  }
  const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
  const answers = (statuses) =>
    Object.entries(statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
  const lines = [
    `# Latency budgets (issue 20 §3), ${new Date().toISOString()}`,
    '',
    `PostgreSQL (Debian's, throwaway), ${rangesNote()}; ${cpus().length} cores shared with other work (load average at the row's start→end); ${clients} client processes, ${connections} connections in all, ${seconds} s per row after a 1 s warm-up, each call on its own. Latency in ms; CPU in ms per call, of the server's processes (the cluster primary included), of PostgreSQL's and of the ${process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'autocannon'} clients'.`,
    '',
    '| call | budget | build | processes | req/s | p50 | p95 | p99 | server CPU/call | PostgreSQL CPU/call | client CPU/call | load | answers | met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.budget.name} | ${row.budget.text} | ${row.build} | ${row.budget.workers} | ${row.rps.toFixed(0)} | ${fixed(row.p50)} | ${fixed(row.p95)} | ${fixed(row.p99)} | ${fixed(row.serverCpuPerCall, 2)} | ${fixed(row.pgCpuPerCall, 2)} | ${fixed(row.clientCpuPerCall, 2)} | ${row.load} | ${answers(row.statuses)}${row.budget.name === 'add to deal' ? `; oversold batches ${row.oversold}` : ''} | ${row.budget.met(row) ? 'yes' : 'no'} |`,
    ),
  ];
  if (builds.length > 1) {
    lines.push('', 'Old/new ratios from this one run (above 1: the new build is faster or cheaper):', '', '| call | p50 | p95 | req/s (new/old) | server CPU/call | PostgreSQL CPU/call |', '|---|---|---|---|---|---|');
    for (const budget of BUDGETS) {
      const [old, now] = [rows.find((row) => row.budget === budget && row.build !== 'new'), rows.find((row) => row.budget === budget && row.build === 'new')];
      if (old && now) lines.push(`| ${budget.name} | ${fixed(old.p50 / now.p50, 2)} | ${fixed(old.p95 / now.p95, 2)} | ${fixed(now.rps / old.rps, 2)} | ${fixed(old.serverCpuPerCall / now.serverCpuPerCall, 2)} | ${fixed(old.pgCpuPerCall / now.pgCpuPerCall, 2)} |`);
    }
  }
  console.log(`\n${lines.join('\n')}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `budgets-${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`\nwritten to ${file}`);
}

function rangesNote() {
  return `${Number(process.env.BENCH_PRODUCTS ?? 100_000).toLocaleString('en')} products, ${Number(process.env.BENCH_ORDERS ?? 50_000).toLocaleString('en')} orders (bench/benchServer.ts)`;
}

if (process.argv[2] === '--client') await client(JSON.parse(process.argv[3]));
else await main();

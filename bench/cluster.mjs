#!/usr/bin/env node
// npm run bench:cluster — how the server scales with processes on one PostgreSQL (issue 20 §4).
// Starts a throwaway PostgreSQL (Debian's, .ci/postgres.sh; or uses DATABASE_URL), seeds it once as bench:server
// does (100,000 products, 50,000 orders; BENCH_PRODUCTS / BENCH_ORDERS to change), then for WORKERS = 1, 2 and 4
// (BENCH_WORKERS=1,2,4) starts `npm start`'s server (dist/server/main.mjs) and drives a mixed workload — search,
// list, open order, add to deal, save — from BENCH_CLIENTS client processes (default 4) with BENCH_CONNECTIONS
// connections in all (default 16) for BENCH_SECONDS (default 10) on loopback. Prints throughput and p50/p95/p99
// per call and writes the table to bench/results/. A benchmark, not a test: the clients share the machine's cores
// with the server, so on a small machine the ratio between rows says more than the numbers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealId, forkClients, freePort, percentile, root, seedBenchData, startPostgres, startUntil, stopChild } from './processes.mjs';
const CALLS = ['search', 'list', 'open order', 'add to deal', 'save'];
const QUERIES = ['dril', 'hammer pro', 'wrench', 'bolt', 'saw mini', 'clamp'];

/** One client process: `connections` loops, each calling the mix in turn until the time is up; sends its latencies. */
async function client({ url, token, ranges, connections, seconds, index }) {
  const latencies = Object.fromEntries(CALLS.map((call) => [call, []]));
  const failures = Object.fromEntries(CALLS.map((call) => [call, 0]));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const end = Date.now() + seconds * 1000;
  const span = (first, last) => ranges[last] - ranges[first] + 1;
  const timed = async (call, path, init) => {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/${path}`, { headers, ...init });
      const body = await response.json().catch(() => null);
      // A reservation refused for want of stock (422) or a save that lost to another (409) is an answer, not a failure.
      if (response.status >= 500 || response.status === 403) failures[call] += 1;
      else latencies[call].push(performance.now() - started);
      return response.ok ? body : null;
    } catch {
      failures[call] += 1;
      return null;
    }
  };
  const loop = async (loopIndex) => {
    let n = index * 1000 + loopIndex * 37;
    while (Date.now() < end) {
      n += 1;
      await timed('search', `product/autocomplete/name?query=${encodeURIComponent(QUERIES[n % QUERIES.length])}`);
      await timed('list', 'orders/list', { method: 'POST', body: JSON.stringify({ page: 1 + (n % 50), per_page: 20, filter: n % 2 ? { hide_final: true } : {} }) });
      const orderId = ranges.first_order + ((n * 7919) % span('first_order', 'last_order'));
      const order = await timed('open order', `orders/order?order_id=${orderId}`);
      const deal = dealId(ranges, n * 104729);
      // Hot products: the first 100, so adds contend on the same rows as in a busy shop.
      const productId = ranges.first_product + (n % 100);
      await timed('add to deal', 'orders/product/add', { method: 'POST', body: JSON.stringify({ order_id: deal, product: String(productId), quantity: 1 }) });
      if (order?.version) await timed('save', 'orders/update', { method: 'POST', body: JSON.stringify({ id: orderId, version: order.version, name: `Bench order ${orderId}` }) });
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, loopIndex) => loop(loopIndex)));
  process.send({ latencies, failures });
}

async function drive(url, token, ranges, { clients, connections, seconds }) {
  const results = await forkClients(fileURLToPath(import.meta.url), { clients, connections }, { url, token, ranges, seconds });
  return CALLS.map((call) => {
    const sorted = results.flatMap((result) => result.latencies[call]).sort((a, b) => a - b);
    const failed = results.reduce((sum, result) => sum + result.failures[call], 0);
    return { call, rps: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), failed };
  });
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const clients = Number(process.env.BENCH_CLIENTS ?? 4);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const workerCounts = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
  execFileSync(process.execPath, ['build.mjs', '--if-needed'], { cwd: root, stdio: 'inherit' });
  const postgres = await startPostgres('stockroom-cluster-pg-');
  const { databaseUrl } = postgres;
  const rows = [];
  try {
    const { token, ranges } = await seedBenchData(databaseUrl);
    for (const workers of workerCounts) {
      const port = await freePort();
      const started = Date.now();
      const server = await startUntil(
        process.execPath,
        [join(root, 'dist/server/main.mjs')],
        { DATABASE_URL: databaseUrl, WORKERS: String(workers), PORT: String(port), LOG_LEVEL: 'warn', DB_POOL_MAX: String(Math.max(4, Math.ceil(24 / workers))) },
        /Stockroom is running at/,
        `server with ${workers} processes`,
      );
      console.log(`${workers} process${workers > 1 ? 'es' : ''} serving after ${Date.now() - started} ms; driving ${seconds} s…`);
      try {
        for (const row of await drive(`http://127.0.0.1:${port}`, token, ranges, { clients, connections, seconds })) rows.push({ workers, ...row });
      } finally {
        await stopChild(server.child);
      }
    }
  } finally {
    postgres.stop();
  }
  const fixed = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');
  const lines = [
    `# Cluster benchmark, ${new Date().toISOString()}`,
    '',
    `${cpus().length} cores; ${clients} client processes, ${connections} connections in all, ${seconds} s per row, mixed workload (each connection: search, list, open order, add to deal on 100 hot products, save). Latency in ms.`,
    '',
    '| processes | call | req/s | p50 | p95 | p99 | failed |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.workers} | ${row.call} | ${row.rps.toFixed(0)} | ${fixed(row.p50)} | ${fixed(row.p95)} | ${fixed(row.p99)} | ${row.failed} |`),
    '',
    ...workerCounts.map((workers) => `${workers} processes: ${rows.filter((row) => row.workers === workers).reduce((sum, row) => sum + row.rps, 0).toFixed(0)} req/s in all`),
  ];
  console.log(`\n${lines.join('\n')}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `cluster-${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`\nwritten to ${file}`);
}

if (process.argv[2] === '--client') await client(JSON.parse(process.argv[3]));
else await main();

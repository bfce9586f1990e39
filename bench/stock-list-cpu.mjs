#!/usr/bin/env node
// CPU per call of the stock list's calls, old code against new, in ONE run on one seeded PostgreSQL: on a machine
// shared by many sessions latency says little, CPU time per request (the Node server's and the PostgreSQL backends')
// says what a call costs. At 16 connections on 2 cores a call's p95 is roughly 16 × its CPU ÷ 2 plus queueing, so the
// 60 ms budget needs about 7 ms.
//   node bench/stock-list-cpu.mjs new=. old=/path/to/an/exported/older/tree [--seed]
// In the last round each call is also driven at 16 connections for BENCH_SECONDS (p50/p95/p99 of every response).
// Each label is a source tree (with node_modules beside it) whose bench/stock-list.server.ts is bundled and served;
// the first label seeds the database when --seed is given (DATABASE_URL, or a PostgreSQL started here), the others
// serve what it seeded. Every call is made CALLS times, 4 at a time, in ROUNDS rounds alternating between the labels.
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CALLS = Number(process.env.BENCH_CALLS ?? 48);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PARALLEL = 4;
// Latency too, per call and label, at the stock bench's 16 connections (BENCH_SECONDS each; 0 leaves it out).
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;
const labels = process.argv.slice(2).filter((arg) => arg.includes('=')).map((arg) => arg.split('='));
const seed = process.argv.includes('--seed');

const WORDS = ['drill', 'saw', 'hammer', 'wrench', 'pliers', 'clamp', 'chisel', 'level', 'steel', 'compact', 'smart', 'mini'];
let next = 0;
const ALL_CALLS = [
  ['first page', 'stock-list', () => ({})],
  ['search + positive, main warehouse', 'stock-list', () => ({ warehouse: 'main', filter: { search: WORDS[next++ % WORDS.length], positive: true } })],
  ['category + price range', 'stock-list', () => ({ filter: { category_id: 1 + (next++ % 20), price_min: 500, price_max: 3000 } })],
  ['totals, whole table', 'stock-totals', () => ({})],
  ['totals, search + positive', 'stock-totals', () => ({ warehouse: 'main', filter: { search: WORDS[next++ % WORDS.length], positive: true } })],
];
// BENCH_ONLY='search': only the calls whose name contains it (more rounds of one call in the same time).
const CALL_LIST = ALL_CALLS.filter(([name]) => name.includes(process.env.BENCH_ONLY ?? ''));

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** CPU seconds (user + system) by pid of a process and, with `children`, of its direct children (the postmaster's backends). */
function cpuOf(pid, children = false) {
  const ticks = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === pid || (children && Number(fields[1]) === pid)) ticks.set(entry, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks;
}

/** CPU seconds spent between two readings: a backend that ended meanwhile (another server's idle connection) counts nothing, a new one all it spent. */
const spent = (before, after) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

async function bundle(label, tree) {
  const dir = join(tmpdir(), `stock-cpu-${label}`);
  mkdirSync(dir, { recursive: true });
  // Beside the bundle, as in a source tree: its packages, and the package.json the server finds its root by.
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  if (!existsSync(join(dir, 'package.json'))) symlinkSync(join(tree, 'package.json'), join(dir, 'package.json'));
  const outfile = join(dir, 'server.mjs');
  await esbuild.build({ entryPoints: [join(tree, 'bench/stock-list.server.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  return outfile;
}

function start(file, tree, databaseUrl, reuse) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [file], { env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_ROOT: tree, ...(reuse && { BENCH_REUSE: '1' }) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /READY (\d+) (\S+)/.exec(output);
      if (ready) done({ child, port: Number(ready[1]), token: ready[2] });
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${output}`)));
  });
}

async function cpuPerCall(server, postmaster, path, body) {
  const ask = async () => (await fetch(`http://127.0.0.1:${server.port}/api/product/${path}`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body()) })).arrayBuffer();
  for (let i = 0; i < PARALLEL; i += 1) await ask();
  const node0 = cpuOf(server.child.pid);
  const pg0 = cpuOf(postmaster, true);
  let left = CALLS;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (left-- > 0) await ask();
    }),
  );
  const node = (spent(node0, cpuOf(server.child.pid)) / CALLS) * 1000;
  const pg = (spent(pg0, cpuOf(postmaster, true)) / CALLS) * 1000;
  return { node: Math.round(node * 10) / 10, pg: Math.round(pg * 10) / 10, total: Math.round((node + pg) * 10) / 10 };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** p50/p95/p99 of every response's time at 16 connections. */
async function latency(server, path, body) {
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: `/api/product/${path}`, setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  const round = (value) => Math.round(value * 10) / 10;
  return { requests: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), failed: result.non2xx + result.errors };
}

let pgDir = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  pgDir = mkdtempSync(join(tmpdir(), 'stock-cpu-pg-'));
  databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', pgDir], { encoding: 'utf8', env: { ...process.env, PGPORT: String(await freePort()) } }).trim();
}
const postmaster = Number(readFileSync(process.env.POSTMASTER_PID_FILE ?? join(pgDir ?? '', 'data/postmaster.pid'), 'utf8').split('\n')[0]);
const servers = [];
const loads = [loadavg()[0]];
try {
  for (const [index, [label, tree]] of labels.entries()) {
    const file = await bundle(label, resolve(tree));
    servers.push({ label, ...(await start(file, resolve(tree), databaseUrl, !(seed && index === 0))) });
  }
  const results = new Map();
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [name, path, body] of CALL_LIST)
      for (const server of servers) {
        const figures = { ...(await cpuPerCall(server, postmaster, path, body)), ...(SECONDS > 0 && round === ROUNDS - 1 && (await latency(server, path, body))) };
        const key = `${name}|${server.label}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
        loads.push(loadavg()[0]);
        console.log(JSON.stringify({ round, name, label: server.label, ...figures }));
      }
  console.log(`\nCPU ms per call (node + PostgreSQL = total), ${CALLS} calls ${PARALLEL} at a time, ${ROUNDS} rounds; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on 2 cores\n`);
  console.log(`| call | ${servers.map((server) => server.label).join(' | ')} |`);
  console.log(`|---|${servers.map(() => '---').join('|')}|`);
  for (const [name] of CALL_LIST)
    console.log(`| ${name} | ${servers.map((server) => results.get(`${name}|${server.label}`).map((f) => `${f.node} + ${f.pg} = **${f.total}**`).join('; ')).join(' | ')} |`);
  if (SECONDS > 0) {
    console.log(`\nLatency at ${CONNECTIONS} connections, ${SECONDS} s per call and label, last round (ms: p50 / p95 / p99, requests)\n`);
    console.log(`| call | ${servers.map((server) => server.label).join(' | ')} |`);
    console.log(`|---|${servers.map(() => '---').join('|')}|`);
    for (const [name] of CALL_LIST)
      console.log(`| ${name} | ${servers.map((server) => results.get(`${name}|${server.label}`).at(-1)).map((f) => `${f.p50} / **${f.p95}** / ${f.p99} (${f.requests}${f.failed ? `, ${f.failed} failed` : ''})`).join(' | ')} |`);
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  if (pgDir && !process.env.BENCH_KEEP_PG) execFileSync(join(root, '.ci/postgres.sh'), ['stop', pgDir]);
  else if (pgDir) console.log(`PostgreSQL kept: ${databaseUrl} (${pgDir})`);
}

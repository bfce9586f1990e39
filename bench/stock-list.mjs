#!/usr/bin/env node
// npm run bench:stock — the stock screen's list on PostgreSQL (Debian's, started here unless DATABASE_URL is given)
// with 100,000 products in 3 warehouses: autocannon at 16 connections on the first page, a filtered page, and (for
// the record) the totals and a page sorted by a balance, with exact p50/p95 from every response's time; then in
// Chromium, the time from typing into the search box to the matching rows shown. Budgets: p95 ≤ 60 ms for the
// first and the filtered page; typing ≤ 150 ms median. A benchmark, not a test: numbers vary with the machine.
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
const TYPING_SAMPLES = Number(process.env.BENCH_TYPING ?? 30);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

execFileSync(process.execPath, ['build.mjs', '--if-needed'], { cwd: root, stdio: 'inherit' });
const work = mkdtempSync(join(tmpdir(), 'stockroom-stock-bench-'));
const shellDir = join(work, 'shell');
cpSync(join(root, 'dist', 'shell'), shellDir, { recursive: true });
const bundleDir = join(root, 'node_modules', '.cache', 'stockroom-stock-bench');
const bundle = join(bundleDir, 'server.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/stock-list.server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function startServer(databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_ROOT: root, SHELL_DIR: shellDir }, stdio: ['ignore', 'pipe', 'inherit'] });
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

const WORDS = ['drill', 'saw', 'hammer', 'wrench', 'pliers', 'clamp', 'chisel', 'level', 'steel', 'compact', 'smart', 'mini'];
let next = 0;
const SEEDED_WORDS = ['drill', 'saw', 'hammer', 'wrench', 'pliers', 'screw', 'bolt', 'nut', 'washer', 'clamp', 'chisel', 'file', 'level', 'tape', 'glue'];
const CALLS = [
  ['first page', 'stock-list', () => ({})],
  ['filtered page (search + positive, main warehouse)', 'stock-list', () => ({ warehouse: 'main', filter: { search: WORDS[next++ % WORDS.length], positive: true } })],
  ['filtered page (category + price range)', 'stock-list', () => ({ filter: { category_id: 1 + (next++ % 20), price_min: 500, price_max: 3000 } })],
  ['page 200 (offset 3,980)', 'stock-list', () => ({ page: 200 })],
  ['page sorted by in stock, desc', 'stock-list', () => ({ sort: { field: 'count', order: 'desc' } })],
  ['totals, whole table', 'stock-totals', () => ({})],
  ['totals, filtered (search + positive)', 'stock-totals', () => ({ warehouse: 'main', filter: { search: WORDS[next++ % WORDS.length], positive: true } })],
];

async function measure(server, name, path, body) {
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: `/api/product/${path}`, setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  return { name, requests: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), rps: Math.round(result.requests.average), failed: result.non2xx + result.errors };
}

/** Types a word into the search box (one input event, as a paste or the last key of a word) and times until the first row matches it. */
async function typing(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/?token=${server.token}#/remnants`);
  await page.locator('[data-testid="stock-table"] tbody tr').first().waitFor({ timeout: 120_000 });
  const samples = [];
  for (let i = 0; i < TYPING_SAMPLES; i += 1) {
    // A different seeded product's full name each time (bench/stock-list.server.ts names them so), so no answer repeats an earlier one.
    const k = 1000 + i * 37;
    const word = SEEDED_WORDS[k % SEEDED_WORDS.length];
    const text = `${word[0].toUpperCase()}${word.slice(1)} ${['mini', 'pro', 'steel', 'heavy', 'compact', 'smart'][Math.floor(k / 7) % 6]} ${k}`;
    const elapsed = await page.evaluate(
      (wanted) =>
        new Promise((resolve, reject) => {
          const input = document.querySelector('#stock-search');
          const body = document.querySelector('[data-testid="stock-table"] tbody');
          const shows = () => [...body.querySelectorAll('tr[data-product] td[data-column="name"]')].some((cell) => cell.textContent.toLowerCase().includes(wanted.toLowerCase()));
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (!shows()) return;
            observer.disconnect();
            resolve(performance.now() - start);
          });
          observer.observe(document.querySelector('[data-testid="stock-screen"]'), { subtree: true, childList: true, characterData: true });
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
          setter.call(input, wanted);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          setTimeout(() => reject(new Error(`no rows for ${wanted}`)), 10_000);
        }),
      text,
    );
    samples.push(elapsed);
  }
  await context.close();
  return { samples: samples.length, median: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), max: round(Math.max(...samples)) };
}

let pgDir = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  pgDir = mkdtempSync(join(tmpdir(), 'stockroom-stock-bench-pg-'));
  // A port of its own: other PostgreSQL servers (the server suite's) may be running on the default one.
  databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', pgDir], { encoding: 'utf8', env: { ...process.env, PGPORT: String(await freePort()) } }).trim();
}
const rows = [];
// The machine's load around the run: on a shared machine the figures scale with it, so the run says what it had.
const loads = [loadavg()[0]];
let typed;
let seeded;
try {
  const server = await startServer(databaseUrl);
  seeded = server.seeded;
  try {
    for (const [name, path, body] of CALLS) {
      const row = await measure(server, name, path, body);
      loads.push(loadavg()[0]);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    try {
      typed = await typing(browser, server);
    } finally {
      await browser.close();
    }
  } finally {
    server.child.kill('SIGTERM');
  }
} finally {
  if (pgDir) execFileSync(join(root, '.ci/postgres.sh'), ['stop', pgDir]);
  rmSync(work, { recursive: true, force: true });
}

const lines = [
  `# Stock list benchmark, ${new Date().toISOString()}`,
  '',
  `PostgreSQL (Debian), 100,000 products in 3 warehouses (plus the demo catalogue), ${DURATION} s per call, autocannon at ${CONNECTIONS} connections in the same process as this script; p50/p95/p99 computed from every response's time (ms). Budget: first and filtered page p95 ≤ 60 ms.`,
  '',
  '| call | requests | p50 | p95 | p99 | req/s | failed |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.name} | ${row.requests} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.rps} | ${row.failed} |`),
  '',
  `Typing in the search box to matching rows shown (Chromium headless, production build; includes the screen's 50 ms debounce): median ${typed.median} ms, p95 ${typed.p95} ms, max ${typed.max} ms over ${typed.samples} searches. Budget: median ≤ 150 ms.`,
  '',
  `Seeding 100,000 products with their batches in SQL: ${seeded} ms.`,
  '',
  `Load average (1 min) at the start and after each call: ${loads.map((load) => load.toFixed(1)).join(', ')} (${cpus().length} cores).`,
  '',
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
// A second run of the day goes beside the first (-2, -3, …): a day's file often carries notes written under its figures.
const day = new Date().toISOString().slice(0, 10);
let file = join(root, 'bench/results', `stock-list-${day}.md`);
for (let run = 2; existsSync(file); run += 1) file = join(root, 'bench/results', `stock-list-${day}-${run}.md`);
writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));
console.log(`Written to ${file}`);

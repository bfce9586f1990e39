#!/usr/bin/env node
// npm run bench:deal — the deal screen with an order of 200 positions in Chromium: how long it takes to open,
// and how long each keystroke in one count input takes to commit (from the keydown to the card's DOM
// updated by React's commit, and to the layout after it). Performance marks in the page: a keydown
// listener marks the start, a MutationObserver on the card (its callback runs right after React's
// commit) marks the end. The app runs as built (production React), on the real server with an in-memory
// database. A benchmark, not a test: numbers vary with the machine. Writes the table to bench/results/.
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 200);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 120);
// The flags the browser tests use (test/e2e/chromium.ts).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

// The shell as built now, copied aside so a concurrent rebuild of dist/ (the browser tests') cannot pull it away mid-run.
execFileSync(process.execPath, ['build.mjs', '--if-needed'], { cwd: root, stdio: 'inherit' });
const work = mkdtempSync(join(tmpdir(), 'stockroom-deal-bench-'));
const shellDir = join(work, 'shell');
cpSync(join(root, 'dist', 'shell'), shellDir, { recursive: true });
// Inside the project so the bundle's packages resolve from node_modules.
const bundleDir = join(root, 'node_modules', '.cache', 'stockroom-deal-bench');
const bundle = join(bundleDir, 'server.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/deal-keystroke.server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { env: { ...process.env, BENCH_ROOT: root, SHELL_DIR: shellDir, BENCH_POSITIONS: String(POSITIONS) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /READY (\d+) (\S+) (\d+)/.exec(output);
      if (ready) resolve({ child, port: Number(ready[1]), token: ready[2], orderId: Number(ready[3]), seeded: /SEEDED \d+ positions in (\d+) ms/.exec(output)?.[1] });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${output}`)));
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const round = (value) => Math.round(value * 100) / 100;

/** Opens the order, then types into the count input of one position (a service: no cap, so every keystroke changes the count). */
async function measure(browser, server, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const started = Date.now();
  await page.goto(`http://127.0.0.1:${server.port}/?token=${server.token}#/addToDeal?order_id=${server.orderId}`);
  // Open: the order's title and the first screen of cards ready to type into (cards further down are built as they come near).
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => document.querySelectorAll('article.product-card .product-card__count').length >= 12, null, { timeout: 120_000, polling: 50 });
  const openMs = Date.now() - started;
  const positions = await page.locator('ul.deal-positions > li').count();
  if (positions !== POSITIONS) throw new Error(`The screen shows ${positions} positions, not ${POSITIONS}`);

  // The last service of the order (no cap, so every keystroke changes the count), far down the list.
  const services = page.locator('ul.deal-positions > li', { has: page.locator('h3', { hasText: / hour$/ }) });
  const target = services.last();
  await target.scrollIntoViewIfNeeded();
  const input = target.locator('.product-card__count');
  await input.waitFor();
  const targetIndex = await target.evaluate((li) => [...li.parentElement.children].indexOf(li) + 1);
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await input.press('Control+a');
  await input.press('1');
  await page.evaluate(() => {
    const target = document.activeElement;
    const card = target.closest('article');
    const bench = { samples: [], start: null };
    window.__dealBench = bench;
    document.addEventListener('keydown', (event) => {
      if (event.target === target) bench.start = performance.now();
    }, true);
    new MutationObserver(() => {
      if (bench.start === null) return;
      const commit = performance.now();
      void card.offsetHeight; // the layout the browser must do before painting the change
      const layout = performance.now();
      bench.samples.push({ commit: commit - bench.start, layout: layout - bench.start });
      bench.start = null;
    }).observe(card, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  let missed = 0;
  let length = 1;
  for (let i = 0; i < KEYSTROKES; i += 1) {
    // Grow the number to four digits, then shorten it to one: every key changes the count.
    const growing = Math.floor(i / 3) % 2 === 0;
    const key = growing && length < 4 ? String((i % 9) + 1) : length > 1 ? 'Backspace' : String((i % 9) + 1);
    length += key === 'Backspace' ? -1 : 1;
    const before = await page.evaluate(() => window.__dealBench.samples.length);
    await page.keyboard.press(key);
    try {
      await page.waitForFunction((n) => window.__dealBench.samples.length > n, before, { timeout: 2000, polling: 'raf' });
    } catch {
      missed += 1;
    }
  }
  const samples = await page.evaluate(() => window.__dealBench.samples);
  await context.close();
  const commit = samples.map((sample) => sample.commit);
  const layout = samples.map((sample) => sample.layout);
  return {
    cpuSlowdown,
    openMs,
    targetIndex,
    keystrokes: samples.length,
    missed,
    commit: { median: round(percentile(commit, 50)), p95: round(percentile(commit, 95)), max: round(Math.max(...commit)) },
    layout: { median: round(percentile(layout, 50)), p95: round(percentile(layout, 95)), max: round(Math.max(...layout)) },
  };
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
const rows = [];
try {
  for (const slowdown of [1, 4]) rows.push(await measure(browser, server, slowdown));
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

const lines = [
  `# Deal screen: ${POSITIONS} positions, keystrokes in one count input (${new Date().toISOString().slice(0, 10)})`,
  '',
  'Chromium (headless, Debian), the production build, the real server on an in-memory database. Commit: keydown → the',
  "card's DOM updated by React's commit (MutationObserver). Layout: the same plus the forced layout after it. ms.",
  '',
  '| CPU | open (ms) | typed into position | keystrokes | commit median | commit p95 | commit max | + layout median | + layout p95 | + layout max |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.cpuSlowdown === 1 ? 'as is' : `${row.cpuSlowdown}× slower`} | ${row.openMs} | ${row.targetIndex} | ${row.keystrokes}${row.missed ? ` (${row.missed} missed)` : ''} | ${row.commit.median} | ${row.commit.p95} | ${row.commit.max} | ${row.layout.median} | ${row.layout.p95} | ${row.layout.max} |`),
  '',
  `Seeding the order through orders/product/add: ${server.seeded} ms. Open: from navigation until the order's title and the first screen of cards (12) can be typed into; the others are built as they are scrolled near.`,
  '',
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `deal-keystroke-${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));
console.log(`Written to ${file}`);

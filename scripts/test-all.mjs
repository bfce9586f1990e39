#!/usr/bin/env node
// `npm test`: every layer in order, stopping at the first that fails, then a table of seconds per layer.
//   npm test                      all layers
//   npm test -- server e2e        only the named layers (names or numbers from the table)
// SERVER_ON_POSTGRES=all (CI) runs the whole server suite on PostgreSQL instead of its concurrency tests only.
import { spawn } from 'node:child_process';

const pgAll = process.env.SERVER_ON_POSTGRES === 'all';
const LAYERS = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'deps', command: ['npm', 'run', 'test:deps'] },
  { name: 'unit', command: ['npm', 'run', 'test:unit'] },
  { name: 'server', label: 'server (PGlite)', command: ['npm', 'run', 'test:server'] },
  {
    name: 'server-pg',
    label: pgAll ? 'server on PostgreSQL (all)' : 'server on PostgreSQL (concurrency)',
    command: ['node', 'scripts/server-on-postgres.mjs', ...(pgAll ? ['--all'] : [])],
  },
  { name: 'budget', command: ['npm', 'run', 'test:budget'] },
  { name: 'e2e', label: 'e2e (Chromium)', command: ['npm', 'run', 'test:e2e'] },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !LAYERS.some((layer, index) => layer.name === name || String(index + 1) === name));
if (unknown.length) {
  console.error(`Unknown layer ${unknown.join(', ')}: choose from ${LAYERS.map((layer) => layer.name).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length ? LAYERS.filter((layer, index) => wanted.includes(layer.name) || wanted.includes(String(index + 1))) : LAYERS;

const run = ([command, ...args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    // Ctrl-C reaches the child through the terminal; its exit ends this run.
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });

const rows = [];
let failed = null;
const started = Date.now();
for (const layer of chosen) {
  console.log(`\n▶ ${layer.label ?? layer.name}: ${layer.command.join(' ')}`);
  const start = Date.now();
  const code = await run(layer.command);
  rows.push({ layer: layer.label ?? layer.name, seconds: (Date.now() - start) / 1000, result: code === 0 ? 'passed' : `FAILED (exit ${code})` });
  if (code !== 0) {
    failed = code;
    break;
  }
}
for (const layer of chosen.slice(rows.length)) rows.push({ layer: layer.label ?? layer.name, seconds: null, result: 'not run' });

const width = Math.max(...rows.map((row) => row.layer.length), 'layer'.length);
console.log(`\nTime per layer:\n${'layer'.padEnd(width)}  seconds  result`);
for (const row of rows) console.log(`${row.layer.padEnd(width)}  ${row.seconds === null ? '      -' : row.seconds.toFixed(1).padStart(7)}  ${row.result}`);
const total = (Date.now() - started) / 1000;
console.log(`${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)}`);
const passed = rows.filter((row) => row.result === 'passed').length;
// Worded apart from a test runner's 'N passed, N failed' line: these are layers, not tests.
console.log(`\nnpm test: ${passed} of ${rows.length} layers passed${failed === null ? '' : `, '${rows[passed].layer}' failed`} (${Math.round(total)} s)`);
process.exit(failed === null ? 0 : failed || 1);

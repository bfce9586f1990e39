#!/usr/bin/env node
// node bench/profileSplit.mjs <folder of .cpuprofile files> [seconds] — where a server's CPU went under a bench
// (BENCH_PROFILE of bench/budgets.mjs): self time summed by the kind of code it was spent in, the idle time of the
// event loop left out. With `seconds`, only each profile's last seconds count (the measured run, not the start-up:
// BENCH_SECONDS plus a second for stopping).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** First match wins: the bundle's own code is told apart by its source path (dist keeps them in its source map-less names). */
const KINDS = [
  ['idle', (_url, name) => name === '(idle)' || name === '(program)'],
  ['garbage collection', (_url, name) => name === '(garbage collector)'],
  ['database driver (pg, pglite)', (url) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/.test(url)],
  ['SQL building (drizzle)', (url) => /drizzle-orm/.test(url)],
  ['HTTP, schemas, serialising (fastify, ajv)', (url) => /node_modules\/(fastify|@fastify|ajv|fast-json-stringify|find-my-way|light-my-request|avvio|pino|typebox|fast-uri|helmet)/.test(url)],
  ['other packages', (url) => /node_modules/.test(url)],
  ['node internals (net, crypto, streams)', (url) => url.startsWith('node:') || url === ''],
  ['the server\'s own code', () => true],
];

function files(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.cpuprofile') ? [path] : [];
  });
}

const folder = process.argv[2];
const lastUs = process.argv[3] ? Number(process.argv[3]) * 1e6 : Number.POSITIVE_INFINITY;
const sums = new Map();
const ownFunctions = new Map();
let total = 0;
for (const file of files(folder)) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas;
  let at = profile.startTime;
  const times = deltas.map((delta) => (at += delta));
  for (let i = 0; i < profile.samples.length; i++) {
    if (profile.endTime - times[i] > lastUs) continue;
    const node = byId.get(profile.samples[i]);
    const { url, functionName } = node.callFrame;
    const kind = KINDS.find(([, test]) => test(url, functionName))[0];
    const ms = (deltas[i] ?? 0) / 1000;
    sums.set(kind, (sums.get(kind) ?? 0) + ms);
    if (kind !== 'idle') total += ms;
    if (kind === "the server's own code") ownFunctions.set(`${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`, (ownFunctions.get(`${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`) ?? 0) + ms);
  }
}
console.log(`CPU (idle left out): ${total.toFixed(0)} ms`);
for (const [kind, ms] of [...sums].sort((a, b) => b[1] - a[1])) if (kind !== 'idle') console.log(`${kind.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)} %`);
console.log('\nthe server\'s own code, top functions by self time:');
for (const [name, ms] of [...ownFunctions].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);

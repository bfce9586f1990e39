#!/usr/bin/env node
// npm run bench:start — how long `npm start`'s server takes to answer (issue 20 §2: a fresh data folder ≤ 10 s, a
// restart with data ≤ 2 s). Runs the built server (dist/server/main.mjs; `node build.mjs` first) on embedded PGlite in
// a new data folder BENCH_FRESH times (default 3; migrations and the demo seed) and then BENCH_RESTARTS times (default 3) on the same folder,
// and prints, for each, the wall time to the first answer of / and the CPU time the process had used by then
// (user + system from /proc). On a shared machine the wall time grows with the load; the CPU time does not, and on an
// idle machine the start, which runs on one core, takes about that long. BENCH_BASELINE_DIR=<an older checkout, built>
// runs its server the same way, alternating with this one start by start, so both meet the same load.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const FRESH = Number(process.env.BENCH_FRESH ?? 3);
const TICKS = 100; // USER_HZ on Linux

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function cpuSeconds(pid) {
  // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function startOnce(dataDir, folder = root) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', join(folder, 'dist/server/main.mjs')], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/`);
        await answer.arrayBuffer();
        if (answer.ok) break;
      } catch {}
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const builds = [...(process.env.BENCH_BASELINE_DIR ? [['old', process.env.BENCH_BASELINE_DIR]] : []), ['new', root]];
const load = loadavg()[0].toFixed(1);
const dataDirs = [];
const rows = [];
const named = (name, label) => `${name}${builds.length > 1 ? `, ${label}` : ''}`;
// Each fresh start in a new data folder (BENCH_FRESH of them, for the spread); the restarts on the last one.
for (let index = 1; index <= FRESH; index += 1) {
  for (const [which, [label, folder]] of builds.entries()) {
    dataDirs[which] = mkdtempSync(join(tmpdir(), 'stockroom-start-bench-'));
    const before = loadavg()[0].toFixed(1);
    rows.push([named(`fresh data folder ${index}`, label), { ...(await startOnce(dataDirs[which], folder)), load: before }]);
    if (index < FRESH) rmSync(dataDirs[which], { recursive: true, force: true });
  }
}
for (let index = 1; index <= RESTARTS; index += 1) {
  for (const [which, [label, folder]] of builds.entries()) {
    const before = loadavg()[0].toFixed(1);
    rows.push([named(`restart ${index}`, label), { ...(await startOnce(dataDirs[which], folder)), load: before }]);
  }
}
for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });

const lines = [
  `# Start benchmark, ${new Date().toISOString()}`,
  '',
  `The built server on embedded PGlite; load average ${load} when it began (2 cores). Budgets: fresh ≤ 10 s, restart ≤ 2 s.`,
  '',
  '| start | wall s | CPU s | load average before |',
  '|---|---|---|---|',
  ...rows.map(([name, { wall, cpu, load: before }]) => `| ${name} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${before} |`),
  '',
];
console.log(lines.join('\n'));
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results', `start-${new Date().toISOString().slice(0, 10)}.md`), lines.join('\n'));

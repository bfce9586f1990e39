// Process helpers the multi-process benchmarks share (bench/cluster.mjs, bench/budgets.mjs, the PostgreSQL ones):
// ports, a throwaway PostgreSQL, children started until a line of their output, client processes, and the CPU time a
// process tree has used, read from /proc so that a figure per call can stand beside the wall latency on a machine
// other work shares.
import { execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const TICKS = 100; // USER_HZ on Linux

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * DATABASE_URL, or Debian's PostgreSQL started in a temporary folder (.ci/postgres.sh); `stop` stops what was started
 * here, `dataDir` is its data folder (null when DATABASE_URL was given).
 */
export async function startPostgres(folderPrefix) {
  if (process.env.DATABASE_URL) return { databaseUrl: process.env.DATABASE_URL, dataDir: null, stop() {} };
  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  const databaseUrl = execFileSync(join(root, '.ci/postgres.sh'), ['start', folder], { encoding: 'utf8', env: { ...process.env, PGPORT: String(await freePort()) } }).trim();
  return { databaseUrl, dataDir: join(folder, 'data'), stop: () => execFileSync(join(root, '.ci/postgres.sh'), ['stop', folder]) };
}

/**
 * The benchmarks' data (bench/benchServer.ts, bundled to dist/bench) seeded into `databaseUrl`: answers the session
 * token it printed and the id ranges of what it made.
 */
/**
 * The k-th CRM deal of the seed (bench/benchServer.ts): only the deals reserve on add (the local orders sit in
 * stages that hold no stock), so an add-to-deal benchmark must pick among them, not among the ids between them.
 */
export function dealId(ranges, k) {
  if (!(ranges.deal_step > 0)) throw new Error('the seeded deals do not step evenly: cannot pick deal ids');
  return ranges.first_deal + ranges.deal_step * (((k % ranges.deal_count) + ranges.deal_count) % ranges.deal_count);
}

export async function seedBenchData(databaseUrl) {
  const esbuild = await import('esbuild');
  const seedBundle = join(root, 'dist', 'bench', 'benchServer.mjs');
  await esbuild.build({ entryPoints: [join(root, 'bench/benchServer.ts')], outfile: seedBundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  console.log('Seeding (bench/benchServer.ts)…');
  const seeded = await startUntil(process.execPath, [seedBundle], { DATABASE_URL: databaseUrl }, /READY (\d+) (\S+)/, 'seeding');
  await stopChild(seeded.child);
  return { token: seeded.found[2], ranges: JSON.parse(/RANGES (\{.*\})/.exec(seeded.output)[1]) };
}

/**
 * `clients` processes of `script` run as `script --client <options>`, the `connections` shared among them (each its
 * count and index); resolves with the message each sends when done.
 */
export function forkClients(script, { clients, connections }, options) {
  const perClient = Array.from({ length: clients }, (_, index) => Math.floor(connections / clients) + (index < connections % clients ? 1 : 0));
  return Promise.all(
    perClient.map(
      (count, index) =>
        new Promise((resolve, reject) => {
          const child = fork(script, ['--client', JSON.stringify({ ...options, connections: count, index })]);
          child.once('message', resolve);
          child.once('exit', (code) => code && reject(new Error(`client exited with ${code}`)));
        }),
    ),
  );
}

/** Runs a child until a line of its output matches; resolves with the match and the child. */
export function startUntil(command, args, env, pattern, what, cwd = root) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = pattern.exec(output);
      if (found) resolve({ child, found, output });
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}: ${output}`)));
  });
}

export const stopChild = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN);

function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): ppid is the 4th field, utime/stime the 14th/15th,
      // cutime/cstime (children waited for: a PostgreSQL backend that has ended) the 16th/17th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), ended: Number(fields[13]) + Number(fields[14]) });
    } catch {}
  }
  return table;
}

/** CPU milliseconds used so far by `pid` and every live descendant, plus the descendants it has waited for. */
export function treeCpuMs(pid) {
  const table = processTable();
  let ticks = 0;
  const visit = (id) => {
    const entry = table.get(id);
    if (!entry) return;
    ticks += entry.own + entry.ended;
    for (const [child, { ppid }] of table) if (ppid === id) visit(child);
  };
  visit(pid);
  return (ticks / TICKS) * 1000;
}

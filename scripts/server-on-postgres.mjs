#!/usr/bin/env node
// The server tests that can only fail for a race, on a real PostgreSQL: embedded PGlite runs one transaction at a
// time, so under it "no oversell", "no lost update" or "exactly one" can never be caught breaking.
//   node scripts/server-on-postgres.mjs          the concurrency tests (names matching CONCURRENCY below)
//   node scripts/server-on-postgres.mjs --all    the whole server suite (CI)
//   node scripts/server-on-postgres.mjs test/server/stock.test.ts    the concurrency tests of the files named
// A throwaway server (Debian's package, via .ci/postgres.sh) on a free port is started and always stopped.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const all = process.argv.includes('--all');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

/**
 * How a concurrency test is named: a test of the server suite whose name says so runs here, and nothing else has
 * to be listed (a new file or test with such a name is picked up).
 */
export const CONCURRENCY = 'concurren|at once|simultaneous|oversell|lost update|deadlock|no negative stock|double click|across processes';

/** PostgreSQL's binaries, or null (Debian installs them under /usr/lib/postgresql/<major>/bin). */
function postgresInstalled() {
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((major) => existsSync(join(base, major, 'bin', 'initdb')));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The server test files (in sub-folders too, such as test/server/tasks) with at least one test named like a concurrency test. */
function concurrencyFiles() {
  const folder = join(root, 'test/server');
  const named = new RegExp(`\\bit\\((['"\`])[^\\n]*(${CONCURRENCY})`, 'i');
  return readdirSync(folder, { recursive: true })
    .filter((file) => file.endsWith('.test.ts') && named.test(readFileSync(join(folder, file), 'utf8')))
    .map((file) => `test/server/${file}`)
    .sort();
}

if (!postgresInstalled() && process.getuid?.() !== 0) {
  console.error("PostgreSQL is missing (the concurrency tests need a real one): run 'sudo apt-get update && sudo apt-get install -y postgresql', then npm test again.");
  process.exit(1);
}

const files = all ? named : concurrencyFiles().filter((file) => !named.length || named.includes(file));
if (!all && !files.length) {
  console.error(`No server test is named like a concurrency test (/${CONCURRENCY}/i): the search is broken.`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'stockroom-pg-'));
const script = join(root, '.ci/postgres.sh');
const port = await freePort();
let started = false;
const stop = () => {
  if (!started) return rmSync(dir, { recursive: true, force: true });
  started = false;
  try {
    execFileSync(script, ['stop', dir], { stdio: 'inherit' });
  } catch {
    // Stopping is best effort: the folder is a throwaway one.
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}

let code = 1;
try {
  const databaseUrl = execFileSync(script, ['start', dir], { encoding: 'utf8', env: { ...process.env, PGPORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  started = true;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const version = (await client.query('SHOW server_version')).rows[0].server_version.split(' ')[0];
  await client.end();

  const report = join(dir, 'vitest.json');
  // Fifty requests at once on a real server wait on each other's row locks: on two busy cores that can pass the
  // suite's 30 s per test, which is no failure of the rule.
  const args = ['vitest', 'run', '--config', 'test/server/vitest.config.ts', '--testTimeout=120000', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (!all) args.push('--testNamePattern', CONCURRENCY);
  args.push(...files);
  console.log(`${all ? 'The whole server suite' : `Concurrency tests of ${files.length} files`} on PostgreSQL ${version} (port ${port})…`);
  code = await new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
  const passed = results?.numPassedTests ?? 0;
  const failed = results?.numFailedTests ?? 0;
  if (code === 0 && passed === 0) {
    console.error('No test ran on PostgreSQL: nothing was proven.');
    code = 1;
  }
  if (code === 0) console.log(`${all ? 'server suite' : 'concurrency rules'} proven on PostgreSQL ${version}: ${passed} tests passed${all ? '' : ` in ${files.length} files (${files.map((file) => file.replace('test/server/', '')).join(', ')})`}`);
  else console.error(`${all ? 'server suite' : 'concurrency rules'} on PostgreSQL ${version}: ${failed} failed, ${passed} passed`);
} catch (error) {
  console.error(String(error?.message ?? error));
  code = 1;
} finally {
  stop();
}
process.exit(code);

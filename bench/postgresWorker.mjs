// The launcher the PostgreSQL benchmarks share (bench/import.mjs, bench/onec-import.mjs): the worker bundled with
// esbuild, PostgreSQL (Debian's, started here in a temporary folder unless DATABASE_URL is given), the worker run on
// it in its own process (PG_DATA tells it where to read PostgreSQL's CPU), its RESULT line, PostgreSQL stopped.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root, startPostgres } from './processes.mjs';

/**
 * Runs bench/<entry> on PostgreSQL and hands its RESULT to `report` (with whether PostgreSQL was started here, so its
 * CPU could be read) before PostgreSQL is stopped.
 */
export async function runPostgresWorker({ entry, bundleName, pgPrefix, nodeArgs = [] }, report) {
  // Under this checkout's test-output (ignored by git), not under node_modules: that may be a link to another checkout's.
  const bundle = join(root, 'test-output', 'bench', bundleName);
  await esbuild.build({ entryPoints: [join(root, 'bench', entry)], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  const { databaseUrl, dataDir, stop } = await startPostgres(pgPrefix);
  try {
    const output = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...nodeArgs, bundle], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_ROOT: root, ...(dataDir && { PG_DATA: dataDir }) }, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench worker exited with ${code}: ${text}`))));
    });
    report(JSON.parse(/RESULT (.*)/.exec(output)[1]), { postgresStartedHere: dataDir !== null });
  } finally {
    stop();
  }
}

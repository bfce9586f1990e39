#!/usr/bin/env node
// node bench/import-planner.mjs [git ref] — the import planner's memory and time at BENCH_ROWS rows (100,000 by
// default, the bench's 15 columns, an empty catalogue), this checkout's planner against the one at the ref (default
// HEAD), each in its own process so each process's growth is the planner's alone. No database: the writer is
// simulated (the slice's new products get ids), so it measures the planner and nothing else.
import * as esbuild from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ref = process.argv[2] ?? 'HEAD';
const out = join(root, 'test-output', 'bench');
const planDir = join(root, 'server', 'modules', 'import');
const build = (outfile, entry) => esbuild.build({ ...entry, outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

const before = execFileSync('git', ['show', `${ref}:server/modules/import/plan.ts`], { cwd: root, encoding: 'utf8' });
await build(join(out, 'plan-before.mjs'), { stdin: { contents: before, resolveDir: planDir, sourcefile: 'plan.ts', loader: 'ts' } });
await build(join(out, 'plan-now.mjs'), { entryPoints: [join(planDir, 'plan.ts')] });
await build(join(out, 'import-planner-worker.mjs'), { entryPoints: [join(root, 'bench/importPlanner.worker.ts')] });

const measure = (plan) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', join(out, 'import-planner-worker.mjs'), join(out, plan)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(/RESULT (.*)/.exec(text)[1])) : reject(new Error(`worker exited with ${code}`))));
  });

for (const [label, plan] of [[`planner at ${ref}`, 'plan-before.mjs'], ['planner now', 'plan-now.mjs']]) {
  const result = await measure(plan);
  console.log(
    `${label}: ${result.rows.toLocaleString('en-US')} rows in ${(result.ms / 1000).toFixed(1)} s (${result.cpuS} CPU-s); heap kept at the end +${result.heapKeptMb} MB, peak heap +${result.heapPeakMb} MB, peak RSS +${result.rssPeakMb} MB; counts ${JSON.stringify(result.counts)}`,
  );
}

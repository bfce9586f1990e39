#!/usr/bin/env node
// node bench/position-list.mjs — the /positions list (orders/positions/list) at 100,000 positions in 3 warehouses:
// service time per page for each filter and a sort, with and without the account indexes of order_positions.
// PGlite by default; DATABASE_URL for a PostgreSQL server. A benchmark, not a test: numbers vary with the machine.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'bench', 'positionList.server.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/positionList.server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
const run = spawnSync(process.execPath, [bundle], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);

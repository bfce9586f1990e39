#!/usr/bin/env node
// node bench/facilities.mjs — facility/list at 100,000 facilities (bench/facilitiesList.ts): first page, deep page,
// searches by name and address. PGlite, or PostgreSQL with DATABASE_URL. A benchmark, not a test.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'bench', 'facilitiesList.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/facilitiesList.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
execFileSync(process.execPath, [bundle], { cwd: root, stdio: 'inherit', env: process.env });

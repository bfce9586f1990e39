#!/usr/bin/env node
// node bench/crm-sync.mjs — 10,000 products (BENCH_PRODUCTS) to the fake amoCRM account at its 7 requests/second limit, in
// batches of 250, and read back in pages of 250 (bench/crm-sync.server.ts). Prints calls, seconds, 429s and the busiest
// second. A benchmark, not a test: numbers vary with the machine.
import * as esbuild from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'node_modules', '.cache', 'stockroom-crm-sync-bench');
mkdirSync(dir, { recursive: true });
const bundle = join(dir, 'crm-sync.mjs');
await esbuild.build({ entryPoints: [join(root, 'bench/crm-sync.server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
await import(bundle);

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../server/seeds/seed';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'dist', 'test-server', 'main.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-restart-'));

/** The server bundle as npm start builds it (inside the project so its packages resolve). */
beforeAll(async () => {
  await esbuild.build({ entryPoints: [join(root, 'server/main.ts')], outfile: entry, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Stockroom is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/api` };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: DEMO_ADMIN.email, password: DEMO_ADMIN.password }) });
  return ((await response.json()) as { access_token: string }).access_token;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('restart on the same data folder', () => {
  it('data committed before a SIGKILL is there after the restart', async () => {
    const first = await start();
    const token = await signIn(first.url);
    const post = (url: string, path: string, body: unknown, bearer = token) =>
      fetch(`${url}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, any>>);
    const product = await post(first.url, 'product/add', { name: 'Survives a crash', article: 'CRASH-1' });
    const warehouses = await fetch(`${first.url}/warehouse/list`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ id: number }[]>);
    await post(first.url, 'product/arrival', { product_id: product.id, warehouse_id: warehouses[0].id, count: 7 });
    const killed = exited(first.child);
    first.child.kill('SIGKILL');
    await killed;

    const second = await start();
    try {
      const list = await post(second.url, 'product/list', { filter: { search: 'CRASH-1' } }, await signIn(second.url));
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({ name: 'Survives a crash', count: 7 });
    } finally {
      const stopped = exited(second.child);
      second.child.kill('SIGTERM');
      expect(await stopped).toBe(0);
    }
  }, 90_000);
});

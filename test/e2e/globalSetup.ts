import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { handle } from '../../server/static.mjs';
import { ensureChromium } from './chromium';
import { standInApi } from './standInApi';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Chromium present, a fresh build, and the app served on a free loopback port. */
export default async function setup(project: TestProject) {
  ensureChromium();
  execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  const server = createServer(async (req, res) => {
    if (!(await standInApi(req, res))) handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

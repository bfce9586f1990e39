import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
    /** The same server under another origin, allowed to frame the app (HOST_ORIGINS). */
    hostUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

const hostPage = readFileSync(new URL('./fixtures/host.html', import.meta.url));

/**
 * Chromium present, the app served on a free loopback port, and a fresh build that lets the
 * same server under the name localhost (another origin) frame it like a CRM page would.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const server = createServer(async (req, res) => {
    if (req.url?.startsWith('/e2e/host.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage);
      return;
    }
    if (!(await standInApi(req, res))) handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const hostUrl = `http://localhost:${port}`;
  execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, HOST_ORIGINS: hostUrl } });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('hostUrl', hostUrl);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

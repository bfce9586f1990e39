import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { withHostOrigins } from '../../server/http/shellPage';

const PAGE = '<!doctype html><html><head><title>Stockroom</title></head><body><div id="app"></div></body></html>';
const ORIGINS = ['https://*.amocrm.ru', 'https://portal.bitrix24.ru'];

let app: FastifyInstance;
let database: Database;
let shellDir: string;
beforeAll(async () => {
  shellDir = mkdtempSync(join(tmpdir(), 'shell-'));
  mkdirSync(join(shellDir, 'assets'));
  writeFileSync(join(shellDir, 'index.html'), PAGE);
  writeFileSync(join(shellDir, 'assets', 'app-X1.js'), 'console.log(1)');
  const config = { ...loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent' }), shellDir };
  database = await openDatabase(config);
  await database.migrate();
  app = await buildApp({ config, db: database.db, hostOrigins: ORIGINS, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(shellDir, { recursive: true, force: true });
});

const metaOf = (html: string) => /<meta name="stockroom-host-origins" content="([^"]*)">/.exec(html)?.[1];

describe('the shell page carries the run-time HOST_ORIGINS', () => {
  it('rule: / and /index.html are the built page with the server’s list in a meta tag, never cached', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(metaOf(response.body)).toBe(ORIGINS.join(','));
      expect(response.body).toContain('<div id="app"></div>');
    }
  });

  it('the other built files are served as before (hashed assets cached for good)', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-X1.js' });
    expect([asset.statusCode, asset.body, asset.headers['cache-control']]).toEqual([200, 'console.log(1)', 'public, max-age=31536000, immutable']);
  });

  it('an entry cannot break out of the attribute', () => {
    expect(metaOf(withHostOrigins(PAGE, ['https://a.example"><script>alert(1)</script>']))).toBe('https://a.example&quot;>&lt;script>alert(1)&lt;/script>');
  });
});

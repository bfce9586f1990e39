import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { ensureTariffs } from '../../server/seeds/seed';

const PORT = 8123;
const PORTAL = 'https://portal.bitrix24.example';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', port: PORT });
  database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  app = await buildApp({ config, db: database.db, hostOrigins: [PORTAL], logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const page = (query = '', host = `127.0.0.1:${PORT}`) => app.inject({ method: 'GET', url: `/demo/host.html${query}`, headers: { host } });
const policy = (response: { headers: Record<string, unknown> }) => String(response.headers['content-security-policy']);

describe('the demo CRM page and the host adapter files', () => {
  it('/demo/host.html is served with its own policy: our scripts only, no inline script', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('host.js');
    expect(policy(response)).toContain(`script-src 'self' http://127.0.0.1:${PORT}`);
    expect(policy(response)).not.toContain('unsafe-inline\'; script');
    expect(policy(response)).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('its app may be this server under another loopback name (a CRM of another origin), nothing else', async () => {
    const other = await page(`?app=${encodeURIComponent(`http://127.0.0.1:${PORT}`)}`, `localhost:${PORT}`);
    expect(policy(other)).toContain(`script-src 'self' http://127.0.0.1:${PORT}`);
    for (const hostile of ['https://evil.example.net', `http://127.0.0.1:${PORT + 1}`, 'javascript:alert(1)', "http://127.0.0.1:8123; script-src *"]) {
      const response = await page(`?app=${encodeURIComponent(hostile)}`, `localhost:${PORT}`);
      expect(policy(response), hostile).toContain(`script-src 'self' http://localhost:${PORT};`);
    }
  });

  it('serves script.js, the demo script and the amoCRM texts as they are in widget/host', async () => {
    for (const [url, type, text] of [
      ['/demo/amocrm/script.js', 'javascript', 'define('],
      ['/demo/host.js', 'javascript', 'requireModule'],
      ['/demo/amocrm/i18n/ru.json', 'json', 'Stockroom'],
      ['/demo/amocrm/manifest.json', 'json', 'advanced_settings'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain(type);
      expect(response.body, url).toContain(text);
      // Loaded by the CRM page of another origin.
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
  });

  it('the Bitrix24 placement answers the portal’s GET and form POST, and may be framed by the portal', async () => {
    const get = await app.inject({ method: 'GET', url: '/bitrix24/placement.html' });
    const post = await app.inject({ method: 'POST', url: '/bitrix24/placement.html', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'PLACEMENT=CRM_DEAL_DETAIL_TAB&PLACEMENT_OPTIONS=%7B%22ID%22%3A%227%22%7D' });
    for (const response of [get, post]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('/bitrix24/placement.js');
      expect(policy(response)).toContain(`frame-ancestors 'self' ${PORTAL}`);
      expect(policy(response)).toContain('https://api.bitrix24.com');
    }
  });

  it('nothing else under /demo is served', async () => {
    expect((await app.inject({ method: 'GET', url: '/demo/../package.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/demo/amocrm/pack.mjs' })).statusCode).toBe(404);
  });
});

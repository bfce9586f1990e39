import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { accounts, integrationConnections, users } from '../../server/db/schema';
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

/** An account that connected the given CRM origins (rows as account/integrations/connect writes them). */
async function accountConnecting(...origins: string[]): Promise<number> {
  const { db } = database;
  const [account] = await db.insert(accounts).values({ name: 'Framed', trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
  const [user] = await db.insert(users).values({ name: 'Admin', email: `admin-${account.id}-${Date.now()}@example.com`, passwordHash: 'x' }).returning();
  for (const origin of origins) await db.insert(integrationConnections).values({ accountId: account.id, kind: 'bitrix24', origin, memberId: 'm', widgetKey: `key-${origin}`, userId: user.id });
  return account.id;
}

const ancestorsOf = (policy: unknown) => /frame-ancestors ([^;]*)/.exec(String(policy))?.[1].split(' ');

describe('who may frame the shell: the connected origins of the account the URL names', () => {
  it("rule: /?account=<id> lists that account's connected CRM origins (plus HOST_ORIGINS) in frame-ancestors and the meta tag; another account's never", async () => {
    const mine = await accountConnecting('https://acme.bitrix24.ru', 'https://acme.amocrm.ru');
    await accountConnecting('https://other.amocrm.ru');
    const response = await app.inject({ method: 'GET', url: `/?account=${mine}` });
    expect(response.statusCode).toBe(200);
    expect(ancestorsOf(response.headers['content-security-policy'])).toEqual(["'self'", 'https://acme.bitrix24.ru', 'https://acme.amocrm.ru', ...ORIGINS]);
    expect(metaOf(response.body)).toBe(['https://acme.bitrix24.ru', 'https://acme.amocrm.ru', ...ORIGINS].join(','));
    expect(response.body).not.toContain('other.amocrm.ru');
    // The rest of the app's policy is kept as it is.
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(response.headers['content-security-policy']).match(/frame-ancestors/g)).toHaveLength(1);
  });

  it("rule: without an account (or with one that is not a number), only 'self' and HOST_ORIGINS may frame the shell, not any connected origin", async () => {
    await accountConnecting('https://third.amocrm.ru');
    for (const url of ['/', '/index.html', '/?account=abc', '/?account=0']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(ancestorsOf(response.headers['content-security-policy']), url).toEqual(["'self'", ...ORIGINS]);
      expect(metaOf(response.body), url).toBe(ORIGINS.join(','));
    }
  });
});

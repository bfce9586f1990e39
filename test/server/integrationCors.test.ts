import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { accounts, integrationConnections, users } from '../../server/db/schema';
import { ensureTariffs } from '../../server/seeds/seed';

const CRM = 'https://crm.example.com';
const STRANGER = 'https://evil.example.net';
/** Every account of a CRM is a subdomain: one entry lists them all. */
const ACCOUNTS = 'https://*.amocrm.example';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent' });
  database = await openDatabase(config);
  await database.migrate();
  await ensureTariffs(database.db);
  app = await buildApp({ config, db: database.db, hostOrigins: [CRM, ACCOUNTS], logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const preflight = (origin: string, url = '/integration/widget/autocomplete?q=drill') =>
  app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });

describe('CORS on /integration/* for the allow-listed CRM origins (the widget runs on the CRM page)', () => {
  it('answers the preflight of an allowed CRM origin before any token check, allowing the Authorization header', async () => {
    const response = await preflight(CRM);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(CRM);
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the answers themselves carry the origin, refusals (403) included, so the widget can read them', async () => {
    const response = await app.inject({ method: 'GET', url: '/integration/widget/autocomplete?q=drill', headers: { origin: CRM } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBe(CRM);
    expect(String(response.headers.vary)).toContain('Origin');
    const bitrix = await app.inject({ method: 'GET', url: '/integration/bitrix/widget/products/filtered?leadId=5', headers: { origin: CRM } });
    expect(bitrix.statusCode).toBe(401);
    expect(bitrix.headers['access-control-allow-origin']).toBe(CRM);
  });

  it('another origin gets no CORS headers, and its preflight no pass', async () => {
    const response = await preflight(STRANGER);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.statusCode).not.toBe(204);
    const get = await app.inject({ method: 'GET', url: '/integration/widget/products/filtered?leadId=5', headers: { origin: STRANGER } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rule: a wildcard entry (https://*.amocrm.example) allows each account subdomain, not the bare domain nor a look-alike', async () => {
    const account = await preflight('https://shop.amocrm.example');
    expect([account.statusCode, account.headers['access-control-allow-origin']]).toEqual([204, 'https://shop.amocrm.example']);
    for (const origin of ['https://amocrm.example', 'https://shop.evilamocrm.example', 'http://shop.amocrm.example']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('rule: an origin some account connected (account/integrations) gets CORS without being in HOST_ORIGINS; X-Auth-Token is allowed for amoCRM', async () => {
    const connectedOrigin = 'https://connected.bitrix24.example';
    expect((await preflight(connectedOrigin)).headers['access-control-allow-origin']).toBeUndefined();
    const { db } = database;
    const [account] = await db.insert(accounts).values({ name: 'Connected', trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
    const [user] = await db.insert(users).values({ name: 'Admin', email: `cors-${account.id}@example.com`, passwordHash: 'x' }).returning();
    await db.insert(integrationConnections).values({ accountId: account.id, kind: 'bitrix24', origin: connectedOrigin, memberId: 'm', widgetKey: 'k', userId: user.id });
    const response = await preflight(connectedOrigin);
    expect([response.statusCode, response.headers['access-control-allow-origin']]).toEqual([204, connectedOrigin]);
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/x-auth-token/i);
  });

  it('only /integration/*: the staff API stays same-origin', async () => {
    const response = await preflight(CRM, '/api/account/config');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, integrationConnections } from '../../../../server/db/schema';
import type { AmoCredentials } from '../../../../server/modules/integrations/amocrm/connection';
import { vaultOf } from '../../../../server/modules/integrations/vaultOf';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { crmHostsOnLoopback, selfSignedCertificate } from '../../../fakes/crmHosts';
import { useTestServer } from '../../harness';
import { balance, connectedAmo, ledger, stockedProduct, tasksSettled } from './amoSetup';

/**
 * Issue 18 §1: the is_kommo variant is the amoCRM code on kommo.com hosts and in USD. End to end through the fake
 * Kommo account served over HTTPS at its own host (acme-kommo.kommo.com): install, a token refresh, the lead status
 * webhook reserving then writing off exactly once, the catalogue sync CRM → warehouse — every call going to that host.
 */
const server = useTestServer();
let kommo: FakeAmo;
let restoreHosts: () => void;
beforeAll(async () => {
  restoreHosts = crmHostsOnLoopback(['.kommo.com']);
  kommo = await startFakeAmo({ kommo: true, perSecond: 50, tls: selfSignedCertificate(['*.kommo.com']) });
  kommo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(async () => {
  await kommo.close();
  restoreHosts();
});

const db = () => server.database.db;
const row = async (id: number) => (await db().select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0]!;
const deliver = async (path: string, form: string) => {
  const response = await server.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

describe('Kommo (is_kommo) end to end', () => {
  it('rule: a Kommo account is installed, refreshed, moved by stage webhooks once and synced — every call to its kommo.com host, prices in USD', async () => {
    const host = new URL(kommo.origin).host;
    expect(host).toMatch(/^acme-kommo\.kommo\.com:\d+$/);

    // Install: Kommo's consent page, the code exchanged at the account's own host.
    const { account, connectionId } = await connectedAmo(server, kommo);
    // Connecting a kommo.com account makes the account the Kommo variant: nothing else has to set the flag.
    expect((await db().select({ isKommo: accounts.isKommo }).from(accounts).where(eq(accounts.id, account.id)))[0].isKommo).toBe(true);
    const started = await server.call('POST', 'integrations/amocrm/install', { token: account.token, body: { origin: kommo.origin, client_id: kommo.clientId, client_secret: kommo.clientSecret } });
    expect(started.body.url).toMatch(/^https:\/\/www\.kommo\.com\/oauth\?/);
    const listed = await server.call('GET', 'integrations/amocrm', { token: account.token });
    expect(listed.body).toMatchObject([{ id: connectionId, kind: 'kommo', origin: kommo.origin, status: 'connected', currency: 'USD' }]);

    // Refresh: an expired token is refreshed once at the Kommo host, and the lists the bindings screen reads come back.
    const vault = vaultOf(server.app.ctx.config);
    const stored = vault.open<AmoCredentials>((await row(connectionId)).credentials!);
    await db().update(integrationConnections).set({ credentials: vault.seal({ ...stored, expires_at: Date.now() - 1000 }) }).where(eq(integrationConnections.id, connectionId));
    kommo.dropAccessTokens();
    const beforeRefresh = kommo.calls.length;
    const fields = await server.call('GET', `account/lead-fields?connection_id=${connectionId}`, { token: account.token });
    expect(fields.status, JSON.stringify(fields.body)).toBe(200);
    expect(kommo.calls.slice(beforeRefresh).map((call) => `${call.path.split('?')[0]}:${call.status}`)).toEqual(['/oauth2/access_token:200', '/api/v4/leads/custom_fields:200']);
    expect((await row(connectionId)).status).toBe('connected');

    // Stage webhook: reserve on the mapped stage, write off on won — once, however often Kommo repeats itself.
    const saved = await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, stage_mapping: { '40002': 1 } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const path = new URL(saved.body.webhook_url as string).pathname;
    const lead = kommo.addLead({ name: 'Drills for Acme Inc', price: 300 });
    const { product, order } = await stockedProduct(server, account, lead.id);
    const shown = await server.call('GET', 'orders/order', { token: account.token, query: { order_id: order!.id } });
    expect(shown.body.currency).toBe('USD');
    expect(await deliver(path, kommo.moveLead(lead.id, 40002))).toEqual({ status: 200, body: { accepted: 1 } });
    await tasksSettled(server, account.id);
    expect(await balance(server, product.id)).toEqual({ count: 10, reserve: 3 });
    const won = kommo.moveLead(lead.id, 142);
    await Promise.all([deliver(path, won), deliver(path, won), deliver(path, won)]);
    await tasksSettled(server, account.id);
    expect(await balance(server, product.id)).toEqual({ count: 7, reserve: 0 });
    expect(await ledger(server, product.id)).toEqual(['arrival 10', 'reserve 3', 'sale 3']);

    // Catalogue sync, Kommo → warehouse.
    kommo.addElement(7001, 'Anchor bolt', { sku: 'AB-1' });
    const sync = await server.call('GET', 'product/sync-amo-gs', { token: account.token, query: { connection_id: connectionId, catalog_id: 7001, mode: 'name_article' } });
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    const settled = await tasksSettled(server, account.id);
    expect(settled.find((task) => task.id === sync.body.task_id)).toMatchObject({ status: 1, error: null });
    const products = await server.call('POST', 'product/list', { token: account.token, body: { filter: { search: 'Anchor' } } });
    expect(products.body.data.map((each: { name: string; article: string }) => [each.name, each.article])).toEqual([['Anchor bolt', 'AB-1']]);

    // Every call of the whole run went to the Kommo host, over https.
    expect(kommo.calls.length).toBeGreaterThan(5);
    expect([...new Set(kommo.calls.map((call) => call.host))]).toEqual([host]);
    const [connection] = await db().select().from(integrationConnections).where(and(eq(integrationConnections.accountId, account.id), eq(integrationConnections.id, connectionId)));
    expect(connection!.origin).toBe(`https://${host}`);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AmoRejectedError, AmoRevokedError, createAmoClient, exchangeCode, type AmoClientOptions, type AmoTokens } from '../../../../server/modules/integrations/amocrm/client';
import { createRateGate } from '../../../../server/modules/integrations/outbound';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';

/** Contract tests: our amoCRM client against the fake built from amoCRM's public API v4 documentation. */
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo();
});
afterAll(() => amo.close());

const keys = () => ({ origin: amo.origin, clientId: amo.clientId, clientSecret: amo.clientSecret, redirectUri: amo.redirectUri });

interface Harness {
  client: ReturnType<typeof createAmoClient>;
  stored: AmoTokens[];
  revoked: string[];
}

async function connected(overrides: Partial<AmoClientOptions> = {}): Promise<Harness> {
  const tokens = await exchangeCode(keys(), amo.issueCode());
  const stored: AmoTokens[] = [];
  const revoked: string[] = [];
  const client = createAmoClient({
    ...keys(),
    tokens,
    gate: createRateGate(6),
    backoffMs: 50,
    onTokens: async (next) => void stored.push(next),
    onRevoked: async (reason) => void revoked.push(reason),
    ...overrides,
  });
  return { client, stored, revoked };
}

const oauthCalls = () => amo.calls.filter((call) => call.path === '/oauth2/access_token');

beforeEach(() => {
  amo.calls.length = 0;
});

describe('amoCRM client: OAuth', () => {
  it('rule: an authorization code is exchanged once — the same code again is refused', async () => {
    const code = amo.issueCode();
    const tokens = await exchangeCode(keys(), code);
    expect(tokens.access_token).toMatch(/\w{20,}/);
    expect(tokens.expires_at).toBeGreaterThan(Date.now() + 3600_000);
    await expect(exchangeCode(keys(), code)).rejects.toBeInstanceOf(AmoRejectedError);
    await expect(exchangeCode(keys(), amo.issueCode({ seconds: -1 }))).rejects.toThrow(/expired/);
    await expect(exchangeCode({ ...keys(), clientSecret: 'wrong' }, amo.issueCode())).rejects.toBeInstanceOf(AmoRejectedError);
  });

  it('rule: a token close to expiry is refreshed before the call, and the new tokens are stored first', async () => {
    const tokens = await exchangeCode(keys(), amo.issueCode());
    const stored: AmoTokens[] = [];
    const client = createAmoClient({ ...keys(), tokens: { ...tokens, expires_at: Date.now() + 1000 }, gate: createRateGate(6), onTokens: async (next) => void stored.push(next), onRevoked: async () => {} });
    amo.calls.length = 0;
    await client.account();
    expect(amo.calls.map((call) => `${call.path}:${call.status}`)).toEqual(['/oauth2/access_token:200', '/api/v4/account:200']);
    expect(stored).toHaveLength(1);
    expect(amo.calls[1]!.auth).toBe(stored[0]!.access_token);
  });

  it('rule: a 401 refreshes once and repeats the call', async () => {
    const { client, stored } = await connected();
    amo.dropAccessTokens();
    amo.calls.length = 0;
    expect((await client.account()).subdomain).toBe(amo.subdomain);
    expect(amo.calls.map((call) => call.status)).toEqual([401, 200, 200]);
    expect(stored).toHaveLength(1);
  });

  it('rule: calls waiting on one expired token share one refresh (a refresh token works once)', async () => {
    const tokens = await exchangeCode(keys(), amo.issueCode());
    const stored: AmoTokens[] = [];
    const revoked: string[] = [];
    const client = createAmoClient({ ...keys(), tokens: { ...tokens, expires_at: 0 }, gate: createRateGate(6), onTokens: async (next) => void stored.push(next), onRevoked: async (reason) => void revoked.push(reason) });
    amo.calls.length = 0;
    await Promise.all([client.account(), client.catalogs(), client.pipelines(), client.users()]);
    expect(oauthCalls()).toHaveLength(1);
    expect(stored).toHaveLength(1);
    expect(revoked).toEqual([]);
  });

  it('rule: a refused refresh marks the connection revoked once and is not retried', async () => {
    const { client, revoked } = await connected();
    amo.revoke();
    amo.calls.length = 0;
    await expect(client.account()).rejects.toBeInstanceOf(AmoRevokedError);
    await expect(client.users()).rejects.toThrow(/connect the integration again/);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatch(/revoked/i);
    // One refused call and one refused refresh; the second call did not reach the CRM.
    expect(amo.calls.map((call) => `${call.path}:${call.status}`)).toEqual(['/api/v4/account:401', '/oauth2/access_token:400']);
  });
});

describe('amoCRM client: API v4 calls', () => {
  it('contract: account, users, lead fields and groups, pipelines, catalogs', async () => {
    const { client } = await connected();
    expect(await client.account()).toMatchObject({ id: amo.accountId, subdomain: amo.subdomain, currency: 'RUB' });
    expect((await client.users()).map((user) => user.email)).toEqual(['owner@crm.example', 'manager@crm.example']);
    expect((await client.leadFields()).map((field) => field.id)).toEqual(amo.customFields.map((field) => field.id));
    expect((await client.leadFieldGroups()).map((group) => group.id)).toEqual(['default', 'leads_g1']);
    const [pipeline] = await client.pipelines();
    expect(pipeline!._embedded.statuses.map((status) => status.id)).toContain(142);
    expect((await client.catalogs()).map((catalog) => catalog.id)).toEqual([7001, 7002]);
    for (const call of amo.calls.filter((call) => call.path.startsWith('/api/v4/'))) expect(call.auth).toBeTruthy();
  });

  it('contract: a lead by id (none → null), its linked elements, and a batch PATCH of price and fields', async () => {
    const { client } = await connected();
    const lead = amo.addLead({ name: 'Deal 1', price: 10 });
    expect(await client.lead(999_999)).toBeNull();
    await client.updateLeads([{ id: lead.id, price: 1234.5, custom_fields_values: [{ field_id: 9101, values: [{ value: 800 }] }] }]);
    expect(amo.leads.get(lead.id)).toMatchObject({ price: 1234.5, custom_fields_values: [{ field_id: 9101, values: [{ value: 800 }] }] });
    const element = amo.addElement(7001, 'Bolt');
    await client.linkElements(lead.id, [{ elementId: element.id, catalogId: 7001, quantity: 3 }]);
    const read = await client.lead(lead.id, { withElements: true });
    expect(read?._embedded?.catalog_elements).toEqual([{ id: element.id, metadata: { quantity: 3, catalog_id: 7001 } }]);
    const link = amo.calls.find((call) => call.path.endsWith('/link'));
    expect(link?.body).toEqual([{ to_entity_id: element.id, to_entity_type: 'catalog_elements', metadata: { quantity: 3, catalog_id: 7001 } }]);
    await expect(client.updateLeads([{ id: 999_999, price: 1 }])).rejects.toBeInstanceOf(AmoRejectedError);
  });

  it('contract: catalog elements are read in pages of at most 250 and written in batches of at most 250', async () => {
    const { client } = await connected();
    const catalog = 7002;
    const names = Array.from({ length: 260 }, (_, i) => `Item ${i}`);
    const first = await client.addElements(catalog, names.slice(0, 250).map((name) => ({ name })));
    const second = await client.addElements(catalog, names.slice(250).map((name) => ({ name, custom_fields_values: [{ field_id: 8801, values: [{ value: `SKU-${name}` }] }] })));
    expect(first).toHaveLength(250);
    expect(amo.elements.get(first[0]!)?.name).toBe('Item 0');
    expect(amo.elements.get(second[9]!)?.name).toBe('Item 259');
    await client.updateElements(catalog, [{ id: first[0]!, name: 'Item 0 renamed' }]);
    expect(amo.elements.get(first[0]!)?.name).toBe('Item 0 renamed');
    amo.calls.length = 0;
    const pages: number[] = [];
    for await (const page of client.elementPages(catalog)) pages.push(page.length);
    expect(pages).toEqual([250, 10]);
    for (const call of amo.calls) expect(new URL(call.path, amo.origin).searchParams.get('limit')).toBe('250');
    await expect(client.addElements(catalog, Array.from({ length: 251 }, (_, i) => ({ name: `x${i}` })))).rejects.toBeInstanceOf(RangeError);
  });

  it('rule: calls stay within 7 per second — the fake never answers 429 through the shared gate', async () => {
    const { client } = await connected({ gate: undefined });
    // The fake counts every arrival of the last second, the previous test's too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    amo.calls.length = 0;
    await Promise.all(Array.from({ length: 16 }, () => client.account()));
    expect(amo.calls.filter((call) => call.status === 429)).toEqual([]);
    expect(amo.calls).toHaveLength(16);
  });

  it('rule: a 429 from the CRM is waited out and retried', async () => {
    const { client } = await connected({ gate: createRateGate(1000), backoffMs: 300 });
    amo.calls.length = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.account()));
    expect(answers).toHaveLength(10);
    expect(amo.calls.some((call) => call.status === 429)).toBe(true);
  });
});

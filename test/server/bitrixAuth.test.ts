import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokens } from '../../server/db/schema';
import {
  BITRIX_APP_MISMATCH,
  BITRIX_AUTH_MISSING,
  BITRIX_AUTH_REFUSED,
  BITRIX_PORTAL_AMBIGUOUS,
  BITRIX_PORTAL_NOT_CONNECTED,
  BITRIX_PORTAL_UNAVAILABLE,
} from '../../server/modules/widget/bitrixAuth';
import { AMO_TOKENS_PER_MINUTE } from '../../server/modules/widget/routes';
import { startFakePortal, type FakePortal } from '../fakes/bitrix24';
import { unique, useTestServer, type TestAccount } from './harness';

/**
 * integration/bitrix/token against a fake Bitrix24 portal (test/fakes/bitrix24.ts, a real HTTP server
 * on 127.0.0.1 answering app.info as Bitrix24's REST contract describes), on the real server.
 */
const server = useTestServer();

let portal: FakePortal;
let stranger: FakePortal;
beforeAll(async () => {
  portal = await startFakePortal();
  stranger = await startFakePortal();
});
afterAll(async () => {
  await portal?.close();
  await stranger?.close();
});
afterEach(() => {
  portal.hang = false;
});

const randomLead = () => 100_000 + Math.floor(Math.random() * 2_000_000_000);
const names = (list: { name: string }[]) => list.map((item) => item.name);

async function exchange(body: Record<string, unknown>) {
  const response = await server.app.inject({ method: 'POST', url: '/integration/bitrix/token', payload: body });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

async function products(path: string, query: Record<string, string | number>, token?: string) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await server.app.inject({ method: 'GET', url: `/integration/bitrix/widget/${path}?${search}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json() as any, text: response.body };
}

/** An account with one product (named `product`, 5 in stock) added to deal `leadId` through the Bitrix24 widget calls. */
async function accountWithDeal(product: string, leadId: number): Promise<TestAccount> {
  const owner = await server.newAccount();
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const store = await post('warehouse/add', { name: 'Main', code: 'MAIN' });
  const item = await post('product/add', { name: product, article: unique('A') });
  await post('product/arrival', { product_id: item.id, warehouse_id: store.id, batch: 'B1', count: 5, cost_price: 10 });
  const added = await products('add-product', { productId: `${item.id}%%%MAIN`, leadId }, owner.token);
  expect(added.status, added.text).toBe(200);
  return owner;
}

async function connectPortal(owner: TestAccount, target: FakePortal, extra: Record<string, unknown> = {}) {
  const answer = await server.call('POST', 'account/integrations/connect', {
    token: owner.token,
    body: { kind: 'bitrix24', origin: target.origin, member_id: target.memberId, client_id: target.appCode, ...extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const sessionsOf = async (accountId: number) => (await server.database.db.select({ n: count() }).from(tokens).where(eq(tokens.accountId, accountId)))[0].n;

describe('integration/bitrix/token: a Bitrix24 placement auth, confirmed by the connected portal, for a staff token of minutes', () => {
  it("rule: a placement auth the connected portal accepts gets a short-lived token of that account, which reads that account's deal and no other's", async () => {
    const leadId = randomLead();
    const mine = await accountWithDeal('Mine drill', leadId);
    const theirs = await accountWithDeal('Their saw', leadId);
    const theirLead = randomLead();
    await accountWithDeal('Their only lead', theirLead);
    await connectPortal(mine, portal);
    const auth = portal.issue();
    const callsBefore = portal.calls.length;
    const before = Date.now();
    // As placement.js sends it (BX24.getAuth() names) and as the portal POSTs it to the handler.
    for (const body of [
      { domain: portal.domain, access_token: auth, member_id: portal.memberId, account: mine.id },
      { DOMAIN: portal.domain, AUTH_ID: auth, member_id: portal.memberId },
    ]) {
      const answer = await exchange(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.account_id).toBe(mine.id);
      const lifetime = Date.parse(answer.body.expires_at) - before;
      expect(lifetime).toBeGreaterThan(60_000);
      expect(lifetime).toBeLessThanOrEqual(server.app.ctx.config.amoTokenTtlMinutes * 60_000 + 5_000);
      const own = await products('products/filtered', { leadId }, answer.body.access_token);
      expect(own.status, own.text).toBe(200);
      expect(names(own.body.data)).toEqual(['Mine drill']);
      expect(own.text).not.toContain('Their saw');
      // Another account's deal: nothing of it.
      const other = await products('products/filtered', { leadId: theirLead }, answer.body.access_token);
      expect(other).toMatchObject({ status: 200, body: { data: [], meta: { total: 0 } } });
      expect(other.text).not.toContain('Their only lead');
    }
    // The portal itself was asked, with the auth it issued, once per exchange.
    expect(portal.calls.slice(callsBefore)).toEqual([
      { method: 'app.info', auth },
      { method: 'app.info', auth },
    ]);
    expect(theirs.id).not.toBe(mine.id);
  });

  it('rule: an auth the portal refuses (expired, unknown) or none at all gets 401 with a clear text and no token', async () => {
    const owner = await accountWithDeal('Refused drill', randomLead());
    await connectPortal(owner, portal);
    const sessions = await sessionsOf(owner.id);
    const refused = {
      expired_token: { domain: portal.domain, access_token: portal.issue({ seconds: -60 }), member_id: portal.memberId },
      invalid_token: { domain: portal.domain, access_token: 'made-up-auth-id-0123456789', member_id: portal.memberId },
    };
    for (const [code, body] of Object.entries(refused)) {
      const answer = await exchange(body);
      expect(answer.status, code).toBe(401);
      expect(answer.body.error, code).toBe(`${BITRIX_AUTH_REFUSED} (${code})`);
      expect(answer.body.access_token).toBeUndefined();
    }
    for (const body of [{}, { domain: portal.domain }, { access_token: portal.issue() }]) {
      const answer = await exchange(body);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe(BITRIX_AUTH_MISSING);
    }
    expect(await sessionsOf(owner.id)).toBe(sessions);
  });

  it('rule: a DOMAIN no account connected (or another account connected) is refused 401 and never called — no requests to hosts the client names', async () => {
    const owner = await accountWithDeal('Unconnected drill', randomLead());
    const other = await accountWithDeal('Other drill', randomLead());
    await connectPortal(owner, portal);
    const portalCalls = portal.calls.length;
    const strangerAuth = stranger.issue();
    const attempts = [
      { domain: stranger.domain, access_token: strangerAuth },
      { DOMAIN: stranger.domain, AUTH_ID: strangerAuth, member_id: stranger.memberId },
      // The connected portal, but for an account that did not connect it, or with another portal's member_id.
      { domain: portal.domain, access_token: portal.issue(), account: other.id },
      { domain: portal.domain, access_token: portal.issue(), member_id: stranger.memberId },
      { domain: '169.254.169.254', access_token: 'x' },
      { domain: 'localhost:1', access_token: 'x' },
    ];
    for (const body of attempts) {
      const answer = await exchange(body);
      expect(answer.status, JSON.stringify(body)).toBe(401);
      expect(answer.body.error).toBe(BITRIX_PORTAL_NOT_CONNECTED);
    }
    expect(stranger.calls).toEqual([]);
    expect(portal.calls.length).toBe(portalCalls);
    // A DOMAIN that is not a host is refused by the schema before anything else.
    for (const domain of ['evil.example/rest', 'user@127.0.0.1', `http://${portal.domain}`]) {
      expect((await exchange({ domain, access_token: 'x' })).status, domain).toBe(400);
    }
  });

  it("rule: an auth of another application than the connection's client id is refused (401)", async () => {
    const owner = await accountWithDeal('App drill', randomLead());
    await connectPortal(owner, portal, { client_id: 'local.another-application.1' });
    const answer = await exchange({ domain: portal.domain, access_token: portal.issue(), account: owner.id });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe(BITRIX_APP_MISMATCH);
  });

  it('rule: a portal that does not answer in time is our 503 with a clear text, within the time limit', async () => {
    const owner = await accountWithDeal('Slow drill', randomLead());
    await connectPortal(owner, portal);
    const config = server.app.ctx.config;
    const timeout = config.bitrixCheckTimeoutMs;
    expect(timeout).toBeLessThanOrEqual(10_000);
    config.bitrixCheckTimeoutMs = 300;
    portal.hang = true;
    try {
      const started = Date.now();
      const answer = await exchange({ domain: portal.domain, access_token: portal.issue(), account: owner.id });
      expect(answer.status).toBe(503);
      expect(answer.body.error).toBe(`${BITRIX_PORTAL_UNAVAILABLE} (timeout)`);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      config.bitrixCheckTimeoutMs = timeout;
    }
  });

  it('rule: when several accounts connected the portal, the account the placement URL names is the one; without it the exchange is refused (401)', async () => {
    const shared = await startFakePortal();
    try {
      const first = await accountWithDeal('First drill', randomLead());
      const second = await accountWithDeal('Second drill', randomLead());
      await connectPortal(first, shared);
      await connectPortal(second, shared);
      const auth = shared.issue();
      const ambiguous = await exchange({ domain: shared.domain, access_token: auth, member_id: shared.memberId });
      expect(ambiguous).toMatchObject({ status: 401, body: { error: BITRIX_PORTAL_AMBIGUOUS } });
      const named = await exchange({ domain: shared.domain, access_token: auth, member_id: shared.memberId, account: second.id });
      expect(named.status).toBe(200);
      expect(named.body.account_id).toBe(second.id);
    } finally {
      await shared.close();
    }
  });

  // Last of the exchanges in this file: it spends the minute's allowance of this client address.
  it('rule: the exchange is limited per client address like the amoCRM one (429 past AMO_TOKENS_PER_MINUTE a minute), before the portal is asked', async () => {
    const owner = await server.newAccount();
    await connectPortal(owner, portal);
    const calls = portal.calls.length;
    const statuses: number[] = [];
    for (let index = 0; index <= AMO_TOKENS_PER_MINUTE; index += 1) statuses.push((await exchange({ domain: portal.domain })).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const limited = await exchange({ domain: portal.domain, access_token: portal.issue(), account: owner.id });
    expect(limited.status).toBe(429);
    expect(portal.calls.length).toBe(calls);
  });
});

describe('the placement page: framed only by the portals its account connected', () => {
  const ancestorsOf = (policy: unknown) => /frame-ancestors ([^;]*)/.exec(String(policy))?.[1].split(' ') ?? [];

  it("rule: /bitrix24/placement.html?account=<id> may be framed by that account's connected Bitrix24 portal, not by another account's", async () => {
    const mine = await server.newAccount();
    const theirs = await server.newAccount();
    const myPortal = `https://${unique('mine')}.bitrix24.ru`;
    const theirPortal = `https://${unique('theirs')}.bitrix24.ru`;
    const myAmo = `https://${unique('mine')}.amocrm.ru`;
    for (const [owner, body] of [
      [mine, { kind: 'bitrix24', origin: myPortal, member_id: 'm1' }],
      [mine, { kind: 'amocrm', origin: myAmo, client_id: 'c', client_secret: 'a-secret-of-16-chars' }],
      [theirs, { kind: 'bitrix24', origin: theirPortal, member_id: 'm2' }],
    ] as const) {
      expect((await server.call('POST', 'account/integrations/connect', { token: owner.token, body })).status).toBe(200);
    }
    const get = await server.app.inject({ method: 'GET', url: `/bitrix24/placement.html?account=${mine.id}` });
    const post = await server.app.inject({
      method: 'POST',
      url: `/bitrix24/placement.html?account=${mine.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'DOMAIN=x&PLACEMENT=CRM_DEAL_DETAIL_TAB',
    });
    for (const response of [get, post]) {
      expect(response.statusCode).toBe(200);
      const ancestors = ancestorsOf(response.headers['content-security-policy']);
      expect(ancestors).toEqual(["'self'", myPortal]);
      expect(ancestors).not.toContain(theirPortal);
      expect(ancestors).not.toContain(myAmo);
    }
    const theirsPage = await server.app.inject({ method: 'GET', url: `/bitrix24/placement.html?account=${theirs.id}` });
    expect(ancestorsOf(theirsPage.headers['content-security-policy'])).toEqual(["'self'", theirPortal]);
    for (const url of ['/bitrix24/placement.html', '/bitrix24/placement.html?account=0', '/bitrix24/placement.html?account=abc']) {
      expect(ancestorsOf((await server.app.inject({ method: 'GET', url })).headers['content-security-policy']), url).toEqual(["'self'"]);
    }
  });
});

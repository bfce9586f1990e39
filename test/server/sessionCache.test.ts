import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../server/auth/sessions';
import { tokens } from '../../server/db/schema';
import { SessionCache } from '../../server/http/sessionCache';
import { useTestServer } from './harness';
import { diffSnapshots, snapshotAccount } from './support/dbSnapshot';
import { callRoute, routeName, schemaParts } from './support/routes';
import { isIdField, sampleObject, type Hint } from './support/schemaValues';

const caller = (tokenId: number) => ({ tokenId }) as Caller;
const later = (ms: number) => new Date(1_000_000 + ms);

describe('SessionCache', () => {
  it('keeps a caller for its lifetime only', () => {
    const cache = new SessionCache(5000);
    cache.set('a', caller(1), later(60_000), cache.begin(), 1_000_000);
    expect(cache.get('a', 1_004_999)?.tokenId).toBe(1);
    expect(cache.get('a', 1_005_000)).toBeNull();
  });

  it('never outlives the token: an entry ends when the token expires, even inside its lifetime', () => {
    const cache = new SessionCache(5000);
    cache.set('a', caller(1), later(1000), cache.begin(), 1_000_000);
    expect(cache.get('a', 1_000_999)?.tokenId).toBe(1);
    expect(cache.get('a', 1_001_000)).toBeNull();
  });

  it('invalidate drops every cached caller', () => {
    const cache = new SessionCache(5000);
    cache.set('a', caller(1), later(60_000), cache.begin(), 1_000_000);
    cache.set('b', caller(2), later(60_000), cache.begin(), 1_000_000);
    cache.invalidate();
    expect([cache.get('a', 1_000_001), cache.get('b', 1_000_001)]).toEqual([null, null]);
  });

  it('a lookup that started before a write is not kept (it may have read the old rows)', () => {
    const cache = new SessionCache(5000);
    const epoch = cache.begin();
    cache.invalidate();
    cache.set('a', caller(1), later(60_000), epoch, 1_000_000);
    expect(cache.get('a', 1_000_001)).toBeNull();
  });

  it("rule: a change made elsewhere (a 'sessions' signal from the database) drops every cached caller", () => {
    const cache = new SessionCache(5000);
    const heard: Array<() => void> = [];
    cache.follow({
      live: true,
      subscribe: (channel, listener) => {
        if (channel === 'sessions') heard.push(listener);
        return () => undefined;
      },
    });
    cache.set('a', caller(1), later(60_000), cache.begin(), 1_000_000);
    expect(cache.get('a', 1_000_001)?.tokenId).toBe(1);
    for (const listener of heard) listener();
    expect(cache.get('a', 1_000_001)).toBeNull();
  });

  it('rule: while signals from other processes may be missed (the listener is down), nothing is cached', () => {
    const cache = new SessionCache(5000);
    const notifier = { live: false, subscribe: () => () => undefined };
    cache.follow(notifier);
    cache.set('a', caller(1), later(60_000), cache.begin(), 1_000_000);
    expect(cache.get('a', 1_000_001)).toBeNull();
    notifier.live = true;
    cache.set('a', caller(1), later(60_000), cache.begin(), 1_000_000);
    expect(cache.get('a', 1_000_001)?.tokenId).toBe(1);
  });

  it('a lifetime of 0 turns caching off', () => {
    const cache = new SessionCache(0);
    cache.set('a', caller(1), later(60_000), cache.begin(), 1_000_000);
    expect(cache.get('a', 1_000_000)).toBeNull();
  });

  it('stays bounded: past the limit the oldest entry goes', () => {
    const cache = new SessionCache(5000, 2);
    for (const [key, id] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, caller(id), later(60_000), cache.begin(), 1_000_000);
    expect([cache.get('a', 1_000_001), cache.get('b', 1_000_001)?.tokenId, cache.get('c', 1_000_001)?.tokenId]).toEqual([null, 2, 3]);
  });
});

describe('cached sessions on the server', () => {
  const server = useTestServer();
  const search = (token: string) => server.call('GET', 'product/autocomplete/name', { token, query: { query: 'drill' } });

  it('rule: a member removed from the account is refused at once, although their token was cached by reads', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    expect((await search(member.token)).status).toBe(200);
    expect((await search(member.token)).status).toBe(200);
    expect((await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: member.id } })).status).toBe(200);
    expect((await search(member.token)).status).toBe(403);
  });

  it('rule: reads reuse a cached caller, and any write drops it (a token deleted behind the server is refused after the next write)', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    expect((await search(member.token)).status).toBe(200);
    // Behind the server's back (as another server process would): the cache is what still lets the read in.
    await server.database.db.delete(tokens).where(eq(tokens.userId, member.id));
    expect((await search(member.token)).status).toBe(200);
    expect((await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'products', value: { columns: [] } } })).status).toBe(200);
    expect((await search(member.token)).status).toBe(403);
  });

  it('rule: /api and /integration share one cache: a member removed through /api is refused at once on cached /integration reads', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const widgetSearch = async () =>
      (await server.app.inject({ method: 'GET', url: '/integration/widget/autocomplete?q=drill', headers: { authorization: `Bearer ${member.token}` } })).statusCode;
    expect(await widgetSearch()).toBe(200);
    expect(await widgetSearch()).toBe(200);
    expect((await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: member.id } })).status).toBe(200);
    expect(await widgetSearch()).toBe(403);
  });

  it('rule: a write never uses a cached caller (the token and rights are checked afresh)', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    expect((await search(member.token)).status).toBe(200);
    await server.database.db.delete(tokens).where(eq(tokens.userId, member.id));
    const write = await server.call('POST', 'account/table-config', { token: member.token, body: { code: 'products', value: { columns: [] } } });
    expect(write.status).toBe(403);
  });

  it("rule: a route marked 'reads' (answered from cached sessions, kept cached) changes nothing", async () => {
    const account = await server.newAccount();
    const product = await server.call('POST', 'product/add', { token: account.token, body: { name: 'Hammer drill', article: 'HD-1' } });
    const hint: Hint = (name) => (isIdField(name) ? product.body.id : undefined);
    const reads = server.app.apiRoutes.filter((route) => route.reads);
    expect(reads.map(routeName)).toContain('GET /api/product/autocomplete/name');
    for (const route of reads) {
      const parts = schemaParts(route);
      const before = await snapshotAccount(server.database.db, account.id, [account.ownerId]);
      const answer = await callRoute(server.app, route, {
        token: account.token,
        params: parts.params ? sampleObject(parts.params, { hint }) : {},
        query: parts.query ? sampleObject(parts.query, { hint }) : {},
        body: parts.body ? sampleObject(parts.body, { hint }) : undefined,
      });
      expect(answer.status, `${routeName(route)} answered ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      const after = await snapshotAccount(server.database.db, account.id, [account.ownerId]);
      expect(diffSnapshots(before, after), routeName(route)).toEqual([]);
    }
  });
});

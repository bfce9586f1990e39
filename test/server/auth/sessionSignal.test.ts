import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../../server/auth/sessions';
import { accounts, memberships, tokens, users } from '../../../server/db/schema';
import { settingUp, useTestServer, type TestAccount } from '../harness';
import { countStatements } from '../orders/statementCounter';
import { listenToSessionSignals, type SessionSignals } from './sessionSignals';

/**
 * The 'sessions' signal that makes every server process drop its cached callers (server/http/sessionCache.ts) is
 * sent by the database's triggers (migration sessions_signal) at the commit of a change of a table a caller is
 * made of, and by nothing else. Here on PGlite and on PostgreSQL; the spawned processes' side is in
 * test/server/cluster/acrossProcesses.test.ts.
 */
describe('the session signal comes from the tables a caller is made of', () => {
  const server = useTestServer();
  let signals: SessionSignals;
  beforeAll(async () => {
    signals = await listenToSessionSignals(server.database.db, server.database.kind);
  });
  afterAll(async () => {
    await signals?.close();
  });

  /** A fresh account with a member (both signed in), and no signal left over from making them. */
  const fresh = async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    await signals.since();
    return { account, member };
  };

  it('rule: ordinary requests (a sign-in, reads, a warehouse that is not main, a warehouse renamed, a product added and saved, an arrival, an order, add to deal, a table layout) send no session signal', async () => {
    const { account, member } = await fresh();
    const post = settingUp(server, account.token);
    const signIn = await server.call('POST', 'auth/login', { body: { login: member.email, password: account.password } });
    expect(signIn.status).toBe(200);
    // The account's first warehouse is its main one (a change of the caller): made before counting.
    await post('warehouse/add', { name: 'Main' });
    await signals.since();
    const warehouse = await post('warehouse/add', { name: 'Second' });
    await post('warehouse/update', { id: warehouse.id, name: 'Second store' });
    const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1' });
    await post('product/update', { id: product.id, name: 'Hammer drill 2' });
    await post('product/arrival', { product_id: product.id, warehouse_id: warehouse.id, batch: 'B1', count: 10, cost_price: 40 });
    const order = await post('orders/add', {});
    await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 1 });
    await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 1 });
    await post('account/table-config', { code: 'products', value: { columns: [] } });
    // Reads by a token not cached yet and by a cached one: no "last used" or similar write on the way.
    for (const token of [member.token, member.token, signIn.body.access_token]) {
      expect((await server.call('GET', 'product/autocomplete/name', { token, query: { query: 'drill' } })).status).toBe(200);
      expect((await server.call('POST', 'orders/list', { token, body: {} })).status).toBe(200);
    }
    expect(await signals.since()).toBe(0);
  });

  type Change = (what: { account: TestAccount; member: { id: number; token: string } }) => Promise<unknown>;
  const api =
    (method: 'GET' | 'POST', path: string, body: (member: { id: number }) => Record<string, unknown>, as: 'owner' | 'member' = 'owner'): Change =>
    async ({ account, member }) => {
      const answer = await server.call(method, path, { token: as === 'owner' ? account.token : member.token, ...(method === 'GET' ? { query: body(member) as Record<string, number> } : { body: body(member) }) });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    };
  const changes: Array<[string, Change]> = [
    ['a member disabled (memberships, tokens)', api('POST', 'account/user/update', (member) => ({ id: member.id, status: 'disabled' }))],
    ['a right given (memberships)', api('POST', 'account/user/update', (member) => ({ id: member.id, admin: true }))],
    ['a member renamed (users)', api('POST', 'account/user/update', (member) => ({ id: member.id, name: 'Renamed' }))],
    ['a member removed from the account (memberships, tokens)', api('GET', 'account/user/unlink', (member) => ({ id: member.id }))],
    ['the account renamed (accounts)', api('POST', 'account/update', () => ({ name: 'Renamed account' }))],
    ['a sign-out (tokens)', api('POST', 'auth/logout', () => ({}), 'member')],
    ['the first warehouse, main (warehouses)', api('POST', 'warehouse/add', () => ({ name: 'First' }))],
    [
      'another warehouse made main (warehouses)',
      async ({ account }) => {
        const post = settingUp(server, account.token);
        await post('warehouse/add', { name: 'First' });
        const second = await post('warehouse/add', { name: 'Second' });
        await signals.since();
        await post('warehouse/update', { id: second.id, is_main: true });
      },
    ],
    ['manual SQL: UPDATE users', ({ member }) => server.database.db.update(users).set({ name: sql`${users.name}` }).where(eq(users.id, member.id))],
    ['manual SQL: UPDATE memberships', ({ account, member }) => server.database.db.update(memberships).set({ admin: sql`${memberships.admin}` }).where(and(eq(memberships.accountId, account.id), eq(memberships.userId, member.id)))],
    ['manual SQL: UPDATE tokens (an expiry)', ({ member }) => server.database.db.update(tokens).set({ expiresAt: new Date() }).where(eq(tokens.userId, member.id))],
    ['manual SQL: UPDATE accounts (the trial ended)', ({ account }) => server.database.db.update(accounts).set({ trialEndsAt: new Date(Date.now() - 86_400_000) }).where(eq(accounts.id, account.id))],
    ['manual SQL: DELETE tokens', ({ member }) => server.database.db.delete(tokens).where(eq(tokens.userId, member.id))],
    ['manual SQL: DELETE users (memberships and tokens by cascade)', ({ member }) => server.database.db.delete(users).where(eq(users.id, member.id))],
  ];
  it.each(changes)('rule: a change of what a caller is made of signals every process at its commit: %s', async (_name, change) => {
    const { account, member } = await fresh();
    await change({ account, member });
    // One transaction, one signal: PostgreSQL folds the same notification repeated in a transaction into one.
    expect(await signals.since()).toBe(1);
  });

  it('rule: a change rolled back sends no session signal (it is sent at commit)', async () => {
    const { member } = await fresh();
    const rollback = new Error('rolled back');
    await expect(
      server.database.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Never' }).where(eq(users.id, member.id));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await signals.since()).toBe(0);
  });

  it('rule: the triggers that signal are on exactly the tables resolveSession reads: UPDATE, DELETE and TRUNCATE of each statement, and of warehouses the rows that are or become main (INSERT too)', async () => {
    const { account } = await fresh();
    const { statements } = await countStatements(server.database.db, () => resolveSession(server.database.db, account.token));
    const read = [...new Set(statements.flatMap((statement) => [...statement.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((match) => match[1])))].sort();
    expect(read).toEqual(['accounts', 'memberships', 'tokens', 'users', 'warehouses']);
    const { rows } = (await server.database.db.execute(sql`
      select c.relname as "table", t.tgtype as type from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'sessions_changed' and not t.tgisinternal and t.tgenabled <> 'D' order by 1, 2`)) as unknown as { rows: Array<{ table: string; type: number }> };
    expect([...new Set(rows.map((row) => row.table))]).toEqual(read);
    // pg_trigger.tgtype bits: 1 row level, 4 INSERT, 8 DELETE, 16 UPDATE, 32 TRUNCATE.
    const STATEMENT_UPDATE_DELETE_TRUNCATE = 8 | 16 | 32;
    const ROW = 1;
    expect(rows.map((row) => [row.table, Number(row.type)])).toEqual([
      ...read.filter((table) => table !== 'warehouses').map((table) => [table, STATEMENT_UPDATE_DELETE_TRUNCATE]),
      ['warehouses', ROW | 4],
      ['warehouses', ROW | 8],
      ['warehouses', ROW | 16],
      ['warehouses', 32],
    ]);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, memberships, products, tableConfigs, tariffs, tokens, users } from '../../server/db/schema';
import { unique, useTestServer, type TestAccount } from './harness';

const server = useTestServer();
const db = () => server.database.db;
const DAY = 86_400_000;

const accountRow = async (id: number) => (await db().select().from(accounts).where(eq(accounts.id, id)))[0];
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const tokensOf = (userId: number, accountId: number) =>
  db()
    .select()
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.accountId, accountId)));
const configOf = (token: string) => server.call('GET', 'account/config', { token });
const signIn = (login: string, password: string) => server.call('POST', 'auth/login', { body: { login, password } });

describe('account/config', () => {
  it('answers the account and the owner in the contract shape; nothing secret leaks', async () => {
    const account = await server.newAccount();
    const row = await accountRow(account.id);
    const answer = await configOf(account.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      account: {
        id: account.id,
        name: row.name,
        country: null,
        is_kommo: false,
        expired: false,
        install: true,
        login_fixed: false,
        landing_path: null,
        separate_rights: false,
        trial_ends_at: row.trialEndsAt.toISOString(),
        paid_until: null,
        flags: { test: false, flag: false },
      },
      user: {
        id: account.ownerId,
        name: 'Owner',
        email: account.email,
        phone: null,
        lang: 'en',
        status: 'enabled',
        activity: true,
        admin: true,
        editing_remains: true,
        change_remains: true,
        is_owner: true,
      },
    });
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('tariff');
  });

  it("a member sees the same account and their own user with this account's rights", async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { editingRemains: true, changeRemains: false });
    const answer = await configOf(member.token);
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({ id: account.id, separate_rights: true });
    expect(answer.body.user).toEqual(
      expect.objectContaining({ id: member.id, email: member.email, admin: false, is_owner: false, activity: true, editing_remains: true, change_remains: false, status: 'enabled' }),
    );
  });

  it('expired: false during the trial, true after its end, false again while paid_until is ahead, true when that passes too', async () => {
    const account = await server.newAccount();
    expect((await configOf(account.token)).body.account.expired).toBe(false);

    await db().update(accounts).set({ trialEndsAt: new Date(Date.now() - DAY) }).where(eq(accounts.id, account.id));
    const afterTrial = await configOf(account.token);
    expect(afterTrial.status).toBe(200);
    expect(afterTrial.body.account.expired).toBe(true);

    const paidUntil = new Date(Date.now() + 30 * DAY);
    await db().update(accounts).set({ paidUntil }).where(eq(accounts.id, account.id));
    const paid = await configOf(account.token);
    expect(paid.body.account.expired).toBe(false);
    expect(paid.body.account.paid_until).toBe(paidUntil.toISOString());

    await db().update(accounts).set({ paidUntil: new Date(Date.now() - 1000) }).where(eq(accounts.id, account.id));
    expect((await configOf(account.token)).body.account.expired).toBe(true);
  });

  it('a paid_until earlier than the trial end does not cut the trial short', async () => {
    const account = await server.newAccount();
    await db().update(accounts).set({ paidUntil: new Date(Date.now() - DAY) }).where(eq(accounts.id, account.id));
    expect((await configOf(account.token)).body.account.expired).toBe(false);
  });

  it('is_kommo, landing_path, login_fixed, install and flags come from the account row', async () => {
    const account = await server.newAccount();
    await db()
      .update(accounts)
      .set({ isKommo: true, landingPath: '/products', loginFixed: true, install: false, flags: { analytics: true, orders: false }, country: 'KZ' })
      .where(eq(accounts.id, account.id));
    const { body } = await configOf(account.token);
    expect(body.account).toMatchObject({ is_kommo: true, landing_path: '/products', login_fixed: true, install: false, flags: { test: false, flag: false, analytics: true, orders: false }, country: 'KZ' });
  });

  it("the user's language comes from the users row", async () => {
    const account = await server.newAccount();
    await db().update(users).set({ lang: 'ru' }).where(eq(users.id, account.ownerId));
    expect((await configOf(account.token)).body.user.lang).toBe('ru');
  });
});

describe('account/update', () => {
  it('the owner updates name (trimmed), country, separate_rights and landing_path: answer and row', async () => {
    const account = await server.newAccount();
    const name = unique('Renamed');
    const answer = await server.call('POST', 'account/update', {
      token: account.token,
      body: { name: `  ${name} `, country: 'RU', separate_rights: true, landing_path: '/orders/list' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({ id: account.id, name, country: 'RU', separate_rights: true, landing_path: '/orders/list', expired: false });
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ name, country: 'RU', separateRights: true, landingPath: '/orders/list' });
    expect((await configOf(account.token)).body.account).toMatchObject({ name, separate_rights: true, landing_path: '/orders/list' });
  });

  it('only the fields sent change; null clears country and landing_path', async () => {
    const account = await server.newAccount();
    await server.call('POST', 'account/update', { token: account.token, body: { country: 'RU', landing_path: '/products' } });
    const before = await accountRow(account.id);
    const answer = await server.call('POST', 'account/update', { token: account.token, body: { country: null, landing_path: null } });
    expect(answer.status).toBe(200);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ country: null, landingPath: null, name: before.name, separateRights: before.separateRights });
  });

  it('an admin who is not the owner may update the account', async () => {
    const account = await server.newAccount();
    const admin = await server.newMember(account, { admin: true });
    const answer = await server.call('POST', 'account/update', { token: admin.token, body: { separate_rights: true } });
    expect(answer.status).toBe(200);
    expect((await accountRow(account.id)).separateRights).toBe(true);
  });

  it('a member without admin gets 422 with an error and the row is unchanged', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { editingRemains: true, changeRemains: true });
    const before = await accountRow(account.id);
    const answer = await server.call('POST', 'account/update', { token: member.token, body: { name: 'Hijacked', separate_rights: true, landing_path: '/x' } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: 'Only an administrator of the account can do this', code: 'adminOnly' });
    expect(answer.body.error.length).toBeGreaterThan(0);
    expect(await accountRow(account.id)).toEqual(before);
  });

  it.each([
    [{ tariff_id: 1 }],
    [{ name: 'Ok', paid_until: '2099-01-01T00:00:00.000Z' }],
    [{ trial_ends_at: '2099-01-01T00:00:00.000Z' }],
    [{ is_kommo: true }],
  ])('unknown field %j → 400 {error} and the row is unchanged', async (body) => {
    const account = await server.newAccount();
    const before = await accountRow(account.id);
    const answer = await server.call('POST', 'account/update', { token: account.token, body });
    expect(answer.status).toBe(400);
    // A blank name says its code; a body the schema refuses has none.
    expect(answer.body).toEqual(answer.body.code ? { error: expect.any(String), code: 'nameEmpty' } : { error: expect.any(String) });
    expect(await accountRow(account.id)).toEqual(before);
  });

  it.each([
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: 'x'.repeat(121) }],
    [{ landing_path: 'https://evil.example/' }],
    [{ landing_path: 'products' }],
    [{ separate_rights: 'maybe' }],
    [{ country: ['RU'] }],
  ])('invalid value %j → 400 {error} and the row is unchanged', async (body) => {
    const account = await server.newAccount();
    const before = await accountRow(account.id);
    const answer = await server.call('POST', 'account/update', { token: account.token, body });
    expect(answer.status).toBe(400);
    // A blank name says its code; a body the schema refuses has none.
    expect(answer.body).toEqual(answer.body.code ? { error: expect.any(String), code: 'nameEmpty' } : { error: expect.any(String) });
    expect(await accountRow(account.id)).toEqual(before);
  });

  it('an empty update changes nothing and answers the account (not a 5xx)', async () => {
    const account = await server.newAccount();
    const before = await accountRow(account.id);
    const answer = await server.call('POST', 'account/update', { token: account.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({ id: account.id, name: before.name });
    expect(await accountRow(account.id)).toEqual(before);
  });

  it('changes only the caller’s account', async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    const beforeB = await accountRow(b.id);
    await server.call('POST', 'account/update', { token: a.token, body: { name: 'Only A', separate_rights: true } });
    expect(await accountRow(b.id)).toEqual(beforeB);
  });

  it('without a token → 403', async () => {
    const answer = await server.call('POST', 'account/update', { body: { name: 'x' } });
    expect(answer).toEqual({ status: 403, body: { error: 'Token not valid' } });
  });
});

describe('account/table-config', () => {
  const configRows = (accountId: number, code: string) =>
    db()
      .select()
      .from(tableConfigs)
      .where(and(eq(tableConfigs.accountId, accountId), eq(tableConfigs.code, code)));

  it('GET of a code never saved answers value null and writes nothing', async () => {
    const account = await server.newAccount();
    const answer = await server.call('GET', 'account/table-config', { token: account.token, query: { code: 'products' } });
    expect(answer).toEqual({ status: 200, body: { code: 'products', value: null } });
    expect(await configRows(account.id, 'products')).toHaveLength(0);
  });

  it('POST stores the value (row written), GET returns it', async () => {
    const account = await server.newAccount();
    const value = { columns: ['title', 'price'], widths: { title: 240 }, dense: true };
    const saved = await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'products.main', value } });
    expect(saved).toEqual({ status: 200, body: { code: 'products.main', value } });
    const rows = await configRows(account.id, 'products.main');
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toEqual(value);
    const read = await server.call('GET', 'account/table-config', { token: account.token, query: { code: 'products.main' } });
    expect(read).toEqual({ status: 200, body: { code: 'products.main', value } });
  });

  it('POST again overwrites the value in the same row', async () => {
    const account = await server.newAccount();
    await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'orders', value: { a: 1 } } });
    const second = await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'orders', value: ['x', 2] } });
    expect(second.status).toBe(200);
    const rows = await configRows(account.id, 'orders');
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toEqual(['x', 2]);
    expect((await server.call('GET', 'account/table-config', { token: account.token, query: { code: 'orders' } })).body.value).toEqual(['x', 2]);
  });

  it.each([['text'], [7], [false]])('scalar values (%j) round-trip', async (value) => {
    const account = await server.newAccount();
    await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'scalar', value } });
    expect((await server.call('GET', 'account/table-config', { token: account.token, query: { code: 'scalar' } })).body.value).toEqual(value);
  });

  it('a POST with value null stores null (GET answers null); a POST without value → 400 and the old value stays', async () => {
    const account = await server.newAccount();
    await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'gone', value: { a: 1 } } });
    const missing = await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'gone' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: expect.any(String) });
    expect((await configRows(account.id, 'gone'))[0].value).toEqual({ a: 1 });
    const cleared = await server.call('POST', 'account/table-config', { token: account.token, body: { code: 'gone', value: null } });
    expect(cleared).toEqual({ status: 200, body: { code: 'gone', value: null } });
    expect((await server.call('GET', 'account/table-config', { token: account.token, query: { code: 'gone' } })).body.value).toBeNull();
  });

  it('codes are per account: another account neither sees nor overwrites the value', async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    await server.call('POST', 'account/table-config', { token: a.token, body: { code: 'shared-code', value: { owner: 'A' } } });
    expect((await server.call('GET', 'account/table-config', { token: b.token, query: { code: 'shared-code' } })).body).toEqual({ code: 'shared-code', value: null });
    await server.call('POST', 'account/table-config', { token: b.token, body: { code: 'shared-code', value: { owner: 'B' } } });
    expect((await server.call('GET', 'account/table-config', { token: a.token, query: { code: 'shared-code' } })).body.value).toEqual({ owner: 'A' });
    expect((await configRows(a.id, 'shared-code'))[0].value).toEqual({ owner: 'A' });
    expect((await configRows(b.id, 'shared-code'))[0].value).toEqual({ owner: 'B' });
  });

  it('members of one account share its table configs', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    await server.call('POST', 'account/table-config', { token: member.token, body: { code: 'by-member', value: [1] } });
    expect((await server.call('GET', 'account/table-config', { token: account.token, query: { code: 'by-member' } })).body.value).toEqual([1]);
  });

  it.each([['a b'], ['x/y'], [''], ['é'], ['c'.repeat(81)], ["a'; drop table"]])('bad code %j → 400 {error} on GET and POST, nothing written', async (code) => {
    const account = await server.newAccount();
    const get = await server.call('GET', 'account/table-config', { token: account.token, query: { code } });
    expect(get.status).toBe(400);
    expect(get.body).toEqual({ error: expect.any(String) });
    const post = await server.call('POST', 'account/table-config', { token: account.token, body: { code, value: 1 } });
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ error: expect.any(String) });
    expect(await db().select().from(tableConfigs).where(eq(tableConfigs.accountId, account.id))).toHaveLength(0);
  });

  it('a missing code → 400', async () => {
    const account = await server.newAccount();
    expect((await server.call('GET', 'account/table-config', { token: account.token })).status).toBe(400);
    expect((await server.call('POST', 'account/table-config', { token: account.token, body: { value: 1 } })).status).toBe(400);
  });
});

describe('account/currencies', () => {
  it('lists RUB and USD (the defaults) with name and symbol; codes are unique', async () => {
    const account = await server.newAccount();
    const answer = await server.call('GET', 'account/currencies', { token: account.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      expect.arrayContaining([
        { code: 'RUB', name: expect.any(String), symbol: '₽' },
        { code: 'USD', name: expect.any(String), symbol: '$' },
      ]),
    );
    const codes = answer.body.map((currency: { code: string }) => currency.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('without a token → 403', async () => {
    expect((await server.call('GET', 'account/currencies')).status).toBe(403);
  });
});

describe('account/users', () => {
  it('lists the members of this account only, each with status and rights, no secrets', async () => {
    const account = await server.newAccount({ separateRights: true });
    const keeper = await server.newMember(account, { changeRemains: true, editingRemains: false });
    const off = await server.newMember(account, { status: 'disabled', activity: false });
    const other = await server.newAccount();
    const outsider = await server.newMember(other);

    const answer = await server.call('GET', 'account/users', { token: keeper.token });
    expect(answer.status).toBe(200);
    const ids = answer.body.map((user: { id: number }) => user.id).sort((x: number, y: number) => x - y);
    expect(ids).toEqual([account.ownerId, keeper.id, off.id].sort((x, y) => x - y));
    expect(ids).not.toContain(outsider.id);
    expect(ids).not.toContain(other.ownerId);
    const byId = new Map(answer.body.map((user: { id: number }) => [user.id, user]));
    expect(byId.get(account.ownerId)).toMatchObject({ is_owner: true, admin: true, status: 'enabled' });
    expect(byId.get(keeper.id)).toEqual({
      id: keeper.id,
      name: 'Member',
      email: keeper.email,
      phone: null,
      lang: 'en',
      status: 'enabled',
      activity: true,
      admin: false,
      editing_remains: false,
      change_remains: true,
      is_owner: false,
    });
    expect(byId.get(off.id)).toMatchObject({ status: 'disabled', activity: false });
    expect(JSON.stringify(answer.body)).not.toContain('scrypt$');
  });

  it("rule: an invited member (not yet accepted) is listed with id, e-mail and status 'invited' only — no name, phone, language or rights", async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const other = await server.newAccount();
    await db().update(users).set({ name: 'Private Name', lang: 'ru' }).where(eq(users.id, other.ownerId));
    expect((await server.call('GET', 'account/user/link', { token: account.token, query: { email: other.email } })).status).toBe(200);
    for (const token of [account.token, member.token]) {
      const answer = await server.call('GET', 'account/users', { token });
      expect(answer.status).toBe(200);
      expect(answer.body.find((user: { id: number }) => user.id === other.ownerId)).toEqual({ id: other.ownerId, name: other.email, email: other.email, status: 'invited' });
      expect(JSON.stringify(answer.body)).not.toContain('Private Name');
    }
  });

  it("a user in two accounts is listed in each with that account's rights", async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    const member = await server.newMember(a, { admin: true });
    await db().insert(memberships).values({ accountId: b.id, userId: member.id, admin: false, changeRemains: true });
    const inA = (await server.call('GET', 'account/users', { token: a.token })).body.find((user: { id: number }) => user.id === member.id);
    const inB = (await server.call('GET', 'account/users', { token: b.token })).body.find((user: { id: number }) => user.id === member.id);
    expect(inA).toMatchObject({ admin: true, change_remains: false });
    expect(inB).toMatchObject({ admin: false, change_remains: true });
  });
});

describe('account/tariffs', () => {
  it('shows the current tariff, usage (enabled members; products and services not archived), the plan end and every tariff', async () => {
    const account = await server.newAccount({ tariff: 'start' });
    await server.newMember(account);
    await server.newMember(account, { status: 'disabled' });
    for (const body of [{ name: 'Drill' }, { name: 'Delivery', type: 'service' }, { name: 'Old saw' }]) {
      await server.call('POST', 'product/add', { token: account.token, body });
    }
    const [oldSaw] = await db().select().from(products).where(and(eq(products.accountId, account.id), eq(products.name, 'Old saw')));
    await server.call('POST', 'product/archive', { token: account.token, body: { id: oldSaw.id } });
    const row = await accountRow(account.id);
    const answer = await server.call('GET', 'account/tariffs', { token: account.token });
    expect(answer.status).toBe(200);
    expect(answer.body.current).toMatchObject({ id: row.tariffId, code: 'start', users: 3, price: 0, period: 'year' });
    expect(answer.body.usage).toEqual({ users: 2, positions: 2 });
    expect(answer.body.plan_end).toBe(row.trialEndsAt.toISOString());
    const all = await db().select().from(tariffs);
    expect(answer.body.tariffs).toHaveLength(all.length);
    const codes = answer.body.tariffs.map((tariff: { code: string }) => tariff.code);
    expect(codes).toEqual(expect.arrayContaining(['start', 'business', 'corporate']));
    for (const tariff of answer.body.tariffs) {
      expect(tariff).toEqual({
        id: expect.any(Number),
        code: expect.any(String),
        name: expect.any(String),
        users: expect.any(Number),
        positions: expect.any(Number),
        contacts_companies: expect.any(Number),
        orders_per_month: expect.any(Number),
        import_export: expect.any(Boolean),
        api: expect.any(Boolean),
        price: expect.any(Number),
        period: expect.any(String),
      });
    }
    const business = answer.body.tariffs.find((tariff: { code: string }) => tariff.code === 'business');
    expect(business).toMatchObject({ users: 10, price: 490, import_export: true });
  });

  it('plan_end is paid_until when paid; usage counts this account only; no tariff → current null', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount({ tariff: 'business' });
    await server.newMember(other);
    const paidUntil = new Date(Date.now() + 100 * DAY);
    await db().update(accounts).set({ paidUntil }).where(eq(accounts.id, account.id));
    const answer = await server.call('GET', 'account/tariffs', { token: account.token });
    expect(answer.body.current).toBeNull();
    expect(answer.body.plan_end).toBe(paidUntil.toISOString());
    expect(answer.body.usage).toEqual({ users: 1, positions: 0 });
  });
});

describe('user/update (own profile)', () => {
  it('a member changes their own name (trimmed) and language: answer and users row', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const answer = await server.call('POST', 'user/update', { token: member.token, body: { name: '  Mary  ', lang: 'ru' } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: member.id, name: 'Mary', lang: 'ru', is_owner: false });
    expect(await userRow(member.id)).toMatchObject({ name: 'Mary', lang: 'ru' });
    expect((await userRow(account.ownerId)).name).toBe('Owner');
  });

  it('a new password: the current session stays, other sessions end, the new password signs in and the old does not', async () => {
    const account: TestAccount = await server.newAccount();
    const second = (await signIn(account.email, account.password)).body.access_token as string;
    expect((await configOf(second)).status).toBe(200);
    const hashBefore = (await userRow(account.ownerId)).passwordHash;

    const answer = await server.call('POST', 'user/update', { token: account.token, body: { password: 'another-secret', current_password: account.password } });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain('another-secret');
    const hashAfter = (await userRow(account.ownerId)).passwordHash;
    expect(hashAfter).not.toBe(hashBefore);
    expect(hashAfter).not.toContain('another-secret');

    expect((await configOf(account.token)).status).toBe(200);
    expect(await configOf(second)).toEqual({ status: 403, body: { error: 'Token not valid' } });
    expect(await tokensOf(account.ownerId, account.id)).toHaveLength(1);
    expect((await signIn(account.email, account.password)).status).toBe(422);
    expect((await signIn(account.email, 'another-secret')).body).toMatchObject({ success: true, access_token: expect.any(String) });
  });

  it('rule: a new password needs the current one: missing or wrong → 422 on current_password; nothing changes, no session ends', async () => {
    const account = await server.newAccount();
    const second = (await signIn(account.email, account.password)).body.access_token as string;
    const before = await userRow(account.ownerId);
    for (const current of [undefined, 'not-the-password']) {
      const answer = await server.call('POST', 'user/update', { token: account.token, body: { password: 'another-secret', ...(current && { current_password: current }) } });
      expect(answer).toEqual({ status: 422, body: { error: 'The current password is wrong', code: 'wrongCurrentPassword', fields: { current_password: 'The current password is wrong' } } });
    }
    expect(await userRow(account.ownerId)).toEqual(before);
    expect((await configOf(second)).status).toBe(200);
    expect((await signIn(account.email, 'another-secret')).status).toBe(422);
  });

  it('rule: a new password is at least 8 characters and not the e-mail or phone → 400 on password', async () => {
    const account = await server.newAccount();
    const before = await userRow(account.ownerId);
    const refusals = [
      ['seven77', { code: 'passwordTooShort', params: { min: 8 } }],
      [` ${account.email.toUpperCase()}`, { code: 'passwordIsLogin' }],
    ] as const;
    for (const [password, coded] of refusals) {
      const answer = await server.call('POST', 'user/update', { token: account.token, body: { password, current_password: account.password } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String), ...coded, fields: { password: answer.body.error } });
    }
    expect(await userRow(account.ownerId)).toEqual(before);
  });

  it('a change without a password keeps the other sessions', async () => {
    const account = await server.newAccount();
    const second = (await signIn(account.email, account.password)).body.access_token as string;
    await server.call('POST', 'user/update', { token: account.token, body: { lang: 'ru' } });
    expect((await configOf(second)).status).toBe(200);
  });

  it.each([[{ admin: true }], [{ email: 'new@example.com' }], [{ name: 'X', status: 'disabled' }]])(
    'a field that is not part of the own profile (%j) → 400, nothing changes',
    async (body) => {
      const account = await server.newAccount();
      const member = await server.newMember(account);
      const before = await userRow(member.id);
      const answer = await server.call('POST', 'user/update', { token: member.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
      expect(await userRow(member.id)).toEqual(before);
      const [membership] = await db().select().from(memberships).where(eq(memberships.userId, member.id));
      expect(membership).toMatchObject({ admin: false, status: 'enabled' });
    },
  );

  it.each([[{ password: '123' }], [{ lang: 'de' }], [{ name: '' }], [{ name: '   ' }]])('invalid value %j → 400, nothing changes', async (body) => {
    const account = await server.newAccount();
    const before = await userRow(account.ownerId);
    const answer = await server.call('POST', 'user/update', { token: account.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: expect.any(String) });
    expect(await userRow(account.ownerId)).toEqual(before);
  });

  it('an empty update answers the user unchanged (not a 5xx)', async () => {
    const account = await server.newAccount();
    const before = await userRow(account.ownerId);
    const answer = await server.call('POST', 'user/update', { token: account.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: account.ownerId, name: before.name });
    expect(await userRow(account.ownerId)).toEqual(before);
  });
});

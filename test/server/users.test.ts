import { and, count, eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { accounts, memberships, outbox, tokens, users } from '../../server/db/schema';
import { callRoute, routeName } from './support/routes';
import { codeIn, unique, useTestServer, type TestAccount } from './harness';

const server = useTestServer();
const db = () => server.database.db;

const USER_EXISTS = 'Such a user already exists.';
const USERS_EXCEEDED = 'Attention! The number of users exceeded.';
const GIVE_EMAIL = 'Give the e-mail of the user';
const NO_SUCH_USER = 'No such user';
const ALREADY_IN_ACCOUNT = 'This user is already in the account';
const NOT_ACCEPTED = 'This user has not accepted the invitation to the account yet';
const NO_INVITATION = 'No invitation to this account';

const membershipOf = async (accountId: number, userId: number) =>
  (
    await db()
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
  )[0];
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const usersWithEmail = (email: string) => db().select().from(users).where(eq(users.email, email.toLowerCase()));
const membersOf = async (accountId: number) => (await db().select({ value: count() }).from(memberships).where(eq(memberships.accountId, accountId)))[0].value;
const outboxTo = (recipient: string) => db().select().from(outbox).where(eq(outbox.recipient, recipient));
const tokensIn = (userId: number, accountId: number) =>
  db()
    .select()
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.accountId, accountId)));
const configOf = (token: string) => server.call('GET', 'account/config', { token });
const newEmail = (prefix = 'invitee') => `${unique(prefix)}@example.com`;
/** A phone of its own: phones are unique among users, and the suite may run on a shared PostgreSQL. */
const uniquePhone = () => `7${randomInt(1_000_000_000, 9_999_999_999)}`;
const addUser = (account: { token: string }, body: Record<string, unknown>) => server.call('POST', 'account/user/add', { token: account.token, body });
const link = (account: { token: string }, query: Record<string, string | number>) => server.call('GET', 'account/user/link', { token: account.token, query });
const accept = (token: string, accountId: number) => server.call('GET', 'account/user/accept', { token, query: { account_id: accountId } });
const update = (token: string, body: Record<string, unknown>) => server.call('POST', 'account/user/update', { token, body });
const invitationsOf = (token?: string) => server.call('GET', 'account/user/invitations', { token });
const signIn = (login: string, password: string) => server.call('POST', 'auth/login', { body: { login, password } });
const accountName = async (id: number) => (await db().select({ name: accounts.name }).from(accounts).where(eq(accounts.id, id)))[0].name;
const invitedAt = async (accountId: number, userId: number) => (await membershipOf(accountId, userId)).createdAt.toISOString();
/** All membership rows of one user in one account (to see duplicates). */
const rowsOf = (accountId: number, userId: number) =>
  db()
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
const enabledIn = async (accountId: number) =>
  (
    await db()
      .select({ value: count() })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'enabled')))
  )[0].value;

/** An account on the 'start' tariff (3 users) with the owner and `members` more enabled members. */
async function startAccount(members: number): Promise<TestAccount> {
  const account = await server.newAccount({ tariff: 'start' });
  for (let i = 0; i < members; i += 1) await server.newMember(account);
  return account;
}

/**
 * A user whose only relation to any account is an invitation of `account`: their former account removed them
 * (`disable: true`: disabled them instead), then `account` linked them by e-mail. Their old token is gone.
 */
async function onlyInvited(account: TestAccount, options: { disable?: boolean } = {}) {
  const former = await server.newAccount();
  const person = await server.newMember(former);
  const removed = options.disable
    ? await update(former.token, { id: person.id, status: 'disabled' })
    : await server.call('GET', 'account/user/unlink', { token: former.token, query: { id: person.id } });
  expect(removed.status).toBe(200);
  expect((await link(account, { email: person.email })).status).toBe(200);
  expect(await configOf(person.token)).toEqual({ status: 403, body: { error: 'Token not valid' } });
  return { id: person.id, email: person.email, password: former.password, former };
}

describe('account/user/add', () => {
  it('rule: user/add for a new address creates an invitation (membership invited, no password), and only the person proving the address by recovery can sign in and accept it', async () => {
    const account = await server.newAccount({ separateRights: true });
    await db().update(users).set({ lang: 'ru' }).where(eq(users.id, account.ownerId));
    const email = newEmail();
    const answer = await addUser(account, { name: '  Ivan  ', email: email.toUpperCase(), editing_remains: true, change_remains: false, activity: true });
    expect(answer.status).toBe(200);
    const id = answer.body.user.id as number;
    // Until they accept, an invited user is shown by id, e-mail and status only.
    expect(answer.body.user).toMatchObject({ id, email, status: 'invited' });
    expect(await userRow(id)).toMatchObject({ name: 'Ivan', email, lang: 'ru' });
    expect(await membershipOf(account.id, id)).toMatchObject({ status: 'invited', activity: true, admin: false, editingRemains: true, changeRemains: false, isOwner: false });

    // The mail carries no password, and no password signs the new user in until they set one.
    const messages = await outboxTo(email);
    expect(messages).toHaveLength(1);
    expect(messages[0].body).not.toMatch(/password (?!recovery)\S{8,}/i);
    for (const guess of ['', 'none$invited', 'invited', (await userRow(id)).passwordHash]) {
      expect((await signIn(email, guess)).status).not.toBe(200);
    }
    // The invitee proves the address with a recovery code, sets a password, signs in to their invitations and accepts.
    expect((await server.call('GET', 'auth/restore', { query: { login: email } })).status).toBe(200);
    const code = codeIn(await server.lastMessage(email));
    expect((await server.call('POST', 'auth/restore-end', { body: { login: email, code, password: 'my own password 1' } })).status).toBe(200);
    const login = await signIn(email, 'my own password 1');
    expect(login.body).toMatchObject({ success: true, access_token: expect.any(String), scope: 'invitations' });
    expect((await accept(login.body.access_token, account.id)).status).toBe(200);
    const config = await configOf(login.body.access_token);
    expect(config.body.account.id).toBe(account.id);
    expect(config.body.user).toMatchObject({ id, editing_remains: true, admin: false });
  });

  it('rule: invitation mails carry no free text of the inviter but the account name, quoted on one line (not the inviter name, not the name typed for the invitee)', async () => {
    const account = await server.newAccount();
    await db().update(users).set({ name: 'Evil Inviter http://phish.example' }).where(eq(users.id, account.ownerId));
    await db().update(accounts).set({ name: 'Shop\nClick http://phish.example/reset now' }).where(eq(accounts.id, account.id));
    const email = newEmail();
    expect((await addUser(account, { name: 'Visit http://phish.example', email })).status).toBe(200);
    const stranger = await server.newMember(await server.newAccount());
    expect((await link(account, { email: stranger.email })).status).toBe(200);
    for (const to of [email, stranger.email]) {
      const [message] = await outboxTo(to);
      expect(message.subject).toBe('Invitation to a Stockroom account');
      expect(message.body).toContain(`named "Shop Click http://phish.example/reset now" (account ${account.id}).`);
      expect(message.body).not.toContain('Evil Inviter');
      expect(message.body).not.toContain('Visit http');
      // The only occurrence of the link is inside the quoted name.
      expect(message.body.split('phish.example')).toHaveLength(2);
    }
  });

  it('rights not given take the defaults (active, no admin, no stock rights)', async () => {
    const account = await server.newAccount();
    const answer = await addUser(account, { name: 'Plain', email: newEmail() });
    expect(answer.status).toBe(200);
    expect(await membershipOf(account.id, answer.body.user.id)).toMatchObject({ activity: true, admin: false, editingRemains: false, changeRemains: false, isOwner: false });
  });

  it("an existing e-mail (any case, any account) → 409 {error: 'Such a user already exists.', user_id}; nothing written, nothing sent", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const stranger = await server.newMember(other);
    const before = await membersOf(account.id);
    for (const [email, id] of [
      [stranger.email.toUpperCase(), stranger.id],
      [other.email, other.ownerId],
      [account.email, account.ownerId],
    ] as const) {
      const answer = await addUser(account, { name: 'Again', email });
      expect(answer.status).toBe(409);
      // Only the id (to offer link): the name of someone else's user is not this admin's to see.
      expect(answer.body).toEqual({ error: USER_EXISTS, user_id: id, code: 'userExists' });
      expect(await usersWithEmail(email)).toHaveLength(1);
    }
    expect(await membersOf(account.id)).toBe(before);
    expect(await membershipOf(account.id, stranger.id)).toBeUndefined();
    expect(await outboxTo(stranger.email)).toHaveLength(0);
  });

  it('a member without admin → 422 {error}; no user, no membership, no message', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { editingRemains: true, changeRemains: true });
    const email = newEmail();
    const before = await membersOf(account.id);
    const answer = await addUser(member, { name: 'Nope', email, admin: true });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: 'Only an administrator of the account can do this', code: 'adminOnly' });
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect(await membersOf(account.id)).toBe(before);
    expect(await outboxTo(email)).toHaveLength(0);
  });

  it("tariff 'start' (3 users): the 4th member (enabled, or invited by user/add: a pending invitation holds a seat) → 402 'Attention! The number of users exceeded.'; nothing written", async () => {
    const account = await startAccount(1);
    const third = await addUser(account, { name: 'Third', email: newEmail() });
    expect(third.status).toBe(200);
    const email = newEmail('fourth');
    const fourth = await addUser(account, { name: 'Fourth', email });
    expect(fourth).toEqual({ status: 402, body: { error: USERS_EXCEEDED, code: 'usersExceeded' } });
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect(await membersOf(account.id)).toBe(3);
    expect(await outboxTo(email)).toHaveLength(0);
  });

  it('disabled members do not take a seat', async () => {
    const account = await startAccount(1);
    await server.newMember(account, { status: 'disabled' });
    await server.newMember(account, { status: 'disabled' });
    expect((await addUser(account, { name: 'Third', email: newEmail() })).status).toBe(200);
    expect((await addUser(account, { name: 'Fourth', email: newEmail() })).status).toBe(402);
  });

  it('concurrent adds never exceed the tariff: of 4 simultaneous adds into 1 free seat exactly 1 succeeds', async () => {
    const account = await startAccount(1);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => addUser(account, { name: `Racer ${i}`, email: newEmail('racer') })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402, 402, 402]);
    // The one invitation holds the free seat until it is accepted or withdrawn.
    expect(await enabledIn(account.id)).toBe(2);
    expect(await membersOf(account.id)).toBe(3);
  });

  it('the same new e-mail added twice at once: one 200, one 409 (never a 5xx)', async () => {
    const account = await server.newAccount();
    const email = newEmail('twice');
    const answers = await Promise.all([addUser(account, { name: 'A', email }), addUser(account, { name: 'B', email })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it.each([
    [{ name: 'X', email: 'not-an-email' }],
    [{ name: 'X', email: '79001234567' }],
    [{ name: 'X', email: 'a@b' }],
    [{ name: '', email: 'ok@example.com' }],
    [{ name: '   ', email: 'ok-blank@example.com' }],
    [{ email: 'ok@example.com' }],
    [{ name: 'X' }],
    [{ name: 'X', email: 'ok2@example.com', admin: 'yes' }],
  ])('invalid input %j → 400 {error}; nothing written', async (body: Record<string, unknown>) => {
    const account = await server.newAccount();
    const before = await membersOf(account.id);
    const answer = await addUser(account, body);
    expect(answer.status).toBe(400);
    // A blank name or a wrong e-mail says its code (nameEmpty, emailInvalid); a body the schema refuses has none.
    expect(answer.body).toEqual(answer.body.code ? { error: expect.any(String), code: expect.stringMatching(/^(emailInvalid|nameEmpty)$/) } : { error: expect.any(String) });
    expect(await membersOf(account.id)).toBe(before);
    if (typeof body.email === 'string') expect(await usersWithEmail(body.email)).toHaveLength(0);
  });
});

describe('account/user/update', () => {
  it('an admin changes rights, name and status of a member: answer and rows', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account);
    const answer = await server.call('POST', 'account/user/update', {
      token: account.token,
      body: { id: member.id, name: 'Keeper', editing_remains: true, change_remains: true, activity: true, admin: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: member.id, name: 'Keeper', editing_remains: true, change_remains: true, admin: false, status: 'enabled' });
    expect(await membershipOf(account.id, member.id)).toMatchObject({ editingRemains: true, changeRemains: true, admin: false });
    expect((await userRow(member.id)).name).toBe('Keeper');

    const promote = await server.call('POST', 'account/user/update', { token: account.token, body: { id: member.id, admin: true } });
    expect(promote.body.user.admin).toBe(true);
    expect((await membershipOf(account.id, member.id)).admin).toBe(true);
  });

  it("rights change only this account's membership", async () => {
    const a = await server.newAccount();
    const b = await server.newAccount();
    const member = await server.newMember(a);
    await db().insert(memberships).values({ accountId: b.id, userId: member.id });
    await server.call('POST', 'account/user/update', { token: a.token, body: { id: member.id, change_remains: true, status: 'disabled' } });
    expect(await membershipOf(b.id, member.id)).toMatchObject({ changeRemains: false, status: 'enabled' });
  });

  it("disabling ends the member's sessions in this account (token → 403, rows gone) but not in another account", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const member = await server.newMember(account);
    await db().insert(memberships).values({ accountId: other.id, userId: member.id });
    const elsewhere = await createSession(db(), member.id, other.id, 1);
    expect((await configOf(member.token)).status).toBe(200);

    const answer = await server.call('POST', 'account/user/update', { token: account.token, body: { id: member.id, status: 'disabled' } });
    expect(answer.status).toBe(200);
    expect(answer.body.user.status).toBe('disabled');
    expect((await membershipOf(account.id, member.id)).status).toBe('disabled');
    expect(await configOf(member.token)).toEqual({ status: 403, body: { error: 'Token not valid' } });
    expect(await tokensIn(member.id, account.id)).toHaveLength(0);
    expect((await configOf(elsewhere)).body.account.id).toBe(other.id);
    expect(await tokensIn(member.id, other.id)).toHaveLength(1);
  });

  it('re-enabling needs a free seat: 402 on a full tariff, the row stays disabled; with a seat it is enabled', async () => {
    const account = await startAccount(1);
    const off = await server.newMember(account, { status: 'disabled' });
    const third = await server.newMember(account);
    const refused = await server.call('POST', 'account/user/update', { token: account.token, body: { id: off.id, status: 'enabled' } });
    expect(refused).toEqual({ status: 402, body: { error: USERS_EXCEEDED, code: 'usersExceeded' } });
    expect((await membershipOf(account.id, off.id)).status).toBe('disabled');

    await server.call('POST', 'account/user/update', { token: account.token, body: { id: third.id, status: 'disabled' } });
    const enabled = await server.call('POST', 'account/user/update', { token: account.token, body: { id: off.id, status: 'enabled' } });
    expect(enabled.status).toBe(200);
    expect((await membershipOf(account.id, off.id)).status).toBe('enabled');
  });

  it('sending status enabled for a member who is already enabled needs no seat, even on an over-full account', async () => {
    const account = await startAccount(3);
    const member = await server.newMember(account);
    const answer = await server.call('POST', 'account/user/update', { token: account.token, body: { id: member.id, status: 'enabled', change_remains: true } });
    expect(answer.status).toBe(200);
    expect(await membershipOf(account.id, member.id)).toMatchObject({ status: 'enabled', changeRemains: true });
  });

  it('the owner cannot be disabled nor lose admin: 422, membership and tokens unchanged', async () => {
    const account = await server.newAccount();
    const admin = await server.newMember(account, { admin: true });
    const before = await membershipOf(account.id, account.ownerId);
    for (const [token, body] of [
      [admin.token, { id: account.ownerId, status: 'disabled' }],
      [admin.token, { id: account.ownerId, admin: false }],
      [account.token, { status: 'disabled' }],
      [account.token, { id: account.ownerId, status: 'disabled' }],
    ] as const) {
      const answer = await server.call('POST', 'account/user/update', { token, body });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ error: expect.any(String), code: 'ownerCannotBeDisabled' });
    }
    expect(await membershipOf(account.id, account.ownerId)).toEqual(before);
    expect((await configOf(account.token)).status).toBe(200);
  });

  it('a member may change their own language (with or without their id): users row changes', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const answer = await server.call('POST', 'account/user/update', { token: member.token, body: { lang: 'ru' } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: member.id, lang: 'ru' });
    expect((await userRow(member.id)).lang).toBe('ru');
    const again = await server.call('POST', 'account/user/update', { token: member.token, body: { id: member.id, lang: 'en' } });
    expect(again.status).toBe(200);
    expect((await userRow(member.id)).lang).toBe('en');
  });

  it.each([
    ['own name', (self: number) => ({ id: self, name: 'Me' })],
    ['own rights', (_self: number) => ({ admin: true })],
    ['own status', (self: number) => ({ id: self, status: 'disabled' })],
    ['lang together with a right', (_self: number) => ({ lang: 'ru', change_remains: true })],
    ["another member's lang", (_self: number, other: number) => ({ id: other, lang: 'ru' })],
    ["another member's rights", (_self: number, other: number) => ({ id: other, admin: true })],
  ])('a member without admin changing %s → 422 and nothing changes', async (_label, makeBody) => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const peer = await server.newMember(account);
    const before = { me: await userRow(member.id), mine: await membershipOf(account.id, member.id), peer: await userRow(peer.id), peers: await membershipOf(account.id, peer.id) };
    const answer = await server.call('POST', 'account/user/update', { token: member.token, body: makeBody(member.id, peer.id) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: 'Only an administrator of the account can do this', code: 'adminOnly' });
    expect({ me: await userRow(member.id), mine: await membershipOf(account.id, member.id), peer: await userRow(peer.id), peers: await membershipOf(account.id, peer.id) }).toEqual(before);
  });

  it("another account's user id → 404 and that user is unchanged; an unknown id → 404", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const stranger = await server.newMember(other);
    const before = { user: await userRow(stranger.id), membership: await membershipOf(other.id, stranger.id) };
    const answer = await server.call('POST', 'account/user/update', { token: account.token, body: { id: stranger.id, name: 'Renamed', status: 'disabled', lang: 'ru' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String), code: 'notAMember' });
    expect({ user: await userRow(stranger.id), membership: await membershipOf(other.id, stranger.id) }).toEqual(before);
    expect((await configOf(stranger.token)).status).toBe(200);
    expect((await server.call('POST', 'account/user/update', { token: account.token, body: { id: 2_000_000_000, admin: true } })).status).toBe(404);
  });

  it.each([[{ id: 'abc', admin: true }], [{ status: 'paused' }], [{ lang: 'de' }], [{ name: '' }], [{ name: '   ' }], [{ id: 0, admin: true }]])(
    'invalid input %j → 400 {error}; nothing changes',
    async (body) => {
      const account = await server.newAccount();
      const member = await server.newMember(account);
      const before = { user: await userRow(account.ownerId), membership: await membershipOf(account.id, member.id) };
      const answer = await server.call('POST', 'account/user/update', { token: account.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(answer.body.code ? { error: expect.any(String), code: 'nameEmpty' } : { error: expect.any(String) });
      expect({ user: await userRow(account.ownerId), membership: await membershipOf(account.id, member.id) }).toEqual(before);
    },
  );
});

describe('account/user/update: invited members and people in several accounts', () => {
  it("rule: an admin cannot set the status of an 'invited' member (enabled or disabled) → 404 'This user has not accepted the invitation to the account yet'; the row stays invited, no seat taken", async () => {
    const account = await server.newAccount();
    const admin = await server.newMember(account, { admin: true });
    const other = await server.newAccount();
    expect((await link(account, { email: other.email })).status).toBe(200);
    const before = await membershipOf(account.id, other.ownerId);
    for (const [token, body] of [
      [account.token, { id: other.ownerId, status: 'enabled' }],
      [admin.token, { id: other.ownerId, status: 'enabled' }],
      [account.token, { id: other.ownerId, status: 'disabled' }],
      [account.token, { id: other.ownerId, status: 'enabled', change_remains: true }],
    ] as const) {
      const answer = await update(token, body);
      expect(answer).toEqual({ status: 404, body: { error: NOT_ACCEPTED, code: 'notAccepted' } });
    }
    expect(await membershipOf(account.id, other.ownerId)).toEqual(before);
    expect(before.status).toBe('invited');
    expect(await enabledIn(account.id)).toBe(2);
    expect((await configOf(await createSession(db(), other.ownerId, account.id, 1))).status).toBe(403);
  });

  it("rule: an admin may change another user's name and language when that user is in no other account", async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const answer = await update(account.token, { id: member.id, name: 'Renamed', lang: 'ru' });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: member.id, name: 'Renamed', lang: 'ru' });
    expect(await userRow(member.id)).toMatchObject({ name: 'Renamed', lang: 'ru' });
  });

  it("rule: an admin may not change the name or language of a user who is in another account too (enabled, disabled or invited there) → 422; nothing changes", async () => {
    const account = await server.newAccount();
    const elsewhere = await server.newAccount();
    const enabledThere = await server.newMember(account);
    await db().insert(memberships).values({ accountId: elsewhere.id, userId: enabledThere.id });
    const disabledThere = await server.newMember(account);
    await db().insert(memberships).values({ accountId: elsewhere.id, userId: disabledThere.id, status: 'disabled' });
    const invitedThere = await server.newMember(account);
    expect((await link(elsewhere, { email: invitedThere.email })).status).toBe(200);
    const invitedHere = await server.newAccount();
    expect((await link(account, { email: invitedHere.email })).status).toBe(200);

    for (const id of [enabledThere.id, disabledThere.id, invitedThere.id, invitedHere.ownerId]) {
      const before = { user: await userRow(id), membership: await membershipOf(account.id, id) };
      for (const body of [{ id, name: 'Renamed' }, { id, lang: 'ru' }, { id, name: 'Renamed', lang: 'ru', change_remains: true }]) {
        const answer = await update(account.token, body);
        // Invited here and not accepted: not a member yet (404) before anything else is judged.
        expect(answer.status).toBe(id === invitedHere.ownerId ? 404 : 422);
        expect(answer.body).toEqual({ error: expect.any(String), code: expect.any(String) });
      }
      expect({ user: await userRow(id), membership: await membershipOf(account.id, id) }).toEqual(before);
    }
    // Only the person's own fields are refused: this account's rights still change.
    const rights = await update(account.token, { id: enabledThere.id, change_remains: true });
    expect(rights.status).toBe(200);
    expect(await membershipOf(account.id, enabledThere.id)).toMatchObject({ changeRemains: true });
  });

  it('rule: a user may always change their own name and language, even when in other accounts', async () => {
    const account = await server.newAccount();
    const elsewhere = await server.newAccount();
    await db().insert(memberships).values({ accountId: elsewhere.id, userId: account.ownerId });
    const own = await update(account.token, { name: 'Me Myself', lang: 'ru' });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ id: account.ownerId, name: 'Me Myself', lang: 'ru' });
    expect(await userRow(account.ownerId)).toMatchObject({ name: 'Me Myself', lang: 'ru' });
    const withId = await update(account.token, { id: account.ownerId, name: 'Me Again' });
    expect(withId.status).toBe(200);
    expect((await userRow(account.ownerId)).name).toBe('Me Again');

    const member = await server.newMember(account);
    await db().insert(memberships).values({ accountId: elsewhere.id, userId: member.id });
    const lang = await update(member.token, { lang: 'ru' });
    expect(lang.status).toBe(200);
    expect((await userRow(member.id)).lang).toBe('ru');
  });
});

describe('invited members as the inviting account sees and edits them', () => {
  it("rule: until they accept, an invited member shows only id, e-mail (also as the name) and status 'invited' in account/users and account/user/{id}, to admins and members; after accepting, the full view", async () => {
    const account = await server.newAccount();
    const peer = await server.newMember(account);
    const other = await server.newAccount();
    const stranger = await server.newMember(other, { admin: true, changeRemains: true });
    const phone = uniquePhone();
    await db().update(users).set({ name: 'Secret Name', phone, lang: 'ru' }).where(eq(users.id, stranger.id));
    expect((await link(account, { email: stranger.email })).status).toBe(200);
    // Rights preset on the row (as an older version could) are not shown either.
    await db()
      .update(memberships)
      .set({ admin: true, changeRemains: true })
      .where(and(eq(memberships.accountId, account.id), eq(memberships.userId, stranger.id)));

    const limited = { id: stranger.id, name: stranger.email, email: stranger.email, status: 'invited' };
    for (const token of [account.token, peer.token]) {
      const list = await server.call('GET', 'account/users', { token });
      expect(list.status).toBe(200);
      expect(list.body.find((user: { id: number }) => user.id === stranger.id)).toEqual(limited);
      const one = await server.call('GET', `account/user/${stranger.id}`, { token });
      expect(one).toEqual({ status: 200, body: { user: limited } });
      for (const answer of [list, one]) {
        expect(JSON.stringify(answer.body)).not.toContain('Secret Name');
        expect(JSON.stringify(answer.body)).not.toContain(phone);
      }
    }

    await db()
      .update(memberships)
      .set({ admin: false, changeRemains: false })
      .where(and(eq(memberships.accountId, account.id), eq(memberships.userId, stranger.id)));
    expect((await accept(stranger.token, account.id)).status).toBe(200);
    const accepted = await server.call('GET', `account/user/${stranger.id}`, { token: peer.token });
    expect(accepted.body.user).toEqual({
      id: stranger.id,
      name: 'Secret Name',
      email: stranger.email,
      phone,
      lang: 'ru',
      status: 'enabled',
      activity: true,
      admin: false,
      editing_remains: false,
      change_remains: false,
      is_owner: false,
    });
  });

  it("rule: an admin edits only accepted members — a user whose only relation to the account is an invitation cannot be renamed, nor given a language, rights or a status: 404 'This user has not accepted the invitation to the account yet'; nothing changes", async () => {
    const account = await server.newAccount();
    const person = await onlyInvited(account);
    const admin = await server.newMember(account, { admin: true });
    const before = { user: await userRow(person.id), membership: await membershipOf(account.id, person.id) };
    expect(before.membership.status).toBe('invited');
    const { id } = person;
    for (const token of [account.token, admin.token]) {
      for (const body of [{ id, name: 'Renamed' }, { id, lang: 'ru' }, { id, change_remains: true }, { id, admin: true }, { id, activity: false }, { id, status: 'disabled' }]) {
        expect(await update(token, body)).toEqual({ status: 404, body: { error: NOT_ACCEPTED, code: 'notAccepted' } });
      }
    }
    expect({ user: await userRow(id), membership: await membershipOf(account.id, id) }).toEqual(before);

    // Once accepted they are a member in no other account: the admin may now rename them.
    const token = (await signIn(person.email, person.password)).body.access_token;
    expect((await accept(token, account.id)).status).toBe(200);
    const renamed = await update(account.token, { id, name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((await userRow(id)).name).toBe('Renamed');
  });

  it('rule: the invitation can still be withdrawn (unlink): the row goes, and so does any token bound to it', async () => {
    const account = await server.newAccount();
    const person = await onlyInvited(account);
    const token = (await signIn(person.email, person.password)).body.access_token;
    expect((await invitationsOf(token)).status).toBe(200);
    expect((await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: person.id } })).status).toBe(200);
    expect(await membershipOf(account.id, person.id)).toBeUndefined();
    expect(await invitationsOf(token)).toEqual({ status: 403, body: { error: 'Token not valid' } });
    expect(await accept(token, account.id)).toEqual({ status: 403, body: { error: 'Token not valid' } });
  });
});

describe('account/user/link', () => {
  it("rule: link by e-mail invites an existing user — membership 'invited' with default rights, answer {user:{id,email,status:'invited'}} only, an invitation e-mail", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const stranger = await server.newMember(other);
    await db().update(users).set({ phone: uniquePhone(), name: 'Secret Name' }).where(eq(users.id, stranger.id));
    const answer = await link(account, { email: stranger.email });
    // Exactly these fields: neither the name nor the phone of someone who has not accepted.
    expect(answer).toEqual({ status: 200, body: { user: { id: stranger.id, email: stranger.email, status: 'invited' } } });
    expect(await rowsOf(account.id, stranger.id)).toEqual([
      expect.objectContaining({ status: 'invited', admin: false, isOwner: false, editingRemains: false, changeRemains: false }),
    ]);
    expect(await membershipOf(other.id, stranger.id)).toMatchObject({ status: 'enabled' });
    expect(await outboxTo(stranger.email)).toHaveLength(1);
    expect(await server.lastMessage(stranger.email)).toMatch(new RegExp(`\\b${account.id}\\b`));
  });

  it('rule: the e-mail is matched in any case and with spaces around it', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const answer = await link(account, { email: `  ${other.email.toUpperCase()} ` });
    expect(answer).toEqual({ status: 200, body: { user: { id: other.ownerId, email: other.email, status: 'invited' } } });
    expect(await membershipOf(account.id, other.ownerId)).toMatchObject({ status: 'invited', isOwner: false, admin: false });
    expect(await outboxTo(other.email)).toHaveLength(1);
  });

  it("rule: an id that belongs to the e-mail is accepted; an id of anyone else → 404 'No such user', nobody linked, nothing sent", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const third = await server.newAccount();
    for (const id of [third.ownerId, 2_000_000_000]) {
      const answer = await link(account, { id, email: other.email });
      expect(answer).toEqual({ status: 404, body: { error: NO_SUCH_USER, code: 'noSuchUser' } });
    }
    expect(await membershipOf(account.id, other.ownerId)).toBeUndefined();
    expect(await membershipOf(account.id, third.ownerId)).toBeUndefined();
    expect(await outboxTo(other.email)).toHaveLength(0);
    expect(await outboxTo(third.email)).toHaveLength(0);

    const matching = await link(account, { id: other.ownerId, email: other.email });
    expect(matching).toEqual({ status: 200, body: { user: { id: other.ownerId, email: other.email, status: 'invited' } } });
    expect(await membershipOf(account.id, other.ownerId)).toMatchObject({ status: 'invited' });
  });

  it("rule: the e-mail is required — an id alone → 400 'Give the e-mail of the user', nobody linked, nothing sent", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    for (const query of [{}, { id: other.ownerId }] as Record<string, string | number>[]) {
      const answer = await link(account, query);
      expect(answer).toEqual({ status: 400, body: { error: GIVE_EMAIL, code: 'emailRequired' } });
    }
    expect(await membershipOf(account.id, other.ownerId)).toBeUndefined();
    expect(await outboxTo(other.email)).toHaveLength(0);
  });

  it("rule: an unknown e-mail → 404 'No such user'; nothing written, nothing sent", async () => {
    const account = await server.newAccount();
    const before = await membersOf(account.id);
    const email = newEmail('ghost');
    const answer = await link(account, { email });
    expect(answer).toEqual({ status: 404, body: { error: NO_SUCH_USER, code: 'noSuchUser' } });
    expect(await membersOf(account.id)).toBe(before);
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect(await outboxTo(email)).toHaveLength(0);
  });

  it("rule: an invited user gets no access — a session in the inviting account is refused (403) and a login opens their own account", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const stranger = await server.newMember(other);
    expect((await link(account, { email: stranger.email })).status).toBe(200);
    // Even as the oldest of their memberships, the invitation is not where a login lands.
    await db()
      .update(memberships)
      .set({ createdAt: new Date('2000-01-01T00:00:00Z') })
      .where(and(eq(memberships.accountId, account.id), eq(memberships.userId, stranger.id)));

    const session = await createSession(db(), stranger.id, account.id, 1);
    expect(await configOf(session)).toEqual({ status: 403, body: { error: 'Token not valid' } });
    const login = await server.call('POST', 'auth/login', { body: { login: stranger.email, password: other.password } });
    expect(login.status).toBe(200);
    expect((await configOf(login.body.access_token)).body.account.id).toBe(other.id);
    expect((await configOf(stranger.token)).body.account.id).toBe(other.id);
    expect(await membershipOf(account.id, stranger.id)).toMatchObject({ status: 'invited' });
  });

  it("rule: a user already in the account (enabled, disabled, invited, the owner) → 409 'This user is already in the account'; the row is unchanged, nothing sent", async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { changeRemains: true });
    const off = await server.newMember(account, { status: 'disabled' });
    const other = await server.newAccount();
    expect((await link(account, { email: other.email })).status).toBe(200);
    const people = [
      { id: member.id, email: member.email },
      { id: off.id, email: off.email },
      { id: other.ownerId, email: other.email },
      { id: account.ownerId, email: account.email },
    ];
    const before = await Promise.all(people.map((person) => rowsOf(account.id, person.id)));
    const mailsBefore = await Promise.all(people.map((person) => outboxTo(person.email)));
    for (const person of people) {
      for (const query of [{ email: person.email }, { id: person.id, email: person.email.toUpperCase() }] as Record<string, string | number>[]) {
        const answer = await link(account, query);
        expect(answer).toEqual({ status: 409, body: { error: ALREADY_IN_ACCOUNT, code: 'alreadyInAccount' } });
      }
    }
    expect(await Promise.all(people.map((person) => rowsOf(account.id, person.id)))).toEqual(before);
    expect(before.map((rows) => rows[0].status)).toEqual(['enabled', 'disabled', 'invited', 'enabled']);
    expect((await Promise.all(people.map((person) => outboxTo(person.email)))).map((rows) => rows.length)).toEqual(mailsBefore.map((rows) => rows.length));
  });

  it('rule: no seat check at link — a full tariff still invites (200, invited), and invitations take no seat', async () => {
    const account = await startAccount(2);
    const others = await Promise.all([1, 2].map(() => server.newAccount()));
    for (const other of others) {
      const answer = await link(account, { email: other.email });
      expect(answer).toEqual({ status: 200, body: { user: { id: other.ownerId, email: other.email, status: 'invited' } } });
      expect(await membershipOf(account.id, other.ownerId)).toMatchObject({ status: 'invited' });
    }
    expect(await enabledIn(account.id)).toBe(3);
    expect(await membersOf(account.id)).toBe(5);

    // With one seat free again, invitations do not fill it: a new user is still added.
    const roomy = await startAccount(1);
    for (const other of others) expect((await link(roomy, { email: other.email })).status).toBe(200);
    expect((await addUser(roomy, { name: 'Third', email: newEmail('third') })).status).toBe(200);
    // The new user is invited (user/add makes invitations), so the enabled members stay 2 until they accept.
    expect(await enabledIn(roomy.id)).toBe(2);
  });

  it('rule: the same user linked twice at once → one 200 and one 409 (never a 5xx), exactly one membership row', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const answers = await Promise.all([1, 2].map(() => link(account, { email: other.email })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ error: ALREADY_IN_ACCOUNT, code: 'alreadyInAccount' });
    expect(await rowsOf(account.id, other.ownerId)).toEqual([expect.objectContaining({ status: 'invited' })]);
  });

  it('rule: only an admin links — a member without admin → 422; no membership, nothing sent', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account, { editingRemains: true, changeRemains: true });
    const other = await server.newAccount();
    const answer = await link(member, { email: other.email });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: 'Only an administrator of the account can do this', code: 'adminOnly' });
    expect(await membershipOf(account.id, other.ownerId)).toBeUndefined();
    expect(await outboxTo(other.email)).toHaveLength(0);
  });

  it.each([
    [{ email: 'broken' }],
    [{ email: '79001234567' }],
    [{ id: 'x', email: 'x@example.com' }],
    [{ id: 0, email: 'x@example.com' }],
  ] as const)('rule: invalid input %j → 400 {error}; nothing written', async (query) => {
    const account = await server.newAccount();
    const before = await membersOf(account.id);
    const answer = await link(account, query as Record<string, string | number>);
    expect(answer.status).toBe(400);
    // A blank name or a wrong e-mail says its code (nameEmpty, emailInvalid); a body the schema refuses has none.
    expect(answer.body).toEqual(answer.body.code ? { error: expect.any(String), code: expect.stringMatching(/^(emailInvalid|nameEmpty)$/) } : { error: expect.any(String) });
    expect(await membersOf(account.id)).toBe(before);
  });
});

describe('account/user/accept', () => {
  it("rule: the invited user accepts with their own token → 200 {success:true}; the membership becomes 'enabled' and opens the account", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    expect((await link(account, { email: other.email })).status).toBe(200);
    const session = await createSession(db(), other.ownerId, account.id, 1);
    expect((await configOf(session)).status).toBe(403);

    const answer = await accept(other.token, account.id);
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(await rowsOf(account.id, other.ownerId)).toEqual([
      expect.objectContaining({ status: 'enabled', admin: false, isOwner: false, editingRemains: false, changeRemains: false }),
    ]);
    expect(await membershipOf(other.id, other.ownerId)).toMatchObject({ status: 'enabled', isOwner: true });
    expect((await configOf(session)).body.account.id).toBe(account.id);
    expect((await configOf(other.token)).body.account.id).toBe(other.id);
  });

  it('rule: no invitation → 404 — not a member, already enabled, disabled (no self-enabling), unknown account, or an invitation of someone else', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const off = await server.newMember(account, { status: 'disabled' });
    await db().insert(memberships).values({ accountId: other.id, userId: off.id });
    const offSession = await createSession(db(), off.id, other.id, 1);
    const invited = await server.newAccount();
    expect((await link(account, { email: invited.email })).status).toBe(200);
    const bystander = await server.newAccount();
    const before = { off: await membershipOf(account.id, off.id), invited: await membershipOf(account.id, invited.ownerId) };

    for (const [token, accountId] of [
      [other.token, account.id], // not a member at all
      [offSession, account.id], // disabled there: accept must not re-enable
      [invited.token, 2_000_000_000], // no such account
      [bystander.token, account.id], // someone else's invitation
    ] as const) {
      const answer = await accept(token, accountId);
      expect(answer).toEqual({ status: 404, body: { error: NO_INVITATION, code: 'noInvitation' } });
    }
    expect({ off: await membershipOf(account.id, off.id), invited: await membershipOf(account.id, invited.ownerId) }).toEqual(before);
    expect(before.off.status).toBe('disabled');
    expect(before.invited.status).toBe('invited');
    expect(await membershipOf(account.id, bystander.ownerId)).toBeUndefined();
    expect(await membershipOf(account.id, other.ownerId)).toBeUndefined();

    // The admin, already enabled, "accepts" only their own membership (an idempotent 200 that changes nothing), never the invited user's.
    expect(await accept(account.token, account.id)).toEqual({ status: 200, body: { success: true } });
    expect(await membershipOf(account.id, invited.ownerId)).toEqual(before.invited);
  });

  it('rule: accept is idempotent — a second accept → 200 again, still one enabled membership and no second seat', async () => {
    const account = await startAccount(1);
    const other = await server.newAccount();
    await link(account, { email: other.email });
    expect((await accept(other.token, account.id)).status).toBe(200);
    expect(await enabledIn(account.id)).toBe(3);
    // The tariff is now full: a second accept must not ask for a seat.
    const again = await accept(other.token, account.id);
    expect(again).toEqual({ status: 200, body: { success: true } });
    expect(await rowsOf(account.id, other.ownerId)).toEqual([expect.objectContaining({ status: 'enabled' })]);
    expect(await enabledIn(account.id)).toBe(3);
  });

  it("rule: the seat check is at accept — no free seat → 402 'Attention! The number of users exceeded.' and it stays 'invited'; with a seat freed it is enabled", async () => {
    const account = await startAccount(1);
    const third = await server.newMember(account);
    const other = await server.newAccount();
    expect((await link(account, { email: other.email })).status).toBe(200);

    const refused = await accept(other.token, account.id);
    expect(refused).toEqual({ status: 402, body: { error: USERS_EXCEEDED, code: 'usersExceeded' } });
    expect(await membershipOf(account.id, other.ownerId)).toMatchObject({ status: 'invited' });
    expect(await enabledIn(account.id)).toBe(3);

    await server.call('POST', 'account/user/update', { token: account.token, body: { id: third.id, status: 'disabled' } });
    const accepted = await accept(other.token, account.id);
    expect(accepted).toEqual({ status: 200, body: { success: true } });
    expect(await membershipOf(account.id, other.ownerId)).toMatchObject({ status: 'enabled' });
    expect(await enabledIn(account.id)).toBe(3);
  });

  it('rule: concurrent accepts never exceed the tariff — of 3 invited users accepting into 1 free seat exactly 1 succeeds, the others stay invited', async () => {
    const account = await startAccount(1);
    const others = await Promise.all([1, 2, 3].map(() => server.newAccount()));
    for (const other of others) expect((await link(account, { email: other.email })).status).toBe(200);
    const answers = await Promise.all(others.map((other) => accept(other.token, account.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402, 402]);
    expect(await enabledIn(account.id)).toBe(3);
    const statuses = await Promise.all(others.map(async (other) => (await membershipOf(account.id, other.ownerId)).status));
    expect(statuses.map((status, i) => [answers[i].status, status])).toEqual(
      answers.map((answer) => [answer.status, answer.status === 200 ? 'enabled' : 'invited']),
    );
  });

  it('rule: the same invitation accepted several times at once (a double click) on the last free seat → every answer 200, one enabled membership, the tariff not exceeded', async () => {
    const account = await startAccount(1);
    const other = await server.newAccount();
    expect((await link(account, { email: other.email })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => accept(other.token, account.id)));
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 200, body: { success: true } })));
    expect(await rowsOf(account.id, other.ownerId)).toEqual([expect.objectContaining({ status: 'enabled' })]);
    expect(await enabledIn(account.id)).toBe(3);
  });

  it('rule: a bad account_id → 400, without a token → 403; the invitation stays', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await link(account, { email: other.email });
    for (const query of [{}, { account_id: 'abc' }, { account_id: 0 }] as Record<string, string | number>[]) {
      const answer = await server.call('GET', 'account/user/accept', { token: other.token, query });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect((await server.call('GET', 'account/user/accept', { query: { account_id: account.id } })).status).toBe(403);
    expect(await membershipOf(account.id, other.ownerId)).toMatchObject({ status: 'invited' });
  });
});

describe('a user who has only invitations (no enabled membership anywhere)', () => {
  it("rule: auth/login gives a token with scope 'invitations' that lists and accepts invitations while every staff route refuses it (403); accepting makes it a session of that account", async () => {
    const account = await server.newAccount();
    const person = await onlyInvited(account);
    const login = await signIn(person.email, person.password);
    expect(login).toEqual({ status: 200, body: { success: true, access_token: expect.any(String), scope: 'invitations' } });
    const token = login.body.access_token as string;

    const opened: string[] = [];
    for (const route of server.app.apiRoutes.filter((item) => item.auth === 'staff')) {
      const answer = await callRoute(server.app, route, { token, params: { id: person.id } });
      if (answer.status !== 403) opened.push(`${routeName(route)}: ${answer.status}`);
    }
    expect(opened).toEqual([]);
    expect(await configOf(token)).toEqual({ status: 403, body: { error: 'Token not valid' } });

    expect(await invitationsOf(token)).toEqual({
      status: 200,
      body: [{ account_id: account.id, account_name: await accountName(account.id), invited_at: await invitedAt(account.id, person.id) }],
    });
    expect(await accept(token, account.id)).toEqual({ status: 200, body: { success: true } });
    expect((await configOf(token)).body).toMatchObject({ account: { id: account.id }, user: { id: person.id, status: 'enabled' } });
    expect((await invitationsOf(token)).body).toEqual([]);
    // The next sign-in is an ordinary one into that account.
    const again = await signIn(person.email, person.password);
    expect(again).toEqual({ status: 200, body: { success: true, access_token: expect.any(String) } });
    expect((await configOf(again.body.access_token)).body.account.id).toBe(account.id);
  });

  it('rule: disabled by their only account and invited to two others — the token is bound to the oldest invitation, and accepting the other one moves it there', async () => {
    const older = await server.newAccount();
    const person = await onlyInvited(older, { disable: true });
    const newer = await server.newAccount();
    expect((await link(newer, { email: person.email })).status).toBe(200);
    await db()
      .update(memberships)
      .set({ createdAt: new Date('2000-01-01T00:00:00Z') })
      .where(and(eq(memberships.accountId, older.id), eq(memberships.userId, person.id)));

    const login = await signIn(person.email, person.password);
    expect(login.body).toMatchObject({ success: true, scope: 'invitations' });
    const token = login.body.access_token as string;
    expect((await invitationsOf(token)).body.map((item: { account_id: number }) => item.account_id)).toEqual([older.id, newer.id]);
    expect(await tokensIn(person.id, older.id)).toHaveLength(1);

    expect(await accept(token, newer.id)).toEqual({ status: 200, body: { success: true } });
    expect((await configOf(token)).body.account.id).toBe(newer.id);
    expect(await tokensIn(person.id, older.id)).toHaveLength(0);
    expect(await membershipOf(older.id, person.id)).toMatchObject({ status: 'invited' });
    expect(await membershipOf(person.former.id, person.id)).toMatchObject({ status: 'disabled' });
    expect((await invitationsOf(token)).body.map((item: { account_id: number }) => item.account_id)).toEqual([older.id]);
  });

  it("rule: the seat check holds for them too — a full tariff → 402 and the token still opens only invitations", async () => {
    const account = await startAccount(2);
    const person = await onlyInvited(account);
    const token = (await signIn(person.email, person.password)).body.access_token as string;
    expect(await accept(token, account.id)).toEqual({ status: 402, body: { error: USERS_EXCEEDED, code: 'usersExceeded' } });
    expect(await membershipOf(account.id, person.id)).toMatchObject({ status: 'invited' });
    expect((await configOf(token)).status).toBe(403);
    expect((await invitationsOf(token)).body).toHaveLength(1);
  });

  it("rule: a wrong password, or neither an enabled membership nor an invitation → 422 'Invalid username or password' and no token", async () => {
    const account = await server.newAccount();
    const person = await onlyInvited(account);
    const before = (await db().select().from(tokens).where(eq(tokens.userId, person.id))).length;
    expect(await signIn(person.email, 'wrong password')).toEqual({ status: 422, body: { success: false, error: 'Invalid username or password', code: 'invalidLogin' } });
    await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: person.id } });
    expect(await signIn(person.email, person.password)).toEqual({ status: 422, body: { success: false, error: 'Invalid username or password', code: 'invalidLogin' } });
    expect(await db().select().from(tokens).where(eq(tokens.userId, person.id))).toHaveLength(before);
  });
});

describe('account/user/invitations', () => {
  it("rule: lists the signed-in user's own pending invitations only — {account_id, account_name, invited_at}, oldest first; accepted and withdrawn ones drop out", async () => {
    const person = await server.newAccount();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => server.newAccount()));
    for (const inviter of [a, b, c]) expect((await link(inviter, { email: person.email })).status).toBe(200);
    await db()
      .update(memberships)
      .set({ createdAt: new Date('2001-02-03T04:05:06Z') })
      .where(and(eq(memberships.accountId, b.id), eq(memberships.userId, person.ownerId)));
    const bystander = await server.newAccount();
    expect((await link(a, { email: bystander.email })).status).toBe(200);

    const expected = async (inviter: TestAccount) => ({ account_id: inviter.id, account_name: await accountName(inviter.id), invited_at: await invitedAt(inviter.id, person.ownerId) });
    const list = await invitationsOf(person.token);
    expect(list).toEqual({ status: 200, body: [await expected(b), await expected(a), await expected(c)] });
    expect(list.body[0].invited_at).toBe('2001-02-03T04:05:06.000Z');

    expect((await accept(person.token, a.id)).status).toBe(200);
    expect((await server.call('GET', 'account/user/unlink', { token: c.token, query: { id: person.ownerId } })).status).toBe(200);
    expect(await invitationsOf(person.token)).toEqual({ status: 200, body: [await expected(b)] });
    // The inviting admin sees no invitation of the invitee's; the invitee's list is the invitee's.
    expect(await invitationsOf(a.token)).toEqual({ status: 200, body: [] });
    expect((await invitationsOf(bystander.token)).body.map((item: { account_id: number }) => item.account_id)).toEqual([a.id]);
  });

  it('rule: without a token, or with a forged, expired or disabled-membership token → 403 {error}', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const expired = await createSession(db(), account.ownerId, account.id, -1);
    await update(account.token, { id: member.id, status: 'disabled' });
    const disabledSession = await createSession(db(), member.id, account.id, 1);
    for (const token of [undefined, 'forged-token', expired, disabledSession]) {
      expect(await invitationsOf(token)).toEqual({ status: 403, body: { error: 'Token not valid' } });
      expect(await accept(token as string, account.id)).toEqual({ status: 403, body: { error: 'Token not valid' } });
    }
  });
});

describe('account/user/unlink', () => {
  it("removes the membership and the member's sessions in this account; the user and other accounts stay", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const member = await server.newMember(account);
    await db().insert(memberships).values({ accountId: other.id, userId: member.id });
    const elsewhere = await createSession(db(), member.id, other.id, 1);

    const answer = await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: member.id } });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(await membershipOf(account.id, member.id)).toBeUndefined();
    expect(await tokensIn(member.id, account.id)).toHaveLength(0);
    expect(await configOf(member.token)).toEqual({ status: 403, body: { error: 'Token not valid' } });
    expect(await userRow(member.id)).toBeDefined();
    expect(await membershipOf(other.id, member.id)).toBeDefined();
    expect((await configOf(elsewhere)).status).toBe(200);
  });

  it('the owner cannot be removed and an admin cannot remove themselves: 422, memberships stay', async () => {
    const account = await server.newAccount();
    const admin = await server.newMember(account, { admin: true });
    for (const [token, id] of [
      [admin.token, account.ownerId],
      [account.token, account.ownerId],
      [admin.token, admin.id],
    ] as const) {
      const answer = await server.call('GET', 'account/user/unlink', { token, query: { id } });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ error: expect.any(String), code: expect.any(String) });
    }
    expect(await membershipOf(account.id, account.ownerId)).toBeDefined();
    expect(await membershipOf(account.id, admin.id)).toBeDefined();
    expect((await configOf(admin.token)).status).toBe(200);
  });

  it('a member without admin → 422; the target stays', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const peer = await server.newMember(account);
    const answer = await server.call('GET', 'account/user/unlink', { token: member.token, query: { id: peer.id } });
    expect(answer.status).toBe(422);
    expect(await membershipOf(account.id, peer.id)).toBeDefined();
  });

  it("another account's user → 404 and their membership there stays; a bad id → 400", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const stranger = await server.newMember(other);
    const answer = await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: stranger.id } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String), code: 'notAMember' });
    expect(await membershipOf(other.id, stranger.id)).toBeDefined();
    expect((await configOf(stranger.token)).status).toBe(200);
    expect((await server.call('GET', 'account/user/unlink', { token: account.token, query: { id: 'abc' } })).status).toBe(400);
    expect((await server.call('GET', 'account/user/unlink', { token: account.token })).status).toBe(400);
  });
});

describe('account/user/check', () => {
  it('rule: exists true with the id only for a user of this account (any case); a user of another account answers exactly as an unknown e-mail', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const other = await server.newAccount();
    const known = await server.call('GET', 'account/user/check', { token: account.token, query: { email: member.email.toUpperCase() } });
    expect(known).toEqual({ status: 200, body: { exists: true, user: { id: member.id } } });
    const outsider = await server.call('GET', 'account/user/check', { token: account.token, query: { email: other.email } });
    const unknown = await server.call('GET', 'account/user/check', { token: account.token, query: { email: newEmail('ghost') } });
    expect(outsider).toEqual({ status: 200, body: { exists: false } });
    expect(unknown).toEqual(outsider);
  });

  it('an invalid e-mail → 400; a member without admin → 422', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const bad = await server.call('GET', 'account/user/check', { token: account.token, query: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.any(String), code: 'emailInvalid' });
    const denied = await server.call('GET', 'account/user/check', { token: member.token, query: { email: account.email } });
    expect(denied.status).toBe(422);
    expect(denied.body).toEqual({ error: 'Only an administrator of the account can do this', code: 'adminOnly' });
  });
});

describe('account/user/{id}', () => {
  it("a member of this account → 200 with this account's rights, for an admin and for a plain member", async () => {
    const account = await server.newAccount({ separateRights: true });
    const keeper = await server.newMember(account, { changeRemains: true });
    const peer = await server.newMember(account);
    for (const token of [account.token, peer.token]) {
      const answer = await server.call('GET', `account/user/${keeper.id}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toEqual({
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
      expect(JSON.stringify(answer.body)).not.toContain('scrypt$');
    }
  });

  it('a user who is not a member of this account → 404 {error}', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const answer = await server.call('GET', `account/user/${other.ownerId}`, { token: account.token });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String), code: 'notAMember' });
    expect((await server.call('GET', 'account/user/2000000000', { token: account.token })).status).toBe(404);
  });

  it.each([['abc'], ['1.5'], ['0'], ['-3'], ['99999999999']])('a non-integer or out-of-range id %j → 400 {error}', async (id) => {
    const account = await server.newAccount();
    const answer = await server.call('GET', `account/user/${id}`, { token: account.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });

  it('without a token → 403', async () => {
    const account = await server.newAccount();
    expect((await server.call('GET', `account/user/${account.ownerId}`)).status).toBe(403);
  });
});

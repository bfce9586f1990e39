import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codes, memberships, outbox, users } from '../../../server/db/schema';
import { codeIn, unique, useTestServer } from '../harness';

/**
 * An admin corrects a pending invitation with a mistyped e-mail or name (issue 17 §2): the new address is checked as
 * a new user's is, the old address's recovery code stops working, the new address gets the invitation, and an
 * accepted invitation is not edited here.
 */
const server = useTestServer();
const db = () => server.database.db;
const newEmail = (prefix = 'typo') => `${unique(prefix)}@example.com`;
const addUser = (token: string, body: Record<string, unknown>) => server.call('POST', 'account/user/add', { token, body });
const edit = (token: string, body: Record<string, unknown>) => server.call('POST', 'account/user/invitation/update', { token, body });
const mailsTo = (recipient: string) => db().select().from(outbox).where(eq(outbox.recipient, recipient));
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe('editing a pending invitation', () => {
  it('rule: the e-mail and name are corrected, the old address’s code stops working, the new address is invited and can join', async () => {
    const account = await server.newAccount();
    const typo = newEmail();
    const added = await addUser(account.token, { name: 'Ivn', email: typo, editing_remains: true });
    expect(added.status).toBe(200);
    const id = added.body.user.id;
    // Whoever reads the mistyped address asks for a recovery code before the admin corrects it.
    expect((await server.call('GET', 'auth/restore', { query: { login: typo } })).status).toBe(200);
    const oldCode = codeIn(await server.lastMessage(typo));

    const right = `  ${newEmail('right').toUpperCase()} `;
    const stored = right.trim().toLowerCase();
    const answer = await edit(account.token, { id, name: 'Ivan', email: right });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user).toMatchObject({ id, email: stored, status: 'invited' });
    expect(await userRow(id)).toMatchObject({ name: 'Ivan', email: stored });
    expect(await mailsTo(stored)).toHaveLength(1);

    // Every code sent to the mistyped address is spent (not only useless because the address moved: a later user of
    // that address must not inherit it), and it sets no password under either address.
    expect(await db().select().from(codes).where(and(eq(codes.login, typo), isNull(codes.usedAt)))).toEqual([]);
    for (const login of [typo, stored]) {
      expect((await server.call('POST', 'auth/restore-end', { body: { login, code: oldCode, password: 'stolen password 1' } })).status).not.toBe(200);
    }
    // The new address proves itself and joins with the rights the admin gave.
    expect((await server.call('GET', 'auth/restore', { query: { login: stored } })).status).toBe(200);
    const code = codeIn(await server.lastMessage(stored));
    expect((await server.call('POST', 'auth/restore-end', { body: { login: stored, code, password: 'my own password 1' } })).status).toBe(200);
    const login = await server.call('POST', 'auth/login', { body: { login: stored, password: 'my own password 1' } });
    expect(login.body.access_token).toEqual(expect.any(String));
    expect((await server.call('GET', 'account/user/accept', { token: login.body.access_token, query: { account_id: account.id } })).status).toBe(200);
    const [membership] = await db().select().from(memberships).where(and(eq(memberships.accountId, account.id), eq(memberships.userId, id)));
    expect(membership).toMatchObject({ status: 'enabled', editingRemains: true });
  });

  it('rule: a taken e-mail is refused like a new user’s (409 userExists with the id), and nothing changes', async () => {
    const account = await server.newAccount();
    const other = await server.newMember(account);
    const typo = newEmail();
    const id = (await addUser(account.token, { name: 'Ivan', email: typo })).body.user.id;
    const answer = await edit(account.token, { id, email: other.email });
    expect(answer).toEqual({ status: 409, body: { error: 'Such a user already exists.', code: 'userExists', user_id: other.id } });
    expect(await userRow(id)).toMatchObject({ email: typo, name: 'Ivan' });
    const invalid = await edit(account.token, { id, email: 'not an e-mail' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('emailInvalid');
  });

  it('rule: an accepted invitation (a member) cannot be edited here: 422 invitationAccepted, nothing changes', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const answer = await edit(account.token, { id: member.id, email: newEmail() });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('invitationAccepted');
    expect(await userRow(member.id)).toMatchObject({ email: member.email });
  });

  it('rule: only an admin edits an invitation', async () => {
    const account = await server.newAccount();
    const plain = await server.newMember(account);
    const id = (await addUser(account.token, { name: 'Ivan', email: newEmail() })).body.user.id;
    const answer = await edit(plain.token, { id, email: newEmail() });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatch(/right|admin/i);
  });
});

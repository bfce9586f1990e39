import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { memberships, outbox, users } from '../../../server/db/schema';
import { EMAIL_INVALID, EMAIL_OTHER_ACCOUNTS, OWN_EMAIL_IN_PROFILE, OWNER_EMAIL } from '../../../server/modules/users/emailChange';
import { unique, useTestServer } from '../harness';

/**
 * An admin edits a member's e-mail (issue 17 §2 'Add or edit user by name and e-mail'): validated, lower-cased,
 * unique ('Such a user already exists.'), and the person told at both addresses. The e-mail is the member's login
 * everywhere, so it is set only for someone in no other account, never the owner's, never one's own (the profile's
 * code proves a new address of one's own).
 */
const server = useTestServer();
const db = () => server.database.db;
const update = (token: string, body: Record<string, unknown>) => server.call('POST', 'account/user/update', { token, body });
const emailOf = async (id: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
const mailsTo = (recipient: string) => db().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id));
const PASSWORD = 'correct horse';

describe('an admin edits a member’s e-mail', () => {
  it('rule: the new e-mail is trimmed and lower-cased, the member signs in with it (not the old one), and both addresses are told', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const typed = `  ${unique('Moved').toUpperCase()}@Example.COM `;
    const stored = typed.trim().toLowerCase();
    const answer = await update(account.token, { id: member.id, email: typed });
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(stored);
    expect(await emailOf(member.id)).toBe(stored);
    expect((await server.call('POST', 'auth/login', { body: { login: stored, password: PASSWORD } })).status).toBe(200);
    expect((await server.call('POST', 'auth/login', { body: { login: member.email, password: PASSWORD } })).body.access_token).toBeUndefined();
    const [toNew] = await mailsTo(stored);
    const [toOld] = await mailsTo(member.email);
    expect(toNew.body).toContain('set this e-mail as your sign-in');
    expect(toOld.body).toContain(`from ${member.email} to ${stored}`);
    // The list shows the new address.
    const list = await server.call('GET', 'account/users', { token: account.token });
    expect(list.body.find((user: { id: number }) => user.id === member.id).email).toBe(stored);
  });

  it("rule: a taken e-mail (in any case) gets 409 'Such a user already exists.' with its code; nothing changes, nobody is mailed", async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    const stranger = await server.newAccount();
    const before = (await mailsTo(member.email)).length;
    const answer = await update(account.token, { id: member.id, email: stranger.email.toUpperCase(), name: 'Renamed too' });
    expect(answer).toEqual({ status: 409, body: { error: 'Such a user already exists.', code: 'userExists' } });
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect([row.email, row.name]).toEqual([member.email, 'Member']);
    expect((await mailsTo(member.email)).length).toBe(before);
    expect(await mailsTo(stranger.email)).toHaveLength(0);
  });

  it('rule: two admins giving two members the same free e-mail at once: one wins, the other gets the 409, no user has it twice', async () => {
    const account = await server.newAccount();
    const [first, second] = [await server.newMember(account), await server.newMember(account)];
    const email = `${unique('both')}@example.com`;
    const answers = await Promise.all([update(account.token, { id: first.id, email }), update(account.token, { id: second.id, email })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('rule: not an e-mail gets 400 with its code; nothing changes', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    for (const email of ['not-an-email', 'a@b', '79991234567', ' ']) {
      const answer = await update(account.token, { id: member.id, email });
      expect(answer, email).toEqual({ status: 400, body: { error: EMAIL_INVALID, code: 'emailInvalid' } });
    }
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('rule: one’s own e-mail, the owner’s, and a member of another account too are refused (422 with a code); a non-admin reaches none', async () => {
    const account = await server.newAccount();
    const admin = await server.newMember(account, { admin: true });
    const member = await server.newMember(account);
    const fresh = () => `${unique('x')}@example.com`;
    expect((await update(admin.token, { id: admin.id, email: fresh() })).body).toEqual({ error: OWN_EMAIL_IN_PROFILE, code: 'ownEmailInProfile' });
    expect((await update(admin.token, { id: account.ownerId, email: fresh() })).body).toEqual({ error: OWNER_EMAIL, code: 'ownerEmail' });
    const other = await server.newAccount();
    await db().insert(memberships).values({ accountId: other.id, userId: member.id });
    expect((await update(account.token, { id: member.id, email: fresh() })).body).toEqual({ error: EMAIL_OTHER_ACCOUNTS, code: 'emailOtherAccounts' });
    await db().delete(memberships).where(and(eq(memberships.accountId, other.id), eq(memberships.userId, member.id)));
    // A member who is not an admin: the rights refusal (422 noRight, as every admin call).
    const plain = await update(member.token, { id: admin.id, email: fresh() });
    expect(plain.status).toBe(422);
    expect([await emailOf(admin.id), await emailOf(account.ownerId)]).toEqual([admin.email, account.email]);
    // The same e-mail again is no change: allowed, nothing mailed.
    const before = (await mailsTo(member.email)).length;
    expect((await update(account.token, { id: member.id, email: member.email.toUpperCase() })).status).toBe(200);
    expect((await mailsTo(member.email)).length).toBe(before);
  });

  it('rule: every refusal code of the e-mail edit has its text in English and Russian', () => {
    for (const code of ['userExists', 'emailInvalid', 'ownEmailInProfile', 'ownerEmail', 'emailOtherAccounts']) {
      expect(en.serverErrors, code).toHaveProperty(code);
      expect(ru.serverErrors, code).toHaveProperty(code);
    }
  });
});

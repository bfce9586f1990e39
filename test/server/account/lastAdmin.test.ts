import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../../server/db/schema';
import { LAST_ADMIN } from '../../../server/modules/users/lastAdmin';
import { useTestServer, type TestAccount } from '../harness';

const server = useTestServer();
const db = () => server.database.db;

const membershipOf = async (accountId: number, userId: number) =>
  (
    await db()
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
  )[0];
const update = (token: string, body: Record<string, unknown>) => server.call('POST', 'account/user/update', { token, body });

/**
 * Every account made by registration has an owner, who can be neither disabled nor demoted; accounts that came
 * without one (a CRM install, an imported legacy account) rely on this rule alone. The owner flag is cleared here
 * so that the rule is what is tested, not the owner's protection.
 */
async function accountWithoutOwner(): Promise<TestAccount> {
  const account = await server.newAccount();
  await db()
    .update(memberships)
    .set({ isOwner: false })
    .where(and(eq(memberships.accountId, account.id), eq(memberships.userId, account.ownerId)));
  return account;
}

describe('rule: the account must keep an enabled admin', () => {
  it('the only admin cannot demote or disable themselves: 422 with the message, membership unchanged, session still open', async () => {
    const account = await accountWithoutOwner();
    const before = await membershipOf(account.id, account.ownerId);
    for (const body of [{ admin: false }, { status: 'disabled' }, { id: account.ownerId, admin: false, status: 'disabled' }]) {
      const answer = await update(account.token, body);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ error: LAST_ADMIN, code: 'lastAdmin' });
    }
    expect(await membershipOf(account.id, account.ownerId)).toEqual(before);
    expect((await server.call('GET', 'account/config', { token: account.token })).status).toBe(200);
  });

  it('a disabled admin does not count: with the other admin disabled, the last enabled one still cannot step down', async () => {
    const account = await accountWithoutOwner();
    const other = await server.newMember(account, { admin: true, status: 'disabled' });
    const answer = await update(account.token, { admin: false });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: LAST_ADMIN, code: 'lastAdmin' });
    expect(await membershipOf(account.id, other.id)).toMatchObject({ status: 'disabled', admin: true });
    expect(await membershipOf(account.id, account.ownerId)).toMatchObject({ status: 'enabled', admin: true });
  });

  it('with a second enabled admin, an admin may demote or disable either of them (the rule refuses only the last one)', async () => {
    const account = await accountWithoutOwner();
    const second = await server.newMember(account, { admin: true });
    const third = await server.newMember(account, { admin: true });
    expect((await update(account.token, { id: second.id, admin: false })).status).toBe(200);
    expect((await update(account.token, { id: third.id, status: 'disabled' })).status).toBe(200);
    expect(await membershipOf(account.id, second.id)).toMatchObject({ admin: false, status: 'enabled' });
    expect(await membershipOf(account.id, third.id)).toMatchObject({ status: 'disabled' });
    // Now the caller is the last one.
    const refused = await update(account.token, { admin: false });
    expect(refused.body).toEqual({ error: LAST_ADMIN, code: 'lastAdmin' });
  });

  it('two admins demoting each other at the same moment: exactly one succeeds and one enabled admin is left', async () => {
    for (const change of [{ admin: false }, { status: 'disabled' }]) {
      const account = await accountWithoutOwner();
      const second = await server.newMember(account, { admin: true });
      const answers = await Promise.all([update(account.token, { id: second.id, ...change }), update(second.token, { id: account.ownerId, ...change })]);
      const statuses = answers.map((answer) => answer.status).sort();
      // The refused one is refused either for the rule (422) or because its session ended with the disable (403).
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBeGreaterThanOrEqual(403);
      const rows = [await membershipOf(account.id, account.ownerId), await membershipOf(account.id, second.id)];
      expect(rows.filter((row) => row.status === 'enabled' && row.admin)).toHaveLength(1);
    }
  });

  it('the owner is still protected by their own rule (the owner message), and unlinking another member leaves the caller admin', async () => {
    const account = await server.newAccount();
    const admin = await server.newMember(account, { admin: true });
    const member = await server.newMember(account);
    const owner = await update(admin.token, { id: account.ownerId, admin: false });
    expect(owner.status).toBe(422);
    expect(owner.body.error).not.toBe(LAST_ADMIN);
    expect((await server.call('GET', 'account/user/unlink', { token: admin.token, query: { id: member.id } })).status).toBe(200);
  });
});

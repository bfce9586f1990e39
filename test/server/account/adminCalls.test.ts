import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from '../../../server/auth/rights';
import { memberships } from '../../../server/db/schema';
import { unique, useTestServer } from '../harness';

const server = useTestServer();
const membershipOf = async (accountId: number, userId: number) =>
  (
    await server.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
  )[0];

describe('rule: non-admins reach no admin call of the account and its users (422 noRight, never 403)', () => {
  it('a member with every stock right but no admin is refused on each call; nothing changes', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { activity: true, editingRemains: true, changeRemains: true });
    const peer = await server.newMember(account);
    const peerBefore = await membershipOf(account.id, peer.id);
    const calls: [method: 'GET' | 'POST', path: string, options: { body?: unknown; query?: Record<string, string | number> }][] = [
      ['POST', 'account/update', { body: { name: 'Taken over', separate_rights: false, landing_path: '/orders' } }],
      ['POST', 'account/user/add', { body: { name: 'Someone', email: `${unique('new')}@example.com` } }],
      ['POST', 'account/user/update', { body: { id: peer.id, admin: true, status: 'disabled' } }],
      ['POST', 'account/user/update', { body: { admin: true } }],
      ['POST', 'account/user/update', { body: { id: member.id, editing_remains: true } }],
      ['GET', 'account/user/link', { query: { email: peer.email } }],
      ['GET', 'account/user/unlink', { query: { id: peer.id } }],
      ['GET', 'account/user/check', { query: { email: peer.email } }],
    ];
    for (const [method, path, options] of calls) {
      const answer = await server.call(method, path, { token: member.token, ...options });
      expect(answer.status, `${method} ${path}`).toBe(422);
      expect(answer.body).toEqual({ error: ADMIN_ONLY, code: 'adminOnly' });
    }
    expect(await membershipOf(account.id, peer.id)).toEqual(peerBefore);
    expect(await membershipOf(account.id, member.id)).toMatchObject({ admin: false });
    // Still signed in: a refusal of a right never ends the session.
    expect((await server.call('GET', 'account/config', { token: member.token })).status).toBe(200);
  });
});

describe('rule: rights and status changes take effect on the other user\'s open session at once', () => {
  it('losing the product-editing right: the next edit is refused and account/config shows the right gone, although reads were cached', async () => {
    const account = await server.newAccount({ separateRights: true });
    const member = await server.newMember(account, { activity: true, editingRemains: true });
    expect((await server.call('GET', 'account/config', { token: member.token })).body.user.editing_remains).toBe(true);
    expect((await server.call('POST', 'category/add', { token: member.token, body: { name: unique('Before') } })).status).toBe(200);
    expect((await server.call('POST', 'account/user/update', { token: account.token, body: { id: member.id, editing_remains: false } })).status).toBe(200);
    expect((await server.call('GET', 'account/config', { token: member.token })).body.user.editing_remains).toBe(false);
    expect((await server.call('POST', 'category/add', { token: member.token, body: { name: unique('After') } })).status).toBe(422);
  });

  it('disabling: the next call of the open session, a cached read included, is refused with 403 (which signs the user out)', async () => {
    const account = await server.newAccount();
    const member = await server.newMember(account);
    expect((await server.call('GET', 'account/users', { token: member.token })).status).toBe(200);
    expect((await server.call('POST', 'account/user/update', { token: account.token, body: { id: member.id, status: 'disabled' } })).status).toBe(200);
    expect((await server.call('GET', 'account/users', { token: member.token })).status).toBe(403);
    expect((await server.call('GET', 'account/config', { token: member.token })).status).toBe(403);
  });
});

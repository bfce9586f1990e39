import { eq } from 'drizzle-orm';
import { hashPassword, sha256 } from '../../server/auth/secrets';
import type { Db } from '../../server/db/client';
import { accounts, memberships, tariffs, tokens, users } from '../../server/db/schema';
import { DEMO_ADMIN } from '../../server/db/seed';

/** Known tokens for the browser tests, stored (hashed) in the real database like any session. */
export const DEMO_LOGIN = { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password, token: 'e2e-demo-token' };
export const EXPIRED_TOKEN = 'e2e-expired-token';
export const FIXED_LOGIN_TOKEN = 'e2e-fixed-login-token';

/** People with a password and no account at all: an admin's invitation is their only way in (invitations.e2e.ts). */
export const INVITEE = { email: 'invitee@e2e.local', password: 'invitee-password' };
export const SEATLESS_INVITEE = { email: 'seatless@e2e.local', password: 'seatless-password' };
/** An account on the 'start' tariff (3 users) with all three seats taken, and its admin's token. */
export const FULL_ACCOUNT = { name: 'Full team', token: 'e2e-full-account-token' };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

async function accountWithToken(db: Db, token: string, values: Partial<typeof accounts.$inferInsert>, email: string): Promise<number> {
  const [account] = await db.insert(accounts).values({ name: email, trialEndsAt: inDays(14), ...values }).returning({ id: accounts.id });
  const [user] = await db.insert(users).values({ name: email, email, passwordHash: 'x' }).returning({ id: users.id });
  await db.insert(memberships).values({ accountId: account.id, userId: user.id, isOwner: true, admin: true });
  await db.insert(tokens).values({ tokenHash: sha256(token), userId: user.id, accountId: account.id, expiresAt: inDays(1) });
  return account.id;
}

async function usersWithoutAccount(db: Db, people: readonly { email: string; password: string }[]): Promise<void> {
  const rows = await Promise.all(people.map(async ({ email, password }) => ({ name: email, email, passwordHash: await hashPassword(password) })));
  await db.insert(users).values(rows);
}

async function fullAccount(db: Db): Promise<void> {
  const [start] = await db.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.code, 'start'));
  const accountId = await accountWithToken(db, FULL_ACCOUNT.token, { name: FULL_ACCOUNT.name, tariffId: start.id }, 'full-owner@e2e.local');
  const members = await db
    .insert(users)
    .values(['full-member-1@e2e.local', 'full-member-2@e2e.local'].map((email) => ({ name: email, email, passwordHash: 'x' })))
    .returning({ id: users.id });
  await db.insert(memberships).values(members.map((member) => ({ accountId, userId: member.id })));
}

/**
 * The seeded demo admin gets a known token; an expired account and a login-fixed one get theirs; two users
 * without any account wait for invitations, one of them from an account with no free seat.
 */
export async function addBrowserFixtures(db: Db): Promise<void> {
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  const [membership] = await db.select().from(memberships).where(eq(memberships.userId, admin.id));
  await db.insert(tokens).values({ tokenHash: sha256(DEMO_LOGIN.token), userId: admin.id, accountId: membership.accountId, expiresAt: inDays(1) });
  await accountWithToken(db, EXPIRED_TOKEN, { trialEndsAt: inDays(-1) }, 'expired@e2e.local');
  await accountWithToken(db, FIXED_LOGIN_TOKEN, { loginFixed: true }, 'fixed@e2e.local');
  await usersWithoutAccount(db, [INVITEE, SEATLESS_INVITEE]);
  await fullAccount(db);
}

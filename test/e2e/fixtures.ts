import { eq } from 'drizzle-orm';
import { sha256 } from '../../server/auth/secrets';
import type { Db } from '../../server/db/client';
import { accounts, memberships, tokens, users } from '../../server/db/schema';
import { DEMO_ADMIN } from '../../server/db/seed';

/** Known tokens for the browser tests, stored (hashed) in the real database like any session. */
export const DEMO_LOGIN = { login: DEMO_ADMIN.email, password: DEMO_ADMIN.password, token: 'e2e-demo-token' };
export const EXPIRED_TOKEN = 'e2e-expired-token';
export const FIXED_LOGIN_TOKEN = 'e2e-fixed-login-token';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

async function accountWithToken(db: Db, token: string, values: Partial<typeof accounts.$inferInsert>, email: string): Promise<void> {
  const [account] = await db.insert(accounts).values({ name: email, trialEndsAt: inDays(14), ...values }).returning({ id: accounts.id });
  const [user] = await db.insert(users).values({ name: email, email, passwordHash: 'x' }).returning({ id: users.id });
  await db.insert(memberships).values({ accountId: account.id, userId: user.id, isOwner: true, admin: true });
  await db.insert(tokens).values({ tokenHash: sha256(token), userId: user.id, accountId: account.id, expiresAt: inDays(1) });
}

/** The seeded demo admin gets a known token; an expired account and a login-fixed one get theirs. */
export async function addBrowserFixtures(db: Db): Promise<void> {
  const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  const [membership] = await db.select().from(memberships).where(eq(memberships.userId, admin.id));
  await db.insert(tokens).values({ tokenHash: sha256(DEMO_LOGIN.token), userId: admin.id, accountId: membership.accountId, expiresAt: inDays(1) });
  await accountWithToken(db, EXPIRED_TOKEN, { trialEndsAt: inDays(-1) }, 'expired@e2e.local');
  await accountWithToken(db, FIXED_LOGIN_TOKEN, { loginFixed: true }, 'fixed@e2e.local');
}

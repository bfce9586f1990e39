import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, memberships, tokens, users } from '../db/schema';
import { newToken, sha256 } from './secrets';

export type Membership = typeof memberships.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Who is calling: resolved from the bearer token on every staff request. */
export interface Caller {
  tokenId: number;
  user: UserRow;
  account: AccountRow;
  membership: Membership;
}

export async function createSession(db: Db, userId: number, accountId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await db.insert(tokens).values({ tokenHash: sha256(token), userId, accountId, expiresAt: new Date(Date.now() + ttlDays * 86_400_000) });
  return token;
}

/** The caller of a token, or null when it is unknown, expired, or its membership is disabled or gone. */
export async function resolveSession(db: Db, token: string): Promise<Caller | null> {
  const [row] = await db
    .select({ token: tokens, user: users, account: accounts, membership: memberships })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .innerJoin(accounts, eq(accounts.id, tokens.accountId))
    .innerJoin(memberships, and(eq(memberships.accountId, tokens.accountId), eq(memberships.userId, tokens.userId)))
    .where(and(eq(tokens.tokenHash, sha256(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  if (!row || row.membership.status !== 'enabled') return null;
  return { tokenId: row.token.id, user: row.user, account: row.account, membership: row.membership };
}

export type Right = 'admin' | 'editingRemains' | 'changeRemains';

/**
 * Rights (spec 2 §6): owners and admins may do everything. Without the account's 'Separate rights'
 * option every active member may edit products and move goods; with it, each flag counts.
 */
export function hasRight(caller: Pick<Caller, 'account' | 'membership'>, right: Right): boolean {
  const { membership, account } = caller;
  if (membership.isOwner || membership.admin) return true;
  if (right === 'admin' || !membership.activity) return false;
  if (!account.separateRights) return true;
  return membership[right];
}

import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, memberships, tokens, users, warehouses } from '../db/schema';
import { newToken, sha256 } from './secrets';

export type Membership = typeof memberships.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Who is calling: resolved from the bearer token on every staff request. */
export interface Caller {
  tokenId: number;
  /** When the token stops working. */
  expiresAt: Date;
  user: UserRow;
  account: AccountRow;
  membership: Membership;
  /**
   * The account's main warehouse (null: it has none), read in the session's own statement: a stock call that asks
   * for the main warehouse then needs no query of its own (one database round trip less on the stock screen's calls).
   */
  mainWarehouseId: number | null;
}

export async function createSession(db: Db, userId: number, accountId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await db.insert(tokens).values({ tokenHash: sha256(token), userId, accountId, expiresAt: new Date(Date.now() + ttlDays * 86_400_000) });
  return token;
}

/** The caller of a token, or null when it is unknown, expired, or its membership is disabled or gone. */
export async function resolveSession(db: Db, token: string): Promise<Caller | null> {
  const [row] = await db
    .select({
      token: tokens,
      user: users,
      account: accounts,
      membership: memberships,
      // warehouses_one_main: one index probe.
      mainWarehouseId: sql<number | null>`(select ${warehouses.id} from ${warehouses} where ${warehouses.accountId} = ${tokens.accountId} and ${warehouses.isMain})`,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .innerJoin(accounts, eq(accounts.id, tokens.accountId))
    .innerJoin(memberships, and(eq(memberships.accountId, tokens.accountId), eq(memberships.userId, tokens.userId)))
    .where(and(eq(tokens.tokenHash, sha256(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  if (row?.membership.status !== 'enabled') return null;
  const main = row.mainWarehouseId;
  return { tokenId: row.token.id, expiresAt: row.token.expiresAt, user: row.user, account: row.account, membership: row.membership, mainWarehouseId: main === null ? null : Number(main) };
}

/**
 * Who may list and answer their own invitations (account/user/invitations, account/user/accept).
 * Besides a member's ordinary session this takes the token that auth/login gives a user with no
 * enabled membership but a pending invitation: that token is bound to an 'invited' membership, so
 * resolveSession (and with it every other staff route) refuses it. `invitationsOnly` marks such a token.
 */
export interface Invitee {
  tokenId: number;
  userId: number;
  invitationsOnly: boolean;
}

/** The invitee of a token, or null when it is unknown, expired, or its membership is disabled or gone. One query. */
export async function resolveInvitee(db: Db, token: string): Promise<Invitee | null> {
  const [row] = await db
    .select({ tokenId: tokens.id, userId: tokens.userId, status: memberships.status })
    .from(tokens)
    .innerJoin(memberships, and(eq(memberships.accountId, tokens.accountId), eq(memberships.userId, tokens.userId)))
    .where(and(eq(tokens.tokenHash, sha256(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  if (!row || (row.status !== 'enabled' && row.status !== 'invited')) return null;
  return { tokenId: row.tokenId, userId: row.userId, invitationsOnly: row.status === 'invited' };
}

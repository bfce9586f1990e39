import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, publicCustomers, publicTokens, tokens } from '../db/schema';
import { newToken, sha256 } from './secrets';

/** Which products a public customer is offered (spec 2 §9 business-process scenarios). */
export type ProductVisibility = 'all' | 'tagged' | 'tagged_or_untagged';
export const PRODUCT_VISIBILITIES: readonly ProductVisibility[] = ['all', 'tagged', 'tagged_or_untagged'];

export const productVisibilityOf = (value: string): ProductVisibility =>
  (PRODUCT_VISIBILITIES as readonly string[]).includes(value) ? (value as ProductVisibility) : 'all';

/**
 * Who is calling a public-order route: resolved from a public bearer token (POTOKEN) on every request.
 * A session opened from a link (orderId set) reaches only that link's order, even when the link was
 * made for a customer; a customer's own sign-in (orderId null) reaches every order shared with them.
 */
export interface PublicCaller {
  tokenId: number;
  expiresAt: Date;
  accountId: number;
  isKommo: boolean;
  productVisibility: ProductVisibility;
  customerId: number | null;
  /** The customer's tags (empty without a customer): they decide which tagged products are offered. */
  customerTags: string[];
  /** Set for a link-only session: the one order it reaches. */
  orderId: number | null;
}

export async function createPublicSession(
  db: Pick<Db, 'insert'>,
  session: { accountId: number; customerId: number | null; orderId: number | null },
  ttlDays: number,
): Promise<string> {
  const token = newToken();
  await db.insert(publicTokens).values({ tokenHash: sha256(token), ...session, expiresAt: new Date(Date.now() + ttlDays * 86_400_000) });
  return token;
}

/** The public caller of a token, or null when it is unknown or expired. One query. */
export async function resolvePublicSession(db: Db, token: string): Promise<PublicCaller | null> {
  const [row] = await db
    .select({ session: publicTokens, isKommo: accounts.isKommo, visibility: accounts.productVisibility, tags: publicCustomers.tags, disabled: publicCustomers.disabled })
    .from(publicTokens)
    .innerJoin(accounts, eq(accounts.id, publicTokens.accountId))
    .leftJoin(publicCustomers, and(eq(publicCustomers.id, publicTokens.customerId), eq(publicCustomers.accountId, publicTokens.accountId)))
    .where(and(eq(publicTokens.tokenHash, sha256(token)), gt(publicTokens.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { session } = row;
  // A session of a customer who no longer exists is no session (the row cascades away, but be exact).
  if (session.customerId !== null && row.tags === null) return null;
  // Disabling ends the sessions; this also refuses a link of theirs opened later.
  if (row.disabled) return null;
  return {
    tokenId: session.id,
    expiresAt: session.expiresAt,
    accountId: session.accountId,
    isKommo: row.isKommo,
    productVisibility: productVisibilityOf(row.visibility),
    customerId: session.customerId,
    customerTags: row.tags ?? [],
    orderId: session.orderId,
  };
}

/** Whether a token is a live public session (to tell a caller which kind of token a staff route refused). */
export async function isPublicToken(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: publicTokens.id })
    .from(publicTokens)
    .where(and(eq(publicTokens.tokenHash, sha256(token)), gt(publicTokens.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/** Whether a token is a live staff session (to tell a caller which kind of token a public route refused). */
export async function isStaffToken(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

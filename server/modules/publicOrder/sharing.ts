import { and, asc, desc, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { OrderShare, PublicLinkInfo, PublicLinkRequest, PublicUnlinkRequest } from '../../../src/contract/publicOrder';
import { createPublicSession } from '../../auth/publicSessions';
import { newToken } from '../../auth/secrets';
import type { Db, Tx } from '../../db/client';
import { accounts, orderShares, orders, publicCustomers, publicTokens } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import type { ServerContext } from '../../http/context';
import { orderRowOf } from '../orders/service';
import { customerForLink } from './customers';

export const LINK_NOT_VALID = refusalText('publicLinkNotValid');
export const NO_SUCH_LINK = refusalText('noSuchPublicLink');

/** The shell's address of a public order: it reads public_token from the hash query, exchanges it and drops it (src/stores/sessionBootstrap.ts). */
export const publicOrderPath = (orderId: number, linkToken: string) => `/#/publicOrder?order_id=${orderId}&public_token=${encodeURIComponent(linkToken)}`;

type ShareRow = typeof orderShares.$inferSelect;
type CustomerRow = typeof publicCustomers.$inferSelect;

function toShare(share: ShareRow, customer: Pick<CustomerRow, 'id' | 'name' | 'email'> | null): OrderShare {
  return {
    id: share.id,
    order_id: share.orderId,
    customer: customer && { id: customer.id, name: customer.name, email: customer.email },
    link_token: share.linkToken,
    path: publicOrderPath(share.orderId, share.linkToken),
    created_at: share.createdAt.toISOString(),
  };
}

/** orders/public/list: the order's public links, oldest first. */
export async function listShares(db: Db | Tx, accountId: number, orderId: number): Promise<OrderShare[]> {
  await orderRowOf(db, accountId, orderId);
  const rows = await db
    .select({ share: orderShares, customer: { id: publicCustomers.id, name: publicCustomers.name, email: publicCustomers.email } })
    .from(orderShares)
    .leftJoin(publicCustomers, eq(publicCustomers.id, orderShares.customerId))
    .where(and(eq(orderShares.accountId, accountId), eq(orderShares.orderId, orderId)))
    .orderBy(asc(orderShares.id));
  return rows.map((row) => toShare(row.share, row.customer));
}

const sameCustomer = (customerId: number | null): SQL => (customerId === null ? isNull(orderShares.customerId) : eq(orderShares.customerId, customerId));

/**
 * orders/public/link: makes the order public for a customer (by id or e-mail; a new e-mail adds the customer)
 * or, without one, as an anonymous link. One link per order and customer: linking again answers the same link.
 * Under the order's row lock, so two concurrent links for the same customer make one.
 */
export async function linkOrder(db: Db, accountId: number, body: PublicLinkRequest): Promise<OrderShare> {
  return db.transaction(async (tx) => {
    const order = await orderRowOf(tx, accountId, body.order_id, true);
    const customer = await customerForLink(tx, accountId, body);
    const customerId = customer?.id ?? null;
    const [existing] = await tx
      .select()
      .from(orderShares)
      .where(and(eq(orderShares.accountId, accountId), eq(orderShares.orderId, order.id), sameCustomer(customerId)))
      .limit(1);
    const share = existing ?? (await tx.insert(orderShares).values({ accountId, orderId: order.id, customerId, linkToken: newToken() }).returning())[0];
    return toShare(share, customer);
  });
}

/**
 * orders/public/unlink: removes one link (share_id), the customer's link (customer_id), or every link of the
 * order; the sessions opened from the removed links end with them (a customer's own sign-in stays, but no
 * longer reaches this order). Answers the links that remain.
 */
export async function unlinkOrder(db: Db, accountId: number, body: PublicUnlinkRequest): Promise<OrderShare[]> {
  return db.transaction(async (tx) => {
    const order = await orderRowOf(tx, accountId, body.order_id, true);
    const conditions: SQL[] = [eq(orderShares.accountId, accountId), eq(orderShares.orderId, order.id)];
    if (body.share_id !== undefined) conditions.push(eq(orderShares.id, body.share_id));
    if (body.customer_id !== undefined) conditions.push(eq(orderShares.customerId, body.customer_id));
    const removed = await tx.delete(orderShares).where(and(...conditions)).returning();
    if (!removed.length && (body.share_id !== undefined || body.customer_id !== undefined)) throw refusal(404, 'noSuchPublicLink');
    if (removed.length) {
      const customers = removed.map((share) => share.customerId);
      const named = customers.filter((id): id is number => id !== null);
      const linkSessions = or(...(customers.includes(null) ? [isNull(publicTokens.customerId)] : []), ...(named.length ? [inArray(publicTokens.customerId, named)] : []));
      await tx.delete(publicTokens).where(and(eq(publicTokens.accountId, accountId), eq(publicTokens.orderId, order.id), linkSessions));
    }
    return listShares(tx, accountId, order.id);
  });
}

/** The share of a link token, if it still opens a (not archived) order. */
async function shareOfLink(db: Db, linkToken: string) {
  const [row] = await db
    .select({ share: orderShares, orderName: orders.name, accountName: accounts.name, customerHasPassword: publicCustomers.passwordHash })
    .from(orderShares)
    .innerJoin(orders, and(eq(orders.id, orderShares.orderId), eq(orders.accountId, orderShares.accountId), eq(orders.archived, false)))
    .innerJoin(accounts, eq(accounts.id, orderShares.accountId))
    .leftJoin(publicCustomers, eq(publicCustomers.id, orderShares.customerId))
    .where(eq(orderShares.linkToken, linkToken))
    .limit(1);
  if (!row) throw refusal(404, 'publicLinkNotValid');
  return row;
}

/**
 * public-order/token/get: a link token becomes a session token that reaches only that link's order
 * (for the link's customer, whose tags then decide the products offered). A link keeps at most
 * publicLinkSessions live sessions: opening one more ends the oldest, so a link passed around (or replayed
 * by a script) cannot pile up sessions, while the person opening it is never locked out.
 */
export async function exchangeLinkToken(ctx: ServerContext, linkToken: string): Promise<{ token: string; order_id: number }> {
  const { share } = await shareOfLink(ctx.db, linkToken);
  const token = await ctx.db.transaction(async (tx) => {
    // The share's row lock queues concurrent exchanges of one link, so the count holds.
    const [locked] = await tx.select({ id: orderShares.id }).from(orderShares).where(eq(orderShares.id, share.id)).for('update');
    if (!locked) throw refusal(404, 'publicLinkNotValid');
    const opened = await createPublicSession(tx, { accountId: share.accountId, customerId: share.customerId, orderId: share.orderId }, ctx.config.tokenTtlDays);
    const linkSessions = and(
      eq(publicTokens.accountId, share.accountId),
      eq(publicTokens.orderId, share.orderId),
      share.customerId === null ? isNull(publicTokens.customerId) : eq(publicTokens.customerId, share.customerId),
    );
    const kept = tx.select({ id: publicTokens.id }).from(publicTokens).where(linkSessions).orderBy(desc(publicTokens.id)).limit(Math.max(1, ctx.config.publicLinkSessions));
    await tx.delete(publicTokens).where(and(linkSessions, notInArray(publicTokens.id, kept)));
    return opened;
  });
  return { token, order_id: share.orderId };
}

/** public-order/token/get-public: what a link opens, without opening a session. */
export async function describeLink(db: Db, linkToken: string): Promise<PublicLinkInfo> {
  const row = await shareOfLink(db, linkToken);
  return {
    order_id: row.share.orderId,
    order_name: row.orderName,
    account_name: row.accountName,
    for_customer: row.share.customerId !== null,
    customer_can_sign_in: row.customerHasPassword !== null && row.customerHasPassword !== undefined,
  };
}

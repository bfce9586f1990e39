import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PublicCaller } from '../../auth/publicSessions';
import type { Db } from '../../db/client';
import { orderShares, orders } from '../../db/schema';
import { refusal } from '../../http/refusal';
import type { Actor } from '../orders/actor';

/** The orders engine's actor for a public caller: no user, and only public-visible product fields shown. */
export function publicActor(caller: PublicCaller): Actor {
  return { accountId: caller.accountId, account: { id: caller.accountId, isKommo: caller.isKommo }, userId: null, isKommo: caller.isKommo, public: true, customerId: caller.customerId };
}

/**
 * The shares that give a public caller an order. A link session reaches its one order while a share of
 * that order for the same customer (or the same anonymous link) exists; a customer's sign-in reaches every
 * order shared with that customer. Archived orders are not public.
 */
function sharesOf(caller: PublicCaller): SQL {
  const sameCustomer = caller.customerId === null ? isNull(orderShares.customerId) : eq(orderShares.customerId, caller.customerId);
  if (caller.orderId === null && caller.customerId === null) return sql`false`;
  return and(
    eq(orderShares.accountId, caller.accountId),
    eq(orders.archived, false),
    sameCustomer,
    ...(caller.orderId !== null ? [eq(orderShares.orderId, caller.orderId)] : []),
  )!;
}

/** The ids of the orders the caller may see. */
export async function sharedOrderIds(db: Db, caller: PublicCaller): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orderShares.orderId })
    .from(orderShares)
    .innerJoin(orders, and(eq(orders.id, orderShares.orderId), eq(orders.accountId, orderShares.accountId)))
    .where(sharesOf(caller));
  return rows.map((row) => row.id);
}

/** An order the caller may see, or 404 with the same text as an order that does not exist (nothing revealed). */
export async function requireOrderAccess(db: Db, caller: PublicCaller, orderId: number): Promise<void> {
  const [row] = await db
    .select({ id: orderShares.id })
    .from(orderShares)
    .innerJoin(orders, and(eq(orders.id, orderShares.orderId), eq(orders.accountId, orderShares.accountId)))
    .where(and(sharesOf(caller), eq(orderShares.orderId, orderId)))
    .limit(1);
  if (!row) throw refusal(404, 'noSuchOrder');
}

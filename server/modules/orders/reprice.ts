import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderPositions, orders, pipelineStatuses } from '../../db/schema';
import { settleOrder } from './orderRows';
import { inTransaction } from '../../http/transaction';

/**
 * product/set-price with "change the price in open deals" (spec 2 §5): the positions of that product at
 * that price type take the new price in every open order — not archived, its goods not written off,
 * stocked or refunded, in a stage that is neither final nor blocks products (a CRM deal: opened or
 * reserved). The orders are locked in id order before their positions change, and each gets new
 * totals and a new version. Runs after the product's own price change, in its own transaction, so it
 * never holds the product's lock while waiting for an order's (order writers take them the other way). Answers how many orders changed.
 */
export async function repriceOpenOrders(db: Db, accountId: number, productId: number, priceField: string, cost: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const ids = await lockOpenOrders(tx, accountId, [productId], priceField);
    await repriceLocked(tx, ids, priceField, new Map([[productId, cost]]));
    return ids.length;
  });
}

/**
 * The open orders (as above) holding any of the products at that price type, locked FOR UPDATE in id order — THE
 * lock order's first step (stock/locks.ts), so a caller may lock the products after them in the same transaction.
 */
export async function lockOpenOrders(tx: Tx, accountId: number, productIds: readonly number[], priceField: string): Promise<number[]> {
  // Locked as they are chosen (FOR UPDATE re-checks the conditions on a row that changed meanwhile), in id order.
  const locked = await tx
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(pipelineStatuses, eq(pipelineStatuses.id, orders.statusId))
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.archived, false),
        inArray(orders.stockState, ['none', 'reserved']),
        sql`(${orders.statusId} is null and coalesce(${orders.crmStatus}, 0) < 2 or ${pipelineStatuses.type} = 0 and not ${pipelineStatuses.blocksProducts})`,
        sql`exists (select 1 from ${orderPositions} p where p.order_id = ${orders.id} and p.product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and p.price_field = ${priceField})`,
      ),
    )
    .orderBy(asc(orders.id))
    .for('update', { of: orders });
  return locked.map((row) => row.id);
}

/** The locked orders' positions of each product at that price type take its new price; each order gets new totals and version. */
export async function repriceLocked(tx: Tx, orderIds: readonly number[], priceField: string, prices: ReadonlyMap<number, number>): Promise<void> {
  if (!orderIds.length) return;
  for (const [productId, cost] of prices) {
    await tx
      .update(orderPositions)
      .set({ price: cost.toFixed(2) })
      .where(and(inArray(orderPositions.orderId, [...orderIds]), eq(orderPositions.productId, productId), eq(orderPositions.priceField, priceField)));
  }
  for (const id of orderIds) await settleOrder(tx, id);
}

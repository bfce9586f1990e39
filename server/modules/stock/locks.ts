import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderPositions, products } from '../../db/schema';
import { noSuchProduct } from './errors';

/**
 * THE lock order of every write that touches stock (orders, public orders, the widget, the stock screens, seeds),
 * and the lock every product edit takes (products/service.ts: concurrent edits of one product queue on it):
 *
 *   1. the order row, FOR UPDATE, when the write is an order's (orders/orderRows.ts) — and the order's pipeline row,
 *      FOR SHARE, so a change of its stages waits (orders/stockSync.ts); the open orders a price edit reprices, in id
 *      order (orders/reprice.ts); or the stock document of a move in transit being received or cancelled (transit.ts);
 *   2. every product the write will touch, in ascending id, FOR NO KEY UPDATE, all before any batch — `lockProducts`;
 *   3. only then the batches of those products, FOR UPDATE (in any order: no other writer can reach them, as each
 *      first holds their product), followed by the reservations (position_batches) and the ledger rows written.
 *
 * Two writers therefore meet first on the lowest product they share and queue there; neither can hold a batch
 * the other waits for. NO KEY UPDATE and not UPDATE: inserting an order position takes a KEY SHARE lock on its
 * product (the foreign key), and so may a concurrent order's; FOR UPDATE would wait for those, and two orders
 * upgrading theirs would deadlock, while NO KEY UPDATE still queues every writer of the product.
 * test/server/orderLocks.test.ts proves it on PostgreSQL (node scripts/server-on-postgres.mjs).
 */
const PRODUCT_LOCK = 'no key update';

type ProductRow = typeof products.$inferSelect;

/** Locks the account's products named (duplicates allowed) in ascending id, as rule 2 says; unknown ids are left out. */
export async function lockProducts(tx: Tx, accountId: number, productIds: readonly number[]): Promise<Map<number, ProductRow>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Map();
  const locked = await tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for(PRODUCT_LOCK);
  return new Map(locked.map((row) => [row.id, row]));
}

/** One product of the account, locked as rule 2 says; 404 when there is none. */
export async function lockProduct(tx: Tx, accountId: number, productId: number): Promise<ProductRow> {
  const row = (await lockProducts(tx, accountId, [productId])).get(productId);
  if (!row) throw noSuchProduct();
  return row;
}

/**
 * One order position with its product locked as rule 2 says, in one statement: a change of a single position (add to
 * deal, issue 20 §3) takes its one product lock with the read of the position. Empty when there is no such position.
 */
export async function lockPositionProduct(tx: Tx, accountId: number, orderId: number, positionId: number) {
  return tx
    .select({ position: orderPositions, product: products })
    .from(orderPositions)
    .innerJoin(products, and(eq(products.id, orderPositions.productId), eq(products.accountId, accountId)))
    .where(and(eq(orderPositions.orderId, orderId), eq(orderPositions.id, positionId)))
    .for(PRODUCT_LOCK, { of: products });
}

import { eq, sql } from 'drizzle-orm';
import type { OrderWithPositions } from '../../../src/contract/orders';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { inTransaction } from '../../http/transaction';
import type { Actor } from '../orders/actor';
import { getOrder, orderRowOf } from '../orders/service';

/**
 * orders/archive and orders/unarchive. Archiving hides an order; it does not cancel it: its positions keep
 * what they reserved or wrote off, its stage and sums stay, and /positions still shows what it holds (release
 * stock by moving the order to a cancelled stage, or deleting it). So un-archiving is always safe: nothing was
 * undone, the order just returns to the orders list as it was. The version counts the change, so an editor
 * with the order open hears of it on their next save.
 */
export async function setOrderArchived(db: Db, actor: Actor, id: number, archived: boolean): Promise<OrderWithPositions> {
  await inTransaction(db, async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, id, true);
    if (order.archived === archived) return;
    await tx
      .update(orders)
      .set({ archived, version: sql`${orders.version} + 1`, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  });
  return getOrder(db, actor, id);
}

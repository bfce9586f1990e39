import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProductHistoryPage } from '../../../src/contract/productEditor';
import type { Db } from '../../db/client';
import { movements, users, warehouses } from '../../db/schema';
import { pagingOf } from '../../http/paging';
import { ledgerCommentIn, ledgerOrderOf } from '../stock/api';
import { productOf } from './service';

export const HISTORY_PER_PAGE = 20;

const fromWarehouse = alias(warehouses, 'from_warehouse');
const toWarehouse = alias(warehouses, 'to_warehouse');

/**
 * product/history: the product's ledger rows, newest first (id breaks ties of one moment, so a page
 * never repeats or skips a row). Read-only: any member who may see the product may see its history.
 */
export async function productHistory(db: Db, accountId: number, productId: number, page = 1): Promise<ProductHistoryPage> {
  await productOf(db, accountId, productId);
  const where = and(eq(movements.accountId, accountId), eq(movements.productId, productId));
  const [{ total }] = await db.select({ total: count() }).from(movements).where(where);
  const rows = await db
    .select({
      id: movements.id,
      date: movements.eventDate,
      type: movements.eventType,
      user: users.name,
      from: fromWarehouse.name,
      to: toWarehouse.name,
      batch: movements.party,
      quantity: movements.quantity,
      comment: movements.comment,
      orderId: movements.orderId,
    })
    .from(movements)
    .leftJoin(users, eq(users.id, movements.userId))
    .leftJoin(fromWarehouse, and(eq(fromWarehouse.id, movements.initialWarehouseId), eq(fromWarehouse.accountId, accountId)))
    .leftJoin(toWarehouse, and(eq(toWarehouse.id, movements.finalWarehouseId), eq(toWarehouse.accountId, accountId)))
    .where(where)
    .orderBy(desc(movements.eventDate), desc(movements.id))
    .limit(HISTORY_PER_PAGE)
    .offset((page - 1) * HISTORY_PER_PAGE);
  return {
    data: rows.map((row) => ({
      id: row.id,
      date: row.date.toISOString(),
      type: row.type,
      user: row.user,
      from_warehouse: row.from,
      to_warehouse: row.to,
      batch: row.batch,
      quantity: Number(row.quantity),
      // API clients read the comment in English; the shell says an order's row in its user's language from `order`.
      comment: ledgerCommentIn('en', row),
      order: ledgerOrderOf(row),
    })),
    ...pagingOf(page, HISTORY_PER_PAGE, total),
  };
}

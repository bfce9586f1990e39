import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, warehouses } from '../../db/schema';
import { thousandthsOf } from '../stock/api';

/**
 * The warehouse a public customer's new position is taken from. Customers see no warehouses, only 'in stock' for
 * the product as a whole, so the choice is ours: the main warehouse when it can give the quantity, else the one
 * with the most free stock; with none free anywhere, the main one (the position is then on order).
 * Answers the warehouse code for the product identifier, or null for the main warehouse.
 */
export async function publicWarehouseCode(db: Db, accountId: number, productId: number, quantity: number): Promise<string | null> {
  const free = sql<string>`coalesce(sum(${batches.count} - ${batches.reserve}), 0)`;
  const rows = await db
    .select({ code: warehouses.code, isMain: warehouses.isMain, free })
    .from(warehouses)
    .innerJoin(batches, and(eq(batches.warehouseId, warehouses.id), eq(batches.accountId, warehouses.accountId), eq(batches.productId, productId)))
    .where(eq(warehouses.accountId, accountId))
    .groupBy(warehouses.id)
    .orderBy(desc(free), warehouses.id);
  const main = rows.find((row) => row.isMain);
  if (main && thousandthsOf(main.free) >= thousandthsOf(quantity)) return null;
  const best = rows[0];
  return best && thousandthsOf(best.free) > 0 ? best.code : null;
}

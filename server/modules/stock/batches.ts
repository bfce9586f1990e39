import { and, eq, sql } from 'drizzle-orm';
import type { Batch } from '../../../src/contract/stock';
import type { Tx } from '../../db/client';
import { batches, products } from '../../db/schema';
import { batchShortage, existingBatch, noSuchBatch } from './errors';
import { writeLedger } from './ledger';
import { lockProduct } from './locks';
import { quantityText, thousandthsOf } from './quantities';

/** The writers of batch rows: arrivals, write-offs and moves, each with its ledger row. Call holding the product's lock (locks.ts). */

export type BatchRow = typeof batches.$inferSelect;
type ProductRow = typeof products.$inferSelect;

export function toBatch(row: BatchRow): Batch {
  const countValue = Number(row.count);
  const reserve = Number(row.reserve);
  return { id: row.id, warehouse_id: row.warehouseId, number: row.number, cost_price: Number(row.costPrice), count: countValue, reserve, available: countValue - reserve };
}

/** Goods arriving into a batch (by number) of a warehouse. */
export interface Arrival {
  accountId: number;
  userId: number | null;
  /** Locked by the caller (locks.ts). */
  product: ProductRow;
  warehouseId: number;
  number: string;
  thousandths: number;
  /** A new cost for the batch, new or existing; when absent an existing batch keeps its cost. */
  costPrice?: string;
  /** The cost a batch created here starts with, when no costPrice is given. */
  newBatchCost: string;
  /** Whether an existing batch of that number takes the goods, or the arrival is refused ('Existing batch'). */
  addToExisting: boolean;
  comment: string;
  /** The order a purchase's goods arrive for. */
  orderId?: number;
  /** The stock document the arrival is a line of. */
  documentId?: number;
}

/** Adds the goods to the batch (created when missing) and writes the 'arrival' ledger row at the batch's resulting cost. */
export async function arrive(tx: Tx, arrival: Arrival): Promise<BatchRow> {
  const { accountId, product, warehouseId, number, thousandths } = arrival;
  const [existing] = await tx
    .select()
    .from(batches)
    .where(and(eq(batches.accountId, accountId), eq(batches.productId, product.id), eq(batches.warehouseId, warehouseId), eq(batches.number, number)))
    .for('update');
  if (existing && !arrival.addToExisting) throw existingBatch(existing.id);
  const [row] = existing
    ? await tx
        .update(batches)
        .set({ count: sql`${batches.count} + ${quantityText(thousandths)}`, ...(arrival.costPrice !== undefined && { costPrice: arrival.costPrice }) })
        .where(eq(batches.id, existing.id))
        .returning()
    : await tx
        .insert(batches)
        .values({ accountId, productId: product.id, warehouseId, number, count: quantityText(thousandths), costPrice: arrival.costPrice ?? arrival.newBatchCost })
        .returning();
  await writeLedger(tx, [{ accountId, kind: 'arrival', product, batch: row, thousandths, from: null, to: warehouseId, userId: arrival.userId, comment: arrival.comment, documentId: arrival.documentId, orderId: arrival.orderId }]);
  return row;
}

/** Locks a batch of the account, and first its product (locks.ts), for the rest of the transaction. */
export async function lockBatch(tx: Tx, accountId: number, batchId: number): Promise<{ batch: BatchRow; product: ProductRow }> {
  // A batch never changes its product, so it can be read before the product is locked.
  const [owner] = await tx.select({ productId: batches.productId }).from(batches).where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)));
  if (!owner) throw noSuchBatch();
  await lockProduct(tx, accountId, owner.productId);
  const [row] = await tx
    .select({ batch: batches, product: products })
    .from(batches)
    .innerJoin(products, eq(products.id, batches.productId))
    .where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)))
    .for('update', { of: batches });
  if (!row) throw noSuchBatch();
  return row;
}

/** Refuses taking `count` from a batch when more than its available quantity (count − reserve), compared in thousandths. */
export function requireAvailable(batch: BatchRow, count: number): void {
  const available = Number(batch.count) - Number(batch.reserve);
  if (thousandthsOf(count) > thousandthsOf(available)) batchShortage(available);
}

/** Lowers a locked batch's count (its availability checked by the caller). */
export async function takeOut(tx: Tx, batch: BatchRow, thousandths: number): Promise<BatchRow> {
  const [row] = await tx.update(batches).set({ count: sql`${batches.count} - ${quantityText(thousandths)}` }).where(eq(batches.id, batch.id)).returning();
  return row;
}

/** Adds goods taken from `source` to the batch of the same number and cost in another warehouse (created when missing). */
export async function putInto(tx: Tx, source: BatchRow, warehouseId: number, thousandths: number): Promise<BatchRow> {
  const [row] = await tx
    .insert(batches)
    .values({ accountId: source.accountId, productId: source.productId, warehouseId, number: source.number, costPrice: source.costPrice, count: quantityText(thousandths) })
    .onConflictDoUpdate({
      target: [batches.accountId, batches.productId, batches.warehouseId, batches.number],
      set: { count: sql`${batches.count} + ${quantityText(thousandths)}` },
    })
    .returning();
  return row;
}

/** A new account's opening stock (the demo seed): its batches and their 'arrival' rows, each in one statement. */
export async function openingStock(
  tx: Tx,
  scope: { accountId: number; userId: number; comment: string; products: ReadonlyMap<number, Pick<ProductRow, 'id' | 'article' | 'name'>> },
  rows: { productId: number; warehouseId: number; number: string; costPrice: string; count: string }[],
): Promise<void> {
  if (!rows.length) return;
  const stocked = await tx
    .insert(batches)
    .values(rows.map((row) => ({ accountId: scope.accountId, ...row })))
    .returning();
  await writeLedger(
    tx,
    stocked.map((batch) => ({
      accountId: scope.accountId,
      kind: 'arrival' as const,
      product: scope.products.get(batch.productId)!,
      batch,
      thousandths: thousandthsOf(batch.count),
      from: null,
      to: batch.warehouseId,
      userId: scope.userId,
      comment: scope.comment,
    })),
  );
}

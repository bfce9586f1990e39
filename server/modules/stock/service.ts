import { and, eq, sql } from 'drizzle-orm';
import type { ArrivalRequest, Batch, TransferRequest, WriteOffRequest } from '../../../src/contract/stock';
import { requireStockMover as requireStockRight } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { batches, movements, products } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors';
import { productOf, toBatch } from '../products/service';
import { warehouseOf } from '../warehouses/service';
import { inTransaction } from '../../http/transaction';

export const EXISTING_BATCH = 'Existing batch';
export const NOT_ENOUGH_STOCK = 'Not enough stock';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every stock write of a product first locks the product row, so writes touching several of its
 * batches (a move locks the source and adds to the target) queue in one order and cannot deadlock,
 * and two arrivals creating the same new batch cannot both insert it. NO KEY UPDATE, the strength the orders' stock
 * engine takes (one lock order everywhere): FOR UPDATE would also wait for the KEY SHARE locks orders hold on the
 * product (their positions' foreign keys) and, queued on the row ahead of them, deadlock with two orders upgrading theirs.
 */
async function lockProduct(tx: Tx, accountId: number, productId: number) {
  const [row] = await tx.select().from(products).where(and(eq(products.accountId, accountId), eq(products.id, productId))).for('no key update');
  if (!row) throw notFound('No such product');
  return row;
}

/** Quantities go to SQL as exact decimal text, never as floats. */
const qty = (value: number) => value.toFixed(3);
const money = (value: number) => value.toFixed(2);

/** Arrival of goods into a batch of a warehouse; a new batch number that already exists is flagged. */
export async function receive(db: Db, caller: Caller, body: ArrivalRequest): Promise<Batch> {
  requireStockRight(caller);
  const accountId = caller.account.id;
  const checked = await productOf(db, accountId, body.product_id);
  if (checked.type === 'service') throw badRequest('Services have no stock');
  await warehouseOf(db, accountId, body.warehouse_id);
  const number = body.batch?.trim() ?? '';
  return inTransaction(db, async (tx) => {
    const product = await lockProduct(tx, accountId, checked.id);
    const [existing] = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.accountId, accountId), eq(batches.productId, product.id), eq(batches.warehouseId, body.warehouse_id), eq(batches.number, number)))
      .for('update');
    if (existing && number && !body.add_to_existing) throw conflict(EXISTING_BATCH, { batch_id: existing.id });
    const costPrice = body.cost_price ?? (existing ? Number(existing.costPrice) : 0);
    const [row] = existing
      ? await tx
          .update(batches)
          .set({ count: sql`${batches.count} + ${qty(body.count)}`, ...(body.cost_price !== undefined && { costPrice: money(body.cost_price) }) })
          .where(eq(batches.id, existing.id))
          .returning()
      : await tx
          .insert(batches)
          .values({ accountId, productId: product.id, warehouseId: body.warehouse_id, number, count: qty(body.count), costPrice: money(costPrice) })
          .returning();
    await tx.insert(movements).values({
      accountId,
      eventType: 'arrival',
      productId: product.id,
      batchId: row.id,
      articleNumber: product.article,
      title: product.name,
      party: number,
      quantity: qty(body.count),
      costPrice: money(costPrice),
      sum: money(costPrice * body.count),
      finalWarehouseId: body.warehouse_id,
      userId: caller.user.id,
      comment: body.comment ?? '',
    });
    return toBatch(row);
  });
}

/** Locks a batch of the caller's account, and first its product, for the rest of the transaction. */
async function lockBatch(tx: Tx, accountId: number, batchId: number) {
  // A batch never changes its product, so it can be read before the product is locked.
  const [owner] = await tx.select({ productId: batches.productId }).from(batches).where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)));
  if (!owner) throw notFound('No such batch');
  await lockProduct(tx, accountId, owner.productId);
  const [row] = await tx
    .select({ batch: batches, product: products })
    .from(batches)
    .innerJoin(products, eq(products.id, batches.productId))
    .where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)))
    .for('update', { of: batches });
  if (!row) throw notFound('No such batch');
  return row;
}

function requireAvailable(batch: typeof batches.$inferSelect, count: number): void {
  const available = Number(batch.count) - Number(batch.reserve);
  // Compared in thousandths, as stored, so float noise cannot let one unit too many through.
  if (Math.round(count * 1000) > Math.round(available * 1000)) throw unprocessable(`${NOT_ENOUGH_STOCK}: ${available} available`, { available });
}

/**
 * Write-off: the batch row is locked, the available quantity (count − reserve) checked, then
 * lowered, and the ledger row written — all in one transaction, so concurrent write-offs queue on
 * the lock and stock never goes below zero.
 */
export async function writeOff(db: Db, caller: Caller, body: WriteOffRequest): Promise<Batch> {
  requireStockRight(caller);
  const accountId = caller.account.id;
  return inTransaction(db, async (tx) => {
    const { batch, product } = await lockBatch(tx, accountId, body.batch_id);
    requireAvailable(batch, body.count);
    const [row] = await tx.update(batches).set({ count: sql`${batches.count} - ${qty(body.count)}` }).where(eq(batches.id, batch.id)).returning();
    await tx.insert(movements).values({
      accountId,
      eventType: 'write_off',
      productId: product.id,
      batchId: batch.id,
      articleNumber: product.article,
      title: product.name,
      party: batch.number,
      quantity: qty(body.count),
      costPrice: batch.costPrice,
      sum: money(Number(batch.costPrice) * body.count),
      initialWarehouseId: batch.warehouseId,
      userId: caller.user.id,
      comment: body.comment ?? '',
    });
    return toBatch(row);
  });
}

/** product/transfer: part of a batch moves to another warehouse (same batch number and cost there). */
export async function transfer(db: Db, caller: Caller, body: TransferRequest): Promise<{ from: Batch; to: Batch }> {
  requireStockRight(caller);
  const accountId = caller.account.id;
  await warehouseOf(db, accountId, body.warehouse_id);
  return inTransaction(db, async (tx) => {
    const { batch, product } = await lockBatch(tx, accountId, body.batch_id);
    if (batch.warehouseId === body.warehouse_id) throw badRequest('The goods are already in that warehouse');
    requireAvailable(batch, body.count);
    const [from] = await tx.update(batches).set({ count: sql`${batches.count} - ${qty(body.count)}` }).where(eq(batches.id, batch.id)).returning();
    const [to] = await tx
      .insert(batches)
      .values({ accountId, productId: product.id, warehouseId: body.warehouse_id, number: batch.number, costPrice: batch.costPrice, count: qty(body.count) })
      .onConflictDoUpdate({
        target: [batches.accountId, batches.productId, batches.warehouseId, batches.number],
        set: { count: sql`${batches.count} + ${qty(body.count)}` },
      })
      .returning();
    await tx.insert(movements).values({
      accountId,
      eventType: 'move',
      productId: product.id,
      batchId: batch.id,
      articleNumber: product.article,
      title: product.name,
      party: batch.number,
      quantity: qty(body.count),
      costPrice: batch.costPrice,
      sum: money(Number(batch.costPrice) * body.count),
      initialWarehouseId: batch.warehouseId,
      finalWarehouseId: body.warehouse_id,
      userId: caller.user.id,
      comment: body.comment ?? '',
    });
    return { from: toBatch(from), to: toBatch(to) };
  });
}

import { and, eq } from 'drizzle-orm';
import type { ArrivalDocumentRequest, BatchCheck, MoveDocumentRequest, NewProduct, StockDocument, TransitList, WriteOffDocumentRequest } from '../../../src/contract/stockOperations';
import { requireStockMover } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { batches } from '../../db/schema';
import { inTransaction } from '../../http/transaction';
import { warehouseOf } from '../warehouses/service';
import { type DocumentAuthor, moveDocument, type ReceivedLine, receiveDocument, writeOffDocument } from './documents';
import { onePerLine, sameWarehouse } from './errors';
import { closeTransit, listTransit, sendDocument } from './transit';

/** The stock screen's document operations: the right and the warehouses checked first, then one transaction each. */

const authorOf = (caller: Caller): DocumentAuthor => ({ accountId: caller.account.id, userId: caller.user.id });

/** Creates a product named by an arrival line inside the arrival's transaction (the products module owns products). */
export type ProductMaker = (tx: Tx, product: NewProduct) => Promise<number>;

export async function receiveGoods(db: Db, caller: Caller, body: ArrivalDocumentRequest, makeProduct: ProductMaker): Promise<StockDocument> {
  requireStockMover(caller);
  for (const [index, line] of body.lines.entries()) if ((line.product_id === undefined) === (line.new_product === undefined)) throw onePerLine(index + 1);
  await warehouseOf(db, caller.account.id, body.warehouse_id);
  return inTransaction(db, async (tx) => {
    // New products first: they lock only the catalogue, and the arrival then locks every product of the document at once.
    const lines: ReceivedLine[] = [];
    for (const line of body.lines) {
      const productId = line.product_id ?? (await makeProduct(tx, line.new_product!));
      lines.push({ productId, count: line.count, ...(line.cost_price !== undefined && { costPrice: line.cost_price }), ...(line.batch !== undefined && { batch: line.batch }), addToExisting: Boolean(line.add_to_existing) });
    }
    return receiveDocument(tx, authorOf(caller), { warehouseId: body.warehouse_id, comment: body.comment ?? '', lines });
  });
}

export async function writeOffGoods(db: Db, caller: Caller, body: WriteOffDocumentRequest): Promise<StockDocument> {
  requireStockMover(caller);
  await warehouseOf(db, caller.account.id, body.warehouse_id);
  return inTransaction(db, (tx) => writeOffDocument(tx, authorOf(caller), { warehouseId: body.warehouse_id, comment: body.comment, lines: body.lines }));
}

export async function moveGoods(db: Db, caller: Caller, body: MoveDocumentRequest): Promise<StockDocument> {
  requireStockMover(caller);
  if (body.from_warehouse_id === body.to_warehouse_id) throw sameWarehouse();
  await warehouseOf(db, caller.account.id, body.from_warehouse_id);
  await warehouseOf(db, caller.account.id, body.to_warehouse_id);
  const move = { from: body.from_warehouse_id, to: body.to_warehouse_id, comment: body.comment ?? '', lines: body.lines };
  return inTransaction(db, (tx) => (body.mode === 'transit' ? sendDocument(tx, authorOf(caller), move) : moveDocument(tx, authorOf(caller), move)));
}

export async function endTransit(db: Db, caller: Caller, documentId: number, outcome: 'received' | 'cancelled'): Promise<StockDocument> {
  requireStockMover(caller);
  return inTransaction(db, (tx) => closeTransit(tx, authorOf(caller), documentId, outcome));
}

export const transitOf = (db: Db, caller: Caller): Promise<TransitList> => listTransit(db, caller.account.id);

/** 'Existing batch' asked as the user types: the batch of that number of the product in that warehouse, if any. */
export async function checkBatch(db: Db, caller: Caller, query: { product_id: number; warehouse_id: number; batch: string }): Promise<BatchCheck> {
  const number = query.batch.trim();
  // The batch without a number is everyone's default: an arrival always adds to it, so it is never flagged.
  if (!number) return { exists: false, batch_id: null, count: 0 };
  const [row] = await db
    .select({ id: batches.id, count: batches.count })
    .from(batches)
    .where(and(eq(batches.accountId, caller.account.id), eq(batches.productId, query.product_id), eq(batches.warehouseId, query.warehouse_id), eq(batches.number, number)));
  return row ? { exists: true, batch_id: row.id, count: Number(row.count) } : { exists: false, batch_id: null, count: 0 };
}

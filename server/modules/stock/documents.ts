import { and, eq, inArray } from 'drizzle-orm';
import type { BatchLine, StockDocument } from '../../../src/contract/stockOperations';
import type { Tx } from '../../db/client';
import { batches, type products, stockDocuments } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { refusal } from '../../http/refusal';
import { arrive, type BatchRow, putInto, takeOut } from './batches';
import { lineShortage, noSuchProduct, notInThatWarehouse, servicesHaveNoStock } from './errors';
import { type LedgerEntry, writeLedger } from './ledger';
import { lockProducts } from './locks';
import { moneyText, thousandthsOf } from './quantities';

/**
 * The stock screen's operations as documents (issue 13 §4): one stock_documents row with the date, user and
 * comment, and every line's ledger rows naming it. Each function runs inside the caller's transaction, so a line
 * that is refused rolls back the lines before it: all or nothing. Locks follow THE order of locks.ts: every product
 * of the document in ascending id first, then the batches.
 */

type ProductRow = typeof products.$inferSelect;
type DocumentRow = typeof stockDocuments.$inferSelect;

export interface DocumentAuthor {
  accountId: number;
  userId: number;
}

export type DocumentKind = StockDocument['kind'];

export function toDocument(row: DocumentRow, lines: number): StockDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    status: row.status as StockDocument['status'],
    from_warehouse_id: row.fromWarehouseId,
    to_warehouse_id: row.toWarehouseId,
    user_id: row.userId,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    lines,
  };
}

export async function openDocument(
  tx: Tx,
  author: DocumentAuthor,
  document: { kind: DocumentKind; status: 'done' | 'in_transit'; from: number | null; to: number | null; comment: string },
): Promise<DocumentRow> {
  const [row] = await tx
    .insert(stockDocuments)
    .values({ accountId: author.accountId, kind: document.kind, status: document.status, fromWarehouseId: document.from, toWarehouseId: document.to, userId: author.userId, comment: document.comment })
    .returning();
  return row;
}

/** Names the line (1-based) in a refusal that came from it, so the dialog can point at it. */
async function asLine<T>(line: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.extra.line === undefined) throw new HttpError(error.status, error.message, { ...error.extra, line }, error.retryAfter);
    throw error;
  }
}

/** An arrival line whose product is known (a new product was created by the caller in the same transaction). */
export interface ReceivedLine {
  productId: number;
  count: number;
  costPrice?: number;
  batch?: string;
  addToExisting?: boolean;
}

/** Goods arriving into one warehouse, one batch per line; an existing batch number is refused per line unless chosen. */
export async function receiveDocument(tx: Tx, author: DocumentAuthor, body: { warehouseId: number; comment: string; lines: readonly ReceivedLine[] }): Promise<StockDocument> {
  const locked = await lockProducts(
    tx,
    author.accountId,
    body.lines.map((line) => line.productId),
  );
  const document = await openDocument(tx, author, { kind: 'arrival', status: 'done', from: null, to: body.warehouseId, comment: body.comment });
  for (const [index, line] of body.lines.entries()) {
    await asLine(index + 1, async () => {
      const product = locked.get(line.productId);
      if (!product) throw noSuchProduct();
      if (product.type === 'service') throw servicesHaveNoStock();
      const number = line.batch?.trim() ?? '';
      await arrive(tx, {
        accountId: author.accountId,
        userId: author.userId,
        product,
        warehouseId: body.warehouseId,
        number,
        thousandths: thousandthsOf(line.count),
        ...(line.costPrice !== undefined && { costPrice: moneyText(line.costPrice) }),
        newBatchCost: moneyText(0),
        // The batch without a number is everyone's default: arrivals always add to it.
        addToExisting: !number || Boolean(line.addToExisting),
        comment: body.comment,
        documentId: document.id,
      });
    });
  }
  return toDocument(document, body.lines.length);
}

/** The batches named by the lines, each with its product, all locked in THE order; refused when one is unknown or elsewhere. */
async function lockLineBatches(tx: Tx, accountId: number, warehouseId: number, lines: readonly BatchLine[]): Promise<Map<number, { batch: BatchRow; product: ProductRow }>> {
  const ids = [...new Set(lines.map((line) => line.batch_id))];
  // A batch never changes its product, so its owner can be read before the product is locked.
  const owners = await tx.select({ id: batches.id, productId: batches.productId }).from(batches).where(and(eq(batches.accountId, accountId), inArray(batches.id, ids)));
  const ownerOf = new Map(owners.map((row) => [row.id, row.productId]));
  const locked = await lockProducts(
    tx,
    accountId,
    owners.map((row) => row.productId),
  );
  const rows = await tx.select().from(batches).where(and(eq(batches.accountId, accountId), inArray(batches.id, ids))).for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = new Map<number, { batch: BatchRow; product: ProductRow }>();
  for (const [index, line] of lines.entries()) {
    const batch = byId.get(line.batch_id);
    const product = locked.get(ownerOf.get(line.batch_id) ?? 0);
    if (!batch || !product) throw refusal(404, 'noSuchBatch', undefined, { line: index + 1 });
    if (batch.warehouseId !== warehouseId) throw notInThatWarehouse(index + 1);
    found.set(batch.id, { batch, product });
  }
  return found;
}

/**
 * Takes every line's count out of its batch (count − reserve must cover it; lines naming the same batch add up)
 * and answers what each took, for the caller's ledger rows. Refuses the first line that is short.
 */
async function takeLines(tx: Tx, accountId: number, warehouseId: number, lines: readonly BatchLine[]) {
  const locked = await lockLineBatches(tx, accountId, warehouseId, lines);
  const taken: { line: number; batch: BatchRow; product: ProductRow; thousandths: number }[] = [];
  for (const [index, line] of lines.entries()) {
    const entry = locked.get(line.batch_id)!;
    const thousandths = thousandthsOf(line.count);
    const available = thousandthsOf(entry.batch.count) - thousandthsOf(entry.batch.reserve);
    if (thousandths > available) lineShortage(index + 1, entry.product, entry.batch, available);
    const before = entry.batch;
    entry.batch = await takeOut(tx, entry.batch, thousandths);
    taken.push({ line: index + 1, batch: before, product: entry.product, thousandths });
  }
  return taken;
}

/** Write-off of batches of one warehouse, with the reason as the document's comment. */
export async function writeOffDocument(tx: Tx, author: DocumentAuthor, body: { warehouseId: number; comment: string; lines: readonly BatchLine[] }): Promise<StockDocument> {
  const taken = await takeLines(tx, author.accountId, body.warehouseId, body.lines);
  const document = await openDocument(tx, author, { kind: 'write_off', status: 'done', from: body.warehouseId, to: null, comment: body.comment });
  await writeTakenLines(tx, author, document.id, taken, { kind: 'write_off', from: body.warehouseId, to: null, comment: body.comment });
  return toDocument(document, body.lines.length);
}

/** An immediate move: each line leaves its batch and joins the batch of the same number and cost at the destination. */
export async function moveDocument(tx: Tx, author: DocumentAuthor, body: { from: number; to: number; comment: string; lines: readonly BatchLine[] }): Promise<StockDocument> {
  const taken = await takeLines(tx, author.accountId, body.from, body.lines);
  const document = await openDocument(tx, author, { kind: 'move', status: 'done', from: body.from, to: body.to, comment: body.comment });
  for (const { batch, thousandths } of taken) await putInto(tx, batch, body.to, thousandths);
  await writeTakenLines(tx, author, document.id, taken, { kind: 'move', from: body.from, to: body.to, comment: body.comment });
  return toDocument(document, body.lines.length);
}

/** The ledger rows of a document's taken lines: one per line, all naming the document, its warehouses and comment. */
async function writeTakenLines(
  tx: Tx,
  author: DocumentAuthor,
  documentId: number,
  taken: Awaited<ReturnType<typeof takeLines>>,
  row: Pick<LedgerEntry, 'kind' | 'from' | 'to' | 'comment'>,
): Promise<void> {
  await writeLedger(
    tx,
    taken.map(({ batch, product, thousandths }): LedgerEntry => ({ accountId: author.accountId, product, batch, thousandths, userId: author.userId, documentId, ...row })),
  );
}

export { takeLines, writeTakenLines };

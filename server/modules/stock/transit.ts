import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchLine, StockDocument, TransitList } from '../../../src/contract/stockOperations';
import type { Db, Tx } from '../../db/client';
import { batches, products, stockDocuments, transitLines } from '../../db/schema';
import { putInto } from './batches';
import { type DocumentAuthor, openDocument, takeLines, toDocument, writeTakenLines } from './documents';
import { notInTransit } from './errors';
import { type LedgerEntry, writeLedger } from './ledger';
import { lockProducts } from './locks';
import { quantityText, thousandthsOf } from './quantities';

/**
 * A move in two steps: sent — the goods leave their source batches and wait in transit_lines, counted in neither
 * warehouse's stock — then received at the destination, or cancelled back into the batches they came from.
 * Receiving and cancelling lock the document's row first (so the two cannot both happen), then its products and
 * batches in THE order of locks.ts.
 */

export async function sendDocument(tx: Tx, author: DocumentAuthor, body: { from: number; to: number; comment: string; lines: readonly BatchLine[] }): Promise<StockDocument> {
  const taken = await takeLines(tx, author.accountId, body.from, body.lines);
  const document = await openDocument(tx, author, { kind: 'move', status: 'in_transit', from: body.from, to: body.to, comment: body.comment });
  await tx
    .insert(transitLines)
    .values(taken.map(({ batch, product, thousandths }) => ({ accountId: author.accountId, documentId: document.id, productId: product.id, batchId: batch.id, quantity: quantityText(thousandths) })));
  await writeTakenLines(tx, author, document.id, taken, { kind: 'transit_sent', from: body.from, to: body.to, comment: body.comment });
  return toDocument(document, body.lines.length);
}

/** Ends a move in transit: 'received' puts its goods into the destination, 'cancelled' back into their source batches. */
export async function closeTransit(tx: Tx, author: DocumentAuthor, documentId: number, outcome: 'received' | 'cancelled'): Promise<StockDocument> {
  const [document] = await tx
    .select()
    .from(stockDocuments)
    .where(and(eq(stockDocuments.accountId, author.accountId), eq(stockDocuments.id, documentId), eq(stockDocuments.kind, 'move')))
    .for('update');
  if (document?.status !== 'in_transit') throw notInTransit();
  const lines = await tx.select().from(transitLines).where(eq(transitLines.documentId, document.id)).orderBy(asc(transitLines.id));
  const locked = await lockProducts(
    tx,
    author.accountId,
    lines.map((line) => line.productId),
  );
  const sources = await tx
    .select()
    .from(batches)
    .where(
      inArray(
        batches.id,
        lines.map((line) => line.batchId),
      ),
    )
    .for('update');
  const sourceOf = new Map(sources.map((row) => [row.id, row]));
  const warehouseId = outcome === 'received' ? document.toWarehouseId! : document.fromWarehouseId!;
  const entries: LedgerEntry[] = [];
  for (const line of lines) {
    const source = sourceOf.get(line.batchId)!;
    const thousandths = thousandthsOf(line.quantity);
    await putInto(tx, source, warehouseId, thousandths);
    entries.push({
      accountId: author.accountId,
      kind: outcome === 'received' ? 'transit_received' : 'transit_cancelled',
      product: locked.get(line.productId)!,
      batch: source,
      thousandths,
      from: document.fromWarehouseId,
      to: warehouseId,
      userId: author.userId,
      comment: document.comment,
      documentId: document.id,
    });
  }
  await writeLedger(tx, entries);
  await tx.delete(transitLines).where(eq(transitLines.documentId, document.id));
  const [closed] = await tx.update(stockDocuments).set({ status: outcome, closedAt: new Date() }).where(eq(stockDocuments.id, document.id)).returning();
  return toDocument(closed, lines.length);
}

/** The account's moves in transit, oldest first, each with its goods. */
export async function listTransit(db: Db, accountId: number): Promise<TransitList> {
  const rows = await db
    .select({ document: stockDocuments, line: transitLines, product: { name: products.name, article: products.article, unit: products.unit }, batch: batches.number })
    .from(stockDocuments)
    .innerJoin(transitLines, eq(transitLines.documentId, stockDocuments.id))
    .innerJoin(products, eq(products.id, transitLines.productId))
    .innerJoin(batches, eq(batches.id, transitLines.batchId))
    .where(and(eq(stockDocuments.accountId, accountId), eq(stockDocuments.status, 'in_transit')))
    .orderBy(asc(stockDocuments.id), asc(transitLines.id));
  const list: TransitList = [];
  for (const { document, line, product, batch } of rows) {
    let transit = list.at(-1);
    if (transit?.id !== document.id) {
      transit = { id: document.id, from_warehouse_id: document.fromWarehouseId!, to_warehouse_id: document.toWarehouseId!, comment: document.comment, created_at: document.createdAt.toISOString(), lines: [] };
      list.push(transit);
    }
    transit.lines.push({ product_id: line.productId, name: product.name, article: product.article, unit: product.unit, batch, count: Number(line.quantity) });
  }
  return list;
}

/** How much of each product is in transit (for the stock screen's rows): product id → count. */
export async function inTransitOf(db: Db, accountId: number, productIds: readonly number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: transitLines.productId, total: sql<string>`sum(${transitLines.quantity})` })
    .from(transitLines)
    .where(and(eq(transitLines.accountId, accountId), inArray(transitLines.productId, [...productIds])))
    .groupBy(transitLines.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.total)]));
}

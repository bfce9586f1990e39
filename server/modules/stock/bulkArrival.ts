import { inArray, sql } from 'drizzle-orm';
import type { StockDocument } from '../../../src/contract/stockOperations';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { batches } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { BatchRow } from './batches';
import { type DocumentAuthor, openDocument, type ReceivedLine, toDocument } from './documents';
import { noSuchProduct, servicesHaveNoStock } from './errors';
import { type LedgerEntry, writeLedger } from './ledger';
import { heldBatches } from './heldBatches';
import { lockProducts } from './locks';
import { moneyText, quantityText, thousandthsOf } from './quantities';

/**
 * An arrival document of thousands of lines (an import), inside the caller's transaction: the same rows as
 * receiveDocument with every line added to its batch, written in a few statements instead of three per line.
 * Locks follow THE order of locks.ts: the document's products in ascending id, then their batches in the warehouse.
 */

const STATEMENT_ROWS = 2500;

/** What a ledger row copies of its batch. */
type LedgerBatch = Pick<BatchRow, 'id' | 'number' | 'costPrice'>;

const refusedLine = (line: number, error: HttpError) => new HttpError(error.status, error.message, { ...error.extra, line });

/** `kind` 'import' marks the ledger rows as an import's (the movement report's 'import' kind); the goods arrive all the same. */
export async function receiveManyLines(tx: Tx, author: DocumentAuthor, body: { warehouseId: number; comment: string; lines: readonly ReceivedLine[]; kind?: 'arrival' | 'import' }): Promise<StockDocument> {
  const { accountId } = author;
  const locked = await lockProducts(
    tx,
    accountId,
    body.lines.map((line) => line.productId),
  );
  for (const [index, line] of body.lines.entries()) {
    const product = locked.get(line.productId);
    if (!product) throw refusedLine(index + 1, noSuchProduct());
    if (product.type === 'service') throw refusedLine(index + 1, servicesHaveNoStock());
  }
  const document = await openDocument(tx, author, { kind: 'arrival', status: 'done', from: null, to: body.warehouseId, comment: body.comment });

  const key = (productId: number, number: string) => `${productId}\u0000${number}`;
  const held = new Map<string, BatchRow>();
  for (const row of await heldBatches(tx, accountId, body.warehouseId, [...locked.keys()])) held.set(key(row.productId, row.number), row);

  // Lines of one batch add up; the last cost given is the batch's, as line after line would leave it.
  const sums = new Map<string, { productId: number; number: string; thousandths: number; costPrice?: string }>();
  for (const line of body.lines) {
    const number = line.batch?.trim() ?? '';
    const entry = sums.get(key(line.productId, number)) ?? { productId: line.productId, number, thousandths: 0 };
    entry.thousandths += thousandthsOf(line.count);
    if (line.costPrice !== undefined) entry.costPrice = moneyText(line.costPrice);
    sums.set(key(line.productId, number), entry);
  }
  const fresh = [...sums.entries()].filter(([batchKey]) => !held.has(batchKey)).map(([, entry]) => entry);
  const topped = [...sums.entries()].filter(([batchKey]) => held.has(batchKey)).map(([batchKey, entry]) => ({ id: held.get(batchKey)!.id, ...entry }));
  const after = new Map<string, LedgerBatch>();
  // New batches travel as one JSON parameter per statement: a multi-row insert of 6 parameters a row costs more to
  // build than the database takes to write it.
  for (let start = 0; start < fresh.length; start += STATEMENT_ROWS) {
    const data = JSON.stringify(fresh.slice(start, start + STATEMENT_ROWS).map((entry) => [entry.productId, entry.number, quantityText(entry.thousandths), entry.costPrice ?? moneyText(0)]));
    const rows = await rowsOf<{ id: number; product_id: number; number: string; cost_price: string | number }>(
      tx,
      sql`insert into ${batches} (account_id, product_id, warehouse_id, number, count, cost_price)
        select ${accountId}, (d.v ->> 0)::int, ${body.warehouseId}, d.v ->> 1, (d.v ->> 2)::numeric, (d.v ->> 3)::numeric
        from jsonb_array_elements(${data}::jsonb) as d(v)
        returning id, product_id, number, cost_price`,
    );
    for (const row of rows) after.set(key(Number(row.product_id), row.number), { id: Number(row.id), number: row.number, costPrice: String(row.cost_price) });
  }
  for (let start = 0; start < topped.length; start += STATEMENT_ROWS) {
    const data = JSON.stringify(topped.slice(start, start + STATEMENT_ROWS).map((entry) => ({ id: entry.id, add: quantityText(entry.thousandths), cost: entry.costPrice ?? null })));
    await tx.execute(sql`
      update ${batches} b set count = b.count + d.add, cost_price = coalesce(d.cost, b.cost_price)
      from jsonb_to_recordset(${data}::jsonb) as d(id int, add numeric, cost numeric)
      where b.id = d.id and b.account_id = ${accountId}`);
    const rows = await tx
      .select()
      .from(batches)
      .where(
        inArray(
          batches.id,
          topped.slice(start, start + STATEMENT_ROWS).map((entry) => entry.id),
        ),
      );
    for (const row of rows) after.set(key(row.productId, row.number), row);
  }

  const entries: LedgerEntry[] = body.lines.map((line) => ({
    accountId,
    kind: body.kind ?? 'arrival',
    product: locked.get(line.productId)!,
    batch: after.get(key(line.productId, line.batch?.trim() ?? ''))!,
    thousandths: thousandthsOf(line.count),
    from: null,
    to: body.warehouseId,
    userId: author.userId,
    comment: body.comment,
    documentId: document.id,
  }));
  for (let start = 0; start < entries.length; start += STATEMENT_ROWS) await writeLedger(tx, entries.slice(start, start + STATEMENT_ROWS));
  return toDocument(document, body.lines.length);
}

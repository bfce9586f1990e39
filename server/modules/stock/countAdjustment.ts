import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { batches } from '../../db/schema';
import type { BatchRow } from './batches';
import { receiveManyLines } from './bulkArrival';
import { type DocumentAuthor, openDocument } from './documents';
import { heldBatches } from './heldBatches';
import { type LedgerEntry, writeLedger } from './ledger';
import { lockProducts } from './locks';
import { quantityText, thousandthsOf } from './quantities';

/**
 * Stock set to absolute counts told by an outside system of record (1C's rests): per product of one warehouse, the
 * difference arrives as one arrival document (into the batch without a number) or leaves as one write-off document
 * (from the batch without a number first, then the oldest), so the ledger explains every change and the same counts
 * told twice change nothing the second time. Reserved goods are never written off: what a reservation holds stays,
 * and such a product is answered as `short`. Runs in the caller's transaction; locks follow THE order of locks.ts.
 */

const STATEMENT_ROWS = 2500;

export interface CountLine {
  productId: number;
  count: number;
}

export interface CountAdjustment {
  arrivalId: number | null;
  writeOffId: number | null;
  raised: number;
  lowered: number;
  unchanged: number;
  /** Products whose count could not come down to the one told: reservations hold the rest. */
  short: number[];
  /** Unknown products and services (which have no stock): left alone. */
  skipped: number[];
}

export async function adjustToCounts(tx: Tx, author: DocumentAuthor, body: { warehouseId: number; comment: string; lines: readonly CountLine[] }): Promise<CountAdjustment> {
  const { accountId } = author;
  const target = new Map<number, number>();
  for (const line of body.lines) target.set(line.productId, thousandthsOf(Math.max(0, line.count)));
  const locked = await lockProducts(tx, accountId, [...target.keys()]);
  const skipped = [...target.keys()].filter((id) => locked.get(id)?.type !== 'product');
  for (const id of skipped) target.delete(id);

  const held = new Map<number, BatchRow[]>();
  for (const row of await heldBatches(tx, accountId, body.warehouseId, [...target.keys()])) held.set(row.productId, [...(held.get(row.productId) ?? []), row]);

  const raise: { productId: number; count: number }[] = [];
  const takes: { batch: BatchRow; thousandths: number }[] = [];
  const short: number[] = [];
  let unchanged = 0;
  let lowered = 0;
  for (const [productId, wanted] of target) {
    const rows = held.get(productId) ?? [];
    const current = rows.reduce((sum, row) => sum + thousandthsOf(row.count), 0);
    if (wanted === current) {
      unchanged += 1;
    } else if (wanted > current) {
      raise.push({ productId, count: (wanted - current) / 1000 });
    } else {
      let excess = current - wanted;
      // The batch without a number first (where arrivals from outside land), then the oldest.
      const order = [...rows.filter((row) => row.number === ''), ...rows.filter((row) => row.number !== '')];
      for (const batch of order) {
        if (excess <= 0) break;
        const free = thousandthsOf(batch.count) - thousandthsOf(batch.reserve);
        const take = Math.min(free, excess);
        if (take > 0) takes.push({ batch, thousandths: take });
        excess -= Math.max(0, take);
      }
      if (excess > 0) short.push(productId);
      lowered += 1;
    }
  }

  let arrivalId: number | null = null;
  if (raise.length) arrivalId = (await receiveManyLines(tx, author, { warehouseId: body.warehouseId, comment: body.comment, lines: raise })).id;

  let writeOffId: number | null = null;
  if (takes.length) {
    const document = await openDocument(tx, author, { kind: 'write_off', status: 'done', from: body.warehouseId, to: null, comment: body.comment });
    writeOffId = document.id;
    for (let start = 0; start < takes.length; start += STATEMENT_ROWS) {
      const chunk = takes.slice(start, start + STATEMENT_ROWS);
      const data = JSON.stringify(chunk.map((take) => ({ id: take.batch.id, take: quantityText(take.thousandths) })));
      await tx.execute(sql`
        update ${batches} b set count = b.count - d.take
        from jsonb_to_recordset(${data}::jsonb) as d(id int, take numeric)
        where b.id = d.id and b.account_id = ${accountId}`);
      await writeLedger(
        tx,
        chunk.map(
          (take): LedgerEntry => ({
            accountId,
            kind: 'write_off',
            product: locked.get(take.batch.productId)!,
            batch: take.batch,
            thousandths: take.thousandths,
            from: body.warehouseId,
            to: null,
            userId: author.userId,
            comment: body.comment,
            documentId: document.id,
          }),
        ),
      );
    }
  }
  return { arrivalId, writeOffId, raised: raise.length, lowered, unchanged, short, skipped };
}

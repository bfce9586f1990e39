import type { Tx } from '../../db/client';
import { type batches, movements, type products } from '../../db/schema';
import type { MovementKind } from '../../../src/domain/movementKinds';
import { moneyText, quantityText } from './quantities';

/** What a movement did: one of the ledger's kinds, each explained (and labelled in the history tab) with the contract's list. */
export type { MovementKind } from '../../../src/domain/movementKinds';

/** One row of the stock ledger: a product's batch, how much, from and to which warehouse, by whom and why. */
export interface LedgerEntry {
  accountId: number;
  kind: MovementKind;
  product: Pick<typeof products.$inferSelect, 'id' | 'article' | 'name'>;
  batch: Pick<typeof batches.$inferSelect, 'id' | 'number' | 'costPrice'>;
  thousandths: number;
  from: number | null;
  to: number | null;
  /** null for a public customer's change: the ledger then names no user. */
  userId: number | null;
  comment: string;
  /** The facility a write-off delivered the goods to. */
  facilityId?: number | null;
  /** The stock document (stock_documents) the row belongs to. */
  documentId?: number;
}

/**
 * The one writer of the ledger (movements). Rows are written as given, in one statement; the product's article and
 * name and the batch number are copied, so the ledger still reads right after they are renamed or deleted, and the
 * sum is valued at the batch's cost at the moment of the movement.
 */
export async function writeLedger(tx: Tx, entries: readonly LedgerEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.insert(movements).values(
    entries.map((entry) => ({
      accountId: entry.accountId,
      eventType: entry.kind,
      productId: entry.product.id,
      batchId: entry.batch.id,
      articleNumber: entry.product.article,
      title: entry.product.name,
      party: entry.batch.number,
      quantity: quantityText(entry.thousandths),
      costPrice: entry.batch.costPrice,
      sum: moneyText((Number(entry.batch.costPrice) * entry.thousandths) / 1000),
      initialWarehouseId: entry.from,
      finalWarehouseId: entry.to,
      userId: entry.userId,
      comment: entry.comment,
      facilityId: entry.facilityId ?? null,
      documentId: entry.documentId ?? null,
    })),
  );
}

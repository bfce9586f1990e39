import { sql } from 'drizzle-orm';
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
  /** Why, in the user's words; for an order's row, the order's name (the readers say "Order N" in their language). */
  comment: string;
  /** The order whose position moved the goods. */
  orderId?: number | null;
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
  // One JSON parameter for all the rows: an import writes thousands in a statement, and 17 parameters a row cost more
  // to build than to write.
  const data = JSON.stringify(
    entries.map((entry) => [
      entry.accountId,
      entry.kind,
      entry.product.id,
      entry.batch.id,
      entry.product.article,
      entry.product.name,
      entry.batch.number,
      quantityText(entry.thousandths),
      entry.batch.costPrice,
      moneyText((Number(entry.batch.costPrice) * entry.thousandths) / 1000),
      entry.from,
      entry.to,
      entry.userId,
      entry.comment,
      entry.facilityId ?? null,
      entry.documentId ?? null,
      entry.orderId ?? null,
    ]),
  );
  await tx.execute(sql`insert into ${movements} (account_id, event_type, product_id, batch_id, article_number, title, party, quantity, cost_price, sum,
      initial_warehouse_id, final_warehouse_id, user_id, comment, facility_id, document_id, order_id)
    select (d.v ->> 0)::int, d.v ->> 1, (d.v ->> 2)::int, (d.v ->> 3)::int, d.v ->> 4, d.v ->> 5, d.v ->> 6, (d.v ->> 7)::numeric, (d.v ->> 8)::numeric,
      (d.v ->> 9)::numeric, (d.v ->> 10)::int, (d.v ->> 11)::int, (d.v ->> 12)::int, d.v ->> 13, (d.v ->> 14)::int, (d.v ->> 15)::int, (d.v ->> 16)::int
    from jsonb_array_elements(${data}::jsonb) with ordinality as d(v, n) order by d.n`);
}

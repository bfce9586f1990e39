import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { productShortage } from './errors';
import { quantityText, thousandthsOf } from './quantities';

/** What of a holding position (holdings.ts Holder) the reservation reads. */
interface Reserving {
  accountId: number;
  userId: number | null;
  position: { id: number; warehouseId: number | null };
  product: { id: number; name: string; article: string };
  order: { id: number; name: string };
}

/**
 * A reservation of `thousandths` for one position as ONE statement (issue 20 §3: add to deal under load paid a round
 * trip for every batch, holding and ledger row, and two more to restate the position): the free batches of the
 * product in the position's warehouse are locked oldest first (FIFO), what is taken from each is worked out with a
 * running sum, and the batches, the holdings, the ledger and the position's held sums and cost are written together —
 * or nothing at all when they have not that much free, and the caller is refused whole, as before.
 *
 * The statement is the database function stock_reserve_at_once (migration add_to_deal_at_once), so the one add of a
 * CRM deal that runs without a transaction (addToDeal.ts) reserves by the very same rule.
 *
 * The rules of holdings.ts hold unchanged: the caller holds the order's row and the product (locks.ts), so the
 * batches are locked here after them and no other writer can change them meanwhile; the statement starts after the
 * product's lock was granted, so it sees every batch committed before. The position's sums are restated from its
 * holdings as they were plus what is taken (a statement does not see its own writes), which is what settle() reads
 * back after the loop of take(). A ledger row's sum is valued in SQL (numeric rounding of cost × quantity).
 */
export async function reserveAtOnce(tx: Tx, holder: Reserving, thousandths: number): Promise<void> {
  const { position, product } = holder;
  const result = await tx.execute(sql`select r.available::text as free, r.positions from stock_reserve_at_once(${holder.accountId}::int,
    ${holder.userId}::int, ${position.id}::int, ${position.warehouseId}::int, ${product.id}::int, ${product.article}, ${product.name},
    ${holder.order.name}, ${holder.order.id}::int, ${quantityText(thousandths)}::numeric) r`);
  const [row] = (result as unknown as { rows: { free: string; positions: number }[] }).rows;
  if (row.positions !== 1) productShortage(product, thousandthsOf(row.free));
}

import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { batches } from '../../db/schema';
import type { BatchRow } from './batches';

/**
 * The batches of many products in one warehouse, locked FOR UPDATE (rule 3 of locks.ts: the caller holds the products
 * already, so the order of these locks does not matter), answered in id order. The ids travel as one array parameter,
 * not as an IN list of thousands of parameters (a generic plan compared every batch of the warehouse with the whole
 * list); with statistics the array is a condition of the batches' (account, product, warehouse) index, one probe per
 * product. Without them — an import's batches, new in its own open transaction — every form of this statement was
 * planned as a read of all the warehouse's batches per call (~10 s each at 100,000), so the import takes statistics
 * as it goes (server/db/tableStatistics.ts).
 */

const STATEMENT_ROWS = 2500;

export async function heldBatches(tx: Tx, accountId: number, warehouseId: number, productIds: readonly number[]): Promise<BatchRow[]> {
  const rows: BatchRow[] = [];
  for (let start = 0; start < productIds.length; start += STATEMENT_ROWS) {
    const ids = `{${productIds.slice(start, start + STATEMENT_ROWS).join(',')}}`;
    rows.push(
      ...(await tx
        .select()
        .from(batches)
        .where(and(eq(batches.accountId, accountId), eq(batches.warehouseId, warehouseId), sql`${batches.productId} = any(${ids}::integer[])`))
        .for('update')),
    );
  }
  return rows.sort((a, b) => a.id - b.id);
}

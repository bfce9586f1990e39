import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { rowsOf } from './rows';

/**
 * Statistics taken on the way by the imports (the 1C exchange, the xlsx import task). An import grows its tables from
 * nothing to 100,000 rows within minutes, while autovacuum's ANALYZE comes when it comes (a minute's nap, only once a
 * fifth of the table has changed, and never for rows of a transaction still open, as an xlsx import's are): until
 * then the planner plans for the sizes it last saw, and the import's statements and the stock triggers they fire
 * were planned for empty tables — one of them scanned every batch of the warehouse for each 2,500 products.
 */
const FILLED = ['products', 'catalog_links', 'batches', 'stock_sums', 'movements', 'product_search'];

/** Below this many pages (8 KB each) a table is read whole in no time whatever its plan. */
const SMALL_PAGES = 16;

/**
 * ANALYZE of each filled table now more than twice the size its statistics were taken at, after an import's step: at
 * most a handful of times over a first import (the size doubles each time), never for a repeated file. Inside a
 * transaction ANALYZE samples its own rows too. Answers the tables analysed.
 */
export async function refreshStatistics(db: Db | Tx): Promise<string[]> {
  const grown = (
    await rowsOf<{ name: string }>(
      db,
      sql`select t.name from jsonb_array_elements_text(${JSON.stringify(FILLED)}::jsonb) as t(name)
      join pg_class c on c.oid = to_regclass(t.name)
      where pg_relation_size(c.oid) > 2 * greatest(c.relpages, ${SMALL_PAGES}) * current_setting('block_size')::bigint`,
    )
  ).map((row) => row.name);
  for (const name of grown) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return grown;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * The tables one import step fills. An account's first exchange grows them from nothing to 100,000 rows within
 * minutes, while autovacuum's ANALYZE comes when it comes (a minute's nap, and only once a fifth of the table has
 * changed): until then the planner plans for the sizes it last saw, and the steps' statements and the stock triggers
 * they fire were planned for empty tables.
 */
const FILLED = ['products', 'catalog_links', 'batches', 'stock_sums', 'movements', 'product_search'];

/** Below this many pages (8 KB each) a table is read whole in no time whatever its plan. */
const SMALL_PAGES = 16;

/**
 * ANALYZE of each filled table now more than twice the size its statistics were taken at, after a committed step:
 * at most a handful of times over a first exchange (the size doubles each time), never for a repeated file.
 * Answers the tables analysed.
 */
export async function refreshStatistics(db: Db): Promise<string[]> {
  const grown = (
    (await db.execute(sql`
      select t.name from jsonb_array_elements_text(${JSON.stringify(FILLED)}::jsonb) as t(name)
      join pg_class c on c.oid = to_regclass(t.name)
      where pg_relation_size(c.oid) > 2 * greatest(c.relpages, ${SMALL_PAGES}) * current_setting('block_size')::bigint`)) as unknown as { rows: { name: string }[] }
  ).rows.map((row) => row.name);
  for (const name of grown) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return grown;
}

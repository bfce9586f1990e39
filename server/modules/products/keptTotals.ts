import { sql } from 'drizzle-orm';
import type { StockListFilter, StockTotals, WarehouseChoice } from '../../../src/contract/stockList';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { refusal } from '../../http/refusal';
import { EVERY_WAREHOUSE, sumsLevel } from '../stock/api';

/**
 * The totals row of the whole stock table (no filter) from the kept totals (stock_totals: per account, level and
 * slot, kept by the stock triggers; server/db/schema.ts says how), in one statement: the warehouse choice, the base
 * price type, the product count (product_counts) and the level's few slot rows. Summing every product's sums row
 * instead cost ~120 ms of CPU at 100,000 products, on every visit of the stock screen.
 */

/** Whether the filter leaves every product: only then are the kept totals the answer. */
export function wholeTable(filter: StockListFilter | undefined): boolean {
  if (!filter) return true;
  // A price type named without a range filters nothing, nor does an empty list of tags (as for the search, stockSearch.ts).
  const { price_field: _priceField, tags, ...others } = filter;
  return !tags?.length && Object.values(others).every((value) => value === undefined);
}

/** The level of the kept rows for a warehouse choice (a warehouse id is checked to be the account's), as SQL. */
function levelOf(accountId: number, warehouse: WarehouseChoice): ReturnType<typeof sql> {
  if (warehouse === 'all') return sql`${EVERY_WAREHOUSE}::integer`;
  if (warehouse === 'main') return sql`coalesce((select id from warehouses where account_id = ${accountId} and is_main), ${sumsLevel(0)})`;
  return sql`(select id from warehouses where account_id = ${accountId} and id = ${warehouse})`;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
/** A totals row's figures as the list shows them: quantities to thousandths, money to hundredths. */
export const quantity = (value: unknown): number => Math.round(num(value) * 1000) / 1000;
export const money = (value: unknown): number => Math.round(num(value) * 100) / 100;

export async function keptStockTotals(db: Db, accountId: number, warehouse: WarehouseChoice): Promise<StockTotals> {
  const result = await db.execute(sql`
    with level as (select ${levelOf(accountId, warehouse)} as w),
    base as (select code from fields where account_id = ${accountId} and entity = 'product' and type = ${FieldType.price} order by sort, id limit 1)
    select level.w, (select coalesce(sum(n), 0) from product_counts where account_id = ${accountId} and archived = false) as n,
      sum(t.count) as cnt, sum(t.reserve) as res, sum(t.cost_value) as cost_value, sum((t.sale_values ->> (select code from base))::numeric) as sale_value
    from level left join stock_totals t on t.account_id = ${accountId} and t.warehouse_id = level.w
    group by level.w`);
  const [row] = (result as unknown as { rows: Record<'w' | 'n' | 'cnt' | 'res' | 'cost_value' | 'sale_value', string | number | null>[] }).rows;
  if (row.w === null) throw refusal(404, 'noSuchWarehouse');
  const count = quantity(row.cnt);
  const reserve = quantity(row.res);
  return { count, reserve, available: quantity(count - reserve), cost_value: money(row.cost_value), sale_value: money(row.sale_value), products: Number(row.n) };
}

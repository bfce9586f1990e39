import { type SQL, sql } from 'drizzle-orm';
import { SALES_SORT, type AnalyticsFilter, type SalesProductRequest, type SalesRequest, type SalesRow, type SalesTotal } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { checkFilter, countedStages, orderConditions, quantityHaving, SALES_FIGURES, salesBase } from './filters';
import { num, pageOf } from './paging';
import { productGroupsOfPeriod, salesTotalOfPeriod } from './periodRollups';
import { customerRollupServes, productRollupServes } from './rollups';

/** The sales report (analytics/sales, sales/products, sales/total): what sold, per product, summed in SQL. */

const salesRow = (row: Record<string, unknown>): SalesRow => ({
  product_id: num(row.product_id),
  name: String(row.name ?? ''),
  count: num(row.count),
  sum: num(row.sum),
  cost_sum: num(row.cost_sum),
  prib: num(row.prib),
  leads: num(row.leads),
  poz: num(row.poz),
});

/** The per-product groups of the sold positions (`extra` narrows the base, e.g. to one customer). */
export function salesGroups(accountId: number, filter: AnalyticsFilter, extra?: SQL) {
  if (!extra && productRollupServes(filter)) return productGroupsOfPeriod(accountId, filter);
  return sql`select p.product_id, coalesce(pr.name, '') as name, ${SALES_FIGURES}
    from orders o join order_positions p on p.order_id = o.id and p.account_id = o.account_id
    left join products pr on pr.id = p.product_id
    where ${orderConditions(accountId, filter)} ${extra ?? sql``}
    group by p.product_id, pr.name ${quantityHaving(filter, sql`sum(p.quantity)`)}`;
}

export async function salesReport(db: Db, accountId: number, body: SalesRequest) {
  const filter = body.filter ?? {};
  await checkFilter(db, accountId, filter);
  const { rows, paging } = await pageOf<Record<string, unknown>>(db, salesGroups(accountId, filter), body, SALES_SORT, { field: 'sum', order: 'desc', tieBreak: 'product_id' });
  return { data: rows.map(salesRow), ...paging, stages: await countedStages(db, accountId, filter) };
}

/**
 * The totals of the sold positions. Orders are counted once however many products they hold; with a quantity range
 * only the groups within it count, as in the table.
 */
export async function salesTotalOf(db: Db, groups: SQL | null, base: SQL, groupKey: SQL): Promise<SalesTotal> {
  const within = groups ? sql`and ${groupKey} in (select key from (${groups}) g(key))` : sql``;
  const [row] = (await rowsOf<Record<string, unknown>>(db, sql`select ${SALES_FIGURES} from ${base} ${within}`));
  return totalRow(row);
}

export const totalRow = (row: Record<string, unknown>): SalesTotal => ({ count: num(row.count), sum: num(row.sum), cost_sum: num(row.cost_sum), prib: num(row.prib), leads: num(row.leads), poz: num(row.poz) });

export async function salesTotal(db: Db, accountId: number, filter: AnalyticsFilter) {
  await checkFilter(db, accountId, filter);
  // Without product groups to choose from, the total is every counted order's, which the customer rollup sums too.
  if (!filter.quantity && customerRollupServes(filter)) {
    const [row] = await rowsOf<Record<string, unknown>>(db, salesTotalOfPeriod(accountId, filter));
    return { total: totalRow(row), stages: await countedStages(db, accountId, filter) };
  }
  const keys = filter.quantity ? sql`select p.product_id from ${salesBase(accountId, filter)} group by p.product_id ${quantityHaving(filter, sql`sum(p.quantity)`)}` : null;
  return { total: await salesTotalOf(db, keys, salesBase(accountId, filter), sql`p.product_id`), stages: await countedStages(db, accountId, filter) };
}

/** sales/products: the orders one product sold in, newest first — the drill-down of a sales row. */
export async function salesOfProduct(db: Db, accountId: number, body: SalesProductRequest) {
  const filter = { ...(body.filter ?? {}), product_ids: [body.product_id] };
  await checkFilter(db, accountId, filter);
  const grouped = sql`select o.id as order_id, o.name, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at, ${SALES_FIGURES}
    from orders o join order_positions p on p.order_id = o.id and p.account_id = o.account_id where ${orderConditions(accountId, filter)}
    group by o.id, o.name, o.created_at`;
  const { rows, paging } = await pageOf<Record<string, unknown>>(db, grouped, { page: body.page, per_page: body.per_page }, [], { field: 'created_at', order: 'desc', tieBreak: 'order_id' });
  return {
    data: rows.map((row) => ({ order_id: num(row.order_id), name: String(row.name), created_at: String(row.created_at), count: num(row.count), sum: num(row.sum), cost_sum: num(row.cost_sum), prib: num(row.prib), poz: num(row.poz) })),
    ...paging,
    stages: await countedStages(db, accountId, filter),
  };
}

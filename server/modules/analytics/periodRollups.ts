import { type SQL, sql } from 'drizzle-orm';
import type { AnalyticsFilter, CustomerGrouping } from '../../../src/contract/analytics';
import { inIds, periodBounds } from './filters';
import { signedSpans } from './spans';

/**
 * A period's sales summed from the rollups' day, month and year rows, each added or taken away (spans.ts), for the
 * reports that sum the whole period per key: sales per product, customers, responsible, the totals and the chart's
 * top lines. Only the counted stages' rows are read (index analytics_sales_*_counted), and names are joined after
 * the figures are summed, once per group. A cell emptied by deletes holds zeros, so a group exists when its
 * positions add up to more than zero — as one exists in the raw rows when it has a position.
 */

type SalesRollup = 'analytics_sales_products' | 'analytics_sales_customers';

const has = (ids: readonly number[] | undefined): ids is number[] => Array.isArray(ids) && ids.length > 0;
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The counted stages, as an index condition on status_id: chosen ones, or the success stages and 0 (CRM deals in none). */
function countedStatus(accountId: number, filter: AnalyticsFilter): SQL {
  if (has(filter.stage_ids)) return inIds(sql`r.status_id`, filter.stage_ids);
  return sql`r.status_id = any(array(select id from pipeline_statuses where account_id = ${accountId} and type = 1 union all select 0)) and (r.status_id <> 0 or r.crm_status = 2)`;
}

function keyConditions(filter: AnalyticsFilter): SQL {
  const parts: SQL[] = [];
  if (has(filter.responsible_ids)) parts.push(inIds(sql`r.user_id`, filter.responsible_ids));
  if (has(filter.pipeline_ids)) parts.push(inIds(sql`r.pipeline_id`, filter.pipeline_ids));
  if (has(filter.company_ids)) parts.push(inIds(sql`r.company_id`, filter.company_ids));
  if (has(filter.contact_ids)) parts.push(inIds(sql`r.contact_id`, filter.contact_ids));
  if (has(filter.product_ids)) parts.push(inIds(sql`r.product_id`, filter.product_ids));
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The rollup rows of the period that the filter counts, as a FROM item `r` with r.sign (1 or -1); no period: every year row. */
export function signedRows(table: SalesRollup, accountId: number, filter: AnalyticsFilter): SQL {
  const base = sql`from ${sql.identifier(table)} r where r.account_id = ${accountId} and ${countedStatus(accountId, filter)}${keyConditions(filter)}`;
  if (!filter.period) return sql`(select 1 as sign, r.* ${base} and r.span = 'year') r`;
  const { start, end } = periodBounds(filter.period);
  const parts = signedSpans(start, end).map(
    (part) => sql`select ${sql.raw(String(part.sign))} as sign, r.* ${base} and r.span = ${part.span} and r.start >= ${iso(part.from)}::date and r.start < ${iso(part.to)}::date`,
  );
  return sql`(${sql.join(parts, sql` union all `)}) r`;
}

/** The sales figures of a group of signed rows, named as SALES_FIGURES names those of raw positions. */
export const SIGNED_FIGURES = sql`sum(r.sign * r.quantity) as count, sum(r.sign * r.sum) as sum, sum(r.sign * r.cost_sum) as cost_sum,
  sum(r.sign * r.sum) - sum(r.sign * r.cost_sum) as prib, sum(r.sign * r.orders)::int as leads, sum(r.sign * r.positions)::int as poz`;

/** A group with positions in the period, within the filter's quantity range (on `quantity`, the group's summed quantity). */
function groupHaving(filter: AnalyticsFilter, positions: SQL, quantity: SQL): SQL {
  const { min, max } = filter.quantity ?? {};
  const parts: SQL[] = [sql`${positions} > 0`];
  if (min !== undefined) parts.push(sql`${quantity} >= ${min}`);
  if (max !== undefined) parts.push(sql`${quantity} <= ${max}`);
  return sql`having ${sql.join(parts, sql` and `)}`;
}
const signedHaving = (filter: AnalyticsFilter) => groupHaving(filter, sql`sum(r.sign * r.positions)`, sql`sum(r.sign * r.quantity)`);

/** salesGroups from the product rollup: the same columns. */
export function productGroupsOfPeriod(accountId: number, filter: AnalyticsFilter): SQL {
  return sql`select g.*, coalesce(pr.name, '') as name
    from (select r.product_id, ${SIGNED_FIGURES} from ${signedRows('analytics_sales_products', accountId, filter)} group by r.product_id ${signedHaving(filter)}) g
    left join products pr on pr.id = g.product_id`;
}

/** The totals of every counted order (no groups to choose from), from the customer rollup. */
export const salesTotalOfPeriod = (accountId: number, filter: AnalyticsFilter): SQL =>
  sql`select ${SIGNED_FIGURES} from ${signedRows('analytics_sales_customers', accountId, filter)}`;

/**
 * customerGroups from the customer rollup: the same columns, no customer stored as 0 read back as null. Summed per
 * company, contact and responsible first, so the names are joined to those few rows and not to every span's.
 */
export function customerGroupsOfPeriod(accountId: number, filter: AnalyticsFilter, grouping: CustomerGrouping): SQL {
  const triples = sql`(select r.company_id, r.contact_id, r.user_id, sum(r.sign * r.quantity) as count, sum(r.sign * r.sum) as sum, sum(r.sign * r.cost_sum) as cost_sum,
      sum(r.sign * r.orders) as leads, sum(r.sign * r.positions) as poz
    from ${signedRows('analytics_sales_customers', accountId, filter)} group by 1, 2, 3 having sum(r.sign * r.positions) > 0) t
    left join companies c on c.id = t.company_id left join contacts ct on ct.id = t.contact_id left join users u on u.id = t.user_id`;
  const figures = sql`string_agg(distinct u.name, ', ' order by u.name) as otv, sum(t.count) as count, sum(t.sum) as sum, sum(t.cost_sum) as cost_sum,
    sum(t.sum) - sum(t.cost_sum) as prib, sum(t.leads)::int as leads, sum(t.poz)::int as poz`;
  const having = groupHaving(filter, sql`sum(t.poz)`, sql`sum(t.count)`);
  return grouping === 'company'
    ? sql`select nullif(t.company_id, 0) as company_id, c.name as company, null::int as contact_id, string_agg(distinct ct.name, ', ' order by ct.name) as contact, ${figures}
          from ${triples} group by t.company_id, c.name ${having}`
    : sql`select string_agg(distinct c.name, ', ' order by c.name) as company, null::int as company_id, nullif(t.contact_id, 0) as contact_id, ct.name as contact, ${figures}
          from ${triples} group by t.contact_id, ct.name ${having}`;
}

/** customers/responsible from the customer rollup. */
export function responsibleGroupsOfPeriod(accountId: number, filter: AnalyticsFilter): SQL {
  return sql`select nullif(g.user_id, 0) as user_id, u.name, g.user_id as key, g.count, g.sum, g.cost_sum, g.prib, g.leads, g.poz
    from (select r.user_id, ${SIGNED_FIGURES} from ${signedRows('analytics_sales_customers', accountId, filter)} group by r.user_id ${signedHaving(filter)}) g
    left join users u on u.id = g.user_id`;
}

/** The chart's `limit` biggest lines by sum over the period (key: a product, or a company with 0 for none), ranked from 1. */
export function topLinesOfPeriod(accountId: number, filter: AnalyticsFilter, clients: boolean, limit: number): SQL {
  const key = clients ? sql`r.company_id` : sql`r.product_id`;
  const rows = signedRows(clients ? 'analytics_sales_customers' : 'analytics_sales_products', accountId, filter);
  return sql`select key, row_number() over (order by sum desc, key) as rank
    from (select ${key} as key, sum(r.sign * r.sum) as sum from ${rows} group by 1 having sum(r.sign * r.positions) > 0) k
    order by sum desc, key limit ${limit}`;
}

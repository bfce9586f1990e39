import { type SQL, sql } from 'drizzle-orm';
import type { AnalyticsFilter, AnalyticsPeriod } from '../../../src/contract/analytics';
import { inIds, periodBounds } from './filters';

/**
 * Reading the rollups the triggers of migrations 'analytics_rollups' and 'analytics_year_spans' keep
 * (server/db/schema.ts) per chart bucket: a period's whole months come from 'month' rows, its partial edge months from
 * 'day' rows (the whole-period sums read year rows too: periodRollups.ts). Periods are whole UTC days, so no raw rows
 * are needed at the edges. A filter the rollup has no key for (a product
 * for the customer rollup, a company or contact for the product rollup, a batch or row quantity for the ledger) makes
 * the caller read the raw rows instead; every answer is the same either way (test/server/analytics/rollups.test.ts).
 */

const iso = (date: Date) => date.toISOString().slice(0, 10);
const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const nextMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));

/** Which rollup rows cover the period exactly: whole months by month, the rest by day ('day' only: every day). */
export function spansOf(period: AnalyticsPeriod | undefined, days = false): SQL {
  if (!period) return days ? sql`r.span = 'day'` : sql`r.span = 'month'`;
  const { start, end } = periodBounds(period);
  const inDays = (from: Date, to: Date) => sql`(r.start >= ${iso(from)}::date and r.start < ${iso(to)}::date)`;
  const firstWhole = start.getTime() === monthStart(start).getTime() ? start : nextMonth(start);
  const afterWhole = monthStart(end);
  if (days || firstWhole >= afterWhole) return sql`r.span = 'day' and ${inDays(start, end)}`;
  const edges = [start < firstWhole ? inDays(start, firstWhole) : null, afterWhole < end ? inDays(afterWhole, end) : null].filter((part): part is SQL => part !== null);
  const dayPart = edges.length ? sql` or (r.span = 'day' and (${sql.join(edges, sql` or `)}))` : sql``;
  return sql`((r.span = 'month' and ${inDays(firstWhole, afterWhole)})${dayPart})`;
}

/** The ledger rollup's days of the period. */
export function daysOf(period: AnalyticsPeriod | undefined): SQL {
  if (!period) return sql`true`;
  const { start, end } = periodBounds(period);
  return sql`r.day >= ${iso(start)}::date and r.day < ${iso(end)}::date`;
}

/**
 * Whether reports read the rollups (always, in the app): the rollup tests turn it off to get the same answers from
 * the raw rows and compare.
 */
export const rollupReads = { on: true };

const has = (ids: readonly number[] | undefined): ids is number[] => Array.isArray(ids) && ids.length > 0;

/** The counted stages on a rollup row: as countedStagesSql, with no stage stored as 0 and no CRM status as -1. */
function rollupStages(accountId: number, filter: AnalyticsFilter): SQL {
  if (has(filter.stage_ids)) return inIds(sql`r.status_id`, filter.stage_ids);
  return sql`(r.status_id in (select id from pipeline_statuses where account_id = ${accountId} and type = 1) or (r.status_id = 0 and r.crm_status = 2))`;
}

function salesRollupConditions(accountId: number, filter: AnalyticsFilter, days: boolean): SQL {
  const parts: SQL[] = [sql`r.account_id = ${accountId}`, spansOf(filter.period, days), rollupStages(accountId, filter)];
  if (has(filter.responsible_ids)) parts.push(inIds(sql`r.user_id`, filter.responsible_ids));
  if (has(filter.pipeline_ids)) parts.push(inIds(sql`r.pipeline_id`, filter.pipeline_ids));
  if (has(filter.company_ids)) parts.push(inIds(sql`r.company_id`, filter.company_ids));
  if (has(filter.contact_ids)) parts.push(inIds(sql`r.contact_id`, filter.contact_ids));
  if (has(filter.product_ids)) parts.push(inIds(sql`r.product_id`, filter.product_ids));
  return sql.join(parts, sql` and `);
}

/** The product rollup has no customer key; the customer rollup no product key. */
export const productRollupServes = (filter: AnalyticsFilter) => rollupReads.on && !has(filter.company_ids) && !has(filter.contact_ids);
export const customerRollupServes = (filter: AnalyticsFilter) => rollupReads.on && !has(filter.product_ids);

/**
 * The product rollup rows the filter counts (alias r); `days` asks for day rows only (a chart by days). Rows of
 * emptied cells and slots below zero are among them: a caller keeps the groups whose sum(r.positions) is above zero.
 */
export const productRollup = (accountId: number, filter: AnalyticsFilter, days = false) =>
  sql`analytics_sales_products r where ${salesRollupConditions(accountId, filter, days)}`;

/** The customer rollup rows the filter counts (alias r). */
export const customerRollup = (accountId: number, filter: AnalyticsFilter, days = false) =>
  sql`analytics_sales_customers r where ${salesRollupConditions(accountId, filter, days)}`;

/** The ledger rollup serves the movement total unless the filter names a product, a batch or a row quantity. */
export const movementRollupServes = (filter: AnalyticsFilter) => rollupReads.on && !has(filter.product_ids) && !filter.product_batch?.trim() && !filter.quantity;

/** The movement total (rows, quantity, sum) from the ledger rollup. */
export function movementTotalFromRollup(accountId: number, filter: AnalyticsFilter): SQL {
  const parts: SQL[] = [sql`r.account_id = ${accountId}`, daysOf(filter.period)];
  if (filter.event_types?.length)
    parts.push(
      sql`r.event_type in (${sql.join(
        filter.event_types.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    );
  if (has(filter.user_ids)) parts.push(inIds(sql`r.user_id`, filter.user_ids));
  if (has(filter.initial_warehouse_ids)) parts.push(inIds(sql`r.initial_warehouse_id`, filter.initial_warehouse_ids));
  if (has(filter.final_warehouse_ids)) parts.push(inIds(sql`r.final_warehouse_id`, filter.final_warehouse_ids));
  return sql`select coalesce(sum(r.rows), 0)::int as rows, coalesce(sum(r.quantity), 0) as quantity, coalesce(sum(r.sum), 0) as sum
    from analytics_movement_days r where ${sql.join(parts, sql` and `)}`;
}

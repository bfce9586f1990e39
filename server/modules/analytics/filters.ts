import { type SQL, sql } from 'drizzle-orm';
import type { AnalyticsFilter, AnalyticsPeriod, CountedStages } from '../../../src/contract/analytics';
import { MOVEMENT_KINDS } from '../../../src/domain/movementKinds';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { badRequest } from '../../http/errors';

/**
 * The filters of every report as SQL conditions, checked first: a period must be a real, forward span of days within
 * 2000–2100, and every id must be one of the account's own — otherwise a 400 that names what is wrong, never a 5xx
 * and never an empty report that looks like 'no sales'.
 */

export const PERIOD_INVERTED = 'The period ends before it starts';
export const PERIOD_ABSURD = 'The period must be real days between 2000-01-01 and 2100-12-31';
export const unknownIds = (field: string, ids: readonly number[]) => `Unknown ${field}: ${ids.join(', ')}`;

const DAY_MS = 86_400_000;

/** A day 'YYYY-MM-DD' as its UTC midnight, or null when it is no real day of 2000–2100 (2024-02-30 is not). */
function dayOf(text: string): Date | null {
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return null;
  const year = date.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? date : null;
}

/** The period as [start, end): the end is the midnight after its last day. */
export function periodBounds(period: AnalyticsPeriod): { start: Date; end: Date } {
  const start = dayOf(period.from);
  const last = dayOf(period.to);
  if (!start || !last) throw badRequest(PERIOD_ABSURD, { fields: { period: PERIOD_ABSURD } });
  if (last < start) throw badRequest(PERIOD_INVERTED, { fields: { period: PERIOD_INVERTED } });
  return { start, end: new Date(last.getTime() + DAY_MS) };
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
/** `column in (ids)`, for a non-empty list. */
export const inIds = (column: SQL, ids: readonly number[]): SQL => sql`${column} in (${list(ids)})`;

const hasIds = (ids: readonly number[] | undefined): ids is number[] => Array.isArray(ids) && ids.length > 0;

/** Which account table each id filter names, and how its rows are found. */
const ID_TABLES: Record<string, (accountId: number, ids: number[]) => SQL> = {
  product_ids: (accountId, ids) => sql`select id from products where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
  pipeline_ids: (accountId, ids) => sql`select id from pipelines where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
  stage_ids: (accountId, ids) => sql`select id from pipeline_statuses where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
  company_ids: (accountId, ids) => sql`select id from companies where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
  contact_ids: (accountId, ids) => sql`select id from contacts where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
  responsible_ids: (accountId, ids) => sql`select user_id as id from memberships where account_id = ${accountId} and ${inIds(sql`user_id`, ids)}`,
  user_ids: (accountId, ids) => sql`select user_id as id from memberships where account_id = ${accountId} and ${inIds(sql`user_id`, ids)}`,
  initial_warehouse_ids: (accountId, ids) => sql`select id from warehouses where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
  final_warehouse_ids: (accountId, ids) => sql`select id from warehouses where account_id = ${accountId} and ${inIds(sql`id`, ids)}`,
};

/** Refuses a filter naming an id the account does not have (another account's ids included: they are unknown here). */
export async function checkFilter(db: Db, accountId: number, filter: AnalyticsFilter): Promise<void> {
  if (filter.period) periodBounds(filter.period);
  const { min, max } = filter.quantity ?? {};
  const strange = (filter.event_types ?? []).filter((kind) => !(MOVEMENT_KINDS as readonly string[]).includes(kind));
  if (strange.length) throw badRequest(`Unknown event_types: ${strange.join(', ')}`, { fields: { event_types: 'unknown' } });
  if (min !== undefined && max !== undefined && max < min) throw badRequest('The quantity range ends before it starts', { fields: { quantity: 'min > max' } });
  const parts = Object.entries(ID_TABLES)
    .filter(([field]) => hasIds(filter[field as keyof AnalyticsFilter] as number[] | undefined))
    .map(([field, query]) => sql`select ${field}::text as field, id from (${query(accountId, [...new Set(filter[field as keyof AnalyticsFilter] as number[])])}) found`);
  if (!parts.length) return;
  const rows = await rowsOf<{ field: string; id: number }>(db, sql.join(parts, sql` union all `));
  for (const [field] of Object.entries(ID_TABLES)) {
    const asked = filter[field as keyof AnalyticsFilter] as number[] | undefined;
    if (!hasIds(asked)) continue;
    const found = new Set(rows.filter((row) => row.field === field).map((row) => Number(row.id)));
    const missing = [...new Set(asked)].filter((id) => !found.has(id));
    if (missing.length) throw badRequest(unknownIds(field, missing), { fields: { [field]: 'unknown' } });
  }
}

/**
 * The stages that count: those chosen, or every success stage of the account (type 1) and, for CRM deals that sit in
 * no stage, the CRM's 'success' status (2).
 */
export function countedStagesSql(accountId: number, filter: AnalyticsFilter): SQL {
  if (hasIds(filter.stage_ids)) return inIds(sql`o.status_id`, filter.stage_ids);
  return sql`(o.status_id in (select id from pipeline_statuses where account_id = ${accountId} and type = 1) or (o.status_id is null and o.crm_status = 2))`;
}

/** What the answer says about the stages that counted. */
export async function countedStages(db: Db, accountId: number, filter: AnalyticsFilter): Promise<CountedStages> {
  const chosen = hasIds(filter.stage_ids);
  const which = hasIds(filter.stage_ids) ? inIds(sql`s.id`, filter.stage_ids) : sql`s.type = 1`;
  const rows = (
    await rowsOf<{ id: number; name: string; pipeline: string }>(db, sql`select s.id, s.name, p.name as pipeline from pipeline_statuses s join pipelines p on p.id = s.pipeline_id
          where s.account_id = ${accountId} and ${which} order by p.sort, p.id, s.sort, s.id`,
    )
  );
  return { default: !chosen, stages: rows.map((row) => ({ id: Number(row.id), name: row.name, pipeline: row.pipeline })) };
}

/** The conditions on an order (alias o): account, counted stages, period, responsible, pipeline, company, contact. */
export function orderConditions(accountId: number, filter: AnalyticsFilter): SQL {
  const parts: SQL[] = [sql`o.account_id = ${accountId}`, countedStagesSql(accountId, filter)];
  if (filter.period) {
    const { start, end } = periodBounds(filter.period);
    parts.push(sql`o.created_at >= ${start.toISOString()}::timestamptz and o.created_at < ${end.toISOString()}::timestamptz`);
  }
  if (hasIds(filter.responsible_ids)) parts.push(inIds(sql`o.user_id`, filter.responsible_ids));
  if (hasIds(filter.pipeline_ids)) parts.push(inIds(sql`o.pipeline_id`, filter.pipeline_ids));
  if (hasIds(filter.company_ids)) parts.push(inIds(sql`o.company_id`, filter.company_ids));
  if (hasIds(filter.contact_ids)) parts.push(inIds(sql`o.contact_id`, filter.contact_ids));
  if (hasIds(filter.product_ids)) parts.push(inIds(sql`p.product_id`, filter.product_ids));
  return sql.join(parts, sql` and `);
}

/** The sold positions (p) of the counted orders (o) that pass the filter: the rows every sales figure is summed from. */
export function salesBase(accountId: number, filter: AnalyticsFilter): SQL {
  return sql`orders o join order_positions p on p.order_id = o.id and p.account_id = o.account_id where ${orderConditions(accountId, filter)}`;
}

/** The quantity range on a group's summed quantity (a HAVING clause), or nothing. */
export function quantityHaving(filter: AnalyticsFilter, quantity: SQL): SQL {
  const { min, max } = filter.quantity ?? {};
  const parts: SQL[] = [];
  if (min !== undefined) parts.push(sql`${quantity} >= ${min}`);
  if (max !== undefined) parts.push(sql`${quantity} <= ${max}`);
  return parts.length ? sql`having ${sql.join(parts, sql` and `)}` : sql``;
}

/** The money figures of a group of sold positions: as orders sum them (each line rounded to cents). */
export const SALES_FIGURES = sql`sum(p.quantity) as count,
  sum(round(p.price * p.quantity, 2)) as sum,
  sum(round(p.cost_price * p.quantity, 2)) as cost_sum,
  sum(round(p.price * p.quantity, 2)) - sum(round(p.cost_price * p.quantity, 2)) as prib,
  count(distinct p.order_id)::int as leads,
  count(*)::int as poz`;

/** A LIKE pattern matching the text anywhere, with its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

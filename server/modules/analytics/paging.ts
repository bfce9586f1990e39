import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { pagingOf } from '../../http/paging';

/** One page of a grouped report and the number of its groups, in one round trip: the database sums, Node only pages. */

export const DEFAULT_PER_PAGE = 50;

export interface PageAsk {
  page?: number;
  per_page?: number;
  sort?: { field: string; order?: 'asc' | 'desc' };
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * `grouped` is a SELECT of the report's groups; `columns` are the sortable names of its output (the sort field is
 * checked against them before it reaches the SQL), `tieBreak` the key that makes the order total.
 */
export async function pageOf<Row>(
  db: Db,
  grouped: SQL,
  ask: PageAsk,
  sortable: readonly string[],
  defaults: { field: string; order: 'asc' | 'desc'; tieBreak: string },
): Promise<{ rows: Row[]; paging: ReturnType<typeof pagingOf> }> {
  const page = ask.page ?? 1;
  const perPage = ask.per_page ?? DEFAULT_PER_PAGE;
  const field = ask.sort && sortable.includes(ask.sort.field) ? ask.sort.field : defaults.field;
  const order = (ask.sort?.order ?? (ask.sort ? 'asc' : defaults.order)) === 'desc' ? sql.raw('desc nulls last') : sql.raw('asc nulls first');
  const orderBy = sql`${sql.identifier(field)} ${order}, ${sql.identifier(defaults.tieBreak)} asc`;
  const [first] = await rowsOf<{ n: number; rows: unknown }>(
    db,
    sql`with g as (${grouped})
        select (select count(*) from g)::int as n,
               (select coalesce(json_agg(x), '[]'::json) from (select * from g order by ${orderBy} limit ${perPage} offset ${(page - 1) * perPage}) x) as rows`,
  );
  return { rows: parsed<Row[]>(first.rows), paging: pagingOf(page, perPage, Number(first.n)) };
}

/** numeric columns come back from json_agg as numbers; a null sum (no rows) reads as 0. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));


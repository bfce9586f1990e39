import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_SEARCH_TOTAL_CAP, type OrderList, type OrderListRequest } from '../../../src/contract/orders';
import { defaultCurrency } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { orderCounts, orders, pipelineStatuses } from '../../db/schema';
import { pagingOf } from '../../http/paging';
import type { Actor } from './actor';
import { joined, toOrder } from './service';

export const DEFAULT_PER_PAGE = 20;

type ListFilter = NonNullable<OrderListRequest['filter']>;

/**
 * The stage filter as one array parameter, not an IN list of one parameter per stage. With `status_id in ($n)`
 * PostgreSQL never kept a generic plan for the stage-filtered list: a generic plan guesses a stage holds 1/ndistinct
 * of the orders, far fewer than a busy stage really does, so walking the sort's index looked dearer than the custom
 * plan and every call was planned afresh (planning ~1 ms, running 0.2 ms). An array parameter is guessed to match
 * more, the generic plan costs what the custom one does and is kept after five runs; the text is also one per
 * filter shape, not one per number of stages.
 */
const stageIds = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/** The list's conditions: always the account; then the filter (staff lists; public lists pass their own ids). */
function listConditions(accountId: number, filter: ListFilter, onlyIds?: number[]): SQL[] {
  const conditions: SQL[] = [eq(orders.accountId, accountId), eq(orders.archived, filter.archived ?? false)];
  if (onlyIds) conditions.push(onlyIds.length ? inArray(orders.id, onlyIds) : sql`false`);
  const search = filter.search?.trim();
  if (search) {
    const byName = ilike(orders.name, `%${escapeLike(search)}%`);
    conditions.push(/^\d{1,9}$/.test(search) ? or(byName, eq(orders.id, Number(search)), eq(orders.leadId, Number(search)))! : byName);
  }
  if (filter.pipeline_id !== undefined && filter.pipeline_id !== -1) conditions.push(eq(orders.pipelineId, filter.pipeline_id));
  if (filter.status_ids?.length) conditions.push(sql`${orders.statusId} = any(${stageIds(filter.status_ids)})`);
  if (filter.contact_id) conditions.push(eq(orders.contactId, filter.contact_id));
  if (filter.company_id) conditions.push(eq(orders.companyId, filter.company_id));
  if (filter.user_id) conditions.push(eq(orders.userId, filter.user_id));
  if (filter.kind === 'local') conditions.push(sql`${orders.leadId} is null`);
  if (filter.kind === 'crm') conditions.push(sql`${orders.leadId} is not null`);
  if (filter.created_from) conditions.push(gte(orders.createdAt, new Date(filter.created_from)));
  if (filter.created_to) conditions.push(lte(orders.createdAt, new Date(filter.created_to)));
  if (filter.hide_final) {
    // Final: a success or unsuccessful stage of a local order; success, unsuccessful or deleted for a CRM-linked one.
    conditions.push(sql`(${orders.crmStatus} is null or ${orders.crmStatus} < 2)`);
    conditions.push(
      sql`not exists (select 1 from ${pipelineStatuses} f where f.id = ${orders.statusId} and f.account_id = ${accountId} and f.type in (1, 2))`,
    );
  }
  return conditions;
}

/** Filters the trigger-kept order_counts can answer: by archived flag, pipeline, stages, kind and final stages. */
const COUNTED_FILTERS: ReadonlySet<string> = new Set(['archived', 'pipeline_id', 'status_ids', 'hide_final', 'kind']);

/**
 * The query of the list's total (one row, one column): a sum over order_counts when the filter only names what
 * they are kept by (the orders page's usual views), else a count of the matching rows.
 */
function totalQuery(db: Db, accountId: number, filter: ListFilter, where: SQL | undefined, onlyIds?: number[]) {
  const kept = !onlyIds && Object.entries(filter).every(([key, value]) => value === undefined || COUNTED_FILTERS.has(key) || (key === 'search' && !String(value).trim()));
  if (!kept) return db.select({ total: sql<string>`${count()}` }).from(orders).where(where);
  const conditions: SQL[] = [eq(orderCounts.accountId, accountId), eq(orderCounts.archived, filter.archived ?? false)];
  if (filter.pipeline_id !== undefined && filter.pipeline_id !== -1) conditions.push(eq(orderCounts.pipelineId, filter.pipeline_id));
  if (filter.status_ids?.length) conditions.push(sql`${orderCounts.statusId} = any(${stageIds(filter.status_ids)})`);
  if (filter.kind) conditions.push(eq(orderCounts.crm, filter.kind === 'crm'));
  if (filter.hide_final) {
    conditions.push(lt(orderCounts.crmStatus, 2));
    conditions.push(sql`not exists (select 1 from ${pipelineStatuses} f where f.id = ${orderCounts.statusId} and f.account_id = ${accountId} and f.type in (1, 2))`);
  }
  return db.select({ total: sql<string>`coalesce(sum(${orderCounts.n}), 0)` }).from(orderCounts).where(and(...conditions));
}

/** Pages up to here are written into the statement's text; deeper ones, rarely asked for, stay parameters. */
const LITERAL_PAGES = 10;

/**
 * The page's limit and offset. Written as literals (integers the contract bounds), PostgreSQL keeps one generic
 * plan per statement after five runs instead of planning every call — planning was most of a page's CPU; with a
 * parameter limit or offset it cannot, as a generic plan is then made for a tenth of the rows and loses to planning
 * afresh. Deep pages keep a parameter offset, so paging far makes no new statement text per page.
 */
function pageClause(page: number, perPage: number): SQL {
  const offset = (page - 1) * perPage;
  return page <= LITERAL_PAGES ? sql.raw(`limit ${Math.trunc(perPage)} offset ${Math.trunc(offset)}`) : sql`limit ${sql.raw(String(Math.trunc(perPage)))} offset ${offset}`;
}

/**
 * The orders screen's search counts at most ORDER_SEARCH_TOTAL_CAP matches (then a page's worth more for a page
 * past them) and answers "more than" beyond: counting every match of a common word (11,111 of 50,000 for 'Bench
 * order 4') was most of the list's database time, and no index makes it cheap — the trigram index cannot answer a
 * count alone, so each match is read from the table, and a covering btree scan tests ILIKE on every order (measured
 * 7 and 17 ms against 0.5 ms for the first 1,001 matches along the page's own index).
 */
export interface ListOptions {
  /** Count a search's matches only up to ORDER_SEARCH_TOTAL_CAP (the orders screen); exports and other callers count all. */
  capSearchTotal?: boolean;
}

/**
 * How many rows the capped count reads: one past the cap, or one past the page when the page lies beyond the cap,
 * so that a capped answer always offers the next page. The usual value is a literal (one plan kept, as pageClause).
 */
function countLimit(page: number, perPage: number): number {
  return Math.max(ORDER_SEARCH_TOTAL_CAP, page * perPage) + 1;
}

function cappedTotalQuery(db: Db, where: SQL | undefined, order: SQL[], limit: number) {
  const limitClause = limit === ORDER_SEARCH_TOTAL_CAP + 1 ? sql.raw(`limit ${limit}`) : sql`limit ${limit}`;
  return db.select({ total: sql<string>`count(*)` }).from(sql`(${db.select({ id: orders.id }).from(orders).where(where).orderBy(...order)} ${limitClause}) as matches`);
}

/**
 * orders/list: page, filter, sort → data, links, meta. One statement: the page is chosen on the orders table alone
 * (joined first, a deep page at offset 980 would join the thousand rows before it too), then only its rows are
 * joined, and the total rides along on every row. Only a page past the end asks for the total again.
 */
export async function listOrders(db: Db, actor: Actor, request: OrderListRequest, onlyIds?: number[], options: ListOptions = {}): Promise<OrderList> {
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const page = request.page ?? 1;
  const filter = request.filter ?? {};
  const where = and(...listConditions(actor.accountId, filter, onlyIds));
  const column = { id: orders.id, name: orders.name, created_at: orders.createdAt, updated_at: orders.updatedAt, sum: orders.sum, profit: orders.profit, status_id: orders.statusId }[
    request.sort?.field ?? 'id'
  ];
  const direction = request.sort?.order ?? (request.sort ? 'asc' : 'desc');
  const order = [direction === 'desc' ? desc(column) : asc(column), direction === 'desc' ? desc(orders.id) : asc(orders.id)];
  const capped = options.capSearchTotal && !onlyIds && filter.search?.trim() ? countLimit(page, perPage) : null;
  const total = capped ? cappedTotalQuery(db, where, order, capped) : totalQuery(db, actor.accountId, filter, where, onlyIds);
  const rows = await joined(db, actor.accountId, { total: sql<string>`(${total})` })
    .where(sql`${orders.id} in (${db.select({ id: orders.id }).from(orders).where(where).orderBy(...order)} ${pageClause(page, perPage)})`)
    .orderBy(...order);
  const counted = Number(rows.length ? rows[0].total : (await total)[0].total);
  const currency = defaultCurrency({ is_kommo: actor.isKommo });
  const data = rows.map((row) => toOrder(row, currency));
  if (capped === null || counted < capped) return { data, ...pagingOf(page, perPage, counted) };
  // More matches than were counted: the pages up to the one holding the last counted row exist, the total is "more than".
  const paging = pagingOf(page, perPage, counted);
  return { data, links: paging.links, meta: { ...paging.meta, total: counted - 1, total_capped: true } };
}

import { type SQL, sql } from 'drizzle-orm';
import type { MOVEMENT_SORT, AnalyticsFilter, MovementAnswer, MovementRequest, MovementRow } from '../../../src/contract/analytics';
import { MOVEMENT_KINDS } from '../../../src/domain/movementKinds';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ledgerCommentIn, ledgerOrderOf } from '../stock/api';
import { pagingOf } from '../../http/paging';
import { checkFilter, containing, inIds, periodBounds } from './filters';
import { DEFAULT_PER_PAGE, num } from './paging';
import { movementRollupServes, movementTotalFromRollup } from './rollups';

/**
 * The movement of goods (analytics/movement/products): the stock ledger's rows, filtered and paged in SQL, with the
 * kinds, the account's users and warehouses for the filters, and the total of everything the filter matched.
 * The sales filters (pipeline, stage, responsible, customer) do not apply to the ledger and are ignored here.
 */

export function movementConditions(accountId: number, filter: AnalyticsFilter): SQL {
  const parts: SQL[] = [sql`m.account_id = ${accountId}`];
  if (filter.period) {
    const { start, end } = periodBounds(filter.period);
    parts.push(sql`m.event_date >= ${start.toISOString()}::timestamptz and m.event_date < ${end.toISOString()}::timestamptz`);
  }
  if (filter.product_ids?.length) parts.push(inIds(sql`m.product_id`, filter.product_ids));
  if (filter.user_ids?.length) parts.push(inIds(sql`m.user_id`, filter.user_ids));
  if (filter.event_types?.length)
    parts.push(
      sql`m.event_type in (${sql.join(
        filter.event_types.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    );
  if (filter.product_batch?.trim()) parts.push(sql`m.party ilike ${containing(filter.product_batch.trim())}`);
  if (filter.initial_warehouse_ids?.length) parts.push(inIds(sql`m.initial_warehouse_id`, filter.initial_warehouse_ids));
  if (filter.final_warehouse_ids?.length) parts.push(inIds(sql`m.final_warehouse_id`, filter.final_warehouse_ids));
  if (filter.quantity?.min !== undefined) parts.push(sql`abs(m.quantity) >= ${filter.quantity.min}`);
  if (filter.quantity?.max !== undefined) parts.push(sql`abs(m.quantity) <= ${filter.quantity.max}`);
  return sql.join(parts, sql` and `);
}

const SORT_COLUMNS: Record<(typeof MOVEMENT_SORT)[number], string> = {
  event_date: 'event_date',
  event_type: 'event_type',
  article_number: 'article_number',
  title: 'title',
  party: 'party',
  quantity: 'quantity',
  cost_price: 'cost_price',
  sum: 'sum',
};

/** The ledger row's stored comment and order (movements.order_id), as the ledger's comment helpers read them. */
const stored = (row: Record<string, unknown>) => ({ comment: String(row.comment), orderId: row.order_id === null || row.order_id === undefined ? null : num(row.order_id) });

function movementRow(row: Record<string, unknown>): MovementRow {
  const ledger = stored(row);
  return {
    id: num(row.id),
    event_date: new Date(row.event_date as string).toISOString(),
    event_type: String(row.event_type),
    product_id: num(row.product_id),
    article_number: String(row.article_number),
    title: String(row.title),
    party: String(row.party),
    quantity: num(row.quantity),
    cost_price: num(row.cost_price),
    sum: num(row.sum),
    initial_warehouse: (row.initial_warehouse as string | null) ?? null,
    final_warehouse: (row.final_warehouse as string | null) ?? null,
    user: (row.user_name as string | null) ?? null,
    // API clients read the comment in English; the screen and the export say an order's row in their reader's language from `order`.
    comment: ledgerCommentIn('en', ledger),
    order: ledgerOrderOf(ledger),
  };
}

/** One page of ledger rows in the asked order (newest first unless asked), the id breaking ties. */
export async function movementRows(db: Db, accountId: number, filter: AnalyticsFilter, ask: Pick<MovementRequest, 'page' | 'per_page' | 'sort'>): Promise<MovementRow[]> {
  const page = ask.page ?? 1;
  const perPage = ask.per_page ?? DEFAULT_PER_PAGE;
  const column = sql.identifier(SORT_COLUMNS[ask.sort?.field ?? 'event_date'] ?? 'event_date');
  const order = (ask.sort?.order ?? (ask.sort ? 'asc' : 'desc')) === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const rows = (
    await rowsOf<Record<string, unknown>>(db, sql`select m.id, m.event_date, m.event_type, m.product_id, m.article_number, m.title, m.party, m.quantity, m.cost_price, m.sum, m.comment, m.order_id,
                 wi.name as initial_warehouse, wf.name as final_warehouse, u.name as user_name
          from movements m
          left join warehouses wi on wi.id = m.initial_warehouse_id and wi.account_id = m.account_id
          left join warehouses wf on wf.id = m.final_warehouse_id and wf.account_id = m.account_id
          left join users u on u.id = m.user_id
          where ${movementConditions(accountId, filter)}
          order by m.${column} ${order}, m.id ${order}
          limit ${perPage} offset ${(page - 1) * perPage}`,
    )
  );
  return rows.map(movementRow);
}

export async function movementReport(db: Db, accountId: number, body: MovementRequest): Promise<MovementAnswer> {
  const filter = body.filter ?? {};
  await checkFilter(db, accountId, filter);
  const [list, totals, users, whs] = await Promise.all([
    movementRows(db, accountId, filter, body),
    rowsOf<{ rows: number; quantity: string; sum: string }>(
      db,
      movementRollupServes(filter)
        ? movementTotalFromRollup(accountId, filter)
        : sql`select count(*)::int as rows, coalesce(sum(m.quantity), 0) as quantity, coalesce(sum(m.sum), 0) as sum from movements m where ${movementConditions(accountId, filter)}`,
    ),
    rowsOf<{ id: number; name: string }>(db, sql`select u.id, u.name from memberships ms join users u on u.id = ms.user_id where ms.account_id = ${accountId} order by u.name, u.id`),
    rowsOf<{ id: number; name: string }>(db, sql`select id, name from warehouses where account_id = ${accountId} order by is_main desc, name, id`),
  ]);
  const [total] = totals;
  const named = (rows: { id: number; name: string }[]) => rows.map((row) => ({ id: num(row.id), name: row.name }));
  return {
    data: { types: [...MOVEMENT_KINDS], users: named(users), whs: named(whs), list },
    total: { rows: num(total.rows), quantity: num(total.quantity), sum: num(total.sum) },
    ...pagingOf(body.page ?? 1, body.per_page ?? DEFAULT_PER_PAGE, num(total.rows)),
  };
}

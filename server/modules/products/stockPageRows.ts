import { sql, type SQL } from 'drizzle-orm';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { GENERIC_PLAN } from '../../db/preparedStatements';
import { rowsOf } from '../../db/rows';
import { sumsLevel } from '../stock/api';

/**
 * The stock list's shown rows, read and written as JSON by PostgreSQL in the same statement that finds the page's ids
 * (issue 13: the list's pages within their budget): the ids in the list's order, each product's columns, category,
 * prices, kept sums and non-empty batches, as the JSON text of a StockRow (src/contract/stockList.ts), so Node neither
 * parses nor builds a row; the list's answer joins those texts. Until now a page took four round trips after its ids
 * (columns, sums, batches, and the ids themselves), and Node parsed and rebuilt every row.
 *
 * Numbers are computed as the JavaScript of the list did, in double precision: a quantity rounded to thousandths and
 * money to hundredths with halves up (floor(x + 0.5)), the cost price as the cost value over the rounded count, or
 * with nothing left the highest cost of the product's batches there (empty ones included).
 */

interface PageScope {
  accountId: number;
  /** The warehouse the balances count (null: every one; 0: none). */
  warehouseId: number | null;
}

/** What one statement answers: the rows' JSON texts in order, the count made in the ids' pass (if any), the price types, and any count asked for beside. */
export interface PageRows {
  rows: string[];
  total: number | null;
  priceFields: string;
  counted: number | null;
}

// SQL text, not drizzle fragments: the row's expression below is written once when the module loads. Built from
// fragments it was ~0.07 ms of Node CPU a page to assemble and serialise again (0.18 → 0.11 ms, search page).
const quantity = (value: string) => `(floor((${value})::float8 * 1000 + 0.5) / 1000)`;
const money = (value: string) => `(floor((${value})::float8 * 100 + 0.5) / 100)`;
const iso = (value: string) => `to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const count = 'coalesce(s.count, 0)';
const reserve = 'coalesce(s.reserve, 0)';

/** A product's row (p, its category c, its kept sums s, its batches bs) as a StockRow's JSON text. */
const ROW_JSON = sql.raw(`json_build_object(
        'id', p.id, 'type', case when p.type = 'service' then 'service' else 'product' end, 'name', p.name, 'article', p.article, 'unit', p.unit,
        'category_id', p.category_id, 'category_name', c.name, 'tags', p.tags,
        'prices', (select coalesce(jsonb_object_agg(f.code, case when jsonb_typeof(p.values -> f.code -> 'cost') = 'number' then p.values -> f.code -> 'cost' else 'null'::jsonb end), '{}')
          from fields f where f.account_id = p.account_id and f.entity = 'product' and f.type = ${FieldType.price}),
        'count', ${quantity(count)}, 'reserve', ${quantity(reserve)}, 'available', ${quantity(`${quantity(count)} - ${quantity(reserve)}`)},
        'cost_price', case when ${quantity(count)} > 0 then ${money(`coalesce(s.cost_value, 0)::float8 / ${quantity(count)}`)} when bs.top_cost is null then null else ${money('bs.top_cost')} end,
        'batch', case when bs.shown = 1 then bs.number end, 'warehouse_name', case when bs.shown = 1 then bs.warehouse end,
        'batches', coalesce(bs.rows, '[]'::json), 'created_at', ${iso('p.created_at')}
      )::text`);

/** The product's batches (b) that its rows expand to: the non-empty ones; one alone is named on the product's row. */
const BATCHES_OF = sql.raw(`select count(*) filter (where b.count > 0) as shown, max(b.cost_price) as top_cost,
          min(b.number) filter (where b.count > 0) as number, min(w.name) filter (where b.count > 0) as warehouse,
          json_agg(json_build_object(
            'id', b.id, 'warehouse_id', b.warehouse_id, 'warehouse_name', w.name, 'number', b.number,
            'count', ${quantity('b.count')}, 'reserve', ${quantity('b.reserve')}, 'available', ${quantity('b.count::float8 - b.reserve::float8')},
            'cost_price', ${money('b.cost_price')}, 'created_at', ${iso('b.created_at')}
          ) order by w.name, b.number, b.id) filter (where b.count > 0) as rows
        from batches b join warehouses w on w.id = b.warehouse_id`);

/** The batches counted (alias b): the account's, in the chosen warehouse. */
export function batchScope(scope: PageScope): SQL {
  const where = sql`b.account_id = ${scope.accountId}`;
  return scope.warehouseId === null ? where : sql`${where} and b.warehouse_id = ${scope.warehouseId}`;
}

/** The price types' codes and names as a JSON text (the list's price columns). */
const priceFieldsOf = (accountId: number) =>
  sql`(select coalesce(json_agg(json_build_object('code', f.code, 'name', f.name) order by f.sort, f.id), '[]')::text
          from fields f where f.account_id = ${accountId} and f.entity = 'product' and f.type = ${FieldType.price})`;

/** The JSON text of each product of `ids` (an int[] expression), in that order (`ord`). */
function shownRows(scope: PageScope, ids: SQL): SQL {
  const { accountId } = scope;
  return sql`select i.ord, ${ROW_JSON} as row
      from unnest(${ids}) with ordinality as i(id, ord)
      join products p on p.account_id = ${accountId} and p.id = i.id
      left join categories c on c.id = p.category_id and c.account_id = ${accountId}
      left join stock_sums s on s.account_id = ${accountId} and s.product_id = p.id and s.warehouse_id = ${sumsLevel(scope.warehouseId)}
      left join lateral (${BATCHES_OF} where ${batchScope(scope)} and b.product_id = p.id) as bs on true`;
}

/** What the ids' pass answers: the ids in order, the count made on the way, the count asked for beside. */
type Head = { ids: number[] | null; total: string | number | null; counted: string | number | null };
/** What the rows' pass answers, a row per product (row null when there is none). */
type Shown = { price_fields: string; row: string | null };

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * Runs `ids` (a query of the page's product ids in the list's order, and `total` when it counts the matches on its
 * way) and answers the page's rows; `count` is read in the same pass when given (the unfiltered table's size).
 *
 * The rows' part of the statement is ~40 joins, subqueries and expressions: planned afresh it costs more than it runs
 * (~1.1 ms planning, ~0.9 ms running for 20 rows, bench data), and PostgreSQL's auto mode plans a paged statement
 * afresh at every run, its LIMIT and OFFSET parameters making the generic plan look dear (preparedStatements.ts). So
 * the rows are always read on a kept generic plan — their plan is the same whatever the ids. `idsPlanKept`: so is
 * the ids' plan (no filter: an index of the products walked to the page; a text search alone: its trigram indexes),
 * and ids and rows are one statement that asks for its generic plan. Else the ids' plan depends on the values (a
 * category's generic plan walked the whole name index when the category has subcategories, ~55 ms a page): the ids
 * are a statement of their own, planned for the values, and the rows another, with no LIMIT, whose generic plan
 * PostgreSQL keeps of itself after its first runs.
 */
export async function pageRows(db: Db, scope: PageScope, ids: SQL, options: { counted?: boolean; count?: SQL; idsPlanKept?: boolean } = {}): Promise<PageRows> {
  const page = sql`select array_agg(q.id) as ids, max(q.total) as total, ${options.count ?? sql`null::bigint`} as counted
      from (select id, ${options.counted ? sql`total` : sql`null::bigint as total`} from (${ids}) as found) as q`;
  let found: (Omit<Head, 'ids'> & Shown)[];
  if (options.idsPlanKept) {
    found = await rowsOf(db, sql`${sql.raw(GENERIC_PLAN)}
    with page as materialized (${page})
    select page.total, page.counted, ${priceFieldsOf(scope.accountId)} as price_fields, shown.row
    from page left join lateral (${shownRows(scope, sql`(select ids from page)`)}) as shown on true
    order by shown.ord`);
  } else {
    const [head] = await rowsOf<Head>(db, page);
    const rows = await rowsOf<Shown>(db, sql`select ${priceFieldsOf(scope.accountId)} as price_fields, shown.row
    from (select 1) as one left join lateral (${shownRows(scope, sql`${`{${(head.ids ?? []).join(',')}}`}::integer[]`)}) as shown on true
    order by shown.ord`);
    found = rows.map((row) => ({ ...row, total: head.total, counted: head.counted }));
  }
  const [first] = found;
  return {
    rows: found.flatMap((row) => (row.row === null ? [] : [row.row])),
    total: numberOrNull(first.total),
    priceFields: first.price_fields,
    counted: numberOrNull(first.counted),
  };
}

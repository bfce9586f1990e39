import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PriceColumn, StockListFilter, StockListRequest, StockRow, StockSortField, StockTotals, WarehouseChoice } from '../../../src/contract/stockList';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { rowsOf } from '../../db/rows';
import { batches, categories, fields, products, stockSums, warehouses } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { EVERY_WAREHOUSE, sumsLevel } from '../stock/api';
import { keptStockTotals, money, quantity, wholeTable } from './keptTotals';
import { countProducts } from './positions';
import { narrowSearchOf, searchCount, searchSliceQuery, searchTotalsRow } from './stockSearch';
import { batchScope, type PageRows, pageRows } from './stockPageRows';
import { cappedPagingOf, countLimit } from './stockListPaging';

/**
 * The stock screen's list (issue 13 §2): products with their balances in the chosen warehouses, filtered, sorted
 * by any column with the id as tie-break, paged, and the totals of the whole filter, all computed in SQL.
 *
 * The balances come from the kept sums (stock_sums, s: one row per product in every warehouse and per product and
 * warehouse, kept by the stock module's triggers), so a page never sums the catalogue's batches: sorted by a product
 * column it walks that column's index and reads about per_page products and their sums rows; sorted by a balance in
 * every warehouse it walks the sums' index; 'positive' and the quantity range are conditions on the sums row. Batches
 * are read only for the rows shown (their expandable rows, and the single batch's number and warehouse). Sorting by
 * batch, warehouse or cost price still sums every product's batches once (those are not kept). The page's ids and
 * its rows are read in one statement that writes the rows' JSON (stockPageRows.ts); a filtered list counts its
 * matches only up to a cap (stockListPaging.ts), so no page reads every match just to count them. The totals of a
 * filter read the matching products' sums rows, which is why they are a call of their own: the page does not wait
 * for them; with no filter they are the kept totals row (keptTotals.ts). A filter that is only a text search (with
 * or without 'positive') is answered from the narrow kept product_search table instead (stockSearch.ts).
 * Measured in bench/stock-list.mjs (100,000 products in 3 warehouses) and bench/stock-list-cpu.mjs (CPU per call).
 */

export const STOCK_PER_PAGE = 20;

interface ListScope {
  accountId: number;
  warehouse: WarehouseChoice;
  /** The warehouse the balances count (null: every one; 0: none, when the account has no main warehouse). */
  warehouseId: number | null;
  /** The filter's category and its sub-categories (null: no category filter). */
  categoryIds: number[] | null;
  filter: StockListFilter;
  priceFields: readonly PriceColumn[];
}

/** The account's price types (type-11 product fields) in their order: the first is the base price. */
export async function priceFieldsOf(db: Db, accountId: number): Promise<PriceColumn[]> {
  return db
    .select({ code: fields.code, name: fields.name })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, FieldType.price)))
    .orderBy(asc(fields.sort), asc(fields.id));
}

/** A category's id and those of all its sub-categories, at any depth (none when it is not the account's). */
async function categoryTree(db: Db, accountId: number, categoryId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with recursive tree(id) as (
      select id from ${categories} where id = ${categoryId} and account_id = ${accountId}
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id where c.account_id = ${accountId}
    ) select id from tree`,
  );
  return rows.map((row) => Number(row.id));
}

/** A warehouse id must be the account's own; 'all' and 'main' need no check (no main warehouse: nothing in stock). */
export async function requireWarehouseChoice(db: Db, accountId: number, warehouse: WarehouseChoice): Promise<void> {
  if (typeof warehouse !== 'number') return;
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, warehouse)));
  if (!row) throw refusal(404, 'noSuchWarehouse');
}

/** A price type's cost on a product row (null when the product has none). */
const priceOf = (code: string) => sql`(case when jsonb_typeof(${products.values} -> ${code}::text -> 'cost') = 'number' then (${products.values} -> ${code}::text ->> 'cost')::numeric end)`;

/** The price type the price range filters on: the named one, else the base (first) price. */
function rangePriceField(scope: ListScope): string | null {
  return scope.filter.price_field ?? scope.priceFields[0]?.code ?? null;
}

/** Whether the balances are those of every warehouse: every product has that sums row, so it is joined, not left-joined. */
const everyWarehouse = (scope: ListScope) => sumsLevel(scope.warehouseId) === EVERY_WAREHOUSE;

/**
 * The product's kept sums row (s) for the warehouse choice. In every warehouse it is an inner join, so sorting by a
 * balance can walk the sums' index and join products in that order; in one warehouse a product that never had a
 * batch there has no row, and counts 0.
 */
function keptSums(scope: ListScope): SQL {
  const on = sql`s.account_id = ${scope.accountId} and s.product_id = ${products.id} and s.warehouse_id = ${sumsLevel(scope.warehouseId)}`;
  return everyWarehouse(scope) ? sql`join ${stockSums} s on ${on}` : sql`left join ${stockSums} s on ${on}`;
}

/** Whether the page's filter or order reads the kept sums (else they are read for the shown rows only). */
function readsKeptSums(scope: ListScope, sort: StockListRequest['sort']): boolean {
  return stockConditions(scope).length > 0 || ['count', 'reserve', 'available'].includes(sort?.field ?? 'name');
}

/** A kept balance (count, reserve, available) as the filters and the order read it. */
function balance(scope: ListScope, column: 'count' | 'reserve' | 'available'): SQL {
  return everyWarehouse(scope) ? sql.raw(`s.${column}`) : sql.raw(`coalesce(s.${column}, 0)`);
}

/** The sorts that need every product's batches summed (g): what is not kept — the single batch's number and warehouse, the cost price of products with none left. */
const SUMMED_COLUMNS: Record<'cost_price' | 'batch' | 'warehouse', SQL> = {
  cost_price: sql`(case when coalesce(g.cnt, 0) > 0 then g.cost_value / g.cnt else g.top_cost end)`,
  batch: sql`g.batch`,
  warehouse: sql`g.warehouse`,
};

/** Conditions on the product row alone: they can use the products' indexes. */
function productConditions(scope: ListScope): SQL[] {
  const { accountId, filter } = scope;
  // Archived products never appear on the stock screen: the archive lists them.
  const conditions: SQL[] = [sql`${products.accountId} = ${accountId}`, sql`${products.archived} = false`];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    // Written so PostgreSQL can choose: walk the products in the sort's index order testing each (a common word fills a
    // page after a few hundred rows), or combine the trigram indexes of name and article with the products whose batch
    // number matches (a rare text) — a join to a sub-select instead made it test every product against every match.
    conditions.push(
      sql`(${products.name} ilike ${pattern} or ${products.article} ilike ${pattern} or ${products.id} = any(array(select product_id from ${batches} where account_id = ${accountId} and number ilike ${pattern})))`,
    );
  }
  // A category shows its own products and those of all its sub-categories (their ids are read first, so the
  // planner sees a list it can estimate and use the category index for).
  if (scope.categoryIds) conditions.push(scope.categoryIds.length ? sql`${products.categoryId} in (${sql.join(scope.categoryIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (filter.type) conditions.push(sql`${products.type} = ${filter.type}`);
  if (filter.tags?.length) conditions.push(sql`jsonb_exists_any(${products.tags}, array[${sql.join(filter.tags.map((tag) => sql`${tag}`), sql`, `)}]::text[])`);
  const priceField = rangePriceField(scope);
  if (priceField && filter.price_min !== undefined) conditions.push(sql`${priceOf(priceField)} >= ${filter.price_min}`);
  if (priceField && filter.price_max !== undefined) conditions.push(sql`${priceOf(priceField)} <= ${filter.price_max}`);
  return conditions;
}

/**
 * Conditions on the product's stock: on its kept sums row (s), so they cost nothing beyond the join. A batch never
 * holds less than nothing, so a positive balance is a positive quantity.
 */
function stockConditions(scope: ListScope): SQL[] {
  const { filter } = scope;
  const conditions: SQL[] = [];
  if (filter.positive) conditions.push(sql`s.count > 0`);
  if (filter.count_min !== undefined) conditions.push(sql`${balance(scope, 'count')} >= ${filter.count_min}`);
  if (filter.count_max !== undefined) conditions.push(sql`${balance(scope, 'count')} <= ${filter.count_max}`);
  return conditions;
}

/**
 * Every product's batches summed (g), only for a sort on what the sums do not keep (batch, warehouse, cost price):
 * one grouped pass over the batches costs far less than a subquery per product.
 */
function summedBatches(scope: ListScope, sort: StockListRequest['sort']): SQL {
  if (!((sort?.field ?? 'name') in SUMMED_COLUMNS)) return sql``;
  return sql`left join (
    select b.product_id, sum(b.count) as cnt, sum(b.count * b.cost_price) as cost_value, max(b.cost_price) as top_cost,
      min(b.number) filter (where b.count > 0) as batch, min(w.name) filter (where b.count > 0) as warehouse
    from ${batches} b join ${warehouses} w on w.id = b.warehouse_id where ${batchScope(scope)} group by b.product_id
  ) g on g.product_id = ${products.id}`;
}

function orderBy(scope: ListScope, sort: StockListRequest['sort']): SQL {
  const { filter } = scope;
  const field: StockSortField = sort?.field ?? 'name';
  const direction = sort?.order === 'desc' ? sql`desc` : sql`asc`;
  // The id breaks ties, so a page never shows a row again or skips one when many rows share a value.
  if (field === 'id') return sql`${products.id} ${direction}`;
  const columns: Record<string, SQL> = {
    // With a search, the name's index is not used for the order: walking it would test products in name order until a
    // page matches, and the matches of a word cluster where names start with it (tens of thousands of rows to walk);
    // the trigram indexes give the matches and sorting those is cheap. Same order, an expression the index does not serve.
    name: filter.search?.trim() ? sql`(${products.name} || '')` : sql`${products.name}`,
    article: sql`${products.article}`,
    type: sql`${products.type}`,
    unit: sql`${products.unit}`,
    created_at: sql`${products.createdAt}`,
    count: balance(scope, 'count'),
    reserve: balance(scope, 'reserve'),
    available: balance(scope, 'available'),
  };
  if (columns[field]) return sql`${columns[field]} ${direction}, ${products.id} ${direction}`;
  // Columns that can be empty put the empty ones last either way.
  const nullable: Record<string, SQL> = { category: sql`c.name`, ...SUMMED_COLUMNS };
  const expression = field.startsWith('price:') ? priceOf(field.slice('price:'.length)) : nullable[field];
  return sql`${expression} ${direction} nulls last, ${products.id} ${direction}`;
}

/**
 * Runs a read that goes through every match (a search's sorted page, its count, the totals) without parallel workers.
 * Under the server's many connections they do not make an answer come sooner, they take the CPU other answers wait
 * for: a search page cost 50 ms of CPU with them and 22 without (bench data, 16 connections on 2 cores).
 */
function withoutParallelWorkers<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx as unknown as Db);
  });
}
/** Whether nothing filters the list but the type: its size is then the trigger-kept product counts. */
function unfiltered(scope: ListScope): boolean {
  const { filter } = scope;
  return !filter.search?.trim() && !scope.categoryIds && !filter.tags?.length && filter.price_min === undefined && filter.price_max === undefined && stockConditions(scope).length === 0;
}

/** The unfiltered table's size from the kept product counts (product_counts), as SQL for the page's statement. */
const keptCountOf = (scope: ListScope): SQL =>
  sql`(select coalesce(sum(n), 0) from product_counts where account_id = ${scope.accountId} and archived = false ${scope.filter.type ? sql`and type = ${scope.filter.type}` : sql``})`;

/**
 * How many products the filter leaves, counted up to `limit` rows (see stockListPaging.ts), for a page past the end
 * of a filtered list: the count stops reading matches once it has enough to say "1,000+". The unfiltered table's size
 * comes from the kept counts, exactly.
 */
async function countOf(db: Db, scope: ListScope, limit: number): Promise<{ counted: number; exact: boolean }> {
  if (unfiltered(scope)) return { counted: await countProducts(db, scope.accountId, { type: scope.filter.type }), exact: true };
  const narrow = narrowSearchOf(scope.filter);
  if (narrow !== null) return { counted: await searchCount(db, scope, narrow, limit), exact: false };
  const stock = stockConditions(scope);
  const where = sql.join([...productConditions(scope), ...stock], sql` and `);
  const count = (reader: Db) => rowsOf<{ n: string }>(reader, sql`select count(*) as n from (select 1 from ${products} ${stock.length ? keptSums(scope) : sql``} where ${where} limit ${limit}) matches`);
  const [row] = scope.filter.search?.trim() ? await withoutParallelWorkers(db, count) : await count(db);
  return { counted: Number(row.n), exact: false };
}

/** `priceFields`: read the account's price types (a page reads them in its own statement unless its filter needs them). */
async function scopeOf(db: Db, accountId: number, request: Pick<StockListRequest, 'warehouse' | 'filter'>, read = { priceFields: true }, mainWarehouseId?: number | null): Promise<ListScope> {
  const warehouse = request.warehouse ?? 'all';
  await requireWarehouseChoice(db, accountId, warehouse);
  let warehouseId: number | null = typeof warehouse === 'number' ? warehouse : null;
  if (warehouse === 'main') {
    // The caller's session read it already (auth/sessions.ts), else it is asked here.
    const main = mainWarehouseId !== undefined ? mainWarehouseId : (await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.accountId, accountId), eq(warehouses.isMain, true))))[0]?.id;
    warehouseId = main ?? 0;
  }
  const filter = request.filter ?? {};
  return { accountId, warehouse, warehouseId, categoryIds: filter.category_id ? await categoryTree(db, accountId, filter.category_id) : null, filter, priceFields: read.priceFields ? await priceFieldsOf(db, accountId) : [] };
}

/** How many products of the name order a search page first looks through (see searchWalk): 50 per row it needs. */
const WALK_ROWS_PER_ROW = 50;
const WALK_MAX = 5000;

/**
 * The products a search page first looks through: the first `size` of the account's products in name order, read
 * from the name index (named "products", so every condition and the order apply to it unchanged).
 *
 * A substring search cannot be ordered by an index: either the name index is walked testing each product until a
 * page matches (fast for a word spread through the catalogue, a walk through most of it for a word whose products
 * all sort late), or the trigram indexes give every match and those are sorted (fast for a rare word, a read of every
 * matching product for a common one). The page tries the first within a bounded window, and when the window holds a
 * whole page the answer is exactly the page the full query gives (the window is a prefix of the same order); else it
 * falls back to the trigram read. Either way the count is separate and capped, so neither reads every match for it.
 */
function searchWalk(scope: ListScope, order: 'asc' | 'desc', size: number): SQL {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  return sql`(select * from ${products} where ${products.accountId} = ${scope.accountId} and ${products.archived} = false
    order by ${products.name} ${direction}, ${products.id} ${direction} limit ${size}) as ${products}`;
}

type Slice = { limit: number; offset: number; ids?: readonly number[] };

/**
 * A slice of the scope's products in the list's order, as the JSON texts of their rows (stockPageRows.ts: the ids and
 * the rows in one statement). The ids part reads only ids and what the filter and order need (an offset then skips
 * index entries, not whole rows with their categories and prices). A search in name order that the walk does not
 * answer reads and sorts every match, so it counts them in that same pass (`total`) instead of a second query
 * reading them again. `count`: a count to read in the same statement (the unfiltered table's size).
 */
async function sliceOf(db: Db, scope: ListScope, sort: StockListRequest['sort'], slice: Slice, count?: SQL): Promise<PageRows> {
  const conditions = [...productConditions(scope), ...stockConditions(scope)];
  if (slice.ids) conditions.push(slice.ids.length ? sql`${products.id} in (${idList(slice.ids)})` : sql`false`);
  const field = sort?.field ?? 'name';
  const ids = (source: SQL, counted: boolean) =>
    sql`select ${products.id} as id ${counted ? sql`, count(*) over () as total` : sql``} from ${source}
        ${field === 'category' ? sql`left join ${categories} c on c.id = ${products.categoryId} and c.account_id = ${scope.accountId}` : sql``}
        ${readsKeptSums(scope, sort) ? keptSums(scope) : sql``}
        ${summedBatches(scope, sort)}
        where ${sql.join(conditions, sql` and `)}
        order by ${orderBy(scope, sort)}
        limit ${slice.limit} offset ${slice.offset}`;
  if (!searchInNameOrder(scope, sort) || slice.ids) return pageRows(db, scope, ids(sql`${products}`, false), { count, idsPlanKept: !slice.ids && walksProducts(scope, sort) });
  const narrow = narrowSearchOf(scope.filter);
  if (narrow !== null) return pageRows(db, scope, await searchSliceQuery(db, scope, narrow, sort?.order ?? 'asc', slice), { idsPlanKept: true });
  const walk = WALK_ROWS_PER_ROW * (slice.offset + slice.limit);
  if (walk <= WALK_MAX) {
    const walked = await pageRows(db, scope, ids(searchWalk(scope, sort?.order ?? 'asc', walk), false));
    if (walked.rows.length === slice.limit) return walked;
  }
  // Past the end no row carries the count: a page there is rare (an old link), so it counts on its own.
  return withoutParallelWorkers(db, (reader) => pageRows(reader, scope, ids(sql`${products}`, true), { counted: true }));
}

/**
 * Whether the page's ids are the first entries of a products index (name or id order, no filter): the same plan for
 * every value, so it is kept (pageRows' `idsPlanKept`). Sorted by a balance, the generic plan took ~1.5× the time of one
 * made for the values (bench data, every warehouse: ~6 → ~9 ms a page); other sorts gained or lost nothing.
 */
const walksProducts = (scope: ListScope, sort: StockListRequest['sort']) => unfiltered(scope) && ['name', 'id'].includes(sort?.field ?? 'name');

/** Whether the list is a text search in name order: the page then chooses between the name walk and the trigram read. */
const searchInNameOrder = (scope: ListScope, sort: StockListRequest['sort']) => Boolean(scope.filter.search?.trim()) && (sort?.field ?? 'name') === 'name';

/** The products of a scope in the list's order, a slice at a time (a chunk of the export), with their batch rows. */
export async function stockRows(db: Db, scope: ListScope, sort: StockListRequest['sort'], limit: number, offset: number, ids?: readonly number[]): Promise<StockRow[]> {
  return (await sliceOf(db, scope, sort, { limit, offset, ids })).rows.map((row) => JSON.parse(row) as StockRow);
}

/**
 * Every id of the scope's products in the list's order (only the selected ones when ids are given): an export then
 * reads its rows by these keys, a slice at a time, where paging with an offset would walk past every earlier row again.
 */
export async function stockIds(db: Db, scope: ListScope, sort: StockListRequest['sort'], ids?: readonly number[]): Promise<number[]> {
  const conditions = [...productConditions(scope), ...stockConditions(scope)];
  if (ids) conditions.push(ids.length ? sql`${products.id} in (${idList(ids)})` : sql`false`);
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select ${products.id} as id from ${products}
      left join ${categories} c on c.id = ${products.categoryId} and c.account_id = ${scope.accountId}
      ${readsKeptSums(scope, sort) ? keptSums(scope) : sql``}
      ${summedBatches(scope, sort)}
      where ${sql.join(conditions, sql` and `)}
      order by ${orderBy(scope, sort)}`,
  );
  return rows.map((row) => Number(row.id));
}

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * product/stock-list: one page of the stock table and how many products the filter leaves (capped, see
 * stockListPaging.ts), as the answer's JSON text: the rows come written by PostgreSQL (stockPageRows.ts). The
 * unfiltered table's size is read in the page's statement; a text search alone (stockSearch.ts) reads one row past
 * the page instead of counting, so it knows whether another page follows (its count is the totals call's); a search
 * in name order may count in its page's own pass; otherwise the count is read beside the page. The price types are
 * read with the page unless the filter needs them.
 */
export async function listStockJson(db: Db, accountId: number, request: StockListRequest, mainWarehouseId?: number | null): Promise<string> {
  const filter = request.filter ?? {};
  const scope = await scopeOf(db, accountId, request, { priceFields: filter.price_min !== undefined || filter.price_max !== undefined }, mainWarehouseId);
  const perPage = request.per_page ?? STOCK_PER_PAGE;
  const page = request.page ?? 1;
  const limit = countLimit(page, perPage);
  const slice = { limit: perPage, offset: (page - 1) * perPage };
  const answer = (found: PageRows, { links, meta }: ReturnType<typeof cappedPagingOf>) =>
    `{"data":[${found.rows.join(',')}],"price_fields":${found.priceFields},"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`;
  // The kept counts are exact whatever their size: no cap applies to them. A count made in the page's pass is exact
  // too, but is capped like any other so the same filter always answers the same way.
  const paged = (found: PageRows, count: { counted: number; exact: boolean }) =>
    answer(found, count.exact ? cappedPagingOf(page, perPage, count.counted, Number.POSITIVE_INFINITY) : cappedPagingOf(page, perPage, Math.min(count.counted, limit), limit));
  if (unfiltered(scope)) {
    const found = await sliceOf(db, scope, request.sort, slice, keptCountOf(scope));
    return paged(found, { counted: found.counted ?? 0, exact: true });
  }
  // A filtered page does not count its matches: it reads one row past itself, which says whether a next page exists
  // and, on the last page, the exact total. The totals call counts them exactly (the screen's pager takes its count
  // from there: shell/features/stock/pagerCount.ts). Counting up to the cap beside the page cost more than the page
  // (bench data, a category and a price range: ~5 ms of PostgreSQL CPU against ~2 ms).
  const found = await sliceOf(db, scope, request.sort, { limit: perPage + 1, offset: slice.offset });
  const shown = { ...found, rows: found.rows.slice(0, perPage) };
  // A search the name walk did not answer counted its matches in the page's own pass.
  if (found.total !== null) return paged(shown, { counted: found.total, exact: false });
  // Past the end (an old link) the pager still needs to know where the end is.
  if (found.rows.length === 0 && page > 1) return paged(found, await countOf(db, scope, limit));
  // Rows up to one past the page: an exact total on the last page, else "at least one more" (stockListPaging.ts).
  return answer(shown, cappedPagingOf(page, perPage, slice.offset + found.rows.length, slice.offset + perPage + 1));
}

/**
 * product/stock-totals: the totals row of the whole filter (not only the page) and how many products match, in one
 * pass over the matching products and their kept sums rows; with no filter, the kept totals (keptTotals.ts).
 */
export async function stockTotals(db: Db, accountId: number, request: Pick<StockListRequest, 'warehouse' | 'filter'>, mainWarehouseId?: number | null): Promise<StockTotals> {
  if (wholeTable(request.filter)) return keptStockTotals(db, accountId, request.warehouse ?? 'all');
  const scope = await scopeOf(db, accountId, request, undefined, mainWarehouseId);
  const base = scope.priceFields[0]?.code;
  const narrow = narrowSearchOf(scope.filter);
  const where = sql.join([...productConditions(scope), ...stockConditions(scope)], sql` and `);
  const [row] = narrow !== null ? [await searchTotalsRow(db, scope, narrow, base ? priceOf(base) : null)] : await withoutParallelWorkers(db, (reader) =>
    rowsOf<Record<'n' | 'cnt' | 'res' | 'cost_value' | 'sale_value', string | null>>(
    reader,
    sql`select count(*) as n, sum(s.count) as cnt, sum(s.reserve) as res, sum(s.cost_value) as cost_value,
        ${base ? sql`sum(s.count * coalesce(${priceOf(base)}, 0))` : sql`0`} as sale_value
      from ${products} ${keptSums(scope)}
      where ${where}`,
  ));
  const count = quantity(row.cnt);
  const reserve = quantity(row.res);
  return { count, reserve, available: quantity(count - reserve), cost_value: money(row.cost_value), sale_value: money(row.sale_value), products: Number(row.n) };
}

export type { ListScope };
export { scopeOf as stockScopeOf };

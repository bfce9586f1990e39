import { sql, type SQL } from 'drizzle-orm';
import type { StockListFilter } from '../../../src/contract/stockList';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { lowerCased } from '../../db/lowerCase';
import { rowsOf } from '../../db/rows';
import { batches, products, productSearch, stockSums } from '../../db/schema';
import { EVERY_WAREHOUSE, sumsLevel } from '../stock/api';

/**
 * The stock list's text search from the narrow, kept product_search table (server/db/schema.ts says what it holds
 * and how it is kept), for the filter that is only a search, with or without 'positive balances only'.
 *
 * A substring search in name order has to see every match to know the first page (no index orders by name and
 * matches a substring), so what a common word costs is what each match costs. On the wide product rows that was a
 * page of products per few matches (bench: 29 ms of CPU per search page); here a positive search's names are found
 * by keys of the in-stock level (stockKeysOf), the others' through trigram indexes that carry the levels too, so a
 * positive search visits only the products in stock in the warehouse, in rows a tenth as wide. Any other filter
 * (category, type, tags, prices, quantities) or order takes the list's general path (stockList.ts), which reads the
 * product rows.
 */

interface SearchScope {
  accountId: number;
  /** The warehouse the balances count (null: every one; 0: none). */
  warehouseId: number | null;
  filter: StockListFilter;
}

/** The filter's search text when the narrow table answers the filter alone (see above), else null. */
export function narrowSearchOf(filter: StockListFilter): string | null {
  const search = filter.search?.trim();
  if (!search) return null;
  // The price type chosen alone filters nothing (the range does), nor does an empty list of tags.
  const { search: _search, positive: _positive, price_field: _priceField, ...others } = filter;
  return Object.values(others).every((value) => value === undefined || (Array.isArray(value) && value.length === 0)) ? search : null;
}

/**
 * The one-level array the 'positive' condition contains, written into the statement's text as a literal. As
 * array[$n] it was built again for every match the heap recheck tested: PostgreSQL keeps a generic plan for these
 * prepared statements (server/db/preparedStatements.ts), where a parameter is not folded, and a search visits every
 * match (bench data: ~12% of the search page's PostgreSQL CPU, 'steel' ~5.6 → ~4.9 ms, 'wrench' ~3.2 → ~2.8 ms).
 * Texts then differ per level (one per warehouse used, within the connection's cap of prepared texts).
 */
export function inStockAt(level: number): SQL {
  return Number.isSafeInteger(level) ? sql.raw(`'{${level}}'::integer[]`) : sql`array[${level}]::integer[]`;
}

/** What a search compares: the pattern as the text columns hold it and as the batch numbers' ILIKE takes it. */
async function patternsOf(db: Db, search: string): Promise<{ lowered: SQL; pattern: string }> {
  const pattern = `%${escapeLike(search)}%`;
  return { lowered: await lowerCased(db, pattern), pattern };
}

/** Rows of the account, not archived, and with 'positive' in stock at the balances' level. */
function scopeConditions(scope: SearchScope): SQL[] {
  const conditions = [sql`ps.account_id = ${scope.accountId}`, sql`ps.archived = false`];
  // Written as containment so the trigram indexes' second column answers it: only products in stock there are read.
  if (scope.filter.positive) conditions.push(sql`ps.in_stock @> ${inStockAt(sumsLevel(scope.warehouseId))}`);
  return conditions;
}

/**
 * A positive search's name conditions by the keys of its in-stock level (migration product_search_stock_keys says what
 * they are): the index's expression, word for word, holding the keys of the search's three-character windows in the
 * level's scope (-account for every warehouse, else the warehouse's id, as the migration's functions have it); then
 * the exact test. Null when the keys cannot answer: no 'positive', or no three characters in a row without a space
 * (the keys leave out windows with a space: ~40% fewer keys to write, see the migration). The scope names the
 * account, or one of its warehouses (requireWarehouseChoice); the account is also tested as `account_id + 0`, which
 * no index answers: as a plain `account_id =`, on stale statistics, the planner read the primary key and computed
 * every row's keys instead of reading the keys index.
 */
async function stockKeysOf(db: Db, scope: SearchScope, search: string): Promise<SQL[] | null> {
  // Three characters (code points, as PostgreSQL counts them) in a row without a space: the migration's window rule.
  if (!scope.filter.positive || !/[^ ]{3}/u.test(search)) return null;
  const level = sumsLevel(scope.warehouseId);
  // 'main' with no main warehouse has a level no row is in stock at (negative): it has no scope of its own, and as a
  // number it would be another account's every-warehouse scope (-1 is account 1's).
  if (level !== EVERY_WAREHOUSE && level <= 0) return null;
  const keyScope = level === EVERY_WAREHOUSE ? -scope.accountId : level;
  const lowered = await lowerCased(db, search);
  return [
    sql`product_search_stock_keys(ps.account_id, ps.in_stock, ps.name_lower) @> product_search_stock_wanted(${keyScope}::bigint, ${lowered})`,
    // The account checked all the same, in a form no index answers (see above): a warehouse's scope is the account's
    // only while every in_stock level of a row is a warehouse of the row's account, which the stock code keeps.
    sql`ps.account_id + 0 = ${scope.accountId}`,
    // strpos is LIKE '%text%' here. A LIKE could also be read from the trigram index, and the planner then
    // intersected both indexes and computed the keys of every match again to recheck them (~90 ms).
    sql`strpos(ps.name_lower, ${lowered}) > 0`,
  ];
}

/**
 * The matching rows (ps), as three conditions that never hold for one row together: the name contains the text;
 * else the article does; else a batch number does (ILIKE is lower(x) LIKE lower(p) in a UTF-8 database, and the
 * lower-cased columns are kept; the pattern comes lower-cased when lowerCase.ts can). Each reads its own index and
 * the answers are appended. As one OR the three bitmaps were merged and every match of the name was tested against
 * the whole OR, and against the in-stock level twice (in the recheck and again as a filter, since the batch
 * number's index cannot answer it); apart, a match of the name is tested once, on the name's own conditions. Bench
 * data, generic plans, the page's statement: PostgreSQL CPU ~5.1 → ~4.7 ms a call (median of ten runs each), the
 * search page 340 → 369 requests a second at 16 connections. With 'positive', the name's part then read the keys of
 * the level instead of the trigrams intersected with it: ~5.1 → ~3.9 ms (bench/stock-list-cpu.mjs, old and new code alternating in one run).
 */
async function matchArms(db: Db, scope: SearchScope, search: string): Promise<SQL[]> {
  const { lowered, pattern } = await patternsOf(db, search);
  const inName = sql`ps.name_lower like ${lowered}`;
  const inArticle = sql`ps.article_lower like ${lowered}`;
  const inBatch = sql`ps.product_id = any(array(select product_id from ${batches} where account_id = ${scope.accountId} and number ilike ${pattern}))`;
  const common = scopeConditions(scope);
  const keys = await stockKeysOf(db, scope, search);
  const byName = keys ? [...keys, sql`ps.archived = false`] : [...common, inName];
  return [byName, [...common, inArticle, sql`not ${inName}`], [...common, inBatch, sql`not ${inName}`, sql`not ${inArticle}`]].map((arm) => sql.join(arm, sql` and `));
}

/** The matching products' ids (product_id), each once, as a subquery. */
async function matchedIds(db: Db, scope: SearchScope, search: string): Promise<SQL> {
  const arms = (await matchArms(db, scope, search)).map((where) => sql`select ps.product_id from ${productSearch} ps where ${where}`);
  return sql`(${sql.join(arms, sql` union all `)})`;
}

/**
 * The query of a slice of the matching products' ids in name order (the id breaks ties, as in the list's order):
 * each way of matching (matchArms) gives its first `offset + limit` in that order, and the slice is cut from their
 * merge. It does not count the matches: a window count buffers every match once more on its way to the sort, ~20%
 * of the statement's time for a common word (bench data, generic plans: 6.5 → 5.2 ms a call over the bench's 12
 * words). The page reads one row past itself instead (stockList.ts); the totals call counts exactly.
 */
export async function searchSliceQuery(db: Db, scope: SearchScope, search: string, order: 'asc' | 'desc', slice: { limit: number; offset: number }): Promise<SQL> {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const arms = (await matchArms(db, scope, search)).map(
    (where) => sql`(select ps.product_id as id, ps.name from ${productSearch} ps where ${where}
      order by ps.name ${direction}, ps.product_id ${direction} limit ${slice.offset + slice.limit})`,
  );
  return sql`select found.id from (${sql.join(arms, sql` union all `)}) as found
      order by found.name ${direction}, found.id ${direction} limit ${slice.limit} offset ${slice.offset}`;
}

/** How many products match, up to `limit` (stockListPaging.ts): for a page past the end. */
export async function searchCount(db: Db, scope: SearchScope, search: string, limit: number): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql`select count(*) as n from (select 1 from ${await matchedIds(db, scope, search)} as ps limit ${limit}) found`);
  return Number(row.n);
}

/**
 * The totals row of a search: the matching products' kept sums at the balances' level (a product with no row
 * there counts nothing), and the sale value at the base price (`basePrice`, an expression on the products table),
 * read from the product rows of the matches with stock alone.
 */
export async function searchTotalsRow(db: Db, scope: SearchScope, search: string, basePrice: SQL | null): Promise<Record<'n' | 'cnt' | 'res' | 'cost_value' | 'sale_value', string | null>> {
  const level = sumsLevel(scope.warehouseId);
  // With 'positive' every match has stock at the level, so its sums row is one of stock_sums_in_stock's, which
  // carries the sums (migration stock_sums_in_stock_covering): each match's figures come from that index alone.
  const inStock = scope.filter.positive ? sql` and s.count > 0` : sql``;
  const sums = sql`s.account_id = ${scope.accountId} and s.product_id = ps.product_id and s.warehouse_id = ${level}${inStock}`;
  const [row] = await rowsOf<Record<'n' | 'cnt' | 'res' | 'cost_value' | 'sale_value', string | null>>(
    db,
    // The matches are gathered once (materialized): joined as a subquery, a plan on stale statistics (PGlite has no
    // autovacuum) ran the search again for every sums row.
    sql`with ps as materialized ${await matchedIds(db, scope, search)}
      select count(*) as n, sum(s.count) as cnt, sum(s.reserve) as res, sum(s.cost_value) as cost_value,
        ${basePrice ? sql`sum(s.count * coalesce((select ${basePrice} from ${products} where ${products.accountId} = ${scope.accountId} and ${products.id} = ps.product_id and s.count <> 0), 0))` : sql`0`} as sale_value
      from ps ${level === EVERY_WAREHOUSE ? sql`join` : sql`left join`} ${stockSums} s on ${sums}`,
  );
  return row;
}

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PriceColumn, StockBatchRow, StockList, StockListFilter, StockListRequest, StockRow, StockSortField, StockTotals, WarehouseChoice } from '../../../src/contract/stockList';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { batches, categories, fields, products, warehouses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pagingOf } from '../../http/paging';
import { countProducts } from './positions';

/**
 * The stock screen's list (issue 13 §2): products with their balances in the chosen warehouses, filtered, sorted
 * by any column with the id as tie-break, paged, and the totals of the whole filter, all computed in SQL.
 *
 * Measured on 100,000 products in 3 warehouses (bench/stock-list.mjs): the page walks the products in the sort's
 * index order and sums each shown product's batches in a LATERAL subquery, so a page sorted by a product column
 * reads about per_page products; sorting by a balance has to sum every product first (one grouped pass, about a
 * second at 100,000). The totals read every matching batch once, which is why they are a call of their own: the
 * page does not wait for them.
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
  if (!row) throw notFound('No such warehouse');
}

/** The batches counted (alias b): the account's, in the chosen warehouse. */
function batchScope(scope: ListScope): SQL {
  const where = sql`b.account_id = ${scope.accountId}`;
  return scope.warehouseId === null ? where : sql`${where} and b.warehouse_id = ${scope.warehouseId}`;
}

/** A price type's cost on a product row (null when the product has none). */
const priceOf = (code: string) => sql`(case when jsonb_typeof(${products.values} -> ${code}::text -> 'cost') = 'number' then (${products.values} -> ${code}::text ->> 'cost')::numeric end)`;

/** The price type the price range filters on: the named one, else the base (first) price. */
function rangePriceField(scope: ListScope): string | null {
  return scope.filter.price_field ?? scope.priceFields[0]?.code ?? null;
}

/** The stock columns a filter or sort reads (s is the product's summed batches). */
const STOCK_COLUMNS: Record<'count' | 'reserve' | 'available' | 'cost_price' | 'batch' | 'warehouse', SQL> = {
  count: sql`coalesce(s.cnt, 0)`,
  reserve: sql`coalesce(s.res, 0)`,
  available: sql`(coalesce(s.cnt, 0) - coalesce(s.res, 0))`,
  cost_price: sql`(case when coalesce(s.cnt, 0) > 0 then s.cost_value / s.cnt else s.top_cost end)`,
  batch: sql`s.batch`,
  warehouse: sql`s.warehouse`,
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

/** A product's quantity in stock in the chosen warehouse(s), for a filter. */
const stockSum = (scope: ListScope) => sql`(select coalesce(sum(b.count), 0) from ${batches} b where b.product_id = ${products.id} and ${batchScope(scope)})`;

/**
 * Conditions on the product's stock, each a subquery of that product's batches, so they cost a few index reads per
 * product the other conditions leave. A batch never holds less than nothing, so a positive balance is any batch with
 * some in it.
 */
function stockConditions(scope: ListScope): SQL[] {
  const { filter } = scope;
  const conditions: SQL[] = [];
  if (filter.positive) conditions.push(sql`exists (select 1 from ${batches} b where b.product_id = ${products.id} and ${batchScope(scope)} and b.count > 0)`);
  if (filter.count_min !== undefined) conditions.push(sql`${stockSum(scope)} >= ${filter.count_min}`);
  if (filter.count_max !== undefined) conditions.push(sql`${stockSum(scope)} <= ${filter.count_max}`);
  return conditions;
}

const STOCK_SUMS = sql`sum(b.count) as cnt, sum(b.reserve) as res, sum(b.count * b.cost_price) as cost_value, max(b.cost_price) as top_cost,
  count(*) filter (where b.count > 0) as rows, min(b.number) filter (where b.count > 0) as batch, min(w.name) filter (where b.count > 0) as warehouse`;

/**
 * Each product's batches summed (s). Sorted by a product column, the page sums only its own products (a LATERAL
 * subquery per shown product); sorted by a balance, every product's sum is needed to order them, and one grouped pass
 * over the batches costs far less than a subquery per product.
 */
function stockSums(scope: ListScope, sort: StockListRequest['sort']): SQL {
  const field = sort?.field ?? 'name';
  if (field in STOCK_COLUMNS) {
    return sql`left join (
      select b.product_id, ${STOCK_SUMS} from ${batches} b join ${warehouses} w on w.id = b.warehouse_id where ${batchScope(scope)} group by b.product_id
    ) s on s.product_id = ${products.id}`;
  }
  return sql`left join lateral (
    select ${STOCK_SUMS} from ${batches} b join ${warehouses} w on w.id = b.warehouse_id where b.product_id = ${products.id} and ${batchScope(scope)}
  ) s on true`;
}

function orderBy(sort: StockListRequest['sort'], filter: StockListFilter): SQL {
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
    count: STOCK_COLUMNS.count,
    reserve: STOCK_COLUMNS.reserve,
    available: STOCK_COLUMNS.available,
  };
  if (columns[field]) return sql`${columns[field]} ${direction}, ${products.id} ${direction}`;
  // Columns that can be empty put the empty ones last either way.
  const nullable: Record<string, SQL> = { category: sql`c.name`, batch: STOCK_COLUMNS.batch, warehouse: STOCK_COLUMNS.warehouse, cost_price: STOCK_COLUMNS.cost_price };
  const expression = field.startsWith('price:') ? priceOf(field.slice('price:'.length)) : nullable[field];
  return sql`${expression} ${direction} nulls last, ${products.id} ${direction}`;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const quantity = (value: unknown): number => Math.round(num(value) * 1000) / 1000;
const money = (value: unknown): number => Math.round(num(value) * 100) / 100;

interface PageRow {
  id: number;
  type: string;
  name: string;
  article: string;
  unit: string;
  category_id: number | null;
  category_name: string | null;
  tags: string[];
  prices: Record<string, unknown> | null;
  created_at: Date | string;
  cnt: string | null;
  res: string | null;
  cost_value: string | null;
  top_cost: string | null;
  rows: string | number | null;
  batch: string | null;
  warehouse: string | null;
}

interface BatchPageRow {
  id: number;
  product_id: number;
  warehouse_id: number;
  warehouse_name: string;
  number: string;
  count: string;
  reserve: string;
  cost_price: string;
  created_at: Date | string;
}

/** The rows of a raw query: both drivers (PGlite, node-postgres) answer them under rows. */
const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toStockRow(row: PageRow, rows: StockBatchRow[], priceFields: readonly PriceColumn[]): StockRow {
  const count = quantity(row.cnt);
  const reserve = quantity(row.res);
  const single = Number(row.rows ?? 0) === 1;
  const prices = Object.fromEntries(
    priceFields.map(({ code }) => {
      const cost = row.prices?.[code];
      return [code, typeof cost === 'number' ? cost : null];
    }),
  );
  return {
    id: row.id,
    type: row.type === 'service' ? 'service' : 'product',
    name: row.name,
    article: row.article,
    unit: row.unit,
    category_id: row.category_id,
    category_name: row.category_name,
    tags: row.tags,
    prices,
    count,
    reserve,
    available: quantity(count - reserve),
    cost_price: count > 0 ? money(num(row.cost_value) / count) : row.top_cost === null ? null : money(row.top_cost),
    batch: single ? row.batch : null,
    warehouse_name: single ? row.warehouse : null,
    batches: rows,
    created_at: iso(row.created_at),
  };
}

/** How many products the filter leaves. */
async function totalOf(db: Db, scope: ListScope): Promise<number> {
  const { filter } = scope;
  const plain = !filter.search?.trim() && !filter.category_id && !filter.tags?.length && filter.price_min === undefined && filter.price_max === undefined && stockConditions(scope).length === 0;
  // The unfiltered table's size comes from the trigger-kept counts instead of counting 100,000 rows.
  if (plain) return countProducts(db, scope.accountId, { type: filter.type });
  const where = sql.join([...productConditions(scope), ...stockConditions(scope)], sql` and `);
  const [row] = await rowsOf<{ n: string }>(db, sql`select count(*) as n from ${products} where ${where}`);
  return Number(row.n);
}

async function scopeOf(db: Db, accountId: number, request: Pick<StockListRequest, 'warehouse' | 'filter'>): Promise<ListScope> {
  const warehouse = request.warehouse ?? 'all';
  await requireWarehouseChoice(db, accountId, warehouse);
  let warehouseId: number | null = typeof warehouse === 'number' ? warehouse : null;
  if (warehouse === 'main') {
    const [main] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.accountId, accountId), eq(warehouses.isMain, true)));
    warehouseId = main?.id ?? 0;
  }
  const filter = request.filter ?? {};
  return { accountId, warehouse, warehouseId, categoryIds: filter.category_id ? await categoryTree(db, accountId, filter.category_id) : null, filter, priceFields: await priceFieldsOf(db, accountId) };
}

/** The products of a scope in the list's order, a slice at a time (the page, or a chunk of the export), with their batch rows. */
export async function stockRows(db: Db, scope: ListScope, sort: StockListRequest['sort'], limit: number, offset: number, ids?: readonly number[]): Promise<StockRow[]> {
  const conditions = [...productConditions(scope), ...stockConditions(scope)];
  if (ids) conditions.push(ids.length ? sql`${products.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const prices = scope.priceFields.length ? sql`jsonb_build_object(${sql.join(scope.priceFields.map(({ code }) => sql`${code}::text, ${products.values} -> ${code}::text -> 'cost'`), sql`, `)})` : sql`'{}'::jsonb`;
  const rows = await rowsOf<PageRow>(
    db,
    sql`select ${products.id} as id, ${products.type} as type, ${products.name} as name, ${products.article} as article, ${products.unit} as unit,
        ${products.categoryId} as category_id, c.name as category_name, ${products.tags} as tags, ${prices} as prices, ${products.createdAt} as created_at,
        s.cnt, s.res, s.cost_value, s.top_cost, s.rows, s.batch, s.warehouse
      from ${products}
      left join ${categories} c on c.id = ${products.categoryId} and c.account_id = ${scope.accountId}
      ${stockSums(scope, sort)}
      where ${sql.join(conditions, sql` and `)}
      order by ${orderBy(sort, scope.filter)}
      limit ${limit} offset ${offset}`,
  );
  const batchRows = rows.length ? await batchRowsOf(db, scope, rows.map((row) => row.id)) : [];
  const byProduct = new Map<number, StockBatchRow[]>();
  for (const batch of batchRows) {
    const list = byProduct.get(batch.product_id) ?? [];
    list.push({
      id: batch.id,
      warehouse_id: batch.warehouse_id,
      warehouse_name: batch.warehouse_name,
      number: batch.number,
      count: quantity(batch.count),
      reserve: quantity(batch.reserve),
      available: quantity(num(batch.count) - num(batch.reserve)),
      cost_price: money(batch.cost_price),
      created_at: iso(batch.created_at),
    });
    byProduct.set(batch.product_id, list);
  }
  return rows.map((row) => toStockRow(row, byProduct.get(row.id) ?? [], scope.priceFields));
}

/** The non-empty batches of these products in the chosen warehouses: the rows a product expands to. */
function batchRowsOf(db: Db, scope: ListScope, productIds: readonly number[]): Promise<BatchPageRow[]> {
  return rowsOf<BatchPageRow>(
    db,
    sql`select b.id, b.product_id, b.warehouse_id, w.name as warehouse_name, b.number, b.count, b.reserve, b.cost_price, b.created_at
      from ${batches} b join ${warehouses} w on w.id = b.warehouse_id
      where ${batchScope(scope)} and b.count > 0 and b.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
      order by b.product_id, w.name, b.number, b.id`,
  );
}

/** product/stock-list: one page of the stock table. */
export async function listStock(db: Db, accountId: number, request: StockListRequest): Promise<StockList> {
  const scope = await scopeOf(db, accountId, request);
  const perPage = request.per_page ?? STOCK_PER_PAGE;
  const page = request.page ?? 1;
  const [total, data] = await Promise.all([totalOf(db, scope), stockRows(db, scope, request.sort, perPage, (page - 1) * perPage)]);
  return { data, price_fields: [...scope.priceFields], ...pagingOf(page, perPage, total) };
}

/**
 * product/stock-totals: the totals row of the whole filter (not only the page), summed over the matching products'
 * batches in one join, and how many products match.
 */
export async function stockTotals(db: Db, accountId: number, request: Pick<StockListRequest, 'warehouse' | 'filter'>): Promise<StockTotals> {
  const scope = await scopeOf(db, accountId, request);
  const base = scope.priceFields[0]?.code;
  const where = sql.join([...productConditions(scope), ...stockConditions(scope)], sql` and `);
  const [[row], products_] = await Promise.all([
    rowsOf<Record<'cnt' | 'res' | 'cost_value' | 'sale_value', string | null>>(
      db,
      sql`select sum(b.count) as cnt, sum(b.reserve) as res, sum(b.count * b.cost_price) as cost_value,
          ${base ? sql`sum(b.count * coalesce(${priceOf(base)}, 0))` : sql`0`} as sale_value
        from ${products} join ${batches} b on b.product_id = ${products.id} and ${batchScope(scope)}
        where ${where}`,
    ),
    totalOf(db, scope),
  ]);
  const count = quantity(row.cnt);
  const reserve = quantity(row.res);
  return { count, reserve, available: quantity(count - reserve), cost_value: money(row.cost_value), sale_value: money(row.sale_value), products: products_ };
}

export type { ListScope };
export { scopeOf as stockScopeOf };

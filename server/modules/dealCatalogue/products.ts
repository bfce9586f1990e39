import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type { DealProduct, DealProductList, FilteredProductsRequest } from '../../../src/contract/orders';
import { coerceFlag, FieldType } from '../../../src/domain/fieldTypes';
import { parseNumber } from '../../../src/domain/numbers';
import { productIdentifier } from '../../../src/domain/productId';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { batches, categories, orderPositions, orders, products, warehouses } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { pagingOf } from '../../http/paging';
import { requireCategory } from '../categories/service';
import { listFields } from '../fields/service';
import type { Actor } from '../orders/actor';
import { priceFields, priceIn, visibleValues } from '../orders/positionsView';
import { AUTOCOMPLETE_LIMIT, autocomplete } from '../products/service';
import { roundedQuantity, toBatch } from '../stock/api';
import { FILTERABLE_TYPES } from './service';

type ProductRow = typeof products.$inferSelect;
/** Who asks: the account (and its default currency). */
export type CatalogueReader = Pick<Actor, 'accountId' | 'isKommo'>;

export const DEAL_PER_PAGE = 20;

/** How much of each product the order already holds. */
async function quantitiesIn(db: Db, accountId: number, orderId: number, productIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: orderPositions.productId, quantity: sql<string>`sum(${orderPositions.quantity})` })
    .from(orderPositions)
    .where(and(eq(orderPositions.accountId, accountId), eq(orderPositions.orderId, orderId), inArray(orderPositions.productId, productIds)))
    .groupBy(orderPositions.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.quantity)]));
}

/**
 * Who the products are shown to. Staff (the default): every product field, the price field, each warehouse
 * holding a batch (the main one first, then by name); asked for a deal (order given: the deal's order, or null
 * when it has none yet), in_order says how much of each the order already holds. A public customer (hidden:
 * the product field codes hidden from public orders): those fields left out, no price field, and only the
 * warehouses with stock left to order, by warehouse id.
 */
export type DealProductView = { order?: { id: number } | null; hidden?: undefined } | { hidden: ReadonlySet<string>; order?: undefined };

/**
 * Products as a deal (or a public order) offers them: the price of the first price field, and per warehouse
 * holding a batch of the product what is available there (count − reserve) with the identifier to send for it
 * (`id%%%warehouseCode`, src/domain/productId). Services have no stock: no warehouses, available null.
 */
export async function toDealProducts(db: Db, reader: CatalogueReader, rows: ProductRow[], view: DealProductView = {}): Promise<DealProduct[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const { order, hidden } = view;
  const [stock, stores, priceField, held] = await Promise.all([
    db.select().from(batches).where(and(eq(batches.accountId, reader.accountId), inArray(batches.productId, ids))).orderBy(asc(batches.id)),
    db
      .select()
      .from(warehouses)
      .where(eq(warehouses.accountId, reader.accountId))
      .orderBy(...(hidden ? [asc(warehouses.id)] : [desc(warehouses.isMain), asc(warehouses.name), asc(warehouses.id)])),
    priceFields(db, reader.accountId).then((codes) => codes[0] ?? null),
    order === undefined ? Promise.resolve(null) : order === null ? Promise.resolve(new Map<number, number>()) : quantitiesIn(db, reader.accountId, order.id, ids),
  ]);
  return rows.map((row) => {
    const service = row.type === 'service';
    const own = stock.filter((batch) => batch.productId === row.id).map(toBatch);
    const choices = service
      ? []
      : stores
          .filter((store) => own.some((batch) => batch.warehouse_id === store.id))
          .map((store) => ({
            id: store.id,
            code: store.code,
            name: store.name,
            available: roundedQuantity(own.filter((batch) => batch.warehouse_id === store.id).reduce((sum, batch) => sum + batch.available, 0)),
            identifier: productIdentifier({ id: row.id, type: row.type }, store.code),
          }))
          .filter((choice) => !hidden || choice.available > 0);
    const price = priceIn(row.values, priceField ?? undefined, reader);
    return {
      id: row.id,
      name: row.name,
      article: row.article,
      type: service ? 'service' : 'product',
      unit: row.unit,
      category_id: row.categoryId,
      price: price.cost,
      currency: price.currency,
      available: service ? null : roundedQuantity(own.reduce((sum, batch) => sum + batch.available, 0)),
      warehouses: choices,
      fields: hidden ? visibleValues(row.values, hidden) : row.values,
      ...(!hidden && { price_field: priceField }),
      ...(held && { in_order: held.get(row.id) ?? 0 }),
    };
  });
}

/** The order linked to a CRM deal in the account, or null. */
export async function leadOrderOf(db: Db, accountId: number, leadId: number) {
  const [row] = await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.leadId, leadId)));
  return row ?? null;
}

/**
 * Autocomplete for a deal (orders/get-products-autocomplete, widget/autocomplete): by name and by
 * article (products service), at most 20, active products only. Substring matches come first — of
 * the name, then of the article — and typo-tolerant ones after, so an article typed in full is never
 * crowded out by fuzzy name matches. An empty or blank query answers an empty list without a query.
 */
export async function dealAutocomplete(db: Db, reader: CatalogueReader, query: string | undefined, leadId?: number): Promise<DealProduct[]> {
  const text = (query ?? '').trim();
  if (!text) return [];
  const [byName, byArticle] = await Promise.all([autocomplete(db, reader.accountId, 'name', text), autocomplete(db, reader.accountId, 'article', text)]);
  const lower = text.toLowerCase();
  const ranked = [
    ...byName.filter((row) => row.name.toLowerCase().includes(lower)),
    ...byArticle.filter((row) => row.article.toLowerCase().includes(lower)),
    ...byName,
    ...byArticle,
  ];
  const ids = [...new Set(ranked.map((row) => row.id))].slice(0, AUTOCOMPLETE_LIMIT);
  if (!ids.length) return [];
  const rows = await db.select().from(products).where(and(eq(products.accountId, reader.accountId), inArray(products.id, ids), eq(products.archived, false)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const order = leadId === undefined ? undefined : await leadOrderOf(db, reader.accountId, leadId);
  return toDealProducts(
    db,
    reader,
    ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined),
    { order },
  );
}

/** Which products of the catalogue: a category with its subcategories, or exactly one level (a category, or the root: products without one). */
export type CategoryScope = { tree: number } | { level: number | null } | null;

/** A category's products together with those of all its subcategories (as product/list does). */
function inTree(accountId: number, categoryId: number): SQL {
  return sql`${products.categoryId} in (
    with recursive tree(id) as (
      select id from ${categories} where id = ${categoryId} and account_id = ${accountId}
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id where c.account_id = ${accountId}
    ) select id from tree)`;
}

/**
 * One field filter as SQL (FilteredProductsRequest.fields): text types contain the text (any case),
 * a single selector equals the option, a multi selector holds it, dates start with the given text
 * (a day matches every time of it), numbers and prices (their cost) equal the number, flags the flag.
 * Missing numbers count as 0 and missing flags as false, as their defaults say. Empty values are dropped.
 */
function fieldCondition(field: FieldDefinition, value: string | number | boolean): SQL | null {
  const stored = sql`${products.values} -> ${field.code}`;
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (text === '') return null;
  const number = () => {
    const parsed = parseNumber(value);
    if (parsed === null) throw badRequest(`The filter of ${field.code} needs a number`);
    return JSON.stringify(parsed);
  };
  switch (field.type) {
    case FieldType.string:
    case FieldType.text:
      return sql`${products.values} ->> ${field.code} ilike ${`%${escapeLike(text)}%`}`;
    case FieldType.select:
      return sql`${products.values} ->> ${field.code} = ${text}`;
    case FieldType.multiselect:
      return sql`jsonb_typeof(${stored}) = 'array' and ${stored} @> ${JSON.stringify([text])}::jsonb`;
    case FieldType.date:
    case FieldType.datetime:
      return sql`${products.values} ->> ${field.code} like ${`${escapeLike(text)}%`}`;
    case FieldType.integer:
    case FieldType.float:
      return sql`coalesce(${stored}, '0'::jsonb) = ${number()}::jsonb`;
    case FieldType.price:
      return sql`coalesce(${stored} -> 'cost', '0'::jsonb) = ${number()}::jsonb`;
    case FieldType.flag:
      return sql`coalesce(${stored}, 'false'::jsonb) = ${coerceFlag(value) ? 'true' : 'false'}::jsonb`;
    default:
      return null;
  }
}

async function fieldConditions(db: Db, accountId: number, filters: FilteredProductsRequest['fields']): Promise<SQL[]> {
  const entries = Object.entries(filters ?? {});
  if (!entries.length) return [];
  const defs = new Map((await listFields(db, accountId, {})).map((field) => [field.code, field]));
  const conditions: SQL[] = [];
  for (const [code, value] of entries) {
    const field = defs.get(code);
    if (!field) throw badRequest(`No such product field: ${code}`);
    if (!FILTERABLE_TYPES.has(field.type)) throw badRequest(`Products cannot be filtered by ${code}`);
    const condition = fieldCondition(field, value);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

export interface ProductPageRequest {
  page?: number;
  per_page?: number;
  scope?: CategoryScope;
  search?: string;
  warehouse_id?: number;
  in_stock?: boolean;
  type?: 'product' | 'service';
  fields?: FilteredProductsRequest['fields'];
  /** Only the products this condition lets through (a public caller: those it is offered). */
  offered?: SQL;
}

/**
 * One page of the account's active products as a deal offers them, by name: a category scope,
 * search in name and article, goods with a batch in a warehouse or with stock available, a type,
 * and field filters; shown as the view says (toDealProducts). A category of another account is not found (404).
 */
export async function dealProductPage(db: Db, reader: CatalogueReader, request: ProductPageRequest, view?: DealProductView): Promise<DealProductList> {
  const { accountId } = reader;
  const page = request.page ?? 1;
  const perPage = request.per_page ?? DEAL_PER_PAGE;
  const conditions: SQL[] = [eq(products.accountId, accountId), eq(products.archived, false), ...(request.offered ? [request.offered] : [])];
  const scope = request.scope ?? null;
  if (scope && 'tree' in scope) {
    await requireCategory(db, accountId, scope.tree);
    conditions.push(inTree(accountId, scope.tree));
  } else if (scope && 'level' in scope) {
    await requireCategory(db, accountId, scope.level);
    conditions.push(scope.level === null ? isNull(products.categoryId) : eq(products.categoryId, scope.level));
  }
  const search = request.search?.trim();
  if (search) conditions.push(or(ilike(products.name, `%${escapeLike(search)}%`), ilike(products.article, `%${escapeLike(search)}%`))!);
  if (request.type) conditions.push(eq(products.type, request.type));
  if (request.warehouse_id || request.in_stock) {
    const where = and(
      eq(batches.productId, products.id),
      eq(batches.accountId, accountId),
      ...(request.warehouse_id ? [eq(batches.warehouseId, request.warehouse_id)] : []),
      ...(request.in_stock ? [sql`${batches.count} > ${batches.reserve}`] : []),
    );
    conditions.push(sql`exists (select 1 from ${batches} where ${where})`);
  }
  conditions.push(...(await fieldConditions(db, accountId, request.fields)));
  const where = and(...conditions);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(where),
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { data: await toDealProducts(db, reader, rows, view), ...pagingOf(page, perPage, Number(total)) };
}

/** orders/products/filtered: the deal screen's product list (category_id with its subcategories; null or absent: every category). */
export async function filteredProducts(db: Db, reader: CatalogueReader, request: FilteredProductsRequest): Promise<DealProductList> {
  const { category_id: categoryId, ...rest } = request;
  return dealProductPage(db, reader, { ...rest, scope: categoryId ? { tree: categoryId } : null });
}

import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '../../../src/contract/common';
import type { AutocompleteItem, Batch, Product, ProductAddRequest, ProductListRequest, ProductUpdateRequest, SetPriceRequest } from '../../../src/contract/stock';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { batches, categories, fields, products } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';

type ProductRow = typeof products.$inferSelect;
type BatchRow = typeof batches.$inferSelect;

export const DEFAULT_PER_PAGE = 20;

export function toBatch(row: BatchRow): Batch {
  const countValue = Number(row.count);
  const reserve = Number(row.reserve);
  return { id: row.id, warehouse_id: row.warehouseId, number: row.number, cost_price: Number(row.costPrice), count: countValue, reserve, available: countValue - reserve };
}

function toProduct(row: ProductRow, rows: BatchRow[]): Product {
  const list = rows.map(toBatch);
  const total = (key: 'count' | 'reserve') => Math.round(list.reduce((sum, batch) => sum + batch[key], 0) * 1000) / 1000;
  return {
    id: row.id,
    type: row.type === 'service' ? 'service' : 'product',
    name: row.name,
    article: row.article,
    description: row.description,
    unit: row.unit,
    category_id: row.categoryId,
    values: row.values,
    tags: row.tags,
    archived: row.archived,
    count: total('count'),
    reserve: total('reserve'),
    available: Math.round((total('count') - total('reserve')) * 1000) / 1000,
    batches: list,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Field values are checked against the account's product fields and coerced by type (spec 2 §3):
 * an unknown code is refused, so a typo never silently stores data no screen shows.
 */
async function coerceValues(db: Db, caller: Caller, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const codes = Object.keys(values);
  if (!codes.length) return {};
  const defs = await db
    .select({ code: fields.code, type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, caller.account.id), eq(fields.entity, 'product'), inArray(fields.code, codes)));
  const byCode = new Map(defs.map((def) => [def.code, def.type]));
  const unknown = codes.filter((code) => !byCode.has(code));
  if (unknown.length) throw badRequest(`Unknown fields: ${unknown.join(', ')}`);
  const ctx = { currency: defaultCurrency({ is_kommo: caller.account.isKommo }) };
  return Object.fromEntries(codes.map((code) => [code, coerceFieldValue(byCode.get(code)!, values[code], ctx)]));
}

async function requireCategory(db: Db, accountId: number, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.accountId, accountId), eq(categories.id, categoryId)));
  if (!row) throw badRequest('No such category');
}

export async function productOf(db: Db, accountId: number, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(and(eq(products.accountId, accountId), eq(products.id, id)));
  if (!row) throw notFound('No such product');
  return row;
}

export async function getProduct(db: Db, accountId: number, id: number): Promise<Product> {
  const row = await productOf(db, accountId, id);
  const rows = await db.select().from(batches).where(and(eq(batches.accountId, accountId), eq(batches.productId, id))).orderBy(asc(batches.id));
  return toProduct(row, rows);
}

export async function addProduct(db: Db, caller: Caller, body: ProductAddRequest): Promise<Product> {
  await requireCategory(db, caller.account.id, body.category_id);
  const values = await coerceValues(db, caller, body.values ?? {});
  const [row] = await db
    .insert(products)
    .values({
      accountId: caller.account.id,
      type: body.type ?? 'product',
      name: body.name.trim(),
      article: body.article?.trim() ?? '',
      description: body.description ?? '',
      unit: body.unit?.trim() ?? 'pcs',
      categoryId: body.category_id ?? null,
      values,
      tags: body.tags ?? [],
    })
    .returning();
  return toProduct(row, []);
}

export async function updateProduct(db: Db, caller: Caller, body: ProductUpdateRequest): Promise<Product> {
  const current = await productOf(db, caller.account.id, body.id);
  await requireCategory(db, caller.account.id, body.category_id);
  const values = body.values ? { ...current.values, ...(await coerceValues(db, caller, body.values)) } : undefined;
  await db
    .update(products)
    .set({
      ...(body.name !== undefined && { name: body.name.trim() }),
      ...(body.article !== undefined && { article: body.article.trim() }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.unit !== undefined && { unit: body.unit.trim() }),
      ...(body.category_id !== undefined && { categoryId: body.category_id }),
      ...(body.tags !== undefined && { tags: body.tags }),
      ...(values && { values }),
      updatedAt: new Date(),
    })
    .where(and(eq(products.accountId, caller.account.id), eq(products.id, body.id)));
  return getProduct(db, caller.account.id, body.id);
}

/** product/set-price: one price field (type 11) gets a new cost, keeping its other settings. */
export async function setPrice(db: Db, caller: Caller, body: SetPriceRequest): Promise<Product> {
  const current = await productOf(db, caller.account.id, body.id);
  const [def] = await db
    .select({ type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, caller.account.id), eq(fields.entity, 'product'), eq(fields.code, body.price_field)));
  if (!def || def.type !== FieldType.price) throw badRequest(`${body.price_field} is not a price field`);
  const previous = typeof current.values[body.price_field] === 'object' ? (current.values[body.price_field] as Record<string, unknown>) : {};
  const ctx = { currency: defaultCurrency({ is_kommo: caller.account.isKommo }) };
  const price = coerceFieldValue(FieldType.price, { ...previous, cost: body.cost, ...(body.currency && { currency: body.currency }) }, ctx);
  await db
    .update(products)
    .set({ values: { ...current.values, [body.price_field]: price }, updatedAt: new Date() })
    .where(and(eq(products.accountId, caller.account.id), eq(products.id, body.id)));
  return getProduct(db, caller.account.id, body.id);
}

export async function setArchived(db: Db, accountId: number, id: number, archived: boolean): Promise<Product> {
  await productOf(db, accountId, id);
  await db.update(products).set({ archived, updatedAt: new Date() }).where(and(eq(products.accountId, accountId), eq(products.id, id)));
  return getProduct(db, accountId, id);
}

function pageLink(page: number | null): string | null {
  return page === null ? null : `?page=${page}`;
}

/** product/list: page, filter, sort → data, links, meta (stock summed over the batches, or one warehouse's). */
export async function listProducts(db: Db, accountId: number, request: ProductListRequest): Promise<Paged<Product>> {
  const filter = request.filter ?? {};
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const page = request.page ?? 1;
  const conditions: SQL[] = [eq(products.accountId, accountId), eq(products.archived, filter.archived ?? false)];
  if (filter.category_id) conditions.push(eq(products.categoryId, filter.category_id));
  if (filter.type) conditions.push(eq(products.type, filter.type));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.article, pattern))!);
  }
  const stockIn = (warehouse?: number) =>
    and(eq(batches.productId, products.id), eq(batches.accountId, accountId), ...(warehouse ? [eq(batches.warehouseId, warehouse)] : []));
  if (filter.warehouse_id || filter.in_stock) {
    conditions.push(sql`exists (select 1 from ${batches} where ${stockIn(filter.warehouse_id)} ${filter.in_stock ? sql`and ${batches.count} > ${batches.reserve}` : sql``})`);
  }
  const where = and(...conditions);
  const sortColumn = { name: products.name, article: products.article, created_at: products.createdAt, id: products.id }[request.sort?.field ?? 'id'];
  const order = request.sort?.order === 'desc' ? desc(sortColumn) : asc(sortColumn);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(order, asc(products.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const ids = rows.map((row) => row.id);
  const stock = ids.length
    ? await db
        .select()
        .from(batches)
        .where(and(eq(batches.accountId, accountId), inArray(batches.productId, ids), ...(filter.warehouse_id ? [eq(batches.warehouseId, filter.warehouse_id)] : [])))
        .orderBy(asc(batches.id))
    : [];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    data: rows.map((row) => toProduct(row, stock.filter((batch) => batch.productId === row.id))),
    links: { first: pageLink(1), prev: pageLink(page > 1 ? page - 1 : null), next: pageLink(page < lastPage ? page + 1 : null), last: pageLink(lastPage) },
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
  };
}

export const AUTOCOMPLETE_LIMIT = 20;

/**
 * Autocomplete by name or article, in two steps measured on 100,000 products (bench/server.mjs):
 * 1. substring matches (ILIKE '%q%' on the trigram index, LIMIT without ORDER: under a millisecond);
 * 2. only when fewer than 20 were found, typo-tolerant matches by word similarity (`q <% column`),
 *    which costs tens of milliseconds and so is not paid by ordinary queries.
 * Names starting with the query come first, then shorter ones, then the fuzzy matches by score.
 */
export async function autocomplete(db: Db, accountId: number, column: 'name' | 'article', query: string): Promise<AutocompleteItem[]> {
  const text = query.trim();
  if (!text) return [];
  const target = column === 'name' ? products.name : products.article;
  const owned = and(eq(products.accountId, accountId), eq(products.archived, false));
  const shape = { id: products.id, name: products.name, article: products.article, type: products.type };
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  const exact = await db.select(shape).from(products).where(and(owned, ilike(target, `%${escaped}%`))).limit(AUTOCOMPLETE_LIMIT);
  const lower = text.toLowerCase();
  const value = (row: { name: string; article: string }) => (column === 'name' ? row.name : row.article).toLowerCase();
  const ranked = exact.sort((a, b) => Number(value(b).startsWith(lower)) - Number(value(a).startsWith(lower)) || value(a).length - value(b).length || a.id - b.id);
  if (ranked.length < AUTOCOMPLETE_LIMIT && text.length >= 3) {
    const fuzzy = await db
      .select({ ...shape, score: sql<number>`word_similarity(${text}, ${target})` })
      .from(products)
      .where(and(owned, sql`${text} <% ${target}`))
      .limit(AUTOCOMPLETE_LIMIT * 2);
    const seen = new Set(ranked.map((row) => row.id));
    ranked.push(...fuzzy.filter((row) => !seen.has(row.id)).sort((a, b) => Number(b.score) - Number(a.score) || a.id - b.id).map(({ score: _score, ...row }) => row));
  }
  return ranked.slice(0, AUTOCOMPLETE_LIMIT).map((row) => ({ ...row, type: row.type === 'service' ? 'service' : 'product' }));
}

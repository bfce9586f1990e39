import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '../../../src/contract/common';
import type { AutocompleteItem, Product, ProductAddRequest, ProductListRequest, ProductUpdateRequest, SetPriceRequest } from '../../../src/contract/stock';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { imageLinkKey, withImageLinks } from '../../auth/imageLinks';
import type { Caller } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { oncePerDatabase } from '../../db/oncePerDatabase';
import { escapeLike } from '../../db/like';
import { batches, categories, fields, products } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { pagingOf } from '../../http/paging';
import { requireFreePositions } from '../account/limits';
import { requireName } from '../account/service';
import { lockCatalogue } from '../categories/service';
import { coerceEntityValues } from '../fields/values';
import { repriceOpenOrders } from '../orders/reprice';
import { inTransitOf, lockProduct, recordPriceChanges, roundedQuantity, toBatch } from '../stock/api';
import { priceOf } from './priceOf';
import { nextStamp, requireUnchangedSince } from './freshness';
import { countProducts } from './positions';

type ProductRow = typeof products.$inferSelect;
type BatchRow = typeof batches.$inferSelect;

export const DEFAULT_PER_PAGE = 20;

/** `inTransit`: how much of it is on its way between warehouses (counted in neither), shown only when there is any. */
function toProduct(row: ProductRow, rows: BatchRow[], inTransit = 0): Product {
  const list = rows.map(toBatch);
  const total = (key: 'count' | 'reserve') => roundedQuantity(list.reduce((sum, batch) => sum + batch[key], 0));
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
    available: roundedQuantity(total('count') - total('reserve')),
    batches: list,
    ...(inTransit > 0 && { in_transit: roundedQuantity(inTransit) }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A unit as stored: trimmed and never blank. */
function requireUnit(text: string): string {
  const unit = text.trim();
  if (!unit) throw refusal(400, 'unitRequired');
  return unit;
}

async function requireCategory(db: Db, accountId: number, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.accountId, accountId), eq(categories.id, categoryId)));
  if (!row) throw refusal(400, 'noSuchCategory');
}

export async function productOf(db: Db, accountId: number, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(and(eq(products.accountId, accountId), eq(products.id, id)));
  if (!row) throw refusal(404, 'noSuchProduct');
  return row;
}

export async function getProduct(db: Db, accountId: number, id: number): Promise<Product> {
  const row = await productOf(db, accountId, id);
  const rows = await db.select().from(batches).where(and(eq(batches.accountId, accountId), eq(batches.productId, id))).orderBy(asc(batches.id));
  return linked(toProduct(row, rows, (await inTransitOf(db, accountId, [id])).get(id)), await imageLinkKey(db));
}

/** A product as answers show it: its uploaded images with their signed size links. */
const linked = (product: Product, key: Buffer): Product => ({ ...product, values: withImageLinks(product.values, key) });

export async function addProduct(db: Db, caller: Caller, body: ProductAddRequest): Promise<Product> {
  const row = await db.transaction((tx) => insertProduct(tx, caller, body));
  return toProduct(row, []);
}

/** A new product inside the caller's transaction (product/add, or an arrival line creating it on the spot). */
export async function insertProduct(tx: Tx, caller: Caller, body: ProductAddRequest): Promise<ProductRow> {
  const name = requireName(body.name);
  const unit = body.unit === undefined ? 'pcs' : requireUnit(body.unit);
  const values = await coerceEntityValues(tx, caller.account, 'product', body.values ?? {});
  // The catalogue lock orders this add after a concurrent delete of its category and after other
  // adds, so the category check and the positions limit hold when the row is written.
  await lockCatalogue(tx, caller.account.id);
  await requireCategory(tx, caller.account.id, body.category_id);
  await requireFreePositions(tx, caller.account.id, caller.account.tariffId, 1);
  const [inserted] = await tx
    .insert(products)
    .values({
      accountId: caller.account.id,
      type: body.type ?? 'product',
      name,
      article: body.article?.trim() ?? '',
      description: body.description ?? '',
      unit,
      categoryId: body.category_id ?? null,
      values,
      tags: body.tags ?? [],
    })
    .returning();
  return inserted;
}

export async function updateProduct(db: Db, caller: Caller, body: ProductUpdateRequest): Promise<Product> {
  const name = body.name === undefined ? undefined : requireName(body.name);
  const unit = body.unit === undefined ? undefined : requireUnit(body.unit);
  await productOf(db, caller.account.id, body.id);
  const changed = body.values ? await coerceEntityValues(db, caller.account, 'product', body.values) : undefined;
  await db.transaction(async (tx) => {
    if (body.category_id !== undefined && body.category_id !== null) {
      await lockCatalogue(tx, caller.account.id);
      await requireCategory(tx, caller.account.id, body.category_id);
    }
    // The values are merged over those stored at the moment of writing, not at the moment of reading.
    const current = await lockProduct(tx, caller.account.id, body.id);
    requireUnchangedSince(current, body.updated_at);
    await tx
      .update(products)
      .set({
        ...(name !== undefined && { name }),
        ...(body.article !== undefined && { article: body.article.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(unit !== undefined && { unit }),
        ...(body.category_id !== undefined && { categoryId: body.category_id }),
        ...(body.tags !== undefined && { tags: body.tags }),
        ...(changed && { values: { ...current.values, ...changed } }),
        updatedAt: nextStamp(current),
      })
      .where(eq(products.id, current.id));
  });
  return getProduct(db, caller.account.id, body.id);
}

/**
 * product/set-price: one price field (type 11) gets a new cost, keeping its other settings; with
 * update_open_deals the open orders' positions of the product at that price type take it too.
 */
export async function setPrice(db: Db, caller: Caller, body: SetPriceRequest): Promise<Product> {
  await productOf(db, caller.account.id, body.id);
  const [def] = await db
    .select({ type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, caller.account.id), eq(fields.entity, 'product'), eq(fields.code, body.price_field)));
  if (!def || def.type !== FieldType.price) throw refusal(400, 'notAPriceField', { field: body.price_field });
  const ctx = { currency: defaultCurrency({ is_kommo: caller.account.isKommo }) };
  await db.transaction(async (tx) => {
    const current = await lockProduct(tx, caller.account.id, body.id);
    const previous = isRecord(current.values[body.price_field]) ? (current.values[body.price_field] as Record<string, unknown>) : {};
    const price = coerceFieldValue(FieldType.price, { ...previous, cost: body.cost, ...(body.currency && { currency: body.currency }) }, ctx);
    await tx
      .update(products)
      .set({ values: { ...current.values, [body.price_field]: price }, updatedAt: nextStamp(current) })
      .where(eq(products.id, current.id));
    await recordPriceChanges(tx, [{ accountId: caller.account.id, product: current, priceField: body.price_field, from: priceOf(previous), to: body.cost, userId: caller.user.id }]);
  });
  if (body.update_open_deals) await repriceOpenOrders(db, caller.account.id, body.id, body.price_field, body.cost);
  return getProduct(db, caller.account.id, body.id);
}

export async function setArchived(db: Db, caller: Caller, id: number, archived: boolean): Promise<Product> {
  const accountId = caller.account.id;
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    const current = await lockProduct(tx, accountId, id);
    // Taking a product out of the archive puts it back among the tariff's positions.
    if (current.archived && !archived) await requireFreePositions(tx, accountId, caller.account.tariffId, 1);
    await tx.update(products).set({ archived, updatedAt: nextStamp(current) }).where(eq(products.id, current.id));
  });
  return getProduct(db, accountId, id);
}

/** product/list: page, filter, sort → data, links, meta (stock summed over the batches, or one warehouse's). */
export async function listProducts(db: Db, accountId: number, request: ProductListRequest): Promise<Paged<Product>> {
  const filter = request.filter ?? {};
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const page = request.page ?? 1;
  const conditions: SQL[] = [eq(products.accountId, accountId), eq(products.archived, filter.archived ?? false)];
  // A category shows its own products and those of all its subcategories, as a catalogue tree does.
  if (filter.category_id) {
    conditions.push(sql`${products.categoryId} in (
      with recursive tree(id) as (
        select id from ${categories} where id = ${filter.category_id} and account_id = ${accountId}
        union
        select c.id from ${categories} c join tree on c.parent_id = tree.id where c.account_id = ${accountId}
      ) select id from tree)`);
  }
  if (filter.type) conditions.push(eq(products.type, filter.type));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
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
  // The plain list (no search, category or stock filter) is the common page of the table: its total
  // comes from the trigger-kept counts instead of counting every row of a large catalogue.
  const plain = !search && !filter.category_id && !filter.warehouse_id && !filter.in_stock;
  const total = plain
    ? await countProducts(db, accountId, { archived: filter.archived ?? false, type: filter.type })
    : (await db.select({ total: count() }).from(products).where(where))[0].total;
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
  const transit = await inTransitOf(
    db,
    accountId,
    rows.map((row) => row.id),
  );
  const key = await imageLinkKey(db);
  return { data: rows.map((row) => linked(toProduct(row, stock.filter((batch) => batch.productId === row.id), transit.get(row.id)), key)), ...pagingOf(page, perPage, total) };
}

export const AUTOCOMPLETE_LIMIT = 20;

/**
 * Autocomplete by name or article, in two steps measured on 100,000 products (bench/server.mjs):
 * 1. substring matches (ILIKE '%q%' on the trigram index, LIMIT without ORDER: under a millisecond);
 * 2. only when fewer than 20 were found, typo-tolerant matches by word similarity (`q <% column`),
 *    which costs tens of milliseconds and so is not paid by ordinary queries.
 * Names starting with the query come first, then shorter ones, then the fuzzy matches by score.
 * It runs on every keystroke of every user, so both queries are prepared once per database (named
 * statements: PostgreSQL parses and plans them once per connection).
 */
function autocompleteQueries(db: Db, column: 'name' | 'article') {
  const target = column === 'name' ? products.name : products.article;
  const shape = { id: products.id, name: products.name, article: products.article, type: products.type };
  const owned = and(eq(products.accountId, sql.placeholder('account')), eq(products.archived, false));
  return {
    exact: db.select(shape).from(products).where(and(owned, ilike(target, sql.placeholder('pattern')))).limit(AUTOCOMPLETE_LIMIT).prepare(`autocomplete_${column}_exact`),
    fuzzy: db
      .select({ ...shape, score: sql<number>`word_similarity(${sql.placeholder('text')}, ${target})` })
      .from(products)
      .where(and(owned, sql`${sql.placeholder('text')} <% ${target}`))
      .limit(AUTOCOMPLETE_LIMIT * 2)
      .prepare(`autocomplete_${column}_fuzzy`),
  };
}

const preparedAutocomplete = oncePerDatabase((db) => ({ name: autocompleteQueries(db, 'name'), article: autocompleteQueries(db, 'article') }));

export async function autocomplete(db: Db, accountId: number, column: 'name' | 'article', query: string): Promise<AutocompleteItem[]> {
  const text = query.trim();
  if (!text) return [];
  const { exact: exactQuery, fuzzy: fuzzyQuery } = preparedAutocomplete(db)[column];
  const escaped = escapeLike(text);
  const exact = await exactQuery.execute({ account: accountId, pattern: `%${escaped}%` });
  const lower = text.toLowerCase();
  const value = (row: { name: string; article: string }) => (column === 'name' ? row.name : row.article).toLowerCase();
  const ranked = exact.sort((a, b) => Number(value(b).startsWith(lower)) - Number(value(a).startsWith(lower)) || value(a).length - value(b).length || a.id - b.id);
  if (ranked.length < AUTOCOMPLETE_LIMIT && text.length >= 3) {
    const fuzzy = await fuzzyQuery.execute({ account: accountId, text });
    const seen = new Set(ranked.map((row) => row.id));
    ranked.push(...fuzzy.filter((row) => !seen.has(row.id)).sort((a, b) => Number(b.score) - Number(a.score) || a.id - b.id).map(({ score: _score, ...row }) => row));
  }
  return ranked.slice(0, AUTOCOMPLETE_LIMIT).map((row) => ({ ...row, type: row.type === 'service' ? 'service' : 'product' }));
}

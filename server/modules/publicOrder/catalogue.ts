import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type { PublicCatalogue, PublicCatalogueQuery, PublicFieldListQuery, PublicProduct } from '../../../src/contract/publicOrder';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { productIdentifier } from '../../../src/domain/productId';
import type { PublicCaller } from '../../auth/publicSessions';
import type { Db } from '../../db/client';
import { batches, categories, fields, products, warehouses } from '../../db/schema';
import { categoryProps, listCategories, requireCategory } from '../categories/service';
import { listFields, toField } from '../fields/service';
import { hiddenFieldCodes, visibleValues } from '../orders/positions';
import { publicActor } from './access';

const DEFAULT_PER_PAGE = 20;
const pageLink = (page: number | null) => (page === null ? null : `?page=${page}`);
const publicVisible = (field: { lead_config: { public_order_visible?: number } }) => Number(field.lead_config.public_order_visible ?? 0) > 0;

/**
 * Which products a public caller is offered (spec 2 §9 business-process scenarios), by the account's setting:
 * 'all' — every product; 'tagged' — only products sharing a tag with the customer (none for a customer without
 * tags or an anonymous link); 'tagged_or_untagged' — products without tags, and those sharing a tag.
 */
export function visibleProductCondition(caller: Pick<PublicCaller, 'productVisibility' | 'customerTags'>): SQL {
  const tags = caller.customerTags;
  const untagged = sql`jsonb_array_length(${products.tags}) = 0`;
  const sharesTag = tags.length ? sql`${products.tags} ?| array[${sql.join(tags.map((tag) => sql`${tag}`), sql`, `)}]::text[]` : sql`false`;
  switch (caller.productVisibility) {
    case 'tagged':
      return sharesTag;
    case 'tagged_or_untagged':
      return or(untagged, sharesTag)!;
    default:
      return sql`true`;
  }
}

/** The account's first price field (by position): the price a public customer is shown and charged. */
async function defaultPriceField(db: Db, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: fields.code })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, FieldType.price)))
    .orderBy(asc(fields.sort), asc(fields.id))
    .limit(1);
  return row?.code ?? null;
}

/** A page of the products the caller is offered, with the stock that can still be ordered per warehouse. */
async function offeredProducts(db: Db, caller: PublicCaller, query: PublicCatalogueQuery): Promise<PublicCatalogue['products']> {
  const { accountId } = caller;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  const conditions: SQL[] = [eq(products.accountId, accountId), eq(products.archived, false), visibleProductCondition(caller)];
  if (query.category_id !== undefined) {
    await requireCategory(db, accountId, query.category_id);
    conditions.push(sql`${products.categoryId} in (
      with recursive tree(id) as (
        select id from ${categories} where id = ${query.category_id} and account_id = ${accountId}
        union
        select c.id from ${categories} c join tree on c.parent_id = tree.id where c.account_id = ${accountId}
      ) select id from tree)`);
  }
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.article, pattern))!);
  }
  const where = and(...conditions);
  const [[{ total }], rows, priceField, hidden] = await Promise.all([
    db.select({ total: count() }).from(products).where(where),
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    defaultPriceField(db, accountId),
    hiddenFieldCodes(db, publicActor(caller)),
  ]);
  const ids = rows.map((row) => row.id);
  const stock = ids.length
    ? await db
        .select({ productId: batches.productId, id: warehouses.id, code: warehouses.code, name: warehouses.name, available: sql<string>`sum(${batches.count} - ${batches.reserve})` })
        .from(batches)
        .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId))
        .where(and(eq(batches.accountId, accountId), inArray(batches.productId, ids)))
        .groupBy(batches.productId, warehouses.id, warehouses.code, warehouses.name)
        .orderBy(asc(warehouses.id))
    : [];
  const currency = defaultCurrency({ is_kommo: caller.isKommo });
  const data = rows.map((row): PublicProduct => {
    const service = row.type === 'service';
    const price = priceField ? (coerceFieldValue(FieldType.price, row.values[priceField], { currency }) as { cost: number; currency: string }) : null;
    const held = service
      ? []
      : stock
          .filter((item) => item.productId === row.id && Number(item.available) > 0)
          .map((item) => ({ id: item.id, code: item.code, name: item.name, available: Number(item.available), identifier: productIdentifier({ id: row.id, type: row.type }, item.code) }));
    return {
      id: row.id,
      name: row.name,
      article: row.article,
      type: service ? 'service' : 'product',
      unit: row.unit,
      category_id: row.categoryId,
      price: Number(price?.cost) || 0,
      currency: price?.currency || currency,
      available: service ? null : Math.round(held.reduce((sum, item) => sum + item.available, 0) * 1000) / 1000,
      warehouses: held,
      fields: visibleValues(row.values, hidden),
    };
  });
  const lastPage = Math.max(1, Math.ceil(Number(total) / perPage));
  return {
    data,
    links: { first: pageLink(1), prev: pageLink(page > 1 ? page - 1 : null), next: pageLink(page < lastPage ? page + 1 : null), last: pageLink(lastPage) },
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: Number(total) },
  };
}

/** public-order/categories/list: the category tree, card properties with public-visible fields only, and the offered products. */
export async function publicCatalogue(db: Db, caller: PublicCaller, query: PublicCatalogueQuery): Promise<PublicCatalogue> {
  const [tree, properties, visibleFields, offered] = await Promise.all([
    listCategories(db, caller.accountId),
    categoryProps(db, caller.accountId),
    listFields(db, caller.accountId, {}),
    offeredProducts(db, caller, query),
  ]);
  const visible = new Set(visibleFields.filter(publicVisible).map((field) => field.id));
  return {
    categories: tree,
    properties: properties.map((item) => ({ ...item, fields_id_2: item.fields_id_2.filter((id) => visible.has(id)) })),
    products: offered,
  };
}

/** public-order/fields/list: product fields (default; of a category as field/list does) or order fields — public-visible ones only. */
export async function publicFields(db: Db, caller: PublicCaller, query: PublicFieldListQuery): Promise<FieldDefinition[]> {
  if (query.entity === 'order') {
    const rows = await db
      .select()
      .from(fields)
      .where(and(eq(fields.accountId, caller.accountId), eq(fields.entity, 'order')))
      .orderBy(asc(fields.sort), asc(fields.id));
    return rows.map(toField).filter(publicVisible);
  }
  const list = await listFields(db, caller.accountId, { category_id: query.category_id, with_parents: query.with_parents });
  return list.filter(publicVisible);
}

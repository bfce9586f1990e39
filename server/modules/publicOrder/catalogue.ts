import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type { PublicCatalogue, PublicCatalogueQuery, PublicFieldListQuery } from '../../../src/contract/publicOrder';
import type { PublicCaller } from '../../auth/publicSessions';
import type { Db } from '../../db/client';
import { fields, products } from '../../db/schema';
import { categoryProps, listCategories } from '../categories/service';
import { dealProductPage } from '../dealCatalogue/products';
import { listFields, toField } from '../fields/service';
import { hiddenFieldCodes } from '../orders/positions';
import { publicActor } from './access';
import { availabilityOf } from './limits';

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

/**
 * A page of the products the caller is offered (of a category with its subcategories, searched by name and
 * article), as a deal offers them but public: public-invisible fields left out, only the warehouses with stock
 * that can still be ordered.
 */
async function offeredProducts(db: Db, caller: PublicCaller, query: PublicCatalogueQuery): Promise<PublicCatalogue['products']> {
  const hidden = await hiddenFieldCodes(db, publicActor(caller));
  const page = await dealProductPage(
    db,
    caller,
    {
      page: query.page,
      per_page: query.per_page,
      scope: query.category_id !== undefined ? { tree: query.category_id } : null,
      search: query.search,
      offered: visibleProductCondition(caller),
    },
    { hidden },
  );
  // No stock counts or warehouses for public customers: in stock or not.
  const data = page.data.map(({ available, warehouses: _warehouses, ...product }) => ({ ...product, availability: availabilityOf(available, 1) }));
  return { ...page, data };
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

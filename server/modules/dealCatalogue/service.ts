import type { Category, FieldDefinition } from '../../../src/contract/catalogue';
import type { CategoryListItem, FilteredConfig } from '../../../src/contract/orders';
import { FieldType } from '../../../src/domain/fieldTypes';
import { isFieldVisible } from '../../../src/domain/productCard';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { getTableConfig, saveTableConfig } from '../account/service';
import { listCategories } from '../categories/service';
import { listFields } from '../fields/service';

/**
 * The deal screen's catalogue answers. Of the three category calls:
 * - orders/categories: the category field properties the product card needs (get_fields_properties:
 *   id, levels, fields_id_2), the same answer as field/categories (categoryProps);
 * - orders/categories/list: the category tree, each node with its subcategories — the staff twin of
 *   public-order/categories/list, the same answer as category/list (listCategories);
 * - orders/category/list: the same categories as one flat list, parents before their subcategories
 *   (for the category choice of the product filter), each with its levels.
 */

/** The tree flattened depth-first: parents first, siblings in their sort order. */
export function flattenCategories(tree: Category[]): CategoryListItem[] {
  const list: CategoryListItem[] = [];
  const visit = (node: Category) => {
    list.push({ id: node.id, name: node.name, parent_id: node.parent_id, image_url: node.image_url, sort: node.sort, levels: node.levels });
    for (const child of node.subcategories) visit(child);
  };
  for (const root of tree) visit(root);
  return list;
}

export async function categoryList(db: Db, accountId: number): Promise<CategoryListItem[]> {
  return flattenCategories(await listCategories(db, accountId));
}

/** orders/fields: the product fields order cards show (lead_config.visible > 0); orders/fields/all: every product field. Both in card order. */
export async function orderFields(db: Db, accountId: number, onlyVisible: boolean): Promise<FieldDefinition[]> {
  const all = await listFields(db, accountId, {});
  return onlyVisible ? all.filter(isFieldVisible) : all;
}

/** Where the deal product filter's settings are kept among the account's table configurations. */
export const FILTER_CONFIG_CODE = 'orders_products_filter';

/** Field types a product can be filtered by: stock (13) and images (15) have no single value to compare. */
export const FILTERABLE_TYPES: ReadonlySet<number> = new Set([
  FieldType.integer,
  FieldType.float,
  FieldType.string,
  FieldType.text,
  FieldType.select,
  FieldType.multiselect,
  FieldType.date,
  FieldType.datetime,
  FieldType.flag,
  FieldType.price,
]);

async function filterableFields(db: Db, accountId: number): Promise<FieldDefinition[]> {
  return (await listFields(db, accountId, {})).filter((field) => FILTERABLE_TYPES.has(field.type));
}

/**
 * orders/products/filtered/config: the saved choice, without codes whose field was deleted or can no
 * longer be filtered by; with none saved, every filterable field the cards show, in card order.
 * The value is read defensively: account/table-config can write any JSON under the same code.
 */
export async function getFilterConfig(db: Db, accountId: number): Promise<FilteredConfig> {
  const [stored, fields] = await Promise.all([getTableConfig(db, accountId, FILTER_CONFIG_CODE), filterableFields(db, accountId)]);
  const saved = (stored.value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(saved)) return { fields: fields.filter(isFieldVisible).map((field) => field.code) };
  const known = new Set(fields.map((field) => field.code));
  return { fields: [...new Set(saved.filter((code): code is string => typeof code === 'string' && known.has(code)))] };
}

/** orders/products/filtered/config/update: the fields in the given order (repeats dropped); a code that is not a filterable product field is refused. */
export async function saveFilterConfig(db: Db, caller: Caller, body: FilteredConfig): Promise<FilteredConfig> {
  const known = new Set((await filterableFields(db, caller.account.id)).map((field) => field.code));
  const unknown = body.fields.filter((code) => !known.has(code));
  if (unknown.length) throw badRequest(`Not a product field the filter can use: ${unknown.join(', ')}`);
  const fields = [...new Set(body.fields)];
  await saveTableConfig(db, caller, FILTER_CONFIG_CODE, { fields });
  return { fields };
}

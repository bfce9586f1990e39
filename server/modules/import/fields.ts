import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { ImportColumn, ImportField, ImportFieldKind } from '../../../src/contract/import';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import { fields, warehouses } from '../../db/schema';

/**
 * What a file's columns can be imported into (account/import-fields) and the proposal of which column is which,
 * by header names in English and Russian. The account's own names (its price types, warehouses, custom fields)
 * are matched as they are written.
 */

/** Custom field types whose values a cell can hold; images and stock objects are not imported from a cell. */
const CELL_TYPES: Record<number, ImportFieldKind> = {
  [FieldType.integer]: 'number',
  [FieldType.float]: 'number',
  [FieldType.string]: 'text',
  [FieldType.text]: 'text',
  [FieldType.select]: 'text',
  [FieldType.multiselect]: 'list',
  [FieldType.date]: 'date',
  [FieldType.datetime]: 'date',
  [FieldType.flag]: 'flag',
};

const BUILT_IN: { key: string; name: string; kind: ImportFieldKind; headers: string[] }[] = [
  { key: 'name', name: 'Name', kind: 'text', headers: ['name', 'product', 'product name', 'title', 'название', 'наименование', 'товар', 'имя'] },
  { key: 'article', name: 'Article', kind: 'text', headers: ['article', 'sku', 'article number', 'code', 'артикул', 'код'] },
  { key: 'batch', name: 'Batch', kind: 'text', headers: ['batch', 'batch number', 'lot', 'партия', 'номер партии'] },
  { key: 'category', name: 'Category', kind: 'category', headers: ['category', 'group', 'категория', 'группа'] },
  { key: 'unit', name: 'Unit', kind: 'text', headers: ['unit', 'units', 'unit of measurement', 'uom', 'ед. изм.', 'ед.изм.', 'единица', 'единица измерения', 'ед'] },
  { key: 'type', name: 'Type', kind: 'text', headers: ['type', 'тип'] },
  { key: 'cost_price', name: 'Cost price', kind: 'number', headers: ['cost price', 'cost', 'purchase price', 'себестоимость', 'закупочная цена', 'закупка'] },
  { key: 'vat', name: 'VAT, %', kind: 'number', headers: ['vat', 'vat, %', 'vat %', 'tax', 'ндс', 'ндс, %', 'ндс %'] },
  { key: 'tags', name: 'Tags', kind: 'list', headers: ['tags', 'tag', 'теги', 'тег', 'метки'] },
  { key: 'quantity', name: 'Quantity', kind: 'number', headers: ['quantity', 'qty', 'count', 'in stock', 'stock', 'количество', 'кол-во', 'остаток', 'в наличии'] },
];

/** Price types are also recognised by these words when the account's names do not match (the first price type). */
const PRICE_WORDS = ['price', 'sale price', 'retail price', 'цена', 'цена продажи', 'розничная цена'];

export interface ImportTargets {
  fields: ImportField[];
  /** Header (normalised) → field key. */
  byHeader: Map<string, string>;
}

export const normalisedHeader = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s_]+/g, ' ')
    .trim();

/** The fields a column can go into, in the order the mapping's select lists them. */
export async function importTargetsOf(db: Db, accountId: number): Promise<ImportTargets> {
  const defs = await db
    .select({ code: fields.code, name: fields.name, type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), notInArray(fields.type, [FieldType.images, FieldType.stock])))
    .orderBy(asc(fields.sort), asc(fields.id));
  const stores = await db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.accountId, accountId)).orderBy(asc(warehouses.id));
  const list: ImportField[] = BUILT_IN.map(({ key, name, kind }) => ({ key, name, kind }));
  const byHeader = new Map<string, string>();
  const claim = (header: string, key: string) => {
    const text = normalisedHeader(header);
    if (text && !byHeader.has(text)) byHeader.set(text, key);
  };
  // The account's own names first: a custom field called 'Code' is that field, not the article.
  const prices = defs.filter((def) => def.type === FieldType.price);
  for (const def of prices) {
    list.push({ key: `price:${def.code}`, name: def.name, kind: 'number' });
    claim(def.name, `price:${def.code}`);
  }
  for (const store of stores) {
    list.push({ key: `stock:${store.id}`, name: store.name, kind: 'number' });
    claim(`Stock: ${store.name}`, `stock:${store.id}`);
    claim(`Остаток: ${store.name}`, `stock:${store.id}`);
  }
  for (const def of defs) {
    const kind = CELL_TYPES[def.type];
    if (!kind) continue;
    list.push({ key: `field:${def.code}`, name: def.name, kind });
    claim(def.name, `field:${def.code}`);
  }
  for (const field of BUILT_IN) for (const header of [field.name, ...field.headers]) claim(header, field.key);
  if (prices[0]) for (const word of PRICE_WORDS) claim(word, `price:${prices[0].code}`);
  return { fields: list, byHeader };
}

/** Each column's proposed field by its header; a field is proposed for one column only (the first). */
export function proposeMapping(headers: readonly string[], targets: ImportTargets): ImportColumn[] {
  const taken = new Set<string>();
  return headers.map((header, column) => {
    const key = targets.byHeader.get(normalisedHeader(header)) ?? null;
    if (key === null || taken.has(key)) return { column, header, field: null };
    taken.add(key);
    return { column, header, field: key };
  });
}

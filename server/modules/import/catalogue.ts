import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, batches, categories, fields, products, warehouses } from '../../db/schema';
import { thousandthsOf } from '../stock/api';

/**
 * The account's catalogue as an import compares against it: every product that is not archived (archived ones are
 * out of the catalogue, so a row never updates one), its batches, the category tree by path, the fields and the
 * warehouses. Read once per run, inside the run's transaction and after its catalogue lock.
 */

export interface CatalogueProduct {
  id: number;
  name: string;
  article: string;
  unit: string;
  type: string;
  categoryId: number | null;
  tags: string[];
  values: Record<string, unknown>;
}

export interface CatalogueBatch {
  productId: number;
  warehouseId: number;
  number: string;
  thousandths: number;
}

export interface Catalogue {
  accountId: number;
  isKommo: boolean;
  tariffId: number | null;
  products: CatalogueProduct[];
  batches: CatalogueBatch[];
  /** 'tools/hand tools' (lower case, levels joined by '/') → category id. */
  categoryByPath: Map<string, number>;
  pathOfCategory: Map<number, string>;
  fieldTypes: Map<string, number>;
  warehouseIds: Set<number>;
  mainWarehouseId: number | null;
}

export const pathKey = (levels: readonly string[]) => levels.map((level) => level.trim().toLowerCase()).join('/');

export async function loadCatalogue(db: Db, accountId: number): Promise<Catalogue> {
  const [account] = await db.select({ isKommo: accounts.isKommo, tariffId: accounts.tariffId }).from(accounts).where(eq(accounts.id, accountId));
  const productRows = await db
    .select({ id: products.id, name: products.name, article: products.article, unit: products.unit, type: products.type, categoryId: products.categoryId, tags: products.tags, values: products.values })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.archived, false)));
  const batchRows = await db.select({ productId: batches.productId, warehouseId: batches.warehouseId, number: batches.number, count: batches.count }).from(batches).where(eq(batches.accountId, accountId));
  const categoryRows = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).where(eq(categories.accountId, accountId));
  const fieldRows = await db.select({ code: fields.code, type: fields.type }).from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')));
  const warehouseRows = await db.select({ id: warehouses.id, isMain: warehouses.isMain }).from(warehouses).where(eq(warehouses.accountId, accountId));

  const byId = new Map(categoryRows.map((row) => [row.id, row]));
  const pathOfCategory = new Map<number, string>();
  const categoryByPath = new Map<string, number>();
  for (const row of categoryRows) {
    const levels: string[] = [];
    for (let current: typeof row | undefined = row; current && levels.length <= categoryRows.length; current = current.parentId === null ? undefined : byId.get(current.parentId)) levels.unshift(current.name);
    const key = pathKey(levels);
    pathOfCategory.set(row.id, key);
    if (!categoryByPath.has(key) || row.id < categoryByPath.get(key)!) categoryByPath.set(key, row.id);
  }
  return {
    accountId,
    isKommo: account?.isKommo ?? false,
    tariffId: account?.tariffId ?? null,
    products: productRows,
    batches: batchRows.map((row) => ({ productId: row.productId, warehouseId: row.warehouseId, number: row.number, thousandths: thousandthsOf(row.count) })),
    categoryByPath,
    pathOfCategory,
    fieldTypes: new Map(fieldRows.map((row) => [row.code, row.type])),
    warehouseIds: new Set(warehouseRows.map((row) => row.id)),
    mainWarehouseId: warehouseRows.find((row) => row.isMain)?.id ?? null,
  };
}

/** Products by id with their batches, as loadCatalogue reads them: what an import wrote, read back when a later row matches it. */
export async function loadProducts(db: Db, accountId: number, ids: readonly number[]): Promise<{ products: CatalogueProduct[]; batches: CatalogueBatch[] }> {
  if (!ids.length) return { products: [], batches: [] };
  const productRows = await db
    .select({ id: products.id, name: products.name, article: products.article, unit: products.unit, type: products.type, categoryId: products.categoryId, tags: products.tags, values: products.values })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, [...ids])));
  const batchRows = await db
    .select({ productId: batches.productId, warehouseId: batches.warehouseId, number: batches.number, count: batches.count })
    .from(batches)
    .where(and(eq(batches.accountId, accountId), inArray(batches.productId, [...ids])));
  return { products: productRows, batches: batchRows.map((row) => ({ productId: row.productId, warehouseId: row.warehouseId, number: row.number, thousandths: thousandthsOf(row.count) })) };
}

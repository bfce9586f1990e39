import { atom } from 'nanostores';
import { listCardFields, listCategoryProps, listWarehouses, searchProducts } from './api';
import type { CategoryProps, FieldDefinition } from '../../../src/contract/catalogue';
import type { DealProduct } from '../../../src/contract/orders';
import type { Warehouse } from '../../../src/contract/stock';

/**
 * What the product cards need besides the positions: the product field definitions and the category
 * field properties (levels, fields_id_2). Loaded once and kept until a forced reload, as categories are
 * (spec 2 §4).
 */
export interface DealCatalogue {
  fields: readonly FieldDefinition[];
  categories: readonly CategoryProps[];
}

/** null until loaded: the cards show their loading placeholder until then (spec 1 §4). */
export const $dealCatalogue = atom<DealCatalogue | null>(null);
export const $dealCatalogueFailed = atom(false);

let loading: { request: Promise<DealCatalogue | null> } | null = null;

export function loadDealCatalogue(options: { force?: boolean } = {}): Promise<DealCatalogue | null> {
  const current = $dealCatalogue.get();
  if (current && !options.force) return Promise.resolve(current);
  if (loading && !options.force) return loading.request;
  $dealCatalogueFailed.set(false);
  const request: Promise<DealCatalogue | null> = Promise.all([listCardFields(), listCategoryProps()]).then(([fields, categories]) => {
    // Only the newest request may write: a reload makes older answers stale.
    if (loading?.request !== request) return $dealCatalogue.get();
    loading = null;
    if (!fields.ok || !categories.ok) {
      $dealCatalogueFailed.set(true);
      return null;
    }
    const loaded: DealCatalogue = {
      fields: Array.isArray(fields.data) ? fields.data : [],
      categories: Array.isArray(categories.data) ? categories.data : [],
    };
    $dealCatalogue.set(loaded);
    return loaded;
  });
  loading = { request };
  return request;
}

/** Forgets the catalogue (sign-in, log out, tests). */
export function resetDealCatalogue(): void {
  loading = null;
  $dealCatalogue.set(null);
  $dealCatalogueFailed.set(false);
  $warehouses.set(null);
  warehousesLoading = null;
}

/* ------------------------------------------------------------------ warehouses for the add-product choice */

export const $warehouses = atom<readonly Warehouse[] | null>(null);
let warehousesLoading: Promise<readonly Warehouse[]> | null = null;

/** The account's warehouses, loaded once. */
export function loadWarehouses(): Promise<readonly Warehouse[]> {
  const known = $warehouses.get();
  if (known) return Promise.resolve(known);
  if (warehousesLoading) return warehousesLoading;
  const request = listWarehouses().then((result) => {
    if (warehousesLoading !== request) return $warehouses.get() ?? [];
    warehousesLoading = null;
    const list = result.ok && Array.isArray(result.data) ? result.data : [];
    if (result.ok) $warehouses.set(list);
    return list;
  });
  warehousesLoading = request;
  return request;
}

/* ------------------------------------------------------------------ product search */

export interface ProductSearchState {
  query: string;
  status: 'idle' | 'loading' | 'done' | 'failed';
  results: readonly DealProduct[];
}

export const $productSearch = atom<ProductSearchState>({ query: '', status: 'idle', results: [] });
let searchSeq = 0;

/** Searches by name and article; only the answer to the latest query is kept, a blank query clears. */
export async function searchDealProducts(query: string): Promise<void> {
  const seq = ++searchSeq;
  if (!query.trim()) {
    $productSearch.set({ query, status: 'idle', results: [] });
    return;
  }
  $productSearch.set({ query, status: 'loading', results: $productSearch.get().results });
  const result = await searchProducts(query);
  if (seq !== searchSeq) return;
  $productSearch.set(result.ok ? { query, status: 'done', results: result.data ?? [] } : { query, status: 'failed', results: [] });
}

export function clearProductSearch(): void {
  searchSeq += 1;
  $productSearch.set({ query: '', status: 'idle', results: [] });
}

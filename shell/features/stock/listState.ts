import { atom, computed } from 'nanostores';
import type { Category } from '../../../src/contract/catalogue';
import type { Warehouse } from '../../../src/contract/stock';
import type { PriceColumn, StockListMeta, StockRow, StockTotals } from '../../../src/contract/stockList';
import { $token } from '../../../src/stores/session';
import { archiveProducts, exportStockFile, type StockExportAnswer, getStockTableConfig, listCategories, listStock, listWarehouses, loadStockTotals, saveStockTableConfig } from './api';
import { DEFAULT_PARAMS, stockListRequest, type StockParams } from './listQuery';
import { resolveStockColumns, stockTableConfigValue, type StockColumn } from './stockColumns';
import { $selectedProductIds } from './state';

/**
 * The stock table's data: the page for the current parameters, its totals (a separate call, so the rows never wait
 * for them), the warehouses and categories the selector and filter offer, and the saved table setup. Only the newest
 * request writes, so a slow answer to an older search never replaces a newer one.
 */
export interface StockListState {
  params: StockParams;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  rows: readonly StockRow[];
  priceFields: readonly PriceColumn[];
  meta: StockListMeta | null;
  totals: StockTotals | null;
  /** The warehouse and filter the totals are of (totalsKeyOf): until the new ones come, the old ones stay shown. */
  totalsKey: string | null;
}

const INITIAL: StockListState = { params: DEFAULT_PARAMS, status: 'idle', rows: [], priceFields: [], meta: null, totals: null, totalsKey: null };
export const $stockList = atom<StockListState>(INITIAL);
export const $warehouses = atom<readonly Warehouse[]>([]);
export const $categories = atom<readonly Category[]>([]);
/** The saved table setup as the server answered it (null: never saved). */
export const $stockTableSetup = atom<unknown>(null);
export const $stockColumns = computed([$stockTableSetup, $stockList], (saved, list) => resolveStockColumns(saved, list.priceFields));
export const $visibleStockColumns = computed($stockColumns, (columns) => columns.filter((column) => column.visible));

let newest = 0;

const totalsKeyOf = (params: StockParams): string => {
  const { warehouse, filter } = stockListRequest(params);
  return JSON.stringify([warehouse ?? null, filter ?? null]);
};

/** The totals when they are those of the current warehouse and filter (the pager may take its count from them), else null. */
export const currentTotals = (state: StockListState): StockTotals | null => (state.totalsKey !== null && state.totalsKey === totalsKeyOf(state.params) ? state.totals : null);

/** Loads the page (and the totals) for these parameters. */
export async function loadStock(params: StockParams = $stockList.get().params): Promise<void> {
  const ticket = ++newest;
  $stockList.set({ ...$stockList.get(), params, status: 'loading' });
  const request = stockListRequest(params);
  const totals = loadStockTotals({ warehouse: request.warehouse, filter: request.filter }).then((answer) => {
    if (ticket === newest && answer.ok) $stockList.set({ ...$stockList.get(), totals: answer.data, totalsKey: totalsKeyOf(params) });
  });
  const answer = await listStock(request);
  if (ticket !== newest) return;
  if (!answer.ok) {
    $stockList.set({ ...$stockList.get(), status: 'failed' });
    return;
  }
  $stockList.set({ ...$stockList.get(), status: 'ready', rows: answer.data.data, priceFields: answer.data.price_fields, meta: answer.data.meta });
  await totals;
}

/** What the selector and the filter offer; failures only mean fewer choices. */
export async function loadChoices(): Promise<void> {
  const [warehouses, categories, setup] = await Promise.all([listWarehouses(), listCategories(), getStockTableConfig()]);
  if (warehouses.ok) $warehouses.set(warehouses.data);
  if (categories.ok) $categories.set(categories.data);
  if (setup.ok) $stockTableSetup.set(setup.data.value);
}

export async function saveStockColumns(columns: readonly StockColumn[] | null): Promise<boolean> {
  const answer = await saveStockTableConfig(columns === null ? null : stockTableConfigValue(columns));
  if (answer.ok) $stockTableSetup.set(answer.data.value);
  return answer.ok;
}

/** The current table as xlsx (warehouse, filter, sort, visible columns, the selection when there is one), or the task that writes a big one. */
export async function exportCurrentTable(): Promise<StockExportAnswer | null> {
  const { params } = $stockList.get();
  const selected = $selectedProductIds.get();
  const answer = await exportStockFile({
    warehouse: params.warehouse,
    filter: params.filter,
    sort: params.sort,
    columns: $visibleStockColumns.get().map((column) => column.key),
    ...(selected.length > 0 && { ids: [...selected] }),
  });
  return answer.ok ? answer.data : null;
}

export async function archiveSelected(): Promise<number | null> {
  const ids = $selectedProductIds.get();
  if (ids.length === 0) return 0;
  const answer = await archiveProducts(ids);
  if (!answer.ok) return null;
  $selectedProductIds.set([]);
  return answer.data.archived;
}

/** Another session's account has its own stock and setup. */
$token.listen(() => {
  newest += 1;
  $stockList.set(INITIAL);
  $warehouses.set([]);
  $categories.set([]);
  $stockTableSetup.set(null);
  $selectedProductIds.set([]);
});

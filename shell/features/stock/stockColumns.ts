import type { PriceColumn, StockSortField } from '../../../src/contract/stockList';

/**
 * The stock table's columns: which exist (the built-in ones and one per price type), which show and in what order.
 * Saved per account with account/table-config (api.ts STOCK_TABLE_CODE) as `{ "<key>": { "sort": <position>, "visible": 0 | 1 } }`,
 * the shape the orders table saves.
 */
export type BuiltInColumn = 'name' | 'article' | 'batch' | 'warehouse' | 'category' | 'type' | 'unit' | 'count' | 'reserve' | 'available' | 'cost_price' | 'tags' | 'created_at';

export interface StockColumn {
  /** A built-in key, or `price:<code>`. */
  key: string;
  sortField: StockSortField | null;
  numeric: boolean;
  defaultVisible: boolean;
  /** A price type's own name (built-in columns are named by the interface texts). */
  priceName?: string;
  visible: boolean;
}

const BUILT_IN: readonly { key: BuiltInColumn; numeric?: boolean; defaultVisible: boolean; sortable?: false }[] = [
  { key: 'name', defaultVisible: true },
  { key: 'article', defaultVisible: true },
  { key: 'batch', defaultVisible: true },
  { key: 'warehouse', defaultVisible: true },
  { key: 'category', defaultVisible: false },
  { key: 'type', defaultVisible: false },
  { key: 'unit', defaultVisible: true },
  { key: 'count', numeric: true, defaultVisible: true },
  { key: 'reserve', numeric: true, defaultVisible: true },
  { key: 'available', numeric: true, defaultVisible: true },
  { key: 'cost_price', numeric: true, defaultVisible: true },
  { key: 'tags', defaultVisible: false, sortable: false },
  { key: 'created_at', defaultVisible: false },
];

/** Every column the table offers, in the default order: the built-in ones, then each price type (the first shown). */
export function columnCatalogue(priceFields: readonly PriceColumn[]): StockColumn[] {
  const builtIn = BUILT_IN.map((column): StockColumn => ({ key: column.key, sortField: column.sortable === false ? null : (column.key as StockSortField), numeric: column.numeric === true, defaultVisible: column.defaultVisible, visible: column.defaultVisible }));
  const prices = priceFields.map((field, index): StockColumn => ({ key: `price:${field.code}`, sortField: `price:${field.code}`, numeric: true, defaultVisible: index === 0, priceName: field.name, visible: index === 0 }));
  return [...builtIn, ...prices];
}

interface SavedEntry {
  sort: number;
  visible: boolean;
}

function savedEntries(value: unknown): Map<string, SavedEntry> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = new Map<string, SavedEntry>();
  Object.entries(value).forEach(([key, raw], position) => {
    if (!raw || typeof raw !== 'object') return;
    const entry = raw as { sort?: unknown; visible?: unknown };
    const sort = Number(entry.sort);
    // A missing flag means shown: an entry exists to place a column.
    entries.set(key, { sort: Number.isFinite(sort) ? sort : position, visible: entry.visible === undefined ? true : entry.visible === 1 || entry.visible === true || entry.visible === '1' });
  });
  return entries.size ? entries : null;
}

/**
 * The columns in the saved order with their saved flags; columns nobody placed yet (a price type added since) follow
 * hidden, and saved keys that no longer exist (a deleted price type) are dropped. Nothing saved: the catalogue's defaults.
 */
export function resolveStockColumns(saved: unknown, priceFields: readonly PriceColumn[]): StockColumn[] {
  const catalogue = columnCatalogue(priceFields);
  const entries = savedEntries(saved);
  if (!entries) return catalogue;
  const placed = catalogue
    .filter((column) => entries.has(column.key))
    .map((column) => ({ ...column, visible: entries.get(column.key)!.visible, sort: entries.get(column.key)!.sort }))
    .sort((a, b) => a.sort - b.sort)
    .map(({ sort: _sort, ...column }) => column);
  const rest = catalogue.filter((column) => !entries.has(column.key)).map((column) => ({ ...column, visible: false }));
  const columns = [...placed, ...rest];
  // A saved setup that hides everything would leave an empty table: the name comes back.
  return columns.some((column) => column.visible) ? columns : columns.map((column) => (column.key === 'name' ? { ...column, visible: true } : column));
}

/** The value saved for columns in this order. */
export function stockTableConfigValue(columns: readonly StockColumn[]): Record<string, { sort: number; visible: 0 | 1 }> {
  return Object.fromEntries(columns.map((column, index) => [column.key, { sort: index, visible: column.visible ? 1 : 0 }]));
}

/** Moves the item at `from` to `to` (clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item);
  return next;
}

/**
 * The orders table's columns: which exist, which show, in what order (spec 1 §3 "Table column config entry",
 * spec 2 §3 "Table config entries hold a sort position and a visible flag per field code; order table config
 * keys take the form order_<code>"). Saved with orders/table-config as
 * `{ "<source>_<code>": { "type": <column type>, "sort": <position>, "visible": 0 | 1 } }`.
 */
import { atom, computed } from 'nanostores';
import { getOrdersTableConfig, listOrderFields, saveOrdersTableConfig } from './api';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type { OrderListRequest } from '../../../src/contract/orders';
import { coerceFlag, FieldType } from '../../../src/domain/fieldTypes';
import { parseColumnKey } from '../../../src/domain/tableColumns';
import { $token } from '../../../src/stores/session';

export type OrderSortField = NonNullable<OrderListRequest['sort']>['field'];

export interface OrdersColumnDef {
  /** `<source>_<code>`: order_name, company_name, order_<custom field code>. */
  key: string;
  /** The display rule's type number (tableColumns.ts). */
  type: number;
  /** The list's sort field when the server can sort by this column. */
  sortField?: OrderSortField;
  /** Shown while the account has saved no settings. */
  defaultVisible: boolean;
  /** A custom order field's own name (built-in columns are named by the interface texts). */
  fieldName?: string;
}

export interface OrdersColumn extends OrdersColumnDef {
  visible: boolean;
}

/** One saved entry. */
export interface ColumnSetting {
  type: number;
  sort: number;
  visible: 0 | 1;
}
export type OrdersTableConfigValue = Record<string, ColumnSetting>;

/** The columns every order has, in their default order. */
export const BUILT_IN_ORDER_COLUMNS: readonly OrdersColumnDef[] = [
  // The id is an identifier, not a quantity: shown as text, so it is never grouped or given decimals.
  { key: 'order_id', type: FieldType.string, sortField: 'id', defaultVisible: true },
  { key: 'order_name', type: FieldType.string, sortField: 'name', defaultVisible: true },
  { key: 'order_status', type: FieldType.select, sortField: 'status_id', defaultVisible: true },
  { key: 'order_pipeline', type: FieldType.select, defaultVisible: false },
  { key: 'order_created_at', type: FieldType.datetime, sortField: 'created_at', defaultVisible: true },
  { key: 'order_updated_at', type: FieldType.datetime, sortField: 'updated_at', defaultVisible: false },
  { key: 'order_user', type: FieldType.string, defaultVisible: false },
  { key: 'contact_name', type: FieldType.string, defaultVisible: true },
  { key: 'company_name', type: FieldType.string, defaultVisible: true },
  { key: 'order_sum', type: FieldType.price, sortField: 'sum', defaultVisible: true },
  { key: 'order_cost_price', type: FieldType.price, defaultVisible: false },
  { key: 'order_profit', type: FieldType.price, sortField: 'profit', defaultVisible: true },
  { key: 'order_tags', type: FieldType.multiselect, defaultVisible: false },
  { key: 'order_lead_id', type: FieldType.string, defaultVisible: false },
  { key: 'order_public', type: FieldType.flag, defaultVisible: true },
  // Issue 18 §4: the online payment's state (a badge; payments/orders answers it for the page shown).
  { key: 'order_payment', type: FieldType.string, defaultVisible: true },
];

const BUILT_IN_KEYS = new Set(BUILT_IN_ORDER_COLUMNS.map((column) => column.key));
/** A table cannot show products of an order row, so product columns are not offered. */
const ORDER_ROW_SOURCES = new Set(['order', 'company', 'contact']);

/** The order's own fields as columns (images cannot sit in a cell; name is the built-in column). */
export function customFieldColumns(fields: readonly FieldDefinition[]): OrdersColumnDef[] {
  return fields
    .filter((field) => field.type !== FieldType.images && field.code !== 'name' && !BUILT_IN_KEYS.has(`order_${field.code}`))
    .map((field) => ({ key: `order_${field.code}`, type: field.type, defaultVisible: false, fieldName: field.name }));
}

interface SavedEntry {
  sort: number;
  visible: boolean;
  type: number | null;
}

function readEntry(raw: unknown, position: number): SavedEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const entry = raw as { sort?: unknown; visible?: unknown; type?: unknown };
  const sort = Number(entry.sort);
  const type = Number(entry.type);
  return {
    sort: Number.isFinite(sort) ? sort : position,
    // A missing flag means shown: an entry exists to place a column.
    visible: entry.visible === undefined ? true : coerceFlag(entry.visible),
    type: entry.type === undefined || entry.type === null || !Number.isFinite(type) ? null : type,
  };
}

/**
 * The saved entries by key, or null when nothing usable is saved. Reads our own shape (an object keyed by
 * column) and a list of entries `{ value: 'order_name', type, sort, visible }` as older clients wrote them.
 */
export function parseTableConfig(value: unknown): Map<string, SavedEntry> | null {
  if (!value || typeof value !== 'object') return null;
  const entries = new Map<string, SavedEntry>();
  const pairs: [unknown, unknown][] = Array.isArray(value)
    ? value.map((item) => [item && typeof item === 'object' ? (item as { value?: unknown; code?: unknown }).value ?? (item as { code?: unknown }).code : undefined, item])
    : Object.entries(value);
  pairs.forEach(([key, raw], position) => {
    if (typeof key !== 'string') return;
    const entry = readEntry(raw, position);
    if (entry) entries.set(key, entry);
  });
  return entries.size > 0 ? entries : null;
}

/**
 * Every column the table can show, in the saved order (columns nobody placed yet follow in catalogue order,
 * hidden), each with its visible flag. Without saved settings: the catalogue with its default visibility.
 * A saved key of an order, company or contact value that is not in the catalogue keeps its saved type.
 */
export function resolveColumns(saved: unknown, fields: readonly FieldDefinition[] = []): OrdersColumn[] {
  const catalogue = [...BUILT_IN_ORDER_COLUMNS, ...customFieldColumns(fields)];
  const entries = parseTableConfig(saved);
  if (!entries) return catalogue.map((column) => ({ ...column, visible: column.defaultVisible }));

  const known = new Map(catalogue.map((column) => [column.key, column]));
  const placed: (OrdersColumn & { sort: number })[] = [];
  for (const [key, entry] of entries) {
    const column = known.get(key);
    if (column) {
      placed.push({ ...column, visible: entry.visible, sort: entry.sort });
      continue;
    }
    const parsed = parseColumnKey(key);
    if (parsed && ORDER_ROW_SOURCES.has(parsed.source) && entry.type !== null) {
      placed.push({ key, type: entry.type, defaultVisible: false, visible: entry.visible, sort: entry.sort });
    }
  }
  // A stable sort: equal positions keep the saved order.
  placed.sort((a, b) => a.sort - b.sort);
  const placedKeys = new Set(placed.map((column) => column.key));
  const rest = catalogue.filter((column) => !placedKeys.has(column.key)).map((column) => ({ ...column, visible: false }));
  return [...placed.map(({ sort: _sort, ...column }) => column), ...rest];
}

/** The value saved for columns in this order: each with its type, position and visible flag. */
export function tableConfigValue(columns: readonly OrdersColumn[]): OrdersTableConfigValue {
  return Object.fromEntries(columns.map((column, index) => [column.key, { type: column.type, sort: index, visible: column.visible ? 1 : 0 }]));
}

/** Moves the column at `from` to `to` (both clamped to the list). */
export function moveColumn<T>(columns: readonly T[], from: number, to: number): T[] {
  const next = [...columns];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [column] = next.splice(from, 1);
  next.splice(target, 0, column);
  return next;
}

export interface OrdersTableState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The saved value as the server answered it (null: never saved). */
  value: unknown;
  fields: readonly FieldDefinition[];
}

const INITIAL: OrdersTableState = { status: 'idle', value: null, fields: [] };
export const $ordersTable = atom<OrdersTableState>(INITIAL);
export const $ordersColumns = computed($ordersTable, (state) => resolveColumns(state.value, state.fields));
export const $visibleOrdersColumns = computed($ordersColumns, (columns) => columns.filter((column) => column.visible));

let loading: Promise<OrdersTableState> | null = null;

/** Loads the saved settings and the order's own fields (a failed field list only means no custom columns). */
export function loadOrdersTableConfig(): Promise<OrdersTableState> {
  $ordersTable.set({ ...$ordersTable.get(), status: 'loading' });
  const request: Promise<OrdersTableState> = Promise.all([getOrdersTableConfig(), listOrderFields()]).then(([config, fields]) => {
    // Only the newest request may write (see loadAccount).
    if (loading !== request) return $ordersTable.get();
    loading = null;
    const current = $ordersTable.get();
    $ordersTable.set({
      status: config.ok ? 'ready' : 'failed',
      value: config.ok ? config.data.value : current.value,
      fields: fields.ok && Array.isArray(fields.data) ? fields.data : current.fields,
    });
    return $ordersTable.get();
  });
  loading = request;
  return request;
}

/** Saves the columns in this order with their flags; the table follows once the server has them. */
export async function saveOrdersColumns(columns: readonly OrdersColumn[]): Promise<boolean> {
  return writeConfig(tableConfigValue(columns));
}

/** Forgets the saved settings: the default columns come back. */
export async function resetOrdersColumns(): Promise<boolean> {
  return writeConfig(null);
}

async function writeConfig(value: OrdersTableConfigValue | null): Promise<boolean> {
  const result = await saveOrdersTableConfig(value);
  if (!result.ok) return false;
  // A load still on its way would bring the settings from before this save.
  loading = null;
  $ordersTable.set({ ...$ordersTable.get(), status: 'ready', value: result.data.value });
  return true;
}

/** Forgets everything (sign-in, log out). */
export function resetOrdersTable(): void {
  loading = null;
  $ordersTable.set(INITIAL);
}

// Another session's account has its own settings and fields.
$token.listen(() => resetOrdersTable());

/**
 * Field type codes, value shapes and the coercion of raw field values (spec 2 §3).
 * The server and the CRM hosts send values loosely typed ('1' for true, '12.5' for a number),
 * so every value is coerced once, here, before the interface or the server uses it.
 */
import { parseNumber, toNumber } from './numbers';

/**
 * Field type codes. 10, 12 and 14 are not field types the spec defines (12 appears only as
 * the category table column, see tableColumns.ts), so they are not named here and their
 * values pass through coercion untouched, like any other unknown code.
 */
export const FieldType = {
  integer: 1,
  float: 2,
  string: 3,
  text: 4,
  select: 5,
  multiselect: 6,
  date: 7,
  datetime: 8,
  flag: 9,
  price: 11,
  stock: 13,
  images: 15,
} as const;

export type FieldTypeName = keyof typeof FieldType;
export type KnownFieldTypeCode = (typeof FieldType)[FieldTypeName];

/** Per-field visibility and editability flags, numeric (0 or 1) as the server sends them. */
export interface LeadConfig {
  visible?: number;
  public_order_visible?: number;
  editable?: number;
}

/** A selector option as stored: a plain string (its position is the value) or an object. */
export type SelectOption =
  | string
  | {
      name: string;
      value: string | number;
      color?: string;
      optgroup?: boolean | string | number;
    };

export interface FieldDefinition {
  id: number;
  code: string;
  name: string;
  /** A code from FieldType; unknown codes are kept and their values pass through. */
  type: number;
  category?: number | null;
  sort?: number;
  is_system?: boolean | number;
  is_virtual?: boolean | number;
  component?: string | null;
  config?: { sort?: number; [key: string]: unknown } | null;
  data?: SelectOption[] | Record<string, SelectOption> | null;
  lead_config?: LeadConfig | null;
}

export interface PriceValue {
  cost: number;
  currency: string;
  is_manager_can_change_nds: boolean;
  is_nds: boolean;
  is_price_include_nds: boolean;
  /** Tax (VAT) rate in percent. */
  nds: number;
}

export interface StockValue {
  count: number;
  reserve: number;
}

/** An image entry of a type-15 field: a url, or an object carrying one. */
export type ImageValue = string | { url: string; [key: string]: unknown };

/** The value shape of each known type. */
export interface FieldValueByType {
  1: number;
  2: number;
  3: string;
  4: string;
  5: string;
  6: string[];
  7: string;
  8: string;
  9: boolean;
  11: PriceValue;
  13: StockValue;
  15: unknown[];
}

/** The value of a field of type T; unknown (pass-through) when T is not a known code. */
export type FieldValueOf<T extends number> = T extends keyof FieldValueByType
  ? FieldValueByType[T]
  : unknown;

export interface FieldValueContext {
  /** Currency of a new price value: defaultCurrency(account). */
  currency: string;
}

export type Currency = 'RUB' | 'USD';

/** Accounts of the second CRM variant (the is_kommo flag) price in dollars, others in roubles. */
export function defaultCurrency(
  account: { is_kommo?: boolean | number | string | null } | null | undefined,
): Currency {
  return coerceFlag(account?.is_kommo) ? 'USD' : 'RUB';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flags arrive as booleans, 0/1 or the strings '0'/'1'/'true'/'false'. */
export function coerceFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    return text === '1' || text === 'true';
  }
  return false;
}

function coerceText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // A Date kept as its ISO text rather than lost; date fields normally arrive as text.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(coerceText).filter((item) => item !== '').join(', ');
  // '[object Object]' is never a useful text value.
  return '';
}

function coerceTextList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  // A lone value is a one-item list; it is not split on commas because option names may hold them.
  const items = Array.isArray(value) ? value : [value];
  return items.map(coerceText).filter((item) => item !== '');
}

function defaultPrice(ctx: FieldValueContext): PriceValue {
  return {
    cost: 0,
    currency: ctx.currency,
    is_manager_can_change_nds: false,
    is_nds: false,
    is_price_include_nds: false,
    nds: 0,
  };
}

function coercePrice(value: unknown, ctx: FieldValueContext): PriceValue {
  const base = defaultPrice(ctx);
  // A bare number is read as the cost: that is what a price field showing "100" means.
  const bare = parseNumber(value);
  if (bare !== null) return { ...base, cost: bare };
  if (!isRecord(value)) return base;
  const currency = coerceText(value.currency).trim();
  // Other keys the server adds are kept so that a save round-trips them.
  return {
    ...base,
    ...value,
    cost: toNumber(value.cost),
    currency: currency === '' ? base.currency : currency,
    is_manager_can_change_nds: coerceFlag(value.is_manager_can_change_nds),
    is_nds: coerceFlag(value.is_nds),
    is_price_include_nds: coerceFlag(value.is_price_include_nds),
    nds: toNumber(value.nds),
  };
}

function coerceStock(value: unknown): StockValue {
  if (!isRecord(value)) return { count: 0, reserve: 0 };
  return { ...value, count: toNumber(value.count), reserve: toNumber(value.reserve) };
}

function coerceKnown(type: number, value: unknown, ctx: FieldValueContext): unknown {
  switch (type) {
    case FieldType.integer:
    case FieldType.float:
      // No rounding for integer fields: coercion must not alter stored data; the whole-number
      // control rounds what the user types.
      return toNumber(value);
    case FieldType.string:
    case FieldType.text:
    case FieldType.select:
    case FieldType.date:
    case FieldType.datetime:
      return coerceText(value);
    case FieldType.multiselect:
      return coerceTextList(value);
    case FieldType.flag:
      return coerceFlag(value);
    case FieldType.price:
      return coercePrice(value, ctx);
    case FieldType.stock:
      return coerceStock(value);
    case FieldType.images:
      // Entry shapes vary by source (url strings or objects); cardImages reads the urls.
      return Array.isArray(value) ? [...value] : [];
    default:
      return value;
  }
}

/** The value a field of this type has when none is given (spec 2 §3 table). */
export function defaultFieldValue<T extends number>(
  type: T,
  ctx: FieldValueContext,
): FieldValueOf<T>;
export function defaultFieldValue(type: number, ctx: FieldValueContext): unknown {
  // Unknown codes have no default: null says "nothing" without inventing a shape.
  if (!isKnownFieldType(type)) return null;
  return coerceKnown(type, undefined, ctx);
}

export function isKnownFieldType(type: number): type is KnownFieldTypeCode {
  return (Object.values(FieldType) as number[]).includes(type);
}

/**
 * A raw value read as the type's shape: numbers (non-numeric → 0), text, flags ('0'/'1',
 * 0/1, 'true'/'false'), multi-selector lists of strings, price and stock objects merged
 * over their defaults. Missing values give the default; unknown types pass through.
 */
export function coerceFieldValue<T extends number>(
  type: T,
  value: unknown,
  ctx: FieldValueContext,
): FieldValueOf<T>;
export function coerceFieldValue(type: number, value: unknown, ctx: FieldValueContext): unknown {
  return coerceKnown(type, value, ctx);
}

/** Suffix of the text copy of a multi-selector value. */
export const MULTISELECT_STRING_SUFFIX = '_string';

/**
 * Every defined field's value coerced, plus `<code>_string` (items joined with ', ') for each
 * multi-selector. Keys of `values` that no definition names are kept as they are, so nothing
 * the server sent is lost. An array in place of the record (as some answers send) counts as empty.
 */
export function normalizeFieldValues(
  defs: readonly Pick<FieldDefinition, 'code' | 'type'>[],
  values: Record<string, unknown> | readonly unknown[] | null | undefined,
  ctx: FieldValueContext,
): Record<string, unknown> {
  const source: Record<string, unknown> = isRecord(values) ? values : {};
  const result: Record<string, unknown> = { ...source };
  for (const def of defs) {
    const value = coerceFieldValue(def.type, source[def.code], ctx);
    result[def.code] = value;
    if (def.type === FieldType.multiselect) {
      result[`${def.code}${MULTISELECT_STRING_SUFFIX}`] = (value as string[]).join(', ');
    }
  }
  return result;
}

/** A selector option ready for the dropdown. */
export interface NormalizedOption {
  value: string | number;
  name: string;
  color?: string;
  /** A non-selectable group heading. */
  optgroup?: boolean;
}

/**
 * Options as the dropdown uses them. Plain strings take their position (0-based index) as
 * value. A record of options (what a PHP array with gaps becomes in JSON) uses its keys as
 * positions; numeric keys become numbers. Anything that is not a list or record gives no options.
 */
export function normalizeOptions(data: unknown): NormalizedOption[] {
  let entries: [string | number, unknown][];
  if (Array.isArray(data)) entries = data.map((item, index) => [index, item]);
  else if (isRecord(data))
    entries = Object.entries(data).map(([key, item]) => [/^\d+$/.test(key) ? Number(key) : key, item]);
  else return [];

  const options: NormalizedOption[] = [];
  for (const [position, item] of entries) {
    if (typeof item === 'string' || typeof item === 'number') {
      options.push({ value: position, name: String(item) });
      continue;
    }
    if (!isRecord(item)) continue;
    const rawValue = item.value;
    const value =
      typeof rawValue === 'string' || typeof rawValue === 'number' ? rawValue : position;
    const name = coerceText(item.name);
    const option: NormalizedOption = { value, name: name === '' ? String(value) : name };
    const color = coerceText(item.color).trim();
    if (color !== '') option.color = color;
    // Any set optgroup (true, 1, '1', a group label) marks a heading; false/0/'0' do not.
    const group = item.optgroup;
    if (group !== undefined && group !== null && group !== false && group !== '' && group !== 0 && group !== '0')
      option.optgroup = true;
    options.push(option);
  }
  return options;
}

/**
 * Table column config entries and how a column shows its value (spec 1 §3).
 * An entry's key is `<source>_<field code>`; its type number picks the display rule.
 */
import { coerceFlag, FieldType } from './fieldTypes';
import { displayValue, EMPTY_DISPLAY, formatDateLocale, formatNumber } from './format';

export const COLUMN_SOURCES = ['order', 'company', 'contact', 'product'] as const;
export type ColumnSource = (typeof COLUMN_SOURCES)[number];

/** The category column type; not a field type, so it lives here. */
export const CATEGORY_COLUMN_TYPE = 12;
/** The free-after-reserve column, shown as infinity (spec 1 §3). */
export const UNLIMITED_COLUMN_KEY = 'product_free_4_reserve';
export const INFINITY_DISPLAY = '∞';
export const TRUE_DISPLAY = '✓';
export const FALSE_DISPLAY = '';

export interface ColumnKey {
  source: ColumnSource;
  code: string;
}

/**
 * 'order_name' → { source: 'order', code: 'name' }; the code keeps any further underscores
 * ('product_free_4_reserve' → 'free_4_reserve'). Null for an unknown source or no code.
 */
export function parseColumnKey(key: string): ColumnKey | null {
  const at = key.indexOf('_');
  if (at < 0) return null;
  const source = key.slice(0, at);
  const code = key.slice(at + 1);
  if (code === '' || !(COLUMN_SOURCES as readonly string[]).includes(source)) return null;
  return { source: source as ColumnSource, code };
}

/** A boolean column's value: '1'/1/true/'true' are true; '0'/0/false, empty and anything else false. */
export function columnBoolean(value: unknown): boolean {
  return coerceFlag(value);
}

export interface ColumnRef {
  type: number;
  /** The column key ('product_free_4_reserve') or the bare field code ('free_4_reserve'). */
  code: string;
}

export interface ColumnDisplayContext {
  /** Category properties, for the category column. */
  categories?: readonly { id: number; name: string }[];
  /** Locale of date columns; the runtime default when absent. */
  locale?: string;
  /** How the interface language writes numbers and moments (src/i18n); the spec's plain forms when absent. */
  formatNumber?: (value: unknown) => string;
  formatDateTime?: (value: unknown) => string;
}

// As the spec states it: the free-after-reserve column always shows infinity (the original
// product has no finite value there), and -1 means unlimited in any numeric column.
function isUnlimited(column: ColumnRef, value: unknown): boolean {
  const key = column.code.startsWith('product_') ? column.code : `product_${column.code}`;
  return key === UNLIMITED_COLUMN_KEY || value === -1 || value === '-1';
}

/**
 * The text a table cell shows. 1, 2: number (∞ for -1 and in the free-after-reserve column); 3–7: text, lists joined with ', '; 8: date and time in the locale's format;
 * 9: ✓ or nothing; 11: cost number (an object shows its cost); 12: category name by id;
 * other types: text. Empty text and unknown categories show a dash.
 */
export function displayColumnValue(
  column: ColumnRef,
  value: unknown,
  ctx: ColumnDisplayContext = {},
): string {
  switch (column.type) {
    case FieldType.integer:
    case FieldType.float:
      return isUnlimited(column, value) ? INFINITY_DISPLAY : (ctx.formatNumber ?? formatNumber)(value);
    case FieldType.string:
    case FieldType.text:
    case FieldType.select:
    case FieldType.multiselect:
    case FieldType.date:
      return displayValue(value);
    case FieldType.datetime: {
      const text = ctx.formatDateTime ? ctx.formatDateTime(value) : formatDateLocale(value, ctx.locale, { withTime: true });
      return text === '' ? EMPTY_DISPLAY : text;
    }
    case FieldType.flag:
      return columnBoolean(value) ? TRUE_DISPLAY : FALSE_DISPLAY;
    case FieldType.price: {
      const cost =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as { cost?: unknown }).cost
          : value;
      return (ctx.formatNumber ?? formatNumber)(cost);
    }
    case CATEGORY_COLUMN_TYPE: {
      const id = Number(value);
      const category =
        value === null || value === undefined || value === '' || Number.isNaN(id)
          ? undefined
          : ctx.categories?.find((item) => item.id === id);
      return category ? displayValue(category.name) : EMPTY_DISPLAY;
    }
    default:
      return displayValue(value);
  }
}

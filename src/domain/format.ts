/**
 * Display formatting of numbers, empty values and dates (spec 1 §5, controls in spec 1 §2).
 * Dates are read and written in local time throughout: the user types and reads wall-clock
 * dates, and mixing UTC in would move a date by a day near midnight.
 */
import { parseNumber } from './numbers';

/** Narrow no-break space: groups thousands without letting a number wrap. */
export const THOUSANDS_SEPARATOR = '\u202F';
/** Shown for an empty value. */
export const EMPTY_DISPLAY = '—';

/**
 * Rounded half away from zero to 2 decimals, thousands grouped with U+202F, '.' as decimal
 * separator, always 2 decimals. Empty or non-numeric values count as 0.
 */
export function formatNumber(value: unknown): string {
  const number = parseNumber(value) ?? 0;
  const magnitude = Math.abs(number);
  let digits: string;
  if (magnitude * 100 < Number.MAX_SAFE_INTEGER) {
    // Shifting the decimal point in the text avoids binary error: 1.005 * 100 is 100.4999….
    // Below 1e-6 the text is in exponent form, and the value rounds to 0 anyway.
    const shifted = String(magnitude).includes('e') ? magnitude * 100 : Number(`${magnitude}e2`);
    digits = String(Math.round(shifted)).padStart(3, '0');
  } else if (magnitude < 1e21) {
    // Past 2^53 cents no binary trick helps; toFixed gives the exact decimal expansion.
    digits = magnitude.toFixed(2).replace('.', '');
  } else {
    // From 1e21 the number is a whole number and toFixed switches to exponent form.
    digits = `${BigInt(magnitude)}00`;
  }
  const cents = Number(digits);
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  // No '-0.00': a value that rounds to zero has no sign.
  const sign = number < 0 && cents > 0 ? '-' : '';
  return `${sign}${whole}.${digits.slice(-2)}`;
}

/** A dash for an empty value (empty or blank text, null, undefined, NaN, empty list), else its text. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return EMPTY_DISPLAY;
  if (typeof value === 'number' && Number.isNaN(value)) return EMPTY_DISPLAY;
  if (typeof value === 'string') return value.trim() === '' ? EMPTY_DISPLAY : value;
  if (Array.isArray(value)) {
    const items = value.filter((item) => displayValue(item) !== EMPTY_DISPLAY).map(String);
    return items.length === 0 ? EMPTY_DISPLAY : items.join(', ');
  }
  return String(value);
}

export interface DateFormatOptions {
  withTime?: boolean;
}

// Unix time below this is seconds, above it milliseconds: 1e11 s is the year 5138, 1e11 ms is 1973.
const SECONDS_LIMIT = 1e11;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

// Builds a local date and refuses values the constructor would roll over (31.02 → 02.03).
function localDate(
  year: number,
  month: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
  ms = 0,
): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds, ms);
  // Day, month and year must survive; the hour may not (a daylight-saving gap moves it).
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return null;
  return date;
}

/**
 * A date from a Date, unix seconds or milliseconds (number or digit string), an ISO text
 * (without a zone it is local time, so '2024-03-05' is the 5th everywhere), or the display
 * forms 'dd.mm.yyyy' and 'dd.mm.yyyy hh:mm'. Null when empty or invalid.
 */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const date = new Date(Math.abs(value) < SECONDS_LIMIT ? value * 1000 : value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^-?\d+$/.test(text)) return toDate(Number(text));
  const display = parseDateTime(text) ?? parseDate(text);
  if (display) return display;
  const iso = ISO.exec(text);
  if (!iso) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = iso;
  if (zone) {
    const date = new Date(text.replace(' ', 'T'));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return localDate(
    Number(y),
    Number(mo),
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    Number((ms ?? '0').padEnd(3, '0')),
  );
}

/** 'dd.mm.yyyy', or 'dd.mm.yyyy hh:mm' with time, in local time; '' when empty or invalid. */
export function formatDate(value: unknown, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear(), 4)}`;
  return options.withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

/** The date in the given locale's own format (spec: dates appear in the browser's locale format). */
export function formatDateLocale(
  value: unknown,
  locale: string | undefined,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  if (options.withTime) Object.assign(parts, { hour: '2-digit', minute: '2-digit' });
  try {
    return new Intl.DateTimeFormat(locale, parts).format(date);
  } catch {
    // A malformed locale tag throws RangeError; the runtime default is better than nothing.
    return new Intl.DateTimeFormat(undefined, parts).format(date);
  }
}

// One- or two-digit day and month are accepted: '5.3.2024' is what people type.
const DISPLAY_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const DISPLAY_DATE_TIME = /^(\d{1,2})\.(\d{1,2})\.(\d{4})[ ,T]+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** 'dd.mm.yyyy' as local midnight; null when unparseable or impossible (31.02.2024). */
export function parseDate(text: string | null | undefined): Date | null {
  const match = DISPLAY_DATE.exec((text ?? '').trim());
  if (!match) return null;
  return localDate(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** 'dd.mm.yyyy hh:mm' (optionally ':ss') in local time; null when unparseable or impossible. */
export function parseDateTime(text: string | null | undefined): Date | null {
  const match = DISPLAY_DATE_TIME.exec((text ?? '').trim());
  if (!match) return null;
  return localDate(
    Number(match[3]),
    Number(match[2]),
    Number(match[1]),
    Number(match[4]),
    Number(match[5]),
    Number(match[6] ?? 0),
  );
}

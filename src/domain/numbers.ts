/**
 * Lenient number reading shared by field coercion, formatting and the product card.
 * Server payloads and form inputs carry numbers as numbers or as strings, sometimes with
 * a Russian decimal comma or grouped thousands, so every numeric rule reads through here.
 */

// Plain decimal notation only: hex, binary and similar forms that Number() accepts are not
// something a user or the server means by a quantity or a price.
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;
// Ordinary, no-break and narrow no-break spaces: all can appear as thousands separators.
const GROUPING_SPACES = /[\s\u00A0\u202F]/g;

/** The number a value stands for, or null when it is not a finite number. '' reads as null. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return parseNumber(Number(value));
  if (typeof value !== 'string') return null;
  let text = value.replace(GROUPING_SPACES, '');
  if (text === '') return null;
  if (text.includes(',')) {
    // '1,5' is a decimal comma; '1,234.5' uses the comma to group thousands.
    text = text.includes('.') ? text.replace(/,/g, '') : text.replace(',', '.');
  }
  if (!DECIMAL.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** parseNumber with a fallback for values that are not numbers (0 unless told otherwise). */
export function toNumber(value: unknown, fallback = 0): number {
  return parseNumber(value) ?? fallback;
}

/**
 * Money rounded to kopecks/cents half away from zero, as PostgreSQL's round(numeric, 2) does on the
 * server: the product is first cut to 12 significant digits, so binary noise (0.35 × 0.3 =
 * 0.10499999…) does not round the wrong way.
 */
export function roundMoney(value: number): number {
  const cents = Number((value * 100).toPrecision(12));
  return (Math.sign(cents) * Math.round(Math.abs(cents))) / 100;
}

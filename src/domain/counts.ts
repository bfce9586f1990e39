import { THOUSANDS_SEPARATOR } from './format';
import { parseNumber } from './numbers';

// Counts are kept to thousandths of a unit (numeric(14,3)): no count has a finer part to show.
const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/**
 * A count as its unit reads it (issue 19): a whole number of units without decimals ('25 pcs', never
 * '25.00 pcs'), a fraction of a unit with the decimals it has ('2.5 kg', '0.125 kg'), thousands grouped as
 * formatNumber groups them. Counts are not money, so nothing forces two decimals. Not a number reads as 0.
 */
export function formatCount(value: unknown): string {
  // A count rounding to zero from below is 0, not '-0' (signDisplay 'negative' is too new for the widget's browsers).
  return COUNT_FORMAT.format(parseNumber(value) ?? 0).replace(/,/g, THOUSANDS_SEPARATOR).replace(/^-0$/, '0');
}

/**
 * What a typed quantity or price means before it is sent: the server refuses the same (src/contract/stock.ts), but
 * the dialog says why at the field and keeps the button off, so a bad line never reaches a request.
 */

export const MAX_QUANTITY = 1e9;
export const MAX_PRICE = 1e9;

export type QuantityProblem = 'required' | 'notNumber' | 'notPositive' | 'tooFine' | 'tooLarge' | 'overAvailable';

/** A decimal typed with a point or a comma; null when it is not a plain number. */
export function parseDecimal(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return null;
  return Number(plain);
}

const decimalsOf = (text: string) => text.trim().replace(',', '.').split('.')[1]?.length ?? 0;

/** A quantity: positive, at most three decimals, within the cap and, when given, the available count. */
export function quantityProblem(text: string, available?: number): QuantityProblem | null {
  if (!text.trim()) return 'required';
  const value = parseDecimal(text);
  if (value === null) return 'notNumber';
  if (value <= 0) return 'notPositive';
  if (decimalsOf(text) > 3) return 'tooFine';
  if (value > MAX_QUANTITY) return 'tooLarge';
  if (available !== undefined && Math.round(value * 1000) > Math.round(available * 1000)) return 'overAvailable';
  return null;
}

/** A price: zero or more, at most two decimals, within the cap; blank is allowed when optional. */
export function priceProblem(text: string, options: { optional?: boolean } = {}): QuantityProblem | null {
  if (!text.trim()) return options.optional ? null : 'required';
  const value = parseDecimal(text);
  if (value === null) return 'notNumber';
  if (value < 0) return 'notPositive';
  if (decimalsOf(text) > 2) return 'tooFine';
  if (value > MAX_PRICE) return 'tooLarge';
  return null;
}

/** A percentage change: from −100 (free) up to +1000, at most two decimals. */
export function percentProblem(text: string): QuantityProblem | null {
  if (!text.trim()) return 'required';
  const value = parseDecimal(text);
  if (value === null) return 'notNumber';
  if (value < -100) return 'notPositive';
  if (decimalsOf(text) > 2) return 'tooFine';
  if (value > 1000) return 'tooLarge';
  return null;
}

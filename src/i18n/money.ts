import { activeLanguage } from './index';
import { formatAmount } from './numbers';

const signs = new Map<string, string>();

/** The currency's sign in the active language ('₽', '$'); the code itself when Intl knows no sign for it. */
export function currencySign(currency: string): string {
  const key = `${activeLanguage()}:${currency}`;
  let sign = signs.get(key);
  if (sign === undefined) {
    try {
      const parts = new Intl.NumberFormat(activeLanguage(), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
      sign = parts.find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      // Not an ISO 4217 code (a custom currency of the account): shown as stored.
      sign = currency;
    }
    signs.set(key, sign);
  }
  return sign;
}

/** A sum with its currency (issue 19 §5: sums with the currency sign), written as the active language writes numbers. */
export function formatMoney(value: unknown, currency: string): string {
  return `${formatAmount(value)}\u00A0${currencySign(currency)}`;
}

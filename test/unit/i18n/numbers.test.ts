import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLanguage } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { formatAmount, formatQuantity } from '../../../src/i18n/numbers';
import { readNumber } from '../../../src/ui/numberText';

// Issue 19 §5 and spec 1 §5: Russian 1 234,50 (narrow no-break space, decimal comma), English 1,234.50.
afterEach(() => setActiveLanguage('en'));

describe('numbers in the interface language', () => {
  it('rule: a Russian sum is grouped with a narrow no-break space and has a decimal comma', () => {
    expect(formatAmount(1234.5, 'ru')).toBe('1\u202F234,50');
    expect(formatAmount(-1234567.891, 'ru')).toBe('-1\u202F234\u202F567,89');
    expect(formatAmount('', 'ru')).toBe('0,00');
  });

  it('rule: an English sum is grouped with commas and has a decimal point', () => {
    expect(formatAmount(1234.5, 'en')).toBe('1,234.50');
    expect(formatAmount(1.005, 'en')).toBe('1.01');
  });

  it('rule: quantities have no padding decimals: 25, 2,5 in Russian, 1,234.125 in English', () => {
    expect(formatQuantity(25, 'ru')).toBe('25');
    expect(formatQuantity(2.5, 'ru')).toBe('2,5');
    expect(formatQuantity(12345.5, 'ru')).toBe('12\u202F345,5');
    expect(formatQuantity(1234.125, 'en')).toBe('1,234.125');
    expect(formatQuantity(0.1 + 0.2, 'en')).toBe('0.3');
  });

  it('rule: a sum carries the currency sign of the language', () => {
    setActiveLanguage('ru');
    expect(formatMoney(1234.5, 'RUB')).toBe('1\u202F234,50\u00A0₽');
    setActiveLanguage('en');
    expect(formatMoney(1234.5, 'USD')).toBe('1,234.50\u00A0$');
  });

  it('rule: a typed number reads with either decimal separator (12,5 in Russian)', () => {
    expect(readNumber('12,5')).toEqual({ ok: true, value: 12.5 });
    expect(readNumber('1\u202F234,5')).toEqual({ ok: true, value: 1234.5 });
    expect(readNumber('1,234.5')).toEqual({ ok: true, value: 1234.5 });
  });
});

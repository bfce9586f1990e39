import { describe, expect, it } from 'vitest';
import { formatDateLocale } from '../../../src/domain/format';
import { columnBoolean, displayColumnValue, parseColumnKey } from '../../../src/domain/tableColumns';

const NNBSP = '\u202F';

describe('parseColumnKey: <source>_<code> where source is order, company, contact or product', () => {
  it.each([
    ['order_name', { source: 'order', code: 'name' }],
    ['company_inn', { source: 'company', code: 'inn' }],
    ['contact_phone', { source: 'contact', code: 'phone' }],
    ['product_free_4_reserve', { source: 'product', code: 'free_4_reserve' }],
    ['lead_name', null],
    ['order', null],
    ['order_', null],
    ['', null],
  ] as const)('%j → %j', (key, expected) => {
    expect(parseColumnKey(key)).toEqual(expected);
  });
});

describe("columnBoolean: '0'/false are false, '1'/true are true", () => {
  it.each([
    ['1', true],
    [1, true],
    [true, true],
    ['true', true],
    ['0', false],
    [0, false],
    [false, false],
    ['', false],
    [null, false],
  ] as const)('%j → %j', (value, expected) => {
    expect(columnBoolean(value)).toBe(expected);
  });
});

describe('displayColumnValue: each column type shows its value by the spec 1 §3 rule', () => {
  const categories = [
    { id: 3, name: 'Chairs' },
    { id: 4, name: 'Tables' },
  ];
  const march5 = new Date(2024, 2, 5, 9, 7);

  it.each([
    ['1 numeric, formatted', { type: 1, code: 'product_count' }, 1234, `1${NNBSP}234.00`],
    ['2 numeric, formatted', { type: 2, code: 'product_weight' }, '2.5', '2.50'],
    ['numeric empty counts as 0', { type: 2, code: 'product_weight' }, '', '0.00'],
    ['numeric -1 → infinity', { type: 1, code: 'product_count' }, -1, '∞'],
    ["numeric '-1' → infinity", { type: 2, code: 'product_count' }, '-1', '∞'],
    ['product_free_4_reserve → infinity', { type: 1, code: 'product_free_4_reserve' }, 5, '∞'],
    ['free_4_reserve as a bare code → infinity', { type: 1, code: 'free_4_reserve' }, 5, '∞'],
    ['3 text', { type: 3, code: 'order_name' }, 'Order', 'Order'],
    ['4 empty text → dash', { type: 4, code: 'order_note' }, '', '—'],
    ['5 null → dash', { type: 5, code: 'order_kind' }, null, '—'],
    ['6 list joined', { type: 6, code: 'order_tags' }, ['a', 'b'], 'a, b'],
    ['7 date text as given', { type: 7, code: 'order_day' }, '05.03.2024', '05.03.2024'],
    ['9 true → tick', { type: 9, code: 'product_active' }, '1', '✓'],
    ['9 false → nothing', { type: 9, code: 'product_active' }, '0', ''],
    ['11 object → its cost, formatted', { type: 11, code: 'product_price' }, { cost: 1500, currency: 'RUB' }, `1${NNBSP}500.00`],
    ['11 bare number', { type: 11, code: 'product_price' }, 99.999, '100.00'],
    ['11 object without cost → 0', { type: 11, code: 'product_price' }, {}, '0.00'],
    ['12 category name by id', { type: 12, code: 'product_category' }, 3, 'Chairs'],
    ['12 category id as text', { type: 12, code: 'product_category' }, '4', 'Tables'],
    ['12 unknown category → dash', { type: 12, code: 'product_category' }, 99, '—'],
    ['12 empty category → dash', { type: 12, code: 'product_category' }, null, '—'],
    ['other types → text', { type: 13, code: 'product_x' }, 'abc', 'abc'],
    ['other types, empty → dash', { type: 99, code: 'product_x' }, undefined, '—'],
  ] as const)('%s', (_rule, column, value, expected) => {
    expect(displayColumnValue(column, value, { categories, locale: 'ru' })).toBe(expected);
  });

  it('8 date-time in the locale format', () => {
    expect(displayColumnValue({ type: 8, code: 'order_created' }, march5, { locale: 'ru' })).toBe(
      formatDateLocale(march5, 'ru', { withTime: true }),
    );
    expect(displayColumnValue({ type: 8, code: 'order_created' }, march5, { locale: 'ru' })).toContain('05.03.2024');
  });

  it('8 empty or invalid date → dash', () => {
    expect(displayColumnValue({ type: 8, code: 'order_created' }, '', { locale: 'ru' })).toBe('—');
    expect(displayColumnValue({ type: 8, code: 'order_created' }, 'bad', { locale: 'ru' })).toBe('—');
  });

  it('12 without category properties → dash', () => {
    expect(displayColumnValue({ type: 12, code: 'product_category' }, 3)).toBe('—');
  });
});

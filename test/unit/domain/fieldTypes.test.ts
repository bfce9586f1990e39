import { describe, expect, it } from 'vitest';
import {
  FieldType,
  coerceFieldValue,
  coerceFlag,
  defaultCurrency,
  defaultFieldValue,
  normalizeFieldValues,
  normalizeOptions,
  type PriceValue,
} from '../../../src/domain/fieldTypes';

const ctx = { currency: 'RUB' };
const priceDefaults: PriceValue = {
  cost: 0,
  currency: 'RUB',
  is_manager_can_change_nds: false,
  is_nds: false,
  is_price_include_nds: false,
  nds: 0,
};

describe('field type codes match spec 2 §3', () => {
  it('names each documented code', () => {
    expect(FieldType).toEqual({
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
    });
  });
});

describe('defaultFieldValue: the value of a field with none given', () => {
  it.each([
    ['integer → 0', 1, 0],
    ['float → 0', 2, 0],
    ['string → empty', 3, ''],
    ['long text → empty', 4, ''],
    ['single selector → empty', 5, ''],
    ['multi selector → empty list', 6, []],
    ['date → empty', 7, ''],
    ['date-time → empty', 8, ''],
    ['flag → false', 9, false],
    ['price → zero cost in the account currency, tax 0, flags off', 11, priceDefaults],
    ['stock → zero count and reserve', 13, { count: 0, reserve: 0 }],
    ['images → empty list', 15, []],
    ['unknown code 10 → null', 10, null],
    ['unknown code 14 → null', 14, null],
  ] as const)('%s', (_rule, type, expected) => {
    expect(defaultFieldValue(type, ctx)).toEqual(expected);
  });

  it('price default takes the currency from the context', () => {
    expect(defaultFieldValue(FieldType.price, { currency: 'USD' }).currency).toBe('USD');
  });

  it('returns a fresh list each time, so callers cannot share state through it', () => {
    const first = defaultFieldValue(FieldType.multiselect, ctx);
    first.push('x');
    expect(defaultFieldValue(FieldType.multiselect, ctx)).toEqual([]);
  });
});

describe('coerceFieldValue: numbers to numbers (non-numeric → 0)', () => {
  it.each([
    [1, '42', 42],
    [1, 42, 42],
    [2, '3.25', 3.25],
    [2, '3,25', 3.25],
    [1, 'abc', 0],
    [2, '', 0],
    [1, null, 0],
    [1, undefined, 0],
    [2, { a: 1 }, 0],
    [1, '3.7', 3.7], // integer fields are not rounded by coercion
  ] as const)('type %i: %j → %j', (type, value, expected) => {
    expect(coerceFieldValue(type, value, ctx)).toBe(expected);
  });
});

describe('coerceFieldValue: text types to strings (missing → empty)', () => {
  it.each([
    [3, 'abc', 'abc'],
    [3, 12, '12'],
    [4, true, 'true'],
    [5, 2, '2'],
    [7, '05.03.2024', '05.03.2024'],
    [8, null, ''],
    [3, undefined, ''],
    [3, { a: 1 }, ''], // never '[object Object]'
    [4, ['a', 'b'], 'a, b'],
  ] as const)('type %i: %j → %j', (type, value, expected) => {
    expect(coerceFieldValue(type, value, ctx)).toBe(expected);
  });
});

describe("coerceFieldValue: flags — '0'/'1', 0/1, 'true'/'false' become booleans", () => {
  it.each([
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    [true, true],
    [false, false],
    ['', false],
    [null, false],
    [undefined, false],
    ['yes', false],
  ] as const)('%j → %j', (value, expected) => {
    expect(coerceFieldValue(FieldType.flag, value, ctx)).toBe(expected);
    expect(coerceFlag(value)).toBe(expected);
  });
});

describe('coerceFieldValue: multi selector becomes a list of strings', () => {
  it.each([
    [['a', 'b'], ['a', 'b']],
    [[1, 2], ['1', '2']],
    [['a', null, ''], ['a']],
    ['a, b', ['a, b']], // a lone value is one item; names may contain commas
    [3, ['3']],
    [null, []],
    [undefined, []],
    ['', []],
  ] as const)('%j → %j', (value, expected) => {
    expect(coerceFieldValue(FieldType.multiselect, value, ctx)).toEqual(expected);
  });
});

describe('coerceFieldValue: price object merged over defaults, cost and tax numeric', () => {
  it.each([
    ['missing → defaults', undefined, priceDefaults],
    ['null → defaults', null, priceDefaults],
    ['text cost and tax become numbers', { cost: '150.5', nds: '20' }, { ...priceDefaults, cost: 150.5, nds: 20 }],
    ['non-numeric cost becomes 0', { cost: 'abc' }, priceDefaults],
    [
      'flags are coerced',
      { is_nds: '1', is_price_include_nds: 1, is_manager_can_change_nds: 'true' },
      { ...priceDefaults, is_nds: true, is_price_include_nds: true, is_manager_can_change_nds: true },
    ],
    ['a given currency is kept', { cost: 1, currency: 'EUR' }, { ...priceDefaults, cost: 1, currency: 'EUR' }],
    ['an empty currency takes the default', { currency: '' }, priceDefaults],
    ['a bare number is the cost', 99, { ...priceDefaults, cost: 99 }],
    ['a numeric string is the cost', '99.9', { ...priceDefaults, cost: 99.9 }],
    ['extra keys are kept', { cost: 1, id: 7 }, { ...priceDefaults, cost: 1, id: 7 }],
  ] as const)('%s', (_rule, value, expected) => {
    expect(coerceFieldValue(FieldType.price, value, ctx)).toEqual(expected);
  });
});

describe('coerceFieldValue: stock count and reserve become numbers (default 0)', () => {
  it.each([
    [undefined, { count: 0, reserve: 0 }],
    [{ count: '5', reserve: '2' }, { count: 5, reserve: 2 }],
    [{ count: 'x' }, { count: 0, reserve: 0 }],
    ['7', { count: 0, reserve: 0 }],
  ] as const)('%j → %j', (value, expected) => {
    expect(coerceFieldValue(FieldType.stock, value, ctx)).toEqual(expected);
  });
});

describe('coerceFieldValue: images stay a list, anything else is an empty list', () => {
  it.each([
    [['a.png', { url: 'b.png' }], ['a.png', { url: 'b.png' }]],
    ['a.png', []],
    [null, []],
  ] as const)('%j → %j', (value, expected) => {
    expect(coerceFieldValue(FieldType.images, value, ctx)).toEqual(expected);
  });
});

describe('coerceFieldValue: unknown type codes pass the value through', () => {
  it.each([10, 12, 14, 99])('type %i keeps the value as given', (type) => {
    const value = { any: 'thing' };
    expect(coerceFieldValue(type, value, ctx)).toBe(value);
  });
});

describe('normalizeFieldValues: every defined field coerced, multi selectors also as <code>_string', () => {
  const defs = [
    { code: 'qty', type: 1 },
    { code: 'title', type: 3 },
    { code: 'tags', type: 6 },
    { code: 'done', type: 9 },
    { code: 'price', type: 11 },
  ];

  it('coerces present values and fills missing ones with defaults', () => {
    const result = normalizeFieldValues(defs, { qty: '3', tags: ['red', 'blue'], done: '1', other: 'kept' }, ctx);
    expect(result).toEqual({
      qty: 3,
      title: '',
      tags: ['red', 'blue'],
      tags_string: 'red, blue',
      done: true,
      price: priceDefaults,
      other: 'kept',
    });
  });

  it.each([[null], [undefined], [[]]])('values %j count as empty', (values) => {
    const result = normalizeFieldValues(defs, values, ctx);
    expect(result.qty).toBe(0);
    expect(result.tags).toEqual([]);
    expect(result.tags_string).toBe('');
  });

  it('does not modify the given values', () => {
    const values = Object.freeze({ qty: '3' });
    normalizeFieldValues(defs, values, ctx);
    expect(values).toEqual({ qty: '3' });
  });
});

describe('defaultCurrency: USD for the second CRM variant (is_kommo), otherwise RUB', () => {
  it.each([
    [{ is_kommo: true }, 'USD'],
    [{ is_kommo: 1 }, 'USD'],
    [{ is_kommo: '1' }, 'USD'],
    [{ is_kommo: false }, 'RUB'],
    [{ is_kommo: 0 }, 'RUB'],
    [{ is_kommo: '0' }, 'RUB'],
    [{}, 'RUB'],
    [null, 'RUB'],
  ] as const)('%j → %s', (account, expected) => {
    expect(defaultCurrency(account)).toBe(expected);
  });
});

describe('normalizeOptions: plain strings take their position as value; optgroup marks a heading', () => {
  it('plain strings get their 0-based position', () => {
    expect(normalizeOptions(['Red', 'Green'])).toEqual([
      { value: 0, name: 'Red' },
      { value: 1, name: 'Green' },
    ]);
  });

  it('objects keep value, name and colour; a set optgroup becomes true', () => {
    expect(
      normalizeOptions([
        { name: 'Colours', value: 'g', optgroup: true },
        { name: 'Red', value: 'r', color: '#f00' },
        { name: 'Blue', value: 'b', optgroup: false, color: '' },
        { name: 'Group', value: 'x', optgroup: '1' },
      ]),
    ).toEqual([
      { value: 'g', name: 'Colours', optgroup: true },
      { value: 'r', name: 'Red', color: '#f00' },
      { value: 'b', name: 'Blue' },
      { value: 'x', name: 'Group', optgroup: true },
    ]);
  });

  it('an object without a value takes its position; without a name shows its value', () => {
    expect(normalizeOptions(['a', { name: 'b' }, { value: 7 }])).toEqual([
      { value: 0, name: 'a' },
      { value: 1, name: 'b' },
      { value: 7, name: '7' },
    ]);
  });

  it('a record of options uses its keys as positions', () => {
    expect(normalizeOptions({ 1: 'a', 3: 'b' })).toEqual([
      { value: 1, name: 'a' },
      { value: 3, name: 'b' },
    ]);
  });

  it.each([[null], [undefined], ['text'], [5]])('%j gives no options', (data) => {
    expect(normalizeOptions(data)).toEqual([]);
  });
});

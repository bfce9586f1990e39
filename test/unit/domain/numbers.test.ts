import { describe, expect, it } from 'vitest';
import { parseNumber, roundMoney, toNumber } from '../../../src/domain/numbers';

describe('parseNumber reads numbers and numeric text, and nothing else', () => {
  it.each([
    [12.5, 12.5],
    ['12.5', 12.5],
    [' 7 ', 7],
    ['-3', -3],
    ['1,5', 1.5], // Russian decimal comma
    ['1,234.5', 1234.5], // comma groups thousands when a dot is present
    ['1 234 567', 1234567],
    ['1\u202F234.50', 1234.5], // reads back what formatNumber writes
    ['1e3', 1000],
  ] as const)('%j → %j', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it.each([[''], ['  '], ['abc'], ['12abc'], ['0x10'], [NaN], [Infinity], [null], [undefined], [true], [{}], [[]]])(
    '%j is not a number → null',
    (input) => {
      expect(parseNumber(input)).toBeNull();
    },
  );
});

it('parseNumber reads a bigint as its number', () => {
  expect(parseNumber(10n)).toBe(10);
});

describe('toNumber falls back to 0 (or the given fallback) for non-numbers', () => {
  it.each([
    ['x', undefined, 0],
    ['', undefined, 0],
    ['x', 5, 5],
    ['3', 5, 3],
  ] as const)('toNumber(%j, %j) → %j', (input, fallback, expected) => {
    expect(toNumber(input, fallback)).toBe(expected);
  });
});

describe('roundMoney rounds to cents half away from zero, as the server does, without binary noise', () => {
  it.each([
    ['0.35 × 0.3 = 0.105 goes up', 0.35 * 0.3, 0.11],
    ['1.005 goes up', 1.005, 1.01],
    ['2.675 goes up', 2.675, 2.68],
    ['0.1 + 0.2 stays 0.3', 0.1 + 0.2, 0.3],
    ['whole sums stay', 2400, 2400],
    ['below half goes down', 10.004, 10],
    ['negative half goes away from zero', -0.105, -0.11],
  ] as const)('%s: roundMoney(%j) → %j', (_rule, value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });
});

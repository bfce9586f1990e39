import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../src/domain/counts';

describe('formatCount: a count as its unit reads it', () => {
  it('rule: whole units show no decimals (25 pcs, not 25.00 pcs)', () => {
    expect(formatCount(25)).toBe('25');
    expect(formatCount('25.000')).toBe('25');
    expect(formatCount(0)).toBe('0');
  });

  it('rule: a fraction of a unit keeps the decimals it has, up to the stored thousandths', () => {
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount('0.125')).toBe('0.125');
    expect(formatCount(1.0004)).toBe('1');
    expect(formatCount(1.0005)).toBe('1.001');
  });

  it('rule: thousands are grouped with the narrow no-break space, as formatNumber groups them', () => {
    expect(formatCount(1200)).toBe('1\u202F200');
    expect(formatCount(1234567.5)).toBe('1\u202F234\u202F567.5');
  });

  it('rule: not a number reads as 0, and nothing shows as -0', () => {
    expect(formatCount(null)).toBe('0');
    expect(formatCount('abc')).toBe('0');
    expect(formatCount(-0.0001)).toBe('0');
    expect(formatCount(-3)).toBe('-3');
  });
});

import { describe, expect, it } from 'vitest';
import { formatQuantity, quantityOf } from '../../../../shell/features/publicOrder/quantity';

describe("customer page quantities (issue 19 §3)", () => {
  it('rule: a typed quantity is sent only when positive with at most three decimals; a comma counts as the point', () => {
    expect(['2', ' 3 ', '1,5', '0.125'].map(quantityOf)).toEqual([2, 3, 1.5, 0.125]);
    expect(['', '0', '-1', '1.2345', 'two', '1e3', '1,2,3'].map(quantityOf)).toEqual([null, null, null, null, null, null, null]);
  });

  it("rule: quantities show as the units say — '3', not '3.00'; '1,5' in Russian", () => {
    expect(formatQuantity(3, 'en')).toBe('3');
    expect(formatQuantity(1.5, 'en')).toBe('1.5');
    expect(formatQuantity(1.5, 'ru')).toBe('1,5');
  });
});

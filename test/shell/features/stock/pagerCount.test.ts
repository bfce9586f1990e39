import { describe, expect, it } from 'vitest';
import { pagerCount } from '../../../../shell/features/stock/pagerCount';

const totals = (products: number) => ({ count: 0, reserve: 0, available: 0, cost_value: 0, sale_value: 0, products });

describe('the stock pager’s count', () => {
  it('rule: an exact page count is shown as it is, whatever the totals say', () => {
    const meta = { current_page: 2, last_page: 3, per_page: 20, total: 57, total_is_estimate: false };
    expect(pagerCount(meta, 20, 20, null)).toEqual({ total: 57, lastPage: 3, estimate: false });
    expect(pagerCount(meta, 20, 20, totals(60))).toEqual({ total: 57, lastPage: 3, estimate: false });
  });

  it('rule: a lower bound (a text search reads one row past its page) becomes exact once the totals of the same filter are in', () => {
    const meta = { current_page: 1, last_page: 2, per_page: 20, total: 20, total_is_estimate: true };
    expect(pagerCount(meta, 20, 20, null)).toEqual({ total: 20, lastPage: 2, estimate: true });
    expect(pagerCount(meta, 20, 20, totals(2400))).toEqual({ total: 2400, lastPage: 120, estimate: false });
    expect(pagerCount(meta, 50, 20, totals(2401))).toEqual({ total: 2401, lastPage: 49, estimate: false });
  });

  it('rule: totals below the page’s bound (counted before a write) do not replace it', () => {
    const meta = { current_page: 3, last_page: 4, per_page: 20, total: 60, total_is_estimate: true };
    expect(pagerCount(meta, 20, 20, totals(59))).toEqual({ total: 60, lastPage: 4, estimate: true });
  });
});

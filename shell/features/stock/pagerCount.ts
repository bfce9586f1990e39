import type { StockListMeta, StockTotals } from '../../../src/contract/stockList';

export interface PagerCount {
  total: number;
  lastPage: number;
  /** Only a lower bound is known: a next page exists, the last is unknown. */
  estimate: boolean;
}

/**
 * What the pager says: the page's own count, or the totals call's when the page only knows a lower bound (a filtered
 * page reads one row past itself instead of counting) and the totals of the same warehouse and filter are in. Totals
 * below the page's bound belong to a moment before a write: the page wins.
 */
export function pagerCount(meta: StockListMeta, perPage: number, shown: number, totals: StockTotals | null): PagerCount {
  const total = meta.total ?? shown;
  if (meta.total_is_estimate === true && totals !== null && totals.products >= total) {
    return { total: totals.products, lastPage: Math.max(1, Math.ceil(totals.products / perPage)), estimate: false };
  }
  return { total, lastPage: Math.max(1, meta.last_page ?? 1), estimate: meta.total_is_estimate === true };
}

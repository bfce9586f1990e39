import type { PageLinks } from '../../../src/contract/common';
import { STOCK_COUNT_CAP, type StockListMeta } from '../../../src/contract/stockList';
import { pageLink, pagingOf } from '../../http/paging';

/**
 * The stock list's count and pager meta (issue 13: the filtered pages within their budget). A filtered page does not
 * count its matches (it reads one row past itself: stockList.ts), and where a count is made it stops at a cap:
 * counting every match of a common word reads every matching product (and its kept sums row), while the pager only
 * needs to know whether a next page exists, and the totals call counts exactly. The cap is never below the end of
 * the asked page, so a page deep in a long list still knows its next one.
 */

/** How many matches to count for a page: one more than the cap (or than the rows up to this page's end). */
export function countLimit(page: number, perPage: number, cap = STOCK_COUNT_CAP): number {
  return Math.max(cap, page * perPage) + 1;
}

/**
 * The links and meta of a page from a count read with `limit` rows at most: under it the total is exact; at it the
 * total is the rows before the limit and says so (total_is_estimate), the next page exists, the last one is unknown.
 */
export function cappedPagingOf(page: number, perPage: number, counted: number, limit: number): { links: PageLinks; meta: StockListMeta } {
  if (counted < limit) {
    const exact = pagingOf(page, perPage, counted);
    return { links: exact.links, meta: { ...exact.meta, total_is_estimate: false } };
  }
  const total = limit - 1;
  // total ≥ page × perPage, so at least one more row lies past this page.
  const lastCounted = Math.max(page + 1, Math.ceil(total / perPage));
  return {
    links: { first: pageLink(1), prev: pageLink(page > 1 ? page - 1 : null), next: pageLink(page + 1), last: null },
    meta: { current_page: page, last_page: lastCounted, per_page: perPage, total, total_is_estimate: true },
  };
}

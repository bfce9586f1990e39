import { t } from '../../../src/i18n';
import { formatQuantity } from '../../../src/i18n/numbers';

export interface StockPagerProps {
  page: number;
  lastPage: number;
  perPage: number;
  perPageChoices: readonly number[];
  total: number;
  /** The server stopped counting (meta.total_is_estimate): total is a lower bound, a next page exists, the last is unknown. */
  totalIsEstimate: boolean;
  shownCount: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/**
 * Previous and next page, where the page is, which rows show, and how many rows a page has. When only a lower bound
 * of the total is known (a filtered page reads one row past itself until the totals say how many: pagerCount.ts) it
 * says "of N+" and "Page N" (no last page) and next stays open: the bound always reaches past the page.
 */
export function StockPager({ page, lastPage, perPage, perPageChoices, total, totalIsEstimate, shownCount, onPage, onPerPage }: StockPagerProps) {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = (page - 1) * perPage + shownCount;
  return (
    <div className="stock-pager" data-testid="stock-pager">
      <span className="stock-muted" aria-live="polite">
        {t(totalIsEstimate ? 'stock.list.shownAtLeast' : 'stock.list.shown', { from: formatQuantity(from), to: formatQuantity(to), total: formatQuantity(total) })}
      </span>
      <button type="button" className="shell-button" disabled={page <= 1} aria-label={t('stock.list.previousPage')} onClick={() => onPage(page - 1)}>
        ‹
      </button>
      <span>{totalIsEstimate ? t('stock.list.pageOnly', { page }) : t('stock.list.pageOf', { page, last: lastPage })}</span>
      <button type="button" className="shell-button" disabled={!totalIsEstimate && page >= lastPage} aria-label={t('stock.list.nextPage')} onClick={() => onPage(page + 1)}>
        ›
      </button>
      <label className="stock-pager__size">
        {t('stock.list.perPage')}{' '}
        <select className="ui-input" value={perPage} onChange={(event) => onPerPage(Number(event.currentTarget.value))}>
          {perPageChoices.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

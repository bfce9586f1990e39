import { t } from '../../../src/i18n';
import { formatQuantity } from '../../../src/i18n/numbers';
import { Select } from '../../../src/ui';

/**
 * The page numbers to offer: the first, the last, and two either side of the current one; null marks a gap.
 * 1 … 4 5 [6] 7 8 … 20
 */
export function pageWindow(current: number, last: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page += 1) {
    const near = Math.abs(page - current) <= around;
    if (page === 1 || page === last || near) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

export interface PagerProps {
  page: number;
  lastPage: number;
  perPage: number;
  perPageChoices: readonly number[];
  total: number;
  /** The server stopped counting (a search's total, issue 20 §3): there are more than `total` rows. */
  totalCapped?: boolean;
  shownCount: number;
  disabled: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Previous, page numbers, next; what part of the list is shown; how many rows a page has. */
export function Pager({ page, lastPage, perPage, perPageChoices, total, totalCapped = false, shownCount, disabled, onPage, onPerPage }: PagerProps) {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = (page - 1) * perPage + shownCount;
  return (
    <div className="orders-pager">
      <span className="orders-muted" aria-live="polite">
        {totalCapped ? t('ordersTotal.shownMoreThan', { from, to, total: formatQuantity(total) }) : t('orders.shown', { from, to, total })}
      </span>
      {lastPage > 1 && (
        <nav aria-label={t('orders.pages')}>
          <ul className="orders-pager__pages">
            <li>
              <button type="button" className="orders-page" disabled={disabled || page <= 1} aria-label={t('orders.previousPage')} onClick={() => onPage(page - 1)}>
                ‹
              </button>
            </li>
            {pageWindow(page, lastPage).map((number, index) =>
              number === null ? (
                <li key={`gap-${index}`} className="orders-pager__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={number}>
                  <button
                    type="button"
                    className="orders-page"
                    aria-label={t('orders.page', { page: number })}
                    aria-current={number === page ? 'page' : undefined}
                    disabled={disabled && number !== page}
                    onClick={() => number !== page && onPage(number)}
                  >
                    {number}
                  </button>
                </li>
              ),
            )}
            <li>
              <button type="button" className="orders-page" disabled={disabled || page >= lastPage} aria-label={t('orders.nextPage')} onClick={() => onPage(page + 1)}>
                ›
              </button>
            </li>
          </ul>
        </nav>
      )}
      <Select
        className="orders-pager__size"
        label={t('orders.perPage')}
        options={perPageChoices.map((count) => ({ name: String(count), value: count }))}
        value={perPage}
        onChange={(value) => onPerPage(Number(value))}
      />
    </div>
  );
}

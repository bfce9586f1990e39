import { t } from '../../../src/i18n';

export interface StockPagerProps {
  page: number;
  lastPage: number;
  perPage: number;
  perPageChoices: readonly number[];
  total: number;
  shownCount: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Previous and next page, where the page is, which rows show, and how many rows a page has. */
export function StockPager({ page, lastPage, perPage, perPageChoices, total, shownCount, onPage, onPerPage }: StockPagerProps) {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  return (
    <div className="stock-pager" data-testid="stock-pager">
      <span className="stock-muted" aria-live="polite">
        {t('stock.list.shown', { from, to: (page - 1) * perPage + shownCount, total })}
      </span>
      <button type="button" className="shell-button" disabled={page <= 1} aria-label={t('stock.list.previousPage')} onClick={() => onPage(page - 1)}>
        ‹
      </button>
      <span>{t('stock.list.pageOf', { page, last: lastPage })}</span>
      <button type="button" className="shell-button" disabled={page >= lastPage} aria-label={t('stock.list.nextPage')} onClick={() => onPage(page + 1)}>
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

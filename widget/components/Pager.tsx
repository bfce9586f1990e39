/** @jsxImportSource preact */
import { t } from '../../src/i18n';

/** Previous / next with 'Page N of M'; nothing when everything fits on one page. */
export function Pager({ page, last, onTurn }: { page: number; last: number; onTurn: (step: 1 | -1) => void }) {
  return last > 1 ? (
    <div class="sr-row">
      <button type="button" class="sr-link" disabled={page <= 1} onClick={() => onTurn(-1)}>
        {t('widget.prevPage')}
      </button>
      <span aria-live="polite">{t('widget.pageOf', { page, last })}</span>
      <button type="button" class="sr-link" disabled={page >= last} onClick={() => onTurn(1)} data-testid="widget-next-page">
        {t('widget.nextPage')}
      </button>
    </div>
  ) : null;
}

/** @jsxImportSource preact */
import { useMemo } from 'preact/hooks';
import { formatCount } from '../../src/domain/counts';
import { t } from '../../src/i18n';
import type { WidgetStore } from '../state/widgetStore';
import { sanitizeHtml } from '../sanitizeHtml';
import { useAtom } from '../useAtom';
import { Pager } from './Pager';

/**
 * What the deal holds: the server's summary (widget/get-products, shown only as sanitized markup), or,
 * when that cannot be had, the deal's positions (products/filtered, 12 per page).
 */
export function DealProducts({ store }: { store: WidgetStore }) {
  const html = useAtom(store.$productsHtml);
  const positions = useAtom(store.$leadProducts);
  const safe = useMemo(() => html && sanitizeHtml(html), [html]);
  return (
    <section>
      <h3>{t('widget.inDeal')}</h3>
      {safe ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's summary is markup by contract, shown only after sanitizeHtml.
        <div class="sr-deal" data-testid="widget-deal-html" dangerouslySetInnerHTML={{ __html: safe }} />
      ) : positions.items.length ? (
        <ul data-testid="widget-deal-list">
          {positions.items.map((row) => (
            <li key={row.id} class="sr-item">{`${row.name} — ${formatCount(row.count)} ${row.unit}`}</li>
          ))}
        </ul>
      ) : (
        <p class="sr-muted">{t('widget.nothingFound')}</p>
      )}
      {!safe && <Pager page={positions.page} last={positions.lastPage} onTurn={(step) => void store.loadLeadProducts(positions.page + step)} />}
    </section>
  );
}

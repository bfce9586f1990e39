import type { CustomerKind } from '../../../src/api/customers';
import type { PageLinks } from '../../../src/contract/common';
import { t, type MessageKey } from '../../../src/i18n';
import { followCustomerLink, type CustomerListMeta } from '../../stores/customers';

const STEPS: readonly { link: keyof PageLinks; label: MessageKey; mark: string }[] = [
  { link: 'first', label: 'clients.firstPage', mark: '«' },
  { link: 'prev', label: 'clients.prevPage', mark: '‹' },
  { link: 'next', label: 'clients.nextPage', mark: '›' },
  { link: 'last', label: 'clients.lastPage', mark: '»' },
];

/**
 * Paging by the list's links (spec 1 §3: first, prev, next, last; the page read from each link's page
 * query). A link the server left out, or one to the page shown, is a disabled button.
 */
export function ListPager({ kind, meta, busy }: { kind: CustomerKind; meta: CustomerListMeta; busy: boolean }) {
  const button = ({ link, label, mark }: (typeof STEPS)[number]) => {
    const target = meta.links[link];
    const here = link === 'first' || link === 'last' ? meta.last_page <= 1 || (link === 'first' ? meta.current_page === 1 : meta.current_page === meta.last_page) : false;
    return (
      <button key={link} type="button" className="customer-button customer-button--small clients-page" aria-label={t(label)} title={t(label)} disabled={busy || !target || here} onClick={() => void followCustomerLink(kind, link)}>
        <span aria-hidden="true">{mark}</span>
      </button>
    );
  };
  return (
    <nav className="clients-pager" aria-label={t('clients.pages')}>
      {STEPS.slice(0, 2).map(button)}
      <span className="clients-pager__where" aria-live="polite">
        {t('clients.pageOf', { page: meta.current_page, last: meta.last_page })}
        <span className="clients-pager__total"> · {t('clients.total', { count: meta.total })}</span>
      </span>
      {STEPS.slice(2).map(button)}
    </nav>
  );
}

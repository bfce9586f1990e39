import './texts';
import styles from './archive.css?raw';
import { useStore } from '@nanostores/react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type MessageKey, t } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { navigateTo, onLocationChange } from '../../stores/navigation';
import { ARCHIVE_TABS, type ArchiveRow, type ArchiveTab, isArchiveTab, mayUnarchive, toArchiveRow } from './rows';
import { $archive, chooseTab, loadArchive, searchArchive, showPage, unarchiveItem } from './state';
import { Field } from '../../../src/ui/Field';
import { PageHeader } from '../../../src/ui/PageHeader';
import { formatDateText } from '../../../src/i18n/dates';

adoptStyles(styles);

const TAB_LABEL: Record<ArchiveTab, MessageKey> = { products: 'archive.tabProducts', companies: 'archive.tabCompanies', contacts: 'archive.tabContacts', orders: 'archive.tabOrders' };

/**
 * /archive (spec 2 §2 'Archive'): archived products and services, companies, contacts and orders, one tab
 * at a time, searched and paged by the server; each item can go back where it came from (for those who may).
 */
export default function ArchiveScreen() {
  const state = useStore($archive);
  const { user, account } = useStore($account);
  const [busyId, setBusyId] = useState<number | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    // Settings → archive links to one tab (#/archive?tab=orders), also while this screen shows.
    const showAsked = (search: string) => {
      const asked = new URLSearchParams(search).get('tab');
      if (!isArchiveTab(asked) || asked === $archive.get().tab) return false;
      void chooseTab(asked);
      return true;
    };
    if (!showAsked(globalThis.location?.hash.split('?')[1] ?? '')) void loadArchive();
    return onLocationChange((change) => void (change.path === '/archive' && showAsked(change.search)));
  }, []);

  const describe = { kind: (service: boolean) => t(service ? 'archive.service' : 'archive.product'), orderName: (id: number) => t('orders.newName', { id }) };
  const rows = state.items.map((item) => toArchiveRow(state.tab, item, describe));
  const allowed = mayUnarchive(state.tab, user, account);
  const lastPage = Math.max(1, state.meta?.last_page ?? 1);

  async function putBack(row: ArchiveRow) {
    setBusyId(row.id);
    const ok = await unarchiveItem(row.id);
    setBusyId(null);
    if (ok) notify({ type: NotificationType.success, header: t('success.done'), text: t('archive.unarchived', { name: row.name }) });
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = ARCHIVE_TABS.indexOf(state.tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = ARCHIVE_TABS[(index + step + ARCHIVE_TABS.length) % ARCHIVE_TABS.length];
    void chooseTab(next);
    tabs.current[ARCHIVE_TABS.indexOf(next)]?.focus();
  }

  return (
    <section className="archive-screen" aria-labelledby="archive-title" data-testid="archive-screen">
      <PageHeader titleId="archive-title" title={t('archive.title')} />
      <div role="tablist" aria-label={t('archive.tabs')} className="archive-tabs" onKeyDown={onTabKey}>
        {ARCHIVE_TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`archive-tab-${tab}`}
            aria-selected={state.tab === tab}
            aria-controls="archive-panel"
            tabIndex={state.tab === tab ? 0 : -1}
            className="archive-tab"
            onClick={() => void chooseTab(tab)}
          >
            {t(TAB_LABEL[tab])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="archive-panel" aria-labelledby={`archive-tab-${state.tab}`} className="archive-panel">
        <ArchiveSearch value={state.search} onSearch={(text) => void searchArchive(text)} />
        {state.status === 'failed' && (
          <p role="alert" className="archive-state">
            {t('errors.somethingWrong')}{' '}
            <button type="button" className="shell-link" onClick={() => void loadArchive()}>
              {t('app.retry')}
            </button>
          </p>
        )}
        {state.status !== 'failed' && rows.length === 0 && (
          <p role="status" className={state.status === 'ready' ? 'archive-state ui-page-empty' : 'archive-state'}>
            {state.status === 'ready' ? t('archive.empty') : t('app.loading')}
          </p>
        )}
        {rows.length > 0 && (
          <div className="archive-table-wrap ui-table-wrap">
          <table className="archive-table ui-table" aria-busy={state.status === 'loading'}>
            <thead>
              <tr>
                <th scope="col">{t('archive.colName')}</th>
                <th scope="col">{t('archive.colDetails')}</th>
                <th scope="col">{t('archive.colArchivedAt')}</th>
                <th scope="col">
                  <span className="archive-hidden">{t('orders.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="archive-row">
                  <th scope="row">
                    {state.tab === 'orders' ? (
                      <a href={`#/addToDeal?order_id=${row.id}`} onClick={(event) => { event.preventDefault(); navigateTo(`/addToDeal?order_id=${row.id}`); }}>
                        {row.name}
                      </a>
                    ) : (
                      row.name
                    )}
                  </th>
                  <td>{row.details}</td>
                  <td>{formatDateText(row.updatedAt)}</td>
                  <td className="archive-actions">
                    {allowed && (
                      <button type="button" className="shell-button" disabled={busyId === row.id} aria-busy={busyId === row.id} aria-label={t('archive.unarchiveFor', { name: row.name })} onClick={() => void putBack(row)}>
                        {t('archive.unarchive')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
        {state.meta && lastPage > 1 && (
          <nav className="archive-pager ui-pager" aria-label={t('orders.pages')}>
            <button type="button" className="shell-button" disabled={state.page <= 1} onClick={() => void showPage(state.page - 1)}>
              {t('orders.previousPage')}
            </button>
            <span>{t('orders.page', { page: `${state.page} / ${lastPage}${state.meta.total_capped ? '+' : ''}` })}</span>
            <button type="button" className="shell-button" disabled={state.page >= lastPage} onClick={() => void showPage(state.page + 1)}>
              {t('orders.nextPage')}
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}

/** Search on Enter (or the button); the same search kept across tabs. */
function ArchiveSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text);
  }
  return (
    <form role="search" className="ui-filter-bar archive-search" onSubmit={submit}>
      <Field controlId="archive-search" label={t('archive.search')} className="ui-filter-bar__search">
        <input id="archive-search" className="ui-input" type="search" value={text} placeholder={t('archive.searchHint')} onChange={(event) => setText(event.target.value)} />
      </Field>
      <button type="submit" className="shell-button shell-button-primary">
        {t('app.search')}
      </button>
    </form>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Facility } from '../../../src/contract/facilities';
import { displayValue } from '../../../src/domain/format';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { ListSearch } from '../../../src/ui/ListSearch';
import { FacilityEditor } from './FacilityEditor';
import { FacilityPage } from './FacilityPage';
import { $facilityList, $facilityPage, closeFacilityPage, loadFacilities, openFacilityPage, setFacilityArchived } from './state';
import styles from './facilities.css?raw';
import { Checkbox } from '../../../src/ui/Checkbox';
import { PageHeader } from '../../../src/ui/PageHeader';
import './texts';

adoptStyles(styles);

type Editing = { facility: Facility | null };

/**
 * /objects: the account's facilities — the places its goods go. A paged list searched by name or address, the
 * archive on a switch, add and edit in a dialog, archive and restore; a facility's page shows its orders and goods.
 */
export default function FacilitiesScreen() {
  const state = useStore($facilityList);
  const page = useStore($facilityPage);
  const [editing, setEditing] = useState<Editing | null>(null);

  useEffect(() => {
    void loadFacilities();
    return () => closeFacilityPage();
  }, []);

  const toggleArchived = async (facility: Facility) => {
    const archived = !facility.archived;
    if (await setFacilityArchived(facility, archived)) notify({ type: NotificationType.success, header: t(archived ? 'facilities.archived' : 'facilities.restored'), text: facility.name });
  };

  const { list, meta, status } = state;
  return (
    <section className="facilities-screen" aria-labelledby="facilities-title">
      <PageHeader titleId="facilities-title" title={t('facilities.title')} />
      <div className="ui-filter-bar facilities-toolbar">
        <ListSearch
          className="ui-filter-bar__search"
          label={t('facilities.searchLabel')}
          placeholder={t('facilities.searchPlaceholder')}
          searched={state.search}
          onSearch={(text) => void loadFacilities({ search: text, page: 1 })}
        />
        <Checkbox label={t('facilities.showArchived')} value={state.archived} onChange={(archived) => void loadFacilities({ archived, page: 1 })} />
        <div className="ui-filter-bar__end">
          <button type="button" className="customer-button customer-button--primary" onClick={() => setEditing({ facility: null })}>
            {t('facilities.add')}
          </button>
        </div>
      </div>

      {status === 'error' ? (
        <div className="facility-message" role="alert">
          <p>{t('facilities.loadFailed')}</p>
          <button type="button" className="customer-button" onClick={() => void loadFacilities()}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      <div className="facilities-table-wrap ui-table-wrap">
        <table className="facility-table facilities-table ui-table" aria-busy={status === 'loading'} data-testid="facilities-table">
          <caption className="ui-visually-hidden">{t('facilities.listCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('facilities.name')}</th>
              <th scope="col">{t('facilities.address')}</th>
              <th scope="col">{t('facilities.company')}</th>
              <th scope="col">{t('facilities.contact')}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t('facilities.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((facility) => (
              <tr key={facility.id}>
                <th scope="row">
                  <button type="button" className="customer-button--link" aria-label={t('facilities.openPage', { name: facility.name })} onClick={() => void openFacilityPage(facility)}>
                    {facility.name}
                  </button>
                  {facility.archived ? <span className="facility-mark"> ({t('facilities.archivedMark')})</span> : null}
                </th>
                <td>{displayValue(facility.address)}</td>
                <td>{displayValue(facility.company?.name)}</td>
                <td>{displayValue(facility.contact?.name)}</td>
                <td>
                  <div className="facilities-row-actions">
                    <button type="button" className="customer-button customer-button--small" aria-label={t('facilities.editOf', { name: facility.name })} onClick={() => setEditing({ facility })}>
                      {t('app.edit')}
                    </button>
                    <button
                      type="button"
                      className="customer-button customer-button--small"
                      aria-label={t(facility.archived ? 'facilities.unarchiveOf' : 'facilities.archiveOf', { name: facility.name })}
                      onClick={() => void toggleArchived(facility)}
                    >
                      {t(facility.archived ? 'facilities.unarchive' : 'facilities.archive')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
            {list.length === 0 && status !== 'error' ? (
              <tr>
                <td colSpan={5} className="facility-empty">
                  {status === 'ready' ? (state.search.trim() ? t('errors.nothingFound') : t(state.archived ? 'facilities.emptyArchive' : 'facilities.empty')) : t('app.loading')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <nav className="facilities-pager ui-pager" aria-label={t('facilities.pages')}>
        <button type="button" className="customer-button customer-button--small" aria-label={t('facilities.prevPage')} disabled={status === 'loading' || meta.current_page <= 1} onClick={() => void loadFacilities({ page: meta.current_page - 1 })}>
          <span aria-hidden="true">‹</span>
        </button>
        <span aria-live="polite">
          {t('facilities.pageOf', { page: meta.current_page, last: meta.last_page })} · {t('facilities.total', { count: meta.total })}
        </span>
        <button
          type="button"
          className="customer-button customer-button--small"
          aria-label={t('facilities.nextPage')}
          disabled={status === 'loading' || meta.current_page >= meta.last_page}
          onClick={() => void loadFacilities({ page: meta.current_page + 1 })}
        >
          <span aria-hidden="true">›</span>
        </button>
      </nav>

      {page && !editing ? <FacilityPage onEdit={(facility) => setEditing({ facility })} /> : null}
      {editing ? <FacilityEditor facility={editing.facility} onDone={() => setEditing(null)} /> : null}
    </section>
  );
}

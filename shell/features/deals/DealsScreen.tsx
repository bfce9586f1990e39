import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getDeals } from '../../../src/api/deals';
import type { DealCrm, DealPage } from '../../../src/contract/deals';
import { formatDateTimeText } from '../../../src/i18n/dates';
import { t } from '../../../src/i18n';
import { Checkbox } from '../../../src/ui/Checkbox';
import { Field } from '../../../src/ui/Field';
import { FilterBar, PageHeader } from '../../../src/ui/PageHeader';
import './texts';

const CRM_NAMES: Record<DealCrm, string> = { amocrm: 'amoCRM', bitrix24: 'Bitrix24' };

/** /deals: the CRM deals we know — their stage in the CRM, our order, sum, last sync and any problem. */
export default function DealsScreen() {
  const [search, setSearch] = useState('');
  const [crm, setCrm] = useState<DealCrm | ''>('');
  const [problems, setProblems] = useState(false);
  const [page, setPage] = useState(1);
  const [deals, setDeals] = useState<DealPage | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      const answer = await getDeals({ page, search: search.trim() || undefined, crm: crm || undefined, problems });
      if (current && answer.ok) setDeals(answer.data);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, crm, problems, page]);
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <section className="deals-screen" aria-labelledby="deals-title">
      <PageHeader titleId="deals-title" title={t('deals.title')} />
      <FilterBar>
        <Field controlId="deals-search" label={t('deals.search')} className="ui-filter-bar__search">
          <input id="deals-search" className="ui-input" type="search" value={search} onChange={(event) => filter(() => setSearch(event.target.value))} />
        </Field>
        <Field controlId="deals-crm" label={t('deals.crm')}>
          <select id="deals-crm" className="ui-input" value={crm} onChange={(event) => filter(() => setCrm(event.target.value as DealCrm | ''))}>
            <option value="">{t('deals.allCrms')}</option>
            <option value="amocrm">{CRM_NAMES.amocrm}</option>
            <option value="bitrix24">{CRM_NAMES.bitrix24}</option>
          </select>
        </Field>
        <Checkbox label={t('deals.withProblems')} value={problems} onChange={(checked) => filter(() => setProblems(checked))} />
      </FilterBar>
      {deals && deals.data.length === 0 ? <p className="ui-page-empty">{t('deals.empty')}</p> : null}
      {deals && deals.data.length > 0 ? (
        <div className="ui-table-wrap">
        <table className="deals-table ui-table">
          <thead>
            <tr>
              <th scope="col">{t('deals.crm')}</th>
              <th scope="col">{t('deals.name')}</th>
              <th scope="col">{t('deals.stage')}</th>
              <th scope="col">{t('deals.order')}</th>
              <th scope="col">{t('deals.sum')}</th>
              <th scope="col">{t('deals.lastSync')}</th>
              <th scope="col">{t('deals.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {deals.data.map((deal) => (
              <tr key={deal.id} data-problem={deal.problem ? 'yes' : undefined}>
                <td>{CRM_NAMES[deal.crm]}</td>
                <td>{deal.name || `#${deal.external_id}`}</td>
                <td>{deal.stage_name ?? deal.stage ?? ''}</td>
                <td>{deal.order_id !== null ? <Link href={`/addToDeal?order_id=${deal.order_id}`}>{deal.order_name || `#${deal.order_id}`}</Link> : t('deals.noOrder')}</td>
                <td>{deal.sum ?? ''}</td>
                <td>{deal.last_sync_at ? formatDateTimeText(deal.last_sync_at) : ''}</td>
                <td>{deal.problem ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : null}
      {deals && deals.meta.last_page > 1 ? (
        <nav className="ui-pager" aria-label={t('deals.pages')}>
          <button type="button" className="shell-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('deals.previous')}
          </button>
          <span>{t('deals.pageOf', { page: String(page), pages: String(deals.meta.last_page) })}</span>
          <button type="button" className="shell-button" disabled={page >= deals.meta.last_page} onClick={() => setPage(page + 1)}>
            {t('deals.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { DocumentTemplate, GeneratedDocument, RegistryPage, RegistryRequest } from '../../../src/contract/documents';
import { t } from '../../../src/i18n';
import { formatDateTimeText } from '../../../src/i18n/dates';
import { navigateTo } from '../../stores/navigation';
import { downloadDocument, downloadZip, listTemplates, loadRegistry, saveBlob, type FilterValue } from './api';
import { Field } from '../../../src/ui/Field';
import { FilterBar, PageHeader } from '../../../src/ui/PageHeader';
import { RegistryPicker } from './RegistryPicker';
import './texts';
import styles from './documents.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

const PER_PAGE = 20;
type Sort = NonNullable<RegistryRequest['sort']>;
const STATUSES = ['formed', 'auto', 'public'] as const;
const statusLabel = (status: string) => t(status === 'auto' ? 'documents.statusAuto' : status === 'public' ? 'documents.statusPublic' : 'documents.statusFormed');

/** /documents: every generated document of the account (spec 2 'Documents list'), filtered, searched, paged and sorted. */
export default function RegistryScreen() {
  const [filter, setFilter] = useState({ from: '', to: '', template_id: '', status: '' });
  const [people, setPeople] = useState<{ user: FilterValue | null; company: FilterValue | null; contact: FilterValue | null }>({ user: null, company: null, contact: null });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ key: Sort; direction: 'asc' | 'desc' }>({ key: 'created_at', direction: 'desc' });
  const [answer, setAnswer] = useState<RegistryPage | null>(null);
  const [templates, setTemplates] = useState<DocumentTemplate[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);

  useEffect(() => {
    void listTemplates().then((result) => result.ok && setTemplates(result.data));
  }, []);

  useEffect(() => {
    let live = true;
    // Empty filter values are left out (spec 2 §5).
    const request: RegistryRequest = {
      page,
      per_page: PER_PAGE,
      sort: sort.key,
      direction: sort.direction,
      ...(search.trim() && { search: search.trim() }),
      filter: {
        ...(filter.from && { from: filter.from }),
        ...(filter.to && { to: filter.to }),
        ...(filter.template_id && { template_id: Number(filter.template_id) }),
        ...(filter.status && { status: filter.status }),
        ...(people.user && { user_id: people.user.id }),
        ...(people.company && { company_id: people.company.id }),
        ...(people.contact && { contact_id: people.contact.id }),
      },
    };
    void loadRegistry(request).then((result) => live && result.ok && setAnswer(result.data));
    return () => {
      live = false;
    };
  }, [filter, people, search, page, sort]);

  const change = (key: keyof typeof filter, value: string) => {
    setFilter((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const choose = (key: keyof typeof people) => (value: FilterValue | null) => {
    setPeople((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const sortBy = (key: Sort) => setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' }));
  const sortMark = (key: Sort) => (sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none');
  const download = async (document: GeneratedDocument) => {
    const result = await downloadDocument(document);
    if (result.ok) saveBlob(result.data.blob, document.name);
  };
  const zip = async () => {
    const result = await downloadZip(chosen);
    if (result.ok) saveBlob(result.data.blob, result.data.fileName ?? `${t('documents.registryTitle')}.zip`);
  };
  const rows = answer?.data ?? [];
  const pages = Math.max(1, Math.ceil((answer?.total ?? 0) / PER_PAGE));
  const header = (key: Sort | null, label: string) =>
    key ? (
      <th scope="col" aria-sort={sortMark(key)}>
        <button type="button" className="documents-sort" onClick={() => sortBy(key)}>
          {label}
        </button>
      </th>
    ) : (
      <th scope="col">{label}</th>
    );

  return (
    <section className="documents-registry" aria-labelledby="documents-registry-title">
      <PageHeader titleId="documents-registry-title" title={t('documents.registryTitle')} />
      <FilterBar>
        <Field controlId="documents-search" label={t('documents.search')} className="ui-filter-bar__search">
          <input id="documents-search" className="ui-input" type="search" value={search} onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }} />
        </Field>
        <Field controlId="documents-from" label={t('documents.from')}>
          <input id="documents-from" className="ui-input ui-input--date" type="date" value={filter.from} onChange={(event) => change('from', event.target.value)} />
        </Field>
        <Field controlId="documents-to" label={t('documents.to')}>
          <input id="documents-to" className="ui-input ui-input--date" type="date" value={filter.to} onChange={(event) => change('to', event.target.value)} />
        </Field>
        <Field controlId="documents-template" label={t('documents.templateName')}>
          <select id="documents-template" className="ui-input" value={filter.template_id} onChange={(event) => change('template_id', event.target.value)}>
            <option value="">{t('documents.allTemplates')}</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </Field>
        <Field controlId="documents-status" label={t('documents.status')}>
          <select id="documents-status" className="ui-input" value={filter.status} onChange={(event) => change('status', event.target.value)}>
            <option value="">{t('documents.allStatuses')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </Field>
        <RegistryPicker field="users" label={t('documents.employee')} chosen={people.user} onChange={choose('user')} />
        <RegistryPicker field="company" label={t('documents.company')} chosen={people.company} onChange={choose('company')} />
        <RegistryPicker field="contact" label={t('documents.contact')} chosen={people.contact} onChange={choose('contact')} />
        <div className="ui-filter-bar__end">
          <button type="button" className="shell-button shell-button-primary" disabled={chosen.length === 0} onClick={() => void zip()}>
            {t('documents.downloadZip')}
          </button>
        </div>
      </FilterBar>
      <p className="documents-total">{t('documents.total', { count: answer?.total ?? 0 })}</p>
      {answer && rows.length === 0 ? (
        <p className="ui-page-empty">{t('documents.noDocuments')}</p>
      ) : (
        <div className="ui-table-wrap">
        <table className="documents-table ui-table">
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label={t('documents.selectAll')} checked={rows.length > 0 && rows.every((row) => chosen.includes(row.id))} onChange={(event) => setChosen(event.target.checked ? rows.map((row) => row.id) : [])} />
              </th>
              {header(null, t('documents.status'))}
              {header('name', t('documents.documentName'))}
              {header('lead_name', t('documents.orderName'))}
              {header(null, t('documents.company'))}
              {header(null, t('documents.contact'))}
              {header(null, t('documents.formedBy'))}
              {header('created_at', t('documents.formedAt'))}
              <th scope="col">
                <span className="ui-visually-hidden">{t('documents.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-document-id={row.id}>
                <td>
                  <input type="checkbox" aria-label={t('documents.select', { name: row.name })} checked={chosen.includes(row.id)} onChange={(event) => setChosen((ids) => (event.target.checked ? [...ids, row.id] : ids.filter((id) => id !== row.id)))} />
                </td>
                <td>{statusLabel(row.status)}</td>
                <th scope="row">{row.name}</th>
                <td>
                  <button type="button" className="documents-link" aria-label={`${t('documents.openOrder')}: ${row.lead_name}`} onClick={() => navigateTo(`/addToDeal?order_id=${row.order_id}`)}>
                    {row.lead_name}
                  </button>
                </td>
                <td>{row.company_name ?? '—'}</td>
                <td>{row.contact_name ?? '—'}</td>
                <td>{row.user_name ?? (row.status === 'public' ? t('documents.byCustomer') : '—')}</td>
                <td>{formatDateTimeText(row.created_at)}</td>
                <td>
                  <button type="button" className="shell-button" aria-label={t('documents.downloadOf', { name: row.name })} onClick={() => void download(row)}>
                    {t('documents.download')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      <nav className="documents-pager ui-pager" aria-label={t('documents.pageOf', { page, pages })}>
        <button type="button" className="shell-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('documents.previous')}
        </button>
        <span>{t('documents.pageOf', { page, pages })}</span>
        <button type="button" className="shell-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('documents.next')}
        </button>
      </nav>
    </section>
  );
}

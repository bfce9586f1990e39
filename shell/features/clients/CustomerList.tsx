import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CUSTOMER_RATING_MAX, type Customer, type CustomerKind } from '../../../src/api/customers';
import type { Company, Contact } from '../../../src/contract/customers';
import { FieldType } from '../../../src/domain/fieldTypes';
import { displayValue } from '../../../src/domain/format';
import { displayColumnValue } from '../../../src/domain/tableColumns';
import { activeLanguage, t, type MessageKey } from '../../../src/i18n';
import {
  $customerFields,
  $customerLists,
  CUSTOMER_PAGE_SIZES,
  loadCustomerFields,
  loadCustomerList,
  setCustomerPageSize,
  setCustomerSearch,
  setCustomerSort,
  type CustomerSort,
  type CustomerSortField,
} from '../../stores/customers';
import { CustomerRatingBadge } from '../../../src/ui/CustomerRating';
import { LIST_SEARCH_DELAY_MS, ListSearch } from '../../../src/ui/ListSearch';
import { Select } from '../../../src/ui/Select';
import { ListPager } from './ListPager';
import { LOCALE_COLUMN_FORMATS } from '../../../src/i18n/columnFormats';
import { formatDateText } from '../../../src/i18n/dates';

export interface CustomerListProps {
  kind: CustomerKind;
  onOpen: (customer: Customer) => void;
  onAdd: () => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

export const SEARCH_DELAY_MS = LIST_SEARCH_DELAY_MS;

/** Sorting by a column starts with the order people look for first: names A–Z, the rest newest or best first. */
const FIRST_ORDER: Record<CustomerSortField, 'asc' | 'desc'> = { name: 'asc', rating: 'desc', created_at: 'desc', updated_at: 'desc', id: 'asc' };

export function nextSort(current: CustomerSort | null, field: CustomerSortField): CustomerSort {
  if (current?.field !== field) return { field, order: FIRST_ORDER[field] };
  return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
}

const linkedOf = (kind: CustomerKind, customer: Customer) => (kind === 'contact' ? (customer as Contact).companies : (customer as Company).contacts);

/** One tab of /clients: search, sort, page size, the table with the account's fields, and the pager. */
export function CustomerList({ kind, onOpen, onAdd, onEdit, onDelete }: CustomerListProps) {
  const state = useStore($customerLists[kind]);
  const allFields = useStore($customerFields)[kind];
  useEffect(() => {
    void loadCustomerList(kind);
    void loadCustomerFields(kind);
  }, [kind]);

  // Image carousels and stock values do not fit a cell; the spec gives customers neither.
  const fields = (allFields ?? []).filter((field) => field.type !== FieldType.images && field.type !== FieldType.stock && !field.is_virtual);
  const { list, params, meta, status } = state;
  const searching = Boolean(params.filter.search?.trim());
  const language = activeLanguage();

  const sortHeader = (field: CustomerSortField, label: MessageKey) => {
    const sorted = params.sort?.field === field ? params.sort.order : null;
    return (
      <th scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
        <button type="button" className="clients-sort" title={t('clients.sortBy', { column: t(label) })} onClick={() => void setCustomerSort(kind, nextSort(params.sort, field))}>
          {t(label)}
          <span aria-hidden="true" className="clients-sort__mark">
            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      </th>
    );
  };

  const columns = 7 + (kind === 'company' ? 1 : 0) + fields.length;
  const caption = t(kind === 'contact' ? 'clients.listOfContacts' : 'clients.listOfCompanies');

  return (
    <div className="clients-list">
      <div className="clients-toolbar">
        <ListSearch
          className="clients-search"
          label={t(kind === 'contact' ? 'clients.searchContacts' : 'clients.searchCompanies')}
          placeholder={t(kind === 'contact' ? 'clients.searchPlaceholder' : 'clients.searchPlaceholderCompany')}
          searched={state.params.filter.search ?? ''}
          onSearch={(text) => void setCustomerSearch(kind, text)}
        />
        <Select
          className="clients-page-size"
          label={t('clients.perPage')}
          options={CUSTOMER_PAGE_SIZES.map((size) => ({ name: String(size), value: size }))}
          value={params.per_page}
          onChange={(value) => void setCustomerPageSize(kind, Number(value))}
        />
        <button type="button" className="customer-button customer-button--primary clients-add" onClick={onAdd}>
          {t(kind === 'contact' ? 'clients.addContact' : 'clients.addCompany')}
        </button>
      </div>

      {status === 'error' ? (
        <div className="clients-message" role="alert">
          <p>{t('clients.loadFailed')}</p>
          <button type="button" className="customer-button" onClick={() => void loadCustomerList(kind)}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}

      <div className="ui-table-wrap">
        <table className="ui-table clients-table" aria-busy={status === 'loading'} data-kind={kind}>
          <caption className="ui-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {sortHeader('name', kind === 'company' ? 'clients.companyName' : 'clients.name')}
              <th scope="col">{t('clients.email')}</th>
              <th scope="col">{t('clients.phone')}</th>
              {kind === 'company' ? <th scope="col">{t('clients.taxNumber')}</th> : null}
              {sortHeader('rating', 'clients.rating')}
              <th scope="col">{t(kind === 'contact' ? 'clients.linkedCompanies' : 'clients.linkedContacts')}</th>
              {fields.map((field) => (
                <th scope="col" key={field.code}>
                  {field.name}
                </th>
              ))}
              {sortHeader('created_at', 'clients.created')}
              <th scope="col">
                <span className="ui-visually-hidden">{t('clients.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((customer) => (
              <tr key={customer.id}>
                <th scope="row" className="clients-name">
                  <button type="button" className="customer-button--link clients-open" aria-label={t('clients.openCard', { name: customer.name })} onClick={() => onOpen(customer)}>
                    {customer.name}
                  </button>
                </th>
                <td>{displayValue(customer.email)}</td>
                <td className="clients-nowrap">{displayValue(customer.phone)}</td>
                {kind === 'company' ? <td className="clients-nowrap">{displayValue((customer as Company).tax_number)}</td> : null}
                <td>
                  <CustomerRatingBadge value={customer.rating} max={CUSTOMER_RATING_MAX} />
                </td>
                <td>{displayValue(linkedOf(kind, customer).map((linked) => linked.name))}</td>
                {fields.map((field) => (
                  <td key={field.code}>{displayColumnValue({ type: field.type, code: field.code }, customer.values[field.code], { locale: language, ...LOCALE_COLUMN_FORMATS })}</td>
                ))}
                <td className="clients-nowrap">{formatDateText(customer.created_at)}</td>
                <td>
                  <div className="clients-row-actions">
                    <button type="button" className="customer-button customer-button--small" aria-label={t('clients.editOf', { name: customer.name })} onClick={() => onEdit(customer)}>
                      {t('app.edit')}
                    </button>
                    <button type="button" className="customer-button customer-button--small" aria-label={t('clients.deleteOf', { name: customer.name })} onClick={() => onDelete(customer)}>
                      {t('app.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
            {list.length === 0 && status !== 'error' ? (
              <tr>
                <td colSpan={columns} className="clients-empty">
                  {status === 'ready' ? (searching ? t('errors.nothingFound') : t(kind === 'contact' ? 'clients.noContacts' : 'clients.noCompanies')) : t('app.loading')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <ListPager kind={kind} meta={meta} busy={status === 'loading'} />
    </div>
  );
}

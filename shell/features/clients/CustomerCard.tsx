import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { COMPANY_ACCOUNTING_KEYS, CUSTOMER_RATING_MAX, otherKind, type Customer } from '../../../src/api/customers';
import type { Company, Contact, CustomerOrder, CustomerRef } from '../../../src/contract/customers';
import { FieldType } from '../../../src/domain/fieldTypes';
import { displayValue } from '../../../src/domain/format';
import { displayColumnValue } from '../../../src/domain/tableColumns';
import { activeLanguage, t, type MessageKey } from '../../../src/i18n';
import {
  $customerFields,
  closeCustomerCard,
  CUSTOMER_ORDERS_PER_PAGE,
  findCustomers,
  loadCustomerOrdersPage,
  openCustomerCard,
  setCustomersLinked,
  type CustomerCardState,
} from '../../stores/customers';
import { CustomerDialog } from '../../../src/ui/CustomerDialog';
import { ACCOUNTING_LABELS } from '../../../src/ui/CustomerForm';
import { CustomerRatingBadge } from '../../../src/ui/CustomerRating';
import { CustomerSearch } from '../../../src/ui/CustomerSearch';
import { LOCALE_COLUMN_FORMATS } from '../../../src/i18n/columnFormats';
import { formatDateText } from '../../../src/i18n/dates';
import { formatAmount } from '../../../src/i18n/numbers';

const CRM_STATUSES: readonly MessageKey[] = ['orders.statusOpened', 'orders.statusReserved', 'orders.statusSuccess', 'orders.statusUnsuccessful', 'orders.statusDeleted'];

/** Only web addresses become links: a stored 'javascript:' text must never be clickable. */
export const isWebLink = (text: string) => /^https?:\/\/[^\s]+$/i.test(text.trim());

const stageOf = (order: CustomerOrder) => (order.status ?? (order.crm_status !== null ? t(CRM_STATUSES[order.crm_status] ?? 'orders.statusOpened') : null));

export interface CustomerCardProps {
  state: CustomerCardState;
  onClose: () => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

/** A contact's or company's card: rating, link, contacts details, accounting fields, links, order history. */
export function CustomerCard({ state, onClose, onEdit, onDelete }: CustomerCardProps) {
  const { kind, customer, orders, status } = state;
  const fields = (useStore($customerFields)[kind] ?? []).filter((field) => field.type !== FieldType.images && field.type !== FieldType.stock);
  const language = activeLanguage();
  const [linkBusy, setLinkBusy] = useState(false);
  const linked: CustomerRef[] = customer ? (kind === 'contact' ? (customer as Contact).companies : (customer as Company).contacts) : [];
  const other = otherKind(kind);

  const link = async (otherId: number, on: boolean) => {
    if (!customer) return;
    setLinkBusy(true);
    const ids = kind === 'contact' ? { contact_id: customer.id, company_id: otherId } : { contact_id: otherId, company_id: customer.id };
    await setCustomersLinked(kind, ids, on);
    setLinkBusy(false);
  };

  const details: [string, string][] = customer
    ? [
        [t('clients.email'), displayValue(customer.email)],
        [t('clients.phone'), displayValue(customer.phone)],
        ...(kind === 'company' ? COMPANY_ACCOUNTING_KEYS.map((key): [string, string] => [t(ACCOUNTING_LABELS[key]), displayValue((customer as Company)[key])]) : []),
        ...fields.map((field): [string, string] => [field.name, displayColumnValue({ type: field.type, code: field.code }, customer.values[field.code], { locale: language, ...LOCALE_COLUMN_FORMATS })]),
        [t('clients.created'), formatDateText(customer.created_at)],
      ]
    : [];

  return (
    <CustomerDialog
      title={customer?.name ?? t('app.loading')}
      size="wide"
      onClose={onClose}
      className="customer-card"
      footer={
        customer ? (
          <>
            <button type="button" className="customer-button customer-button--primary" onClick={() => onEdit(customer)}>
              {t('app.edit')}
            </button>
            <button type="button" className="customer-button" onClick={() => onDelete(customer)}>
              {t('app.delete')}
            </button>
          </>
        ) : null
      }
    >
      {status === 'error' && !customer ? (
        <div role="alert" className="clients-message">
          <p>{t('clients.cardFailed')}</p>
          <button type="button" className="customer-button" onClick={() => void openCustomerCard(kind, state.id)}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {customer ? (
        <div className="customer-card__content" aria-busy={status === 'loading'}>
          <div className="customer-card__summary">
            <CustomerRatingBadge value={customer.rating} max={CUSTOMER_RATING_MAX} />
            {customer.link && isWebLink(customer.link) ? (
              <a href={customer.link.trim()} target="_blank" rel="noopener noreferrer" className="customer-card__link">
                {t('clients.openLink')} ↗
              </a>
            ) : (
              <span className="customer-card__muted">{customer.link ? customer.link : t('clients.noLink')}</span>
            )}
            {customer.archived ? <span className="customer-card__tag">{t('clients.archived')}</span> : null}
          </div>

          <dl className="customer-card__details">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>

          <section className="customer-card__section" aria-labelledby="customer-card-links">
            <h3 id="customer-card-links">{t(kind === 'contact' ? 'clients.linkedCompanies' : 'clients.linkedContacts')}</h3>
            {linked.length ? (
              <ul className="customer-card__linked">
                {linked.map((each) => (
                  <li key={each.id}>
                    <button type="button" className="customer-button--link" onClick={() => void openCustomerCard(other, each.id)}>
                      {each.name}
                    </button>
                    <button type="button" className="customer-button customer-button--small" disabled={linkBusy} aria-label={t('clients.unlinkOf', { name: each.name })} onClick={() => void link(each.id, false)}>
                      {t('clients.unlink')}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="customer-card__muted">{t(kind === 'contact' ? 'clients.noLinkedCompanies' : 'clients.noLinkedContacts')}</p>
            )}
            <CustomerSearch
              label={t(kind === 'contact' ? 'clients.linkCompany' : 'clients.linkContact')}
              placeholder={t('clients.findPlaceholder')}
              search={(query) => findCustomers(other, query)}
              exclude={linked.map((each) => each.id)}
              disabled={linkBusy}
              onPick={(item) => void link(item.id, true)}
            />
          </section>

          <section className="customer-card__section" aria-labelledby="customer-card-orders">
            <h3 id="customer-card-orders">{t('clients.orderHistory')}</h3>
            {orders === null ? (
              <p className="customer-card__muted">{status === 'loading' ? t('app.loading') : t('clients.cardFailed')}</p>
            ) : orders.data.length === 0 ? (
              <p className="customer-card__muted">{t('clients.noOrders')}</p>
            ) : (
              <>
                <table className="ui-table clients-table customer-card__orders">
                  <thead>
                    <tr>
                      <th scope="col">{t('clients.order')}</th>
                      <th scope="col">{t('clients.orderStage')}</th>
                      <th scope="col" className="clients-number">
                        {t('clients.orderSum')}
                      </th>
                      <th scope="col">{t('clients.orderDate')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.data.map((order) => (
                      <tr key={order.id}>
                        <th scope="row">
                          <Link href={`/addToDeal?order_id=${order.id}`} onClick={() => closeCustomerCard()}>
                            {order.name.trim() || t('clients.orderNumber', { id: order.id })}
                          </Link>
                          {order.archived ? <span className="customer-card__tag">{t('clients.orderArchived')}</span> : null}
                        </th>
                        <td>{displayValue(stageOf(order))}</td>
                        <td className="clients-number">{formatAmount(order.sum)}</td>
                        <td className="clients-nowrap">{formatDateText(order.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {(orders.meta.last_page ?? 1) > 1 ? (
                  <nav className="clients-pager" aria-label={t('clients.pages')}>
                    <button type="button" className="customer-button customer-button--small" disabled={!orders.links.prev} aria-label={t('clients.prevPage')} onClick={() => void loadCustomerOrdersPage(orders.meta.current_page - 1)}>
                      ‹
                    </button>
                    <span className="clients-pager__where">{t('clients.pageOf', { page: orders.meta.current_page, last: orders.meta.last_page ?? Math.ceil((orders.meta.total ?? 0) / CUSTOMER_ORDERS_PER_PAGE) })}</span>
                    <button type="button" className="customer-button customer-button--small" disabled={!orders.links.next} aria-label={t('clients.nextPage')} onClick={() => void loadCustomerOrdersPage(orders.meta.current_page + 1)}>
                      ›
                    </button>
                  </nav>
                ) : null}
              </>
            )}
          </section>
        </div>
      ) : status === 'loading' ? (
        <p className="customer-card__muted">{t('app.loading')}</p>
      ) : null}
    </CustomerDialog>
  );
}

import './texts';
import styles from './publicOrder.css?raw';
import pageStyles from './customerOrder.css?raw';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import type { PublicOrderWithPositions } from '../../../src/contract/publicOrder';
import { displayValue } from '../../../src/domain/format';
import { formatDateText } from '../../../src/i18n/dates';
import { orderDisplayName } from '../../../src/domain/orderName';
import { t } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { $language } from '../../../src/stores/language';
import { $publicToken } from '../../../src/stores/session';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { $orderPage, openPublicOrder } from './orderPage';
import { OfferPanel } from './OfferPanel';
import { OrderDocuments } from './OrderDocuments';
import { ORDER_LIST_PATH } from './paths';
import { PositionList } from './PositionList';

adoptStyles(styles);
adoptStyles(pageStyles);

/** order_id of the query: a positive whole number, else null. */
function orderIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('order_id')?.trim() ?? '';
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** A date as the spec writes it: dd.mm.yyyy in Russian, the locale's format otherwise. */

/**
 * /publicOrder?order_id=…: the order as the customer sees it (issue 19 §3) — its name, number, date and status,
 * the public order fields, the items with their availability ('in stock' / 'on order', never counts), the total,
 * the public documents, and, while the order is active, quantity changes and the products their scenario offers.
 */
export default function PublicOrderScreen({ payment: Payment }: { payment?: ComponentType<{ orderId: number; version: number }> } = {}) {
  const orderId = orderIdOf(useSearch());
  const token = useStore($publicToken);
  const page = useStore($orderPage);
  useStore($language); // re-render in the chosen language

  // Again for another session: the page forgets the previous customer's order when the token changes.
  useEffect(() => {
    if (orderId !== null && token) void openPublicOrder(orderId);
  }, [orderId, token]);

  if (orderId === null || page.status === 'failed') {
    return (
      <section className="public-page po-page" aria-labelledby="po-title">
        <h1 id="po-title">{t('publicOrder.page.loadFailed')}</h1>
        <p>
          <a className="shell-button" href={`#${ORDER_LIST_PATH}`}>
            {t('publicOrder.page.backToList')}
          </a>
          {orderId !== null ? (
            <button type="button" className="shell-button" onClick={() => void openPublicOrder(orderId)}>
              {t('app.retry')}
            </button>
          ) : null}
        </p>
      </section>
    );
  }
  const { order } = page;
  if (!order || order.id !== orderId) {
    return (
      <section className="public-page po-page" aria-busy="true">
        <p role="status">{t('app.loading')}</p>
      </section>
    );
  }
  return (
    <section className="public-page po-page" aria-labelledby="po-title" aria-busy={page.busy}>
      <OrderHead order={order} />
      {!order.active ? (
        <p className="po-note" role="note">
          {t('publicOrder.page.viewOnly')}
        </p>
      ) : null}
      <OrderFields order={order} />
      <PositionList order={order} busy={page.busy} />
      <p className="po-total">
        <span>{t('publicOrder.page.total')}</span>
        <strong>{formatMoney(order.sum, order.currency)}</strong>
      </p>
      {/* 'Pay' / 'Paid' (payments feature, composed in shell/app/PublicOrderPage.tsx): loads after the order. */}
      {Payment ? (
        <Suspense fallback={null}>
          <Payment orderId={order.id} version={order.version} />
        </Suspense>
      ) : null}
      {order.active ? <OfferPanel busy={page.busy} /> : null}
      <OrderDocuments files={page.files} />
    </section>
  );
}

/** The CRM deal statuses 0–4 by name, for an order linked to a CRM deal (it has no stage of ours). */
const CRM_STATUSES = ['orders.statusOpened', 'orders.statusReserved', 'orders.statusSuccess', 'orders.statusUnsuccessful', 'orders.statusDeleted'] as const;

/** The stage's name, or a CRM-linked order's status. */
function statusOf(order: PublicOrderWithPositions): string | null {
  if (order.status_name) return order.status_name;
  const key = order.status !== null ? CRM_STATUSES[order.status] : undefined;
  return key ? t(key) : null;
}

function OrderHead({ order }: { order: PublicOrderWithPositions }) {
  const name = order.name.trim() || orderDisplayName(order, (id) => t('orders.newName', { id }));
  const status = statusOf(order);
  return (
    <header className="po-head">
      <a className="po-back" href={`#${ORDER_LIST_PATH}`}>
        {t('publicOrder.page.backToList')}
      </a>
      <h1 id="po-title">{name}</h1>
      <p className="po-meta">
        <span>{t('publicOrder.page.numberAndDate', { id: order.id, date: formatDateText(order.created_at) })}</span>
        {status ? (
          <span className="po-status">
            <span className="ui-visually-hidden">{t('publicOrder.page.status')}: </span>
            {status}
          </span>
        ) : null}
      </p>
    </header>
  );
}

/** The public order fields that have a value, by their names. */
function OrderFields({ order }: { order: PublicOrderWithPositions }) {
  const { fields } = useStore($orderPage);
  const shown = fields.filter((field) => field.code !== 'name' && displayValue(order.fields[field.code]) !== displayValue(null));
  if (!shown.length) return null;
  return (
    <section className="po-section" aria-labelledby="po-details">
      <h2 id="po-details">{t('publicOrder.page.details')}</h2>
      <dl className="po-fields">
        {shown.map((field) => (
          <div key={field.code}>
            <dt>{field.name}</dt>
            <dd>{displayValue(order.fields[field.code])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

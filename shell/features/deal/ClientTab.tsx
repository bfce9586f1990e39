import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { t } from '../../../src/i18n';
import { $orderClient, loadOrderClient } from './orderClient';
import { $order } from './state';
import { ClientSection } from './ClientSection';
import { OrderFacility } from './OrderFacility';
import styles from './ClientTab.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);

export interface ClientTabProps {
  orderId: number;
  /** Called after the order's contact or company changed on the server. */
  onChanged?: () => void;
}

/**
 * The deal's client tab: the order's contact and company, each found and linked (autocomplete), created,
 * edited or removed. Staff only: the public order page (shell/features/publicOrder) has no client tab.
 */
export function ClientTab({ orderId, onChanged }: ClientTabProps) {
  const state = useStore($orderClient);
  const order = useStore($order);
  // The deal screen's order names the contact and company; when it changes them (a reload), read them again.
  const held = order && order.id === orderId && 'contacts' in order ? order : null;
  const contactId = held ? (held.contacts[0]?.id ?? null) : undefined;
  const companyId = held ? (held.company?.id ?? null) : undefined;

  const shown = useRef(false);

  useEffect(() => {
    const current = $orderClient.get();
    const same =
      current.orderId === orderId &&
      current.status !== 'error' &&
      (contactId === undefined || (current.contact?.id ?? null) === contactId) &&
      (companyId === undefined || (current.company?.id ?? null) === companyId);
    // Fresh on every showing of the tab (the customers may have been edited elsewhere); after that only
    // when the order names other customers than those shown (a change made here already shows).
    if (!shown.current || !same) void loadOrderClient(orderId);
    shown.current = true;
  }, [orderId, contactId, companyId]);

  const ready = state.orderId === orderId;
  if (ready && state.status === 'error') {
    return (
      <div className="deal-client" role="alert">
        <p>{t('clients.clientLoadFailed')}</p>
        <button type="button" className="customer-button" onClick={() => void loadOrderClient(orderId)}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (!ready || (state.status === 'loading' && !state.contact && !state.company)) {
    return (
      <div className="deal-client" aria-busy="true">
        <p className="deal-client__note">{t('app.loading')}</p>
      </div>
    );
  }
  return (
    <div className="deal-client">
      <ClientSection kind="contact" customer={state.contact} onChanged={onChanged} />
      <ClientSection kind="company" customer={state.company} onChanged={onChanged} />
      <OrderFacility />
    </div>
  );
}

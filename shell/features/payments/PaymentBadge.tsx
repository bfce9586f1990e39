import './texts';
import styles from './payments.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { useEffect, useState } from 'react';
import { getPaymentStates } from '../../../src/api/payments';
import type { PaymentState, PaymentStates } from '../../../src/contract/payments';
import { t, type MessageKey } from '../../../src/i18n';

adoptStyles(styles);

/** The orders list's words: paid / awaiting / failed (canceled or expired) / partly refunded / refunded. */
const BADGE_TEXT: Record<PaymentState, MessageKey> = {
  pending: 'payments.badgePending',
  succeeded: 'payments.badgePaid',
  canceled: 'payments.badgeFailed',
  partly_refunded: 'payments.badgePartlyRefunded',
  refunded: 'payments.badgeRefunded',
};

/** An order's online payment in the orders list; nothing for an order nobody tried to pay. */
export function PaymentBadge({ state }: { state: string | undefined }) {
  if (!state || !(state in BADGE_TEXT)) return null;
  return (
    <span className={`payment-badge payment-badge--${state}`} data-payment={state}>
      {t(BADGE_TEXT[state as PaymentState])}
    </span>
  );
}

/**
 * The payment states of the orders shown, in one payments/orders call per page (orders/list stays as it is: no join
 * there, one indexed lookup here); none while the column is hidden.
 */
export function usePaymentStates(orderIds: readonly number[]): PaymentStates {
  const [states, setStates] = useState<PaymentStates>({});
  const key = orderIds.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void getPaymentStates(key.split(',').map(Number)).then((answer) => live && answer.ok && setStates(answer.data));
    return () => {
      live = false;
    };
  }, [key]);
  return key ? states : {};
}

/** The orders list's Payment column as the orders feature takes it (composed in shell/app/OrdersPage.tsx). */
export const paymentColumn = { useStates: usePaymentStates, Badge: PaymentBadge };

import './texts';
import styles from './payments.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { useEffect, useState } from 'react';
import { getOrderPayment } from '../../../src/api/payments';
import type { OrderPaymentView } from '../../../src/contract/payments';
import { t } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { STATE_TEXT } from './states';

adoptStyles(styles);

/** The order screen's payment line for staff: shown once the customer started a payment (paid, awaiting, canceled, refunded — with the amount given back). */
export default function StaffPaymentBadge({ orderId, version }: { orderId: number; version: number }) {
  const [view, setView] = useState<OrderPaymentView | null>(null);
  useEffect(() => {
    void getOrderPayment(orderId).then((answer) => setView(answer.ok ? answer.data : null));
  }, [orderId, version]);
  if (!view?.state) return null;
  return (
    <p className={`deal-payment deal-payment--${view.state}`} role="status" data-payment={view.state}>
      <span>{t('payments.staffLabel')}: </span>
      <strong>{t(STATE_TEXT[view.state])}</strong>
      {view.paid ? ` — ${formatMoney(Number(view.amount), view.currency)}` : null}
      {Number(view.refunded_amount) > 0 ? ` (${t('payments.refunded', { amount: formatMoney(Number(view.refunded_amount), view.currency) })})` : null}
    </p>
  );
}

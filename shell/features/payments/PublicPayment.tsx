import './texts';
import styles from './payments.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { getPublicOrderPayment, startPublicPayment } from '../../../src/api/payments';
import type { OrderPaymentView } from '../../../src/contract/payments';
import { t } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { STATE_TEXT } from './states';

adoptStyles(styles);

/** After the provider sends the customer back, its notification may still be on the way: ask again for a while. */
const RETURN_POLLS = 10;
const POLL_MS = 1500;

/**
 * The public order's payment (issue 18 §4): 'Paid' once the provider confirmed it, else 'Pay' while the seller takes
 * payments and the order is unpaid; the click goes to the provider's page for the amount the server computes.
 */
export default function PublicPayment({ orderId, version }: { orderId: number; version: number }) {
  const returned = new URLSearchParams(useSearch()).get('payment') === 'return';
  const [view, setView] = useState<OrderPaymentView | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const answer = await getPublicOrderPayment(orderId);
    if (answer.ok) setView(answer.data);
    return answer.ok ? answer.data : null;
  }, [orderId]);

  // version: a changed order has another amount to pay.
  useEffect(() => {
    let polls = returned ? RETURN_POLLS : 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = async () => {
      const current = await load();
      if (current && !current.paid && polls-- > 0) timer = setTimeout(() => void next(), POLL_MS);
    };
    void next();
    return () => clearTimeout(timer);
  }, [load, returned, version]);

  if (!view) return null;
  if (view.paid) {
    return (
      <p className="po-payment po-payment--paid" role="status" data-payment="succeeded">
        {t('payments.paid', { amount: formatMoney(Number(view.amount), view.currency) })}
      </p>
    );
  }
  const pay = async () => {
    setBusy(true);
    const answer = await startPublicPayment(orderId);
    if (answer.ok) {
      window.location.assign(answer.data.confirmation_url);
      return;
    }
    // The app's failure notice says why (the server's text).
    setBusy(false);
  };
  return (
    <div className="po-payment" data-payment={view.state ?? 'none'}>
      {view.state && view.state !== 'pending' ? <p role="status">{t(STATE_TEXT[view.state])}</p> : null}
      {returned && view.state === 'pending' ? <p role="status">{t('payments.waiting')}</p> : null}
      {view.offered ? (
        <button type="button" className="shell-button shell-button--primary" disabled={busy} onClick={() => void pay()}>
          {t('payments.pay', { amount: formatMoney(Number(view.amount), view.currency) })}
        </button>
      ) : null}
      {view.offered ? <p className="po-payment__note">{t('payments.orInvoice')}</p> : null}
    </div>
  );
}

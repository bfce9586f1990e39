import { useEffect, useState } from 'react';
import { getPaymentLog } from '../../../src/api/payments';
import type { PaymentLogEntry, PaymentLogPage } from '../../../src/contract/payments';
import { t, type MessageKey } from '../../../src/i18n';
import { formatDateTimeText } from '../../../src/i18n/dates';
import { formatMoney } from '../../../src/i18n/money';

const RESULT_TEXT: Record<PaymentLogEntry['result'], MessageKey> = { ok: 'payments.resultOk', refused: 'payments.resultRefused', failed: 'payments.resultFailed' };
/** Our own calls read as words; a provider's notification keeps the provider's event name (what its dashboard shows). */
const OWN_EVENTS: Readonly<Record<string, MessageKey>> = { 'payment-create': 'payments.eventCreate', 'payment-test': 'payments.eventTest', 'payment-webhook': 'payments.eventNotification' };

const providerName = (provider: PaymentLogEntry['provider']) => t(provider === 'yookassa' ? 'payments.yookassa' : 'payments.stripe');

/**
 * The payments log under Settings → Payments (admins): each payment attempt, connection test and provider
 * notification with its time, order, provider, event, amount and result; the reason shows on the result.
 */
export default function PaymentLog() {
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<PaymentLogPage | null>(null);
  useEffect(() => {
    let live = true;
    void getPaymentLog(page).then((answer) => live && answer.ok && setLog(answer.data));
    return () => {
      live = false;
    };
  }, [page]);
  if (!log) return null;
  const { current_page: current, last_page: last } = log.meta;
  return (
    <section className="payments-log" aria-labelledby="payments-log-title">
      <h3 id="payments-log-title">{t('payments.logTitle')}</h3>
      <p>{t('payments.logIntro')}</p>
      {log.data.length === 0 ? (
        <p role="status">{t('payments.logEmpty')}</p>
      ) : (
        <table data-testid="payments-log">
          <thead>
            <tr>
              <th scope="col">{t('payments.logAt')}</th>
              <th scope="col">{t('payments.logOrder')}</th>
              <th scope="col">{t('payments.logProvider')}</th>
              <th scope="col">{t('payments.logEvent')}</th>
              <th scope="col">{t('payments.logAmount')}</th>
              <th scope="col">{t('payments.logResult')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((entry) => (
              <tr key={entry.id} data-result={entry.result}>
                <td>{formatDateTimeText(entry.at)}</td>
                <td>{entry.order_id === null ? '' : <a href={`#/addToDeal?order_id=${entry.order_id}`}>{entry.order_id}</a>}</td>
                <td>{providerName(entry.provider)}</td>
                <td>{OWN_EVENTS[entry.event] ? t(OWN_EVENTS[entry.event]!) : <code>{entry.event}</code>}</td>
                <td>{entry.amount === null ? '' : formatMoney(Number(entry.amount), entry.currency ?? '')}</td>
                <td title={entry.message}>{t(RESULT_TEXT[entry.result])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {last > 1 ? (
        <p className="payments-log__pager">
          <button type="button" className="shell-button" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            {t('payments.logNewer')}
          </button>
          <span>{t('payments.logPage', { page: current, pages: last })}</span>
          <button type="button" className="shell-button" disabled={current >= last} onClick={() => setPage(current + 1)}>
            {t('payments.logOlder')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

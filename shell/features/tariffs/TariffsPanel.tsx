import './texts';
import styles from './tariffs.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Tariff } from '../../../src/contract/account';
import type { TariffMeters } from '../../../src/contract/business';
import { meterLevel, tariffButton } from '../../../src/domain/tariffPlans';
import { formatDateText } from '../../../src/i18n/dates';
import { t, type MessageKey } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { $invoices, $meters, $plans, connectPlan, downloadInvoice, invoiceFor, loadTariffs } from './state';

adoptStyles(styles);

const LIMITS: readonly { key: keyof TariffMeters; label: MessageKey; column: 'users' | 'positions' | 'contacts_companies' | 'orders_per_month' }[] = [
  { key: 'users', label: 'tariffs.users', column: 'users' },
  { key: 'positions', label: 'tariffs.positions', column: 'positions' },
  { key: 'contacts_companies', label: 'tariffs.contactsCompanies', column: 'contacts_companies' },
  { key: 'orders_per_month', label: 'tariffs.ordersPerMonth', column: 'orders_per_month' },
];

const PERIOD: Record<string, MessageKey> = { year: 'tariffs.perYear', once: 'tariffs.oneTime', user: 'tariffs.perUser' };

/** Settings → account → license, and the way on from /Error_is_expired: the plans, the meters, connect or invoice. */
export default function TariffsPanel() {
  const plans = useStore($plans);
  const { account, user } = useStore($account);
  useEffect(() => {
    void loadTariffs();
  }, []);
  if (!plans) return null;
  const current = plans.current;
  const planEnd = formatDateText(plans.plan_end);
  return (
    <section className="tariffs-panel" aria-labelledby="tariffs-title">
      <h2 id="tariffs-title">{t('tariffs.title')}</h2>
      <p>
        {current ? t('tariffs.current', { name: current.name }) : t('tariffs.trial')} · {current ? t('tariffs.planEnd', { date: planEnd }) : t('tariffs.trialUntil', { date: planEnd })}
      </p>
      <Meters />
      {!user?.admin && <p className="auth-hint">{t('tariffs.adminOnly')}</p>}
      <div className="tariff-plans">
        {plans.tariffs.map((plan) => (
          <PlanCard key={plan.id} plan={plan} current={current?.id === plan.id} admin={Boolean(user?.admin)} paidUntil={account?.paid_until ?? null} />
        ))}
      </div>
      <Invoices names={new Map(plans.tariffs.map((plan) => [plan.id, plan.name]))} />
    </section>
  );
}

function Meters() {
  const meters = useStore($meters);
  if (!meters) return null;
  return (
    <section aria-labelledby="tariff-meters">
      <h3 id="tariff-meters">{t('tariffs.metersTitle')}</h3>
      <div className="tariff-meters">
        {LIMITS.map(({ key, label }) => {
          const { used, allowed } = meters[key];
          const text = allowed === null ? t('tariffs.meterUnlimited', { used }) : t('tariffs.meter', { used, allowed });
          return (
            <div key={key} className="tariff-meter" data-meter={key} data-level={meterLevel(used, allowed)}>
              <span>{t(label)}</span>
              <strong>{text}</strong>
              {allowed !== null && <meter min={0} max={allowed} low={allowed * 0.8} high={allowed * 0.95} optimum={0} value={Math.min(used, allowed)} aria-label={`${t(label)}: ${text}`} />}
            </div>
          );
        })}
      </div>
    </section>
  );
}

function PlanCard({ plan, current, admin, paidUntil }: { plan: Tariff; current: boolean; admin: boolean; paidUntil: string | null }) {
  const plans = useStore($plans);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = tariffButton(plan, { tariffId: plans?.current?.id ?? null, paidUntil });
  async function act() {
    setBusy(true);
    if (state === 'connect') {
      if (await connectPlan(plan.id)) notify({ type: NotificationType.success, header: t('tariffConnect.connected', { name: plan.name }) });
      setConfirming(false);
    } else if (await invoiceFor(plan.id)) notify({ type: NotificationType.success, header: t('tariffs.invoiceRequested') });
    setBusy(false);
  }
  const price = plan.price === 0 ? t('tariffs.free') : `${t('tariffs.price', { price: plan.price })} ${t(PERIOD[plan.period] ?? 'tariffs.perYear')}`;
  return (
    <article className="tariff-plan" data-plan={plan.code} data-current={current} aria-labelledby={`plan-${plan.id}`}>
      <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
      <strong>{price}</strong>
      <dl>
        {LIMITS.map(({ key, label, column }) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{t(label)}</dt>
            <dd>{plan[column]}</dd>
          </div>
        ))}
        <dt>{t('tariffs.importExport')}</dt>
        <dd>{plan.import_export ? t('tariffs.included') : t('tariffs.notIncluded')}</dd>
        <dt>{t('tariffs.api')}</dt>
        <dd>{plan.api ? t('tariffs.included') : t('tariffs.notIncluded')}</dd>
      </dl>
      {state === 'purchased' ? (
        <span className="tariff-purchased">{t('tariffs.purchased')}</span>
      ) : (
        <button type="button" className="shell-button shell-button-primary" disabled={!admin || busy} aria-busy={busy} onClick={() => (state === 'connect' ? setConfirming(true) : void act())}>
          {state === 'connect' ? t('tariffs.connect') : t('tariffs.requestInvoice')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          text={t('tariffConnect.question', { name: plan.name })}
          confirmLabel={t('tariffs.connect')}
          tone="primary"
          busy={busy}
          onConfirm={() => void act()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </article>
  );
}

function Invoices({ names }: { names: Map<number, string> }) {
  const invoices = useStore($invoices);
  if (!invoices.length) return null;
  return (
    <section aria-labelledby="tariff-invoices">
      <h3 id="tariff-invoices">{t('tariffs.invoicesTitle')}</h3>
      <ul>
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            {t('tariffs.invoiceLine', { id: invoice.id, date: formatDateText(invoice.created_at), name: names.get(invoice.tariff_id) ?? '', amount: invoice.amount })}{' '}
            <button type="button" className="shell-button" onClick={() => void downloadInvoice(invoice.id)}>
              {t('tariffs.downloadInvoice')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

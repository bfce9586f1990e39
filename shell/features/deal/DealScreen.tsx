import { useStore } from '@nanostores/react';
import { Suspense, useEffect, type ComponentType, type FormEvent, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';
import { t } from '../../../src/i18n';
import { loadDealCatalogue } from './catalogue';
import { $order, $orderLoad, $unsaved, guardLeaving, markUnsaved, openDeal, saveOrder } from './state';
import { loadPipelines } from '../../stores/pipelines';
import productCardStyles from '../../../src/ui/productCard.css?raw';
import { DealHeader } from './DealHeader';
import { DealTabs } from './DealTabs';
import { LeaveConfirmation } from './LeaveConfirmation';
import { OrderDetails } from './OrderDetails';
import dealStyles from './deal.css?raw';
import './texts';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(productCardStyles);
adoptStyles(dealStyles);

/** order_id of the query: a positive whole number, null when absent, NaN when it is there but is no id. */
export function orderIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('order_id');
  if (raw === null || raw.trim() === '') return null;
  return /^\d{1,10}$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

/**
 * The deal screen (/addToDeal?order_id=…): order details, then the tabs products, documents and client (spec 1 §2,
 * §4). Staff only: the public order link has its own page (shell/features/publicOrder).
 */
export default function DealScreen({ payment: Payment }: { payment?: ComponentType<{ orderId: number; version: number }> } = {}) {
  const search = useSearch();
  const orderId = orderIdOf(search);
  const load = useStore($orderLoad);
  const order = useStore($order);

  useEffect(() => {
    if (!Number.isNaN(orderId)) void openDeal(orderId);
  }, [orderId]);

  useEffect(() => {
    void loadDealCatalogue();
    void loadPipelines();
  }, []);

  // Unsaved changes hold navigation while this screen is shown, and the browser asks before closing the page.
  useEffect(() => {
    guardLeaving(true);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!$unsaved.get()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guardLeaving(false);
      removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  // Ctrl+S (⌘S) saves, as in any editor; the field being typed in is committed first.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur();
      if ($unsaved.get()) void saveOrder();
    }
  };

  // A field passes its text on at blur or Enter; the first keystroke in an order's field already counts as a
  // change (spec 2 §5), so leaving or closing the page mid-word asks instead of dropping what was typed.
  const onInput = (event: FormEvent<HTMLElement>) => {
    const field = event.target as HTMLInputElement;
    if (!field.readOnly && !field.disabled && field.closest('[data-order-edit]')) markUnsaved();
  };

  if (Number.isNaN(orderId)) {
    return <ScreenMessage text={t('order.noOrderId')} />;
  }
  if (!order || order.id !== (orderId ?? order.id)) {
    if (load === 'failed') {
      return <ScreenMessage text={t('order.loadFailed')} retry={() => void openDeal(orderId)} />;
    }
    return (
      <div className="deal-screen deal-screen--loading" role="status" aria-live="polite">
        <span className="shell-spinner" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </div>
    );
  }

  return (
    <section className="deal-screen" aria-labelledby="deal-title" onKeyDown={onKeyDown} onInput={onInput}>
      <DealHeader order={order} />
      {/* The order's online payment state for staff (payments feature, composed in shell/app/DealPage.tsx). */}
      {Payment ? (
        <Suspense fallback={null}>
          <Payment orderId={order.id} version={order.version} />
        </Suspense>
      ) : null}
      <OrderDetails order={order} />
      <DealTabs order={order} />
      <LeaveConfirmation />
    </section>
  );
}

function ScreenMessage({ text, retry }: { text: string; retry?: () => void }) {
  return (
    <div className="deal-screen deal-screen--message" role="alert">
      <p>{text}</p>
      {retry ? (
        <button type="button" className="shell-button" onClick={retry}>
          {t('app.retry')}
        </button>
      ) : null}
    </div>
  );
}

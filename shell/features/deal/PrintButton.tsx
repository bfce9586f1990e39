import { useState } from 'react';
import { t } from '../../../src/i18n';
import { printOrder } from './printOrder';

/** The deal header's Print: the invoice when the order has one, else the page (printOrder.ts). */
export function PrintButton({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="shell-button"
      title={t('print.printHint')}
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void printOrder(orderId).finally(() => setBusy(false));
      }}
    >
      {busy ? t('print.printing') : t('print.print')}
    </button>
  );
}

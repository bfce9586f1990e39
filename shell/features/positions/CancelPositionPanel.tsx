import './texts';
import styles from './positions.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { orderDisplayName } from '../../../src/domain/orderName';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay } from '../../stores/overlays';
import { $cancelTarget, cancelPosition } from './state';

adoptStyles(styles);

function close() {
  $cancelTarget.set(null);
  closeOverlay('cancelPosition');
}

/**
 * The spec's 'cancel position' overlay: after confirmation the position is removed through its order's rules
 * (orders/product/delete), which release its reservation first, so the goods are available again. Keep has the
 * focus, so Enter cancels nothing.
 */
export default function CancelPositionPanel() {
  const row = useStore($cancelTarget);
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // Opened with no position chosen (from elsewhere than a row), the overlay closes again rather than blur the screen for nothing.
  useEffect(() => {
    if (!row) closeOverlay('cancelPosition');
  }, [row]);
  if (!row) return null;
  const order = orderDisplayName({ id: row.order_id, fields: { name: row.order_name } }, (id) => t('orders.newName', { id }));

  async function confirm() {
    if (!row) return;
    setBusy(true);
    const ok = await cancelPosition(row);
    setBusy(false);
    if (!ok) return;
    notify({ type: NotificationType.success, header: t('success.done'), text: t('positions.cancelled') });
    close();
  }

  return (
    <Dialog title={t('positions.cancelTitle')} role="alertdialog" onClose={close} initialFocus={() => keep.current} className="positions-dialog">
      <p>{t('positions.cancelText', { name: row.product_name, quantity: `${row.quantity} ${row.unit}`, order })}</p>
      <div className="positions-dialog__buttons">
        <button ref={keep} type="button" className="shell-button" onClick={close}>
          {t('app.cancel')}
        </button>
        <button type="button" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
          {t('positions.cancelConfirm')}
        </button>
      </div>
    </Dialog>
  );
}

import './texts';
import styles from './positions.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { orderDisplayName } from '../../../src/domain/orderName';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { closeOverlay } from '../../stores/overlays';
import { $cancelTarget, cancelPosition } from './state';

adoptStyles(styles);

function close() {
  $cancelTarget.set(null);
  closeOverlay('cancelPosition');
}

/**
 * The spec's 'cancel position' overlay: after confirmation the position is removed through its order's rules
 * (orders/product/delete), which release its reservation first, so the goods are available again.
 */
export default function CancelPositionPanel() {
  const row = useStore($cancelTarget);
  const [busy, setBusy] = useState(false);
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
    <ConfirmDialog
      title={t('positions.cancelTitle')}
      text={t('positions.cancelText', { name: row.product_name, quantity: `${row.quantity} ${row.unit}`, order })}
      confirmLabel={t('positions.cancelConfirm')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={close}
      className="positions-dialog"
    />
  );
}

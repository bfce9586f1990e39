import styles from './archiveOrder.css?raw';
import { useState } from 'react';
import { archiveOrder, unarchiveOrder } from '../../../src/api/orderArchive';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { navigateTo } from '../../stores/navigation';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { reloadOrder } from './state';

adoptStyles(styles);

/**
 * Staff, a stored order (issue 13 §5): 'Archive order' hides it from the orders list — its stock stays as it is —
 * and goes back to the list; an archived order says so and can be returned from the archive here.
 */
export function ArchiveOrderActions({ orderId, archived }: { orderId: number; archived: boolean }) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    const result = await (archived ? unarchiveOrder(orderId) : archiveOrder(orderId));
    setBusy(false);
    if (!result.ok) return;
    if (archived) {
      notify({ type: NotificationType.success, header: t('success.done') });
      await reloadOrder();
      return;
    }
    notify({ type: NotificationType.success, header: t('success.archived') });
    navigateTo('/orders');
  }

  return (
    <div className="deal-archive">
      {archived ? <span className="deal-archive__badge">{t('archive.archivedBadge')}</span> : null}
      <button type="button" className="shell-button" disabled={busy} aria-busy={busy} onClick={() => void run()}>
        {archived ? t('archive.unarchiveOrder') : t('archive.archiveOrder')}
      </button>
    </div>
  );
}

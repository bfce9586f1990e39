import { useEffect, useState } from 'react';
import type { TransitList } from '../../../../src/contract/stockOperations';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Dialog } from '../../../../src/ui/Dialog';
import { stockChanged } from '../state';
import { cancelTransit, listTransit, receiveTransit } from './api';
import { useWarehouses } from './WarehouseSelect';
import { formatDateTimeText } from '../../../../src/i18n/dates';

/** Moves sent and not yet received: Receive puts the goods into the destination, Cancel returns them to the source. */
export function TransitDialog({ onClose }: { onClose: () => void }) {
  const warehouses = useWarehouses();
  const [list, setList] = useState<TransitList | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const load = async () => {
    const answer = await listTransit();
    if (answer.ok) setList(answer.data);
  };
  useEffect(() => {
    void load();
  }, []);
  const nameOf = (id: number) => warehouses.find((warehouse) => warehouse.id === id)?.name ?? `#${id}`;
  const close = async (id: number, outcome: 'received' | 'cancelled') => {
    setBusy(id);
    const answer = await (outcome === 'received' ? receiveTransit(id) : cancelTransit(id));
    setBusy(null);
    if (answer.ok) {
      notify({ type: NotificationType.success, header: t(outcome === 'received' ? 'stock.ops.received' : 'stock.ops.cancelled') });
      stockChanged();
    }
    await load();
  };

  return (
    <Dialog title={t('stock.ops.inTransit')} onClose={onClose} className="stock-ops">
      {list?.length === 0 && <p>{t('stock.ops.nothingInTransit')}</p>}
      <ul className="stock-ops__transit">
        {list?.map((transit) => (
          <li key={transit.id} data-testid="stock-ops-transit" aria-label={t('stock.ops.transitTitle', { from: nameOf(transit.from_warehouse_id), to: nameOf(transit.to_warehouse_id) })}>
            <p>
              <strong>{t('stock.ops.transitTitle', { from: nameOf(transit.from_warehouse_id), to: nameOf(transit.to_warehouse_id) })}</strong>{' '}
              <span className="stock-ops__muted">{formatDateTimeText(transit.created_at)}</span>
              {transit.comment && <span> · {transit.comment}</span>}
            </p>
            <ul>
              {transit.lines.map((line) => (
                <li key={`${line.product_id}-${line.batch}`}>
                  {line.name} {line.batch && `(${line.batch})`} — {line.count} {line.unit}
                </li>
              ))}
            </ul>
            <button type="button" className="shell-button shell-button-primary" disabled={busy !== null} onClick={() => close(transit.id, 'received')}>
              {t('stock.ops.receive')}
            </button>{' '}
            <button type="button" className="shell-button" disabled={busy !== null} onClick={() => close(transit.id, 'cancelled')}>
              {t('stock.ops.cancelTransit')}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

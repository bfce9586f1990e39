import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Dialog } from '../../../../src/ui/Dialog';
import { $selectedProductIds, stockChanged } from '../state';
import { writeOffGoods } from './api';
import { BatchLinesEditor, linesReady, toBatchLines, useBatchLines } from './BatchLines';
import { startingWarehouse, useWarehouses, WarehouseSelect } from './WarehouseSelect';

/** Write off: batches of one warehouse, each up to its available (not reserved) count, with the reason. */
export function WriteOffDialog({ onClose }: { onClose: () => void }) {
  const reasonId = useId();
  const warehouses = useWarehouses();
  const selected = useStore($selectedProductIds);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const model = useBatchLines(warehouseId, selected);
  useEffect(() => {
    if (warehouseId === null) setWarehouseId(startingWarehouse(warehouses));
  }, [warehouses]);

  const ready = warehouseId !== null && linesReady(model.lines) && reason.trim().length > 0;
  const submit = async () => {
    setBusy(true);
    const answer = await writeOffGoods({ warehouse_id: warehouseId!, comment: reason.trim(), lines: toBatchLines(model.lines) });
    setBusy(false);
    // The server refused the whole document (the notification says why): the lines show what is available now.
    if (!answer.ok) return model.reload();
    notify({ type: NotificationType.success, header: t('stock.ops.writtenOff') });
    stockChanged();
    onClose();
  };

  return (
    <Dialog title={t('stock.writeOff')} onClose={onClose} className="stock-ops">
      <WarehouseSelect label={t('stock.ops.warehouse')} warehouses={warehouses} value={warehouseId} onChange={setWarehouseId} />
      <BatchLinesEditor model={model} />
      <div className="stock-ops__field">
        <label htmlFor={reasonId}>{t('stock.ops.reason')}</label>
        <textarea id={reasonId} value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className="stock-ops__buttons">
        <button type="button" className="shell-button" onClick={onClose}>
          {t('app.cancel')}
        </button>
        <button type="button" className="shell-button shell-button-primary" disabled={!ready || busy} aria-busy={busy} onClick={submit}>
          {t('stock.writeOff')}
        </button>
      </div>
    </Dialog>
  );
}

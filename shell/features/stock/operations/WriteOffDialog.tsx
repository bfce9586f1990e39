import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Dialog } from '../../../../src/ui/Dialog';
import { $selectedProductIds, stockChanged } from '../state';
import { writeOffGoods } from './api';
import { OperationFooter } from './OperationFooter';
import { BatchLinesEditor, linesReady, toBatchLines, useBatchLines } from './BatchLines';
import { startingWarehouse, useWarehouses, WarehouseSelect } from './WarehouseSelect';

/** Write off: batches of one warehouse, each up to its available (not reserved) count, with the reason. */
export function WriteOffDialog({ onClose }: { onClose: () => void }) {
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
      <OperationFooter noteLabel={t('stock.ops.reason')} note={reason} onNote={setReason} submitLabel={t('stock.writeOff')} ready={ready} busy={busy} onSubmit={submit} onCancel={onClose} />
    </Dialog>
  );
}

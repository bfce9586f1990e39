import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Dialog } from '../../../../src/ui/Dialog';
import { closeOverlay } from '../../../stores/overlays';
import { $selectedProductIds, stockChanged } from '../state';
import '../texts';
import { moveGoods } from './api';
import { OperationFooter } from './OperationFooter';
import { BatchLinesEditor, linesReady, toBatchLines, useBatchLines } from './BatchLines';
import { startingWarehouse, useWarehouses, WarehouseSelect } from './WarehouseSelect';

/**
 * The spec's 'move products between warehouses' overlay: from, to, lines of batches up to their available count;
 * at once, or sent now and received later (the goods are then in transit, in neither warehouse).
 */
export default function MovePanel() {
  const close = () => closeOverlay('moveProducts');
  const warehouses = useWarehouses();
  const selected = useStore($selectedProductIds);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [mode, setMode] = useState<'now' | 'transit'>('now');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const model = useBatchLines(from, selected);
  useEffect(() => {
    if (from === null) setFrom(startingWarehouse(warehouses));
  }, [warehouses]);

  const same = from !== null && from === to;
  const ready = from !== null && to !== null && !same && linesReady(model.lines);
  const submit = async () => {
    setBusy(true);
    const answer = await moveGoods({ from_warehouse_id: from!, to_warehouse_id: to!, mode, comment: comment.trim(), lines: toBatchLines(model.lines) });
    setBusy(false);
    // The server refused the whole document (the notification says why): the lines show what is available now.
    if (!answer.ok) return model.reload();
    notify({ type: NotificationType.success, header: t(mode === 'transit' ? 'stock.ops.sent' : 'stock.ops.moved') });
    stockChanged();
    close();
  };

  return (
    <Dialog title={t('stock.move')} onClose={close} className="stock-ops">
      <div className="stock-ops__row">
        <WarehouseSelect label={t('stock.ops.from')} warehouses={warehouses} value={from} onChange={setFrom} />
        <WarehouseSelect label={t('stock.ops.to')} warehouses={warehouses} value={to} onChange={setTo} />
      </div>
      {same && (
        <p className="stock-ops__problem" role="alert">
          {t('stock.ops.sameWarehouse')}
        </p>
      )}
      <fieldset className="stock-ops__mode">
        <legend>{t('stock.ops.mode')}</legend>
        <label>
          <input type="radio" name="move-mode" checked={mode === 'now'} onChange={() => setMode('now')} /> {t('stock.ops.modeNow')}
        </label>
        <label>
          <input type="radio" name="move-mode" checked={mode === 'transit'} onChange={() => setMode('transit')} /> {t('stock.ops.modeTransit')}
        </label>
      </fieldset>
      <BatchLinesEditor model={model} />
      <OperationFooter noteLabel={t('stock.ops.comment')} note={comment} onNote={setComment} submitLabel={t(mode === 'transit' ? 'stock.ops.send' : 'stock.ops.moveNow')} ready={ready} busy={busy} onSubmit={submit} onCancel={close} />
    </Dialog>
  );
}

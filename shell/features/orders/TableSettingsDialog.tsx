import { useStore } from '@nanostores/react';
import { useRef, useState, type DragEvent } from 'react';
import { t } from '../../../src/i18n';
import { $ordersColumns, moveColumn, resetOrdersColumns, saveOrdersColumns, type OrdersColumn } from './tableConfig';
import { columnLabel } from './columns';
import { Dialog } from '../../../src/ui/Dialog';

export interface TableSettingsDialogProps {
  onClose: () => void;
}

/**
 * Table settings of the orders page: each column with a show/hide box, up and down buttons and a drag
 * handle; Save writes orders/table-config and the table follows. At least one column stays shown.
 */
export function TableSettingsDialog({ onClose }: TableSettingsDialogProps) {
  const saved = useStore($ordersColumns);
  const [draft, setDraft] = useState<OrdersColumn[]>(() => [...saved]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  function move(from: number, to: number, focusButton?: 'up' | 'down') {
    if (to < 0 || to >= draft.length) return;
    const key = draft[from].key;
    setDraft(moveColumn(draft, from, to));
    if (focusButton) {
      // Focus follows the moved column, so repeated presses keep moving it; at an end the other arrow takes it.
      requestAnimationFrame(() => {
        const row = [...(list.current?.children ?? [])].find((item) => (item as HTMLElement).dataset.column === key);
        const atEnd = focusButton === 'up' ? to === 0 : to === draft.length - 1;
        const wanted = atEnd ? (focusButton === 'up' ? 'down' : 'up') : focusButton;
        row?.querySelector<HTMLElement>(`[data-move="${wanted}"]`)?.focus();
      });
    }
  }

  function toggle(index: number, visible: boolean) {
    setError('');
    setDraft(draft.map((column, at) => (at === index ? { ...column, visible } : column)));
  }

  async function save() {
    if (!draft.some((column) => column.visible)) {
      setError(t('orders.atLeastOneColumn'));
      return;
    }
    setBusy(true);
    const ok = await saveOrdersColumns(draft);
    setBusy(false);
    if (ok) onClose();
  }

  async function restoreDefault() {
    setBusy(true);
    const ok = await resetOrdersColumns();
    setBusy(false);
    if (ok) onClose();
  }

  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null && dragged !== index) move(dragged, index);
    setDragged(null);
  };

  return (
    <Dialog title={t('orders.tableSettings')} onClose={onClose} className="orders-settings">
      <p className="orders-muted" id="orders-settings-hint">
        {t('orders.tableSettingsHint')}
      </p>
      <ol ref={list} className="orders-settings__list" aria-describedby="orders-settings-hint" data-testid="orders-table-settings">
        {draft.map((column, index) => {
          const label = columnLabel(column);
          const id = `orders-column-${column.key}`;
          return (
            <li
              key={column.key}
              data-column={column.key}
              className={`orders-settings__item${dragged === index ? ' orders-settings__item--dragged' : ''}`}
              draggable
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', column.key);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
              }}
              onDrop={onDrop(index)}
              onDragEnd={() => setDragged(null)}
            >
              <span className="orders-settings__grip" aria-hidden="true">
                ⋮⋮
              </span>
              <input id={id} type="checkbox" checked={column.visible} onChange={(event) => toggle(index, event.currentTarget.checked)} />
              <label htmlFor={id}>{label}</label>
              <button type="button" className="orders-icon-button" data-move="up" aria-label={t('orders.moveUp', { name: label })} disabled={index === 0} onClick={() => move(index, index - 1, 'up')}>
                ↑
              </button>
              <button
                type="button"
                className="orders-icon-button"
                data-move="down"
                aria-label={t('orders.moveDown', { name: label })}
                disabled={index === draft.length - 1}
                onClick={() => move(index, index + 1, 'down')}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p className="orders-error" role="alert">
          {error}
        </p>
      )}
      <div className="orders-dialog__buttons">
        <button type="button" className="shell-link" disabled={busy} onClick={() => void restoreDefault()}>
          {t('orders.defaultColumns')}
        </button>
        <span className="orders-spacer" />
        <button type="button" className="shell-button" onClick={onClose}>
          {t('app.cancel')}
        </button>
        <button type="button" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy} onClick={() => void save()}>
          {busy ? t('app.saving') : t('app.save')}
        </button>
      </div>
    </Dialog>
  );
}

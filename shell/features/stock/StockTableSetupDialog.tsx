import { useState } from 'react';
import { t } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';
import { columnTitle } from './cells';
import { moveItem, type StockColumn } from './stockColumns';

export interface StockTableSetupDialogProps {
  columns: readonly StockColumn[];
  onSave: (columns: readonly StockColumn[] | null) => Promise<boolean>;
  onClose: () => void;
}

/** The Table setup overlay: each column with a show box and up/down buttons; saved for the whole account. */
export function StockTableSetupDialog({ columns, onSave, onClose }: StockTableSetupDialogProps) {
  const [draft, setDraft] = useState<StockColumn[]>(() => [...columns]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(value: readonly StockColumn[] | null) {
    if (value && !value.some((column) => column.visible)) {
      setError(t('stock.list.atLeastOneColumn'));
      return;
    }
    setBusy(true);
    const ok = await onSave(value);
    setBusy(false);
    if (ok) onClose();
  }

  return (
    <Dialog title={t('stock.tableSetup')} onClose={onClose} className="stock-setup">
      <p className="stock-muted" id="stock-setup-hint">
        {t('stock.list.tableSetupHint')}
      </p>
      <ol className="stock-setup__list" aria-describedby="stock-setup-hint" data-testid="stock-table-setup">
        {draft.map((column, index) => {
          const title = columnTitle(column);
          const id = `stock-column-${column.key.replace(':', '-')}`;
          return (
            <li key={column.key} data-column={column.key} className="stock-setup__item">
              <input
                id={id}
                type="checkbox"
                checked={column.visible}
                onChange={(event) => {
                  const visible = event.currentTarget.checked;
                  setError('');
                  setDraft(draft.map((other, at) => (at === index ? { ...other, visible } : other)));
                }}
              />
              <label htmlFor={id}>{title}</label>
              <button type="button" className="stock-icon-button" aria-label={t('stock.list.moveUp', { name: title })} disabled={index === 0} onClick={() => setDraft(moveItem(draft, index, index - 1))}>
                ↑
              </button>
              <button
                type="button"
                className="stock-icon-button"
                aria-label={t('stock.list.moveDown', { name: title })}
                disabled={index === draft.length - 1}
                onClick={() => setDraft(moveItem(draft, index, index + 1))}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p className="stock-error" role="alert">
          {error}
        </p>
      )}
      <div className="stock-dialog__buttons">
        <button type="button" className="shell-link" disabled={busy} onClick={() => void save(null)}>
          {t('stock.list.defaultColumns')}
        </button>
        <span className="stock-spacer" />
        <button type="button" className="shell-button" onClick={onClose}>
          {t('app.cancel')}
        </button>
        <button type="button" className="shell-button shell-button-primary" disabled={busy} aria-busy={busy} onClick={() => void save(draft)}>
          {busy ? t('app.saving') : t('app.save')}
        </button>
      </div>
    </Dialog>
  );
}

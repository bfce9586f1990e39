import { useRef } from 'react';
import { t } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';

export interface ConfirmDialogProps {
  text: string;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be taken back; Cancel has the focus, so Enter does not destroy anything. */
export function ConfirmDialog({ text, confirmLabel, busy = false, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={t('app.confirm')} role="alertdialog" onClose={onCancel} initialFocus={() => cancel.current} className="orders-confirm">
      <p>{text}</p>
      <div className="orders-dialog__buttons">
        <button ref={cancel} type="button" className="shell-button" onClick={onCancel}>
          {t('app.cancel')}
        </button>
        <button
          type="button"
          className={`shell-button ${danger ? 'orders-button-danger' : 'shell-button-primary'}`}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

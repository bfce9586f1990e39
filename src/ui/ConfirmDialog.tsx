import { useRef } from 'react';
import { t } from '../i18n';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  /** The question or what will happen. */
  text: string;
  /** The confirming action's own name ('Delete', 'Archive', 'Leave'), never a bare 'OK'. */
  confirmLabel: string;
  /** Defaults to 'Cancel'. */
  cancelLabel?: string;
  /** Defaults to 'Confirm'. */
  title?: string;
  /** 'danger' for what destroys or drops something (the default), 'primary' for what does not. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Added to the dialog box, for a screen's own look. */
  className?: string;
}

/**
 * Every confirmation of the app has one shape (issue 19 §5): the text, then Cancel on the left and the
 * confirming action on the right, styled by its tone. Cancel has the focus, so Enter never destroys anything;
 * Escape and the backdrop cancel.
 */
export function ConfirmDialog({ text, confirmLabel, cancelLabel, title, tone = 'danger', busy = false, onConfirm, onCancel, className }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title ?? t('app.confirm')}
      role="alertdialog"
      onClose={onCancel}
      initialFocus={() => cancel.current}
      className={`ui-confirm${className ? ` ${className}` : ''}`}
    >
      <p className="ui-confirm__text">{text}</p>
      <div className="ui-confirm__buttons">
        <button ref={cancel} type="button" className="ui-confirm__button" data-confirm="cancel" onClick={onCancel}>
          {cancelLabel ?? t('app.cancel')}
        </button>
        <button
          type="button"
          className={`ui-confirm__button ui-confirm__button--${tone}`}
          data-confirm="action"
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

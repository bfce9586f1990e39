import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../../../src/i18n';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** The element focused on opening (else the first focusable one). */
  initialFocus?: () => HTMLElement | null;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal over the page, outside the blurred frame (a portal on body): Escape or the backdrop closes it,
 * Tab stays inside, and focus goes back where it was when it closes.
 */
export function Dialog({ title, onClose, children, role = 'dialog', className, initialFocus }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = initialFocus?.() ?? box.current?.querySelector<HTMLElement>(FOCUSABLE) ?? box.current;
    first?.focus();
    return () => {
      if (before && document.contains(before)) before.focus();
    };
    // Focus moves once, on opening.
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="orders-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={box} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`orders-dialog${className ? ` ${className}` : ''}`} onKeyDown={onKeyDown}>
        <div className="orders-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="orders-dialog__close" aria-label={t('app.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

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

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n';
import styles from './dialog.css?raw';
import { adoptStyles } from './adoptStyles';

adoptStyles(styles);

export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control inside `root` that Tab can reach, if any. */
export function firstFocusable(root: ParentNode | null | undefined): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Added to the dialog box (`ui-dialog`), for a screen's own look. */
  className?: string;
  /** Added to the backdrop (`ui-dialog-backdrop`). */
  backdropClassName?: string;
  /** The element focused on opening; without it (or when it gives none) the first control, else the dialog itself. */
  initialFocus?: (dialog: HTMLElement) => HTMLElement | null | undefined;
  /** A press on the backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
}

/**
 * The modal dialog of every screen, over the page and outside its (possibly blurred) frame: a portal on body.
 * Labelled by its title; focus moves in on opening, Tab stays inside, Escape (or the backdrop) closes it,
 * and focus goes back where it was when it closes.
 */
export function Dialog({ title, onClose, children, role = 'dialog', className, backdropClassName, initialFocus, closeOnBackdrop = true }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const dialog = box.current;
    if (dialog) (initialFocus?.(dialog) ?? firstFocusable(dialog) ?? dialog).focus();
    return () => {
      if (before && document.contains(before)) before.focus();
    };
    // Focus moves once, on opening.
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
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
    <div
      className={`ui-dialog-backdrop${backdropClassName ? ` ${backdropClassName}` : ''}`}
      onMouseDown={(event) => closeOnBackdrop && event.target === event.currentTarget && onClose()}
    >
      <div ref={box} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`ui-dialog${className ? ` ${className}` : ''}`} onKeyDown={onKeyDown}>
        <header className="ui-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-dialog__close" aria-label={t('app.close')} onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}

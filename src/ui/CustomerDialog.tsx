import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../i18n';
import styles from './customers.css?raw';
import { adoptStyles } from './adoptStyles';

adoptStyles(styles);

export interface CustomerDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** 'narrow' for confirmations, 'wide' for cards. */
  size?: 'narrow' | 'normal' | 'wide';
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog for the customer screens: labelled by its title, Escape or the backdrop closes it,
 * Tab stays inside, focus goes to the first control on open and back where it was on close.
 */
export function CustomerDialog(props: CustomerDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    // The first control of the content, else the first button (a confirmation's Delete), else the dialog itself.
    const inside = (part: string) => panel.current?.querySelector<HTMLElement>(FOCUSABLE.split(', ').map((each) => `.customer-dialog__${part} ${each}`).join(', '));
    const first = inside('body') ?? inside('footer') ?? panel.current;
    first?.focus();
    return () => before?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const [first, last] = [focusable[0], focusable[focusable.length - 1]];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="customer-dialog__backdrop" onMouseDown={(event) => event.target === event.currentTarget && props.onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`customer-dialog customer-dialog--${props.size ?? 'normal'}${props.className ? ` ${props.className}` : ''}`}
        onKeyDown={onKeyDown}
      >
        <header className="customer-dialog__header">
          <h2 id={titleId}>{props.title}</h2>
          <button type="button" className="customer-dialog__close" aria-label={t('app.close')} onClick={props.onClose}>
            ×
          </button>
        </header>
        <div className="customer-dialog__body">{props.children}</div>
        {props.footer ? <footer className="customer-dialog__footer">{props.footer}</footer> : null}
      </div>
    </div>
  );
}

export interface CustomerConfirmProps {
  /** Defaults to the spec's 'Are you sure you want to delete it?'. */
  question?: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The delete confirmation (spec 2 §5): the question, then Delete and Cancel. */
export function CustomerConfirm(props: CustomerConfirmProps) {
  return (
    <CustomerDialog
      title={t('app.confirm')}
      size="narrow"
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="customer-button customer-button--danger" disabled={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel ?? t('app.delete')}
          </button>
          <button type="button" className="customer-button" onClick={props.onCancel}>
            {t('app.cancel')}
          </button>
        </>
      }
    >
      <p className="customer-dialog__question">{props.question ?? t('app.confirmDelete')}</p>
    </CustomerDialog>
  );
}

import type { ReactNode } from 'react';
import { t } from '../i18n';
import { Dialog, firstFocusable } from './Dialog';
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
  /** The element focused on opening, instead of the first control. */
  initialFocus?: (dialog: HTMLElement) => HTMLElement | null | undefined;
}

/** The first control of the content, else the first button (a confirmation's Delete), else the dialog itself. */
const customerFocus = (dialog: HTMLElement) =>
  firstFocusable(dialog.querySelector('.customer-dialog__body')) ?? firstFocusable(dialog.querySelector('.customer-dialog__footer')) ?? dialog;

/** The customer screens' dialog: the shared modal with a body and a footer of buttons, from the top of a scrolling page. */
export function CustomerDialog(props: CustomerDialogProps) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      backdropClassName="customer-dialog__backdrop"
      className={`customer-dialog customer-dialog--${props.size ?? 'normal'}${props.className ? ` ${props.className}` : ''}`}
      initialFocus={props.initialFocus ?? customerFocus}
    >
      <div className="customer-dialog__body">{props.children}</div>
      {props.footer ? <footer className="customer-dialog__footer">{props.footer}</footer> : null}
    </Dialog>
  );
}

export interface CustomerConfirmProps {
  /** Defaults to the spec's 'Are you sure you want to delete it?'. */
  question?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Focus the cancel button on opening (when confirming loses work, Enter must not do it). */
  focusCancel?: boolean;
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
      initialFocus={props.focusCancel ? (dialog) => dialog.querySelector<HTMLElement>('.customer-dialog__footer button:last-child') : undefined}
      footer={
        <>
          <button type="button" className="customer-button customer-button--danger" disabled={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel ?? t('app.delete')}
          </button>
          <button type="button" className="customer-button" onClick={props.onCancel}>
            {props.cancelLabel ?? t('app.cancel')}
          </button>
        </>
      }
    >
      <p className="customer-dialog__question">{props.question ?? t('app.confirmDelete')}</p>
    </CustomerDialog>
  );
}

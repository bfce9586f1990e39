import type { ReactNode } from 'react';
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

import { useRef, useState } from 'react';
import { t } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';
import { copyText } from '../../../src/ui/clipboard';

export interface PublicLinkDialogProps {
  url: string;
  /** Whether copying on opening worked. */
  copied: boolean;
  onClose: () => void;
}

/**
 * The public order's link after it was made: said to be copied, or — when the browser refused — the spec's
 * 'Text not copied automatically. Try manually' with the link selected in a field, ready to copy by hand.
 */
export function PublicLinkDialog({ url, copied: copiedFirst, onClose }: PublicLinkDialogProps) {
  const [copied, setCopied] = useState(copiedFirst);
  const field = useRef<HTMLInputElement>(null);

  async function copyAgain() {
    const ok = await copyText(url);
    setCopied(ok);
    if (!ok) field.current?.select();
  }

  return (
    <Dialog
      title={t('orders.linkTitle')}
      onClose={onClose}
      className="orders-link"
      initialFocus={() => {
        // Selected, so Ctrl+C is all that is left to do when automatic copying failed.
        field.current?.select();
        return field.current;
      }}
    >
      <label className="ui-field__label" htmlFor="orders-public-link">
        {t('orders.linkLabel')}
      </label>
      <div className="orders-link__row">
        <input id="orders-public-link" ref={field} className="ui-input orders-link__input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="shell-button" onClick={() => void copyAgain()}>
          {t('orders.copy')}
        </button>
      </div>
      <p role="status" className={copied ? 'orders-success' : 'orders-warning'}>
        {copied ? t('success.copied') : t('errors.copyFailed')}
      </p>
      <div className="orders-dialog__buttons">
        <a className="shell-link" href={url} target="_blank" rel="noopener noreferrer">
          {t('orders.openPublic')}
        </a>
        <span className="orders-spacer" />
        <button type="button" className="shell-button shell-button-primary" onClick={onClose}>
          {t('app.close')}
        </button>
      </div>
    </Dialog>
  );
}

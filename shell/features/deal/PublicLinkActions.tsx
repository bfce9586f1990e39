import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { reloadOrder } from './state';
import { $publicLink, loadPublicLink, makeOrderPublic, resetPublicLink } from './publicLink';
import { copyText } from '../../../src/ui/clipboard';

/**
 * Staff only: make the order public, copy its link, go to the public order. When the browser refuses
 * to copy, the link is shown selected for copying by hand ('Text not copied automatically. Try manually').
 */
export function PublicLinkActions({ orderId, isPublic }: { orderId: number; isPublic: boolean }) {
  const link = useStore($publicLink);
  const [manual, setManual] = useState(false);
  const manualInput = useRef<HTMLInputElement>(null);
  const url = link.orderId === orderId ? link.url : null;

  // An order opened as not public has no link to offer, whatever was read before (it may have been unlinked
  // elsewhere); a public one has its links read again.
  useEffect(() => {
    if (isPublic) void loadPublicLink(orderId);
    else resetPublicLink();
  }, [orderId, isPublic]);

  useEffect(() => {
    if (manual) manualInput.current?.select();
  }, [manual, url]);

  async function copy(text: string) {
    if (await copyText(text)) {
      setManual(false);
      notify({ type: NotificationType.success, header: t('success.copied') });
    } else {
      setManual(true);
      notify({ type: NotificationType.warning, header: t('errors.copyFailed') });
    }
  }

  async function makePublic() {
    const made = await makeOrderPublic(orderId);
    if (!made) return;
    // The order now says it is public; the draft stays as it is.
    void reloadOrder();
    await copy(made);
  }

  return (
    <div className="deal-public" role="group" aria-label={t('order.publicActions')}>
      {url ? (
        <>
          <button type="button" className="shell-button" onClick={() => void copy(url)}>
            {t('order.copyLink')}
          </button>
          <a className="shell-button deal-public__go" href={url} target="_blank" rel="noopener noreferrer">
            {t('order.goToPublic')}
          </a>
        </>
      ) : (
        <button type="button" className="shell-button" disabled={link.busy} onClick={() => void makePublic()}>
          {isPublic && link.busy ? t('app.loading') : t('order.makePublic')}
        </button>
      )}
      {manual && url ? (
        <label className="deal-public__manual">
          <span>{t('order.publicLink')}</span>
          <input ref={manualInput} className="ui-input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </label>
      ) : null}
    </div>
  );
}

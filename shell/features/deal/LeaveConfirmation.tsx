import { useStore } from '@nanostores/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { t } from '../../../src/i18n';
import { $pendingLeave, cancelLeave, confirmLeave } from '../../../src/stores/order';

/**
 * Leaving with unsaved changes asks first (spec 2 §5). The move is held by the order store; staying
 * keeps everything as typed, leaving drops the draft and makes the move.
 */
export function LeaveConfirmation() {
  const pending = useStore($pendingLeave);
  const stay = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (pending === null) return undefined;
    const before = document.activeElement as HTMLElement | null;
    stay.current?.focus();
    return () => {
      if (before && document.contains(before)) before.focus();
    };
  }, [pending]);

  if (pending === null) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      cancelLeave();
    } else if (event.key === 'Tab') {
      // Two buttons: Tab moves between them and stays in the dialog.
      const buttons = [...event.currentTarget.querySelectorAll('button')];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      event.preventDefault();
      buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
    }
  };

  return (
    <div className="deal-modal" onClick={cancelLeave}>
      <div
        className="deal-modal__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="deal-leave-title"
        aria-describedby="deal-leave-text"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2 id="deal-leave-title">{t('order.leaveTitle')}</h2>
        <p id="deal-leave-text">{t('app.unsavedLeave')}</p>
        <div className="deal-modal__actions">
          <button ref={stay} type="button" className="shell-button shell-button-primary" onClick={cancelLeave}>
            {t('order.stay')}
          </button>
          <button type="button" className="shell-button" onClick={confirmLeave}>
            {t('order.leave')}
          </button>
        </div>
      </div>
    </div>
  );
}

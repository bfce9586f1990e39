import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { t } from '../../../src/i18n';
import { $pendingLeave, cancelLeave, confirmLeave } from './state';
import { Dialog } from '../../../src/ui/Dialog';

/**
 * Leaving with unsaved changes asks first (spec 2 §5). The move is held by the order store; staying
 * (the focused choice, also Escape and the backdrop) keeps everything as typed, leaving drops the draft
 * and makes the move.
 */
export function LeaveConfirmation() {
  const pending = useStore($pendingLeave);
  const stay = useRef<HTMLButtonElement>(null);
  if (pending === null) return null;

  return (
    <Dialog title={t('order.leaveTitle')} role="alertdialog" onClose={cancelLeave} initialFocus={() => stay.current} className="deal-leave">
      <p>{t('app.unsavedLeave')}</p>
      <div className="deal-leave__actions">
        <button ref={stay} type="button" className="shell-button shell-button-primary" onClick={cancelLeave}>
          {t('order.stay')}
        </button>
        <button type="button" className="shell-button" onClick={confirmLeave}>
          {t('order.leave')}
        </button>
      </div>
    </Dialog>
  );
}

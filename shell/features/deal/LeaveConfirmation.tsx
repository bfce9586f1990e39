import { useStore } from '@nanostores/react';
import { t } from '../../../src/i18n';
import { $pendingLeave, cancelLeave, confirmLeave } from './state';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';

/**
 * Leaving with unsaved changes asks first (spec 2 §5). The move is held by the order store; staying
 * (Cancel's place, focused; also Escape and the backdrop) keeps everything as typed, leaving drops the draft
 * and makes the move.
 */
export function LeaveConfirmation() {
  const pending = useStore($pendingLeave);
  if (pending === null) return null;

  return (
    <ConfirmDialog
      title={t('order.leaveTitle')}
      text={t('app.unsavedLeave')}
      cancelLabel={t('order.stay')}
      confirmLabel={t('order.leave')}
      onConfirm={confirmLeave}
      onCancel={cancelLeave}
      className="deal-leave"
    />
  );
}

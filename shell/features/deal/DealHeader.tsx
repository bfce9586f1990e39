import { useStore } from '@nanostores/react';
import { orderDisplayName } from '../../../src/domain/orderName';
import { t } from '../../../src/i18n';
import { $orderDraft, $saveConflict, $saveInFlight, $saving, $unsaved, type DealOrder, discardDraft, reloadKeepingDraft, saveOrder } from './state';
import { PublicLinkActions } from './PublicLinkActions';
import { ArchiveOrderActions } from './ArchiveOrderActions';
import { PrintButton } from './PrintButton';
import { isUnstored } from './newOrder';
import { LastChangeNote } from './LastChangeNote';

/** The order's name, the save bar, the public link and archive actions, print, and who changed it last. */
export function DealHeader({ order }: { order: DealOrder }) {
  const draft = useStore($orderDraft);
  const unstored = isUnstored(order);
  const name = orderDisplayName({ id: order.id, fields: { name: draft.name ?? order.name } }, (id) =>
    unstored ? t('order.unstoredName') : t('orders.newName', { id }),
  );
  return (
    <header className="deal-header">
      <h1 id="deal-title" className="deal-title">
        {name}
      </h1>
      <div className="deal-header__actions">
        <SaveBar />
        {!unstored ? <PublicLinkActions orderId={order.id} isPublic={order.public} /> : null}
        {!unstored ? <ArchiveOrderActions orderId={order.id} archived={order.archived} /> : null}
        {unstored ? null : <PrintButton orderId={order.id} />}
      </div>
      <LastChangeNote change={order.last_change} />
      <ConflictBanner />
    </header>
  );
}

/** Save with its status: unsaved changes, saving (kept 3 s, spec 1 §4), saved. */
function SaveBar() {
  const unsaved = useStore($unsaved);
  const saving = useStore($saving);
  const inFlight = useStore($saveInFlight);
  let status = '';
  if (inFlight) status = t('app.saving');
  else if (saving) status = unsaved ? t('order.unsavedChanges') : t('app.saved');
  else if (unsaved) status = t('order.unsavedChanges');
  return (
    <div className="deal-save">
      <span className={`deal-save__status${unsaved && !inFlight ? ' deal-save__status--unsaved' : ''}`} role="status" aria-live="polite">
        {inFlight ? <span className="ui-spinner" aria-hidden="true" /> : null}
        {status}
      </span>
      <button
        type="button"
        className="shell-button shell-button-primary"
        disabled={!unsaved || inFlight}
        aria-keyshortcuts="Control+S"
        onClick={() => void saveOrder()}
      >
        {inFlight ? t('app.saving') : t('app.save')}
      </button>
    </div>
  );
}

/**
 * A save refused because the order changed since it was read (409): the server's text came as a
 * notification; here the user chooses to reload keeping their changes on top, or to drop them.
 */
function ConflictBanner() {
  const conflict = useStore($saveConflict);
  if (!conflict) return null;
  return (
    <div className="deal-conflict" role="alert">
      <p>
        <strong>{t('order.conflict')}</strong> {t('order.conflictHint')}
      </p>
      <div className="deal-conflict__actions">
        <button type="button" className="shell-button shell-button-primary" onClick={() => void reloadKeepingDraft()}>
          {t('order.reloadKeep')}
        </button>
        <button type="button" className="shell-button" onClick={() => void discardDraft()}>
          {t('order.discardReload')}
        </button>
      </div>
    </div>
  );
}

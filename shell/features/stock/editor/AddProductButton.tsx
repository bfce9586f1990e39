import { useStore } from '@nanostores/react';
import { memberHasRight } from '../../../../src/domain/rights';
import { t } from '../../../../src/i18n';
import { $account } from '../../../../src/stores/account';
import { openOverlay } from '../../../stores/overlays';

/**
 * Opens the editor on a new product. A stand-in until the stock table (issue 13 §2, another branch) brings
 * its own add button and row clicks; then this goes.
 */
export function AddProductButton() {
  const { account, user } = useStore($account);
  if (!memberHasRight(user, account, 'editingRemains')) return null;
  return (
    <button type="button" className="shell-button shell-button-primary" onClick={() => openOverlay('editProduct')}>
      {t('stock.editor.add')}
    </button>
  );
}

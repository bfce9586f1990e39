import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { memberHasRight } from '../../../../src/domain/rights';
import { t } from '../../../../src/i18n';
import { $account } from '../../../../src/stores/account';
import { $stockVersion } from '../state';
import { listTransit } from './api';
import { openStockDialog } from './open';

/**
 * Goods on their way between warehouses show on the stock screen: the moves in transit are counted here and the
 * button opens their list (Receive / Cancel). Who may not move goods sees the count, disabled, only when there is one.
 */
export function InTransitButton() {
  const { account, user } = useStore($account);
  const version = useStore($stockVersion);
  const mover = memberHasRight(user, account, 'changeRemains');
  const [inTransit, setInTransit] = useState(0);
  useEffect(() => {
    let live = true;
    listTransit().then((answer) => {
      if (live && answer.ok) setInTransit(answer.data.length);
    });
    return () => {
      live = false;
    };
  }, [version]);

  if (!mover && inTransit === 0) return null;
  return (
    <button type="button" className="shell-button" disabled={!mover} onClick={() => openStockDialog('transit')}>
      {t('stock.ops.inTransitCount', { count: inTransit })}
    </button>
  );
}

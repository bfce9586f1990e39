import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { memberHasRight } from '../../../../src/domain/rights';
import { t } from '../../../../src/i18n';
import { $account } from '../../../../src/stores/account';
import { openOverlay } from '../../../stores/overlays';
import { $stockVersion } from '../state';
import { listTransit } from './api';
import { openStockDialog } from './open';

/**
 * The stock screen's operation buttons: receiving, writing off and moving need the 'arrival, write-off, movement'
 * right, the price edit the 'editing product' one; without it the button is not there (the server refuses anyway).
 * The moves in transit are counted here, so goods on their way show on the screen.
 */
export function StockOperationsBar() {
  const { account, user } = useStore($account);
  const version = useStore($stockVersion);
  const mover = memberHasRight(user, account, 'changeRemains');
  const editor = memberHasRight(user, account, 'editingRemains');
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

  return (
    <div className="stock-ops__bar" role="toolbar" aria-label={t('stock.ops.operations')}>
      {mover && (
        <>
          <button type="button" className="shell-button" onClick={() => openStockDialog('arrival')}>
            {t('stock.addGoods')}
          </button>
          <button type="button" className="shell-button" onClick={() => openStockDialog('writeOff')}>
            {t('stock.writeOff')}
          </button>
          <button type="button" className="shell-button" onClick={() => openOverlay('moveProducts')}>
            {t('stock.move')}
          </button>
        </>
      )}
      {editor && (
        <button type="button" className="shell-button" onClick={() => openOverlay('editPrice')}>
          {t('stock.editPrice')}
        </button>
      )}
      {(mover || inTransit > 0) && (
        <button type="button" className="shell-button" disabled={!mover} onClick={() => openStockDialog('transit')}>
          {t('stock.ops.inTransitCount', { count: inTransit })}
        </button>
      )}
    </div>
  );
}

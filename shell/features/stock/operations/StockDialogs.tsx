import { useStore } from '@nanostores/react';
import styles from './operations.css?raw';
import { adoptStyles } from '../../../../src/ui/adoptStyles';
import { ArrivalDialog } from './ArrivalDialog';
import { $stockDialog, closeStockDialog } from './open';
import { TransitDialog } from './TransitDialog';
import { WriteOffDialog } from './WriteOffDialog';

adoptStyles(styles);

/** The stock screen renders this once: the dialog openStockDialog() asked for (add goods, write off, moves in transit). */
export function StockDialogs() {
  const open = useStore($stockDialog);
  if (open === 'arrival') return <ArrivalDialog onClose={closeStockDialog} />;
  if (open === 'writeOff') return <WriteOffDialog onClose={closeStockDialog} />;
  if (open === 'transit') return <TransitDialog onClose={closeStockDialog} />;
  return null;
}

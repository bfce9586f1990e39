import { lazy } from 'react';
import DealScreen from '../features/deal/DealScreen';

/** The payments feature's state line for staff (issue 18 §4): its own chunk. */
const StaffPaymentBadge = lazy(() => import('../features/payments/StaffPaymentBadge'));

/** /addToDeal: the order screen, composed here with the order's online payment state. */
export default function DealPage() {
  return <DealScreen payment={StaffPaymentBadge} />;
}

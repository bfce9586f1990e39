import { lazy } from 'react';
import PublicOrderScreen from '../features/publicOrder/PublicOrderScreen';

/** The payments feature's 'Pay' / 'Paid' (issue 18 §4): its own chunk, fetched once the order page shows. */
const PublicPayment = lazy(() => import('../features/payments/PublicPayment'));

/** /publicOrder: the customer's order page, composed here with payments (features do not import each other). */
export default function PublicOrderPage() {
  return <PublicOrderScreen payment={PublicPayment} />;
}

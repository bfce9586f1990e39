import OrdersScreen from '../features/orders/OrdersScreen';
import { paymentColumn } from '../features/payments/PaymentBadge';

/** /orders: the orders list, composed here with the payments feature's Payment column (issue 18 §4). */
export default function OrdersPage() {
  return <OrdersScreen payment={paymentColumn} />;
}

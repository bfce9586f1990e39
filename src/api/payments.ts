import type { OrderPaymentView, PayAnswer, PaymentLogPage, PaymentSettings, PaymentSettingsUpdate, PaymentStates, PaymentTestAnswer } from '../contract/payments';
import { publicApi, staffApi } from './http';

/** Issue 18 §4: the account's payment settings (admins), an order's payment for staff, and 'Pay' for its customer. */
export const getPaymentSettings = () => staffApi.get<PaymentSettings>('payments/settings');
export const savePaymentSettings = (body: PaymentSettingsUpdate) => staffApi.post<PaymentSettings>('payments/settings', body);
export const testPaymentConnection = () => staffApi.post<PaymentTestAnswer>('payments/settings/test');
export const getPaymentLog = (page: number) => staffApi.get<PaymentLogPage>('payments/log', { page });
export const getOrderPayment = (orderId: number) => staffApi.get<OrderPaymentView>('payments/order', { order_id: orderId });
export const getPaymentStates = (orderIds: number[]) => staffApi.get<PaymentStates>('payments/orders', { order_ids: orderIds.join(',') });

export const getPublicOrderPayment = (orderId: number) => publicApi.get<OrderPaymentView>('public-order/order/payment', { order_id: orderId });
export const startPublicPayment = (orderId: number) => publicApi.post<PayAnswer>('public-order/order/pay', { order_id: orderId });

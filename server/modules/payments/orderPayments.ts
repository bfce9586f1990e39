import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OrderPaymentView, PaymentProvider, PaymentState, PaymentStates } from '../../../src/contract/payments';
import { defaultCurrency } from '../../../src/domain/fieldTypes';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/client';
import { accounts, orderPayments, orderPositions, orders } from '../../db/schema';
import { settingsRowOf, adapterOf } from './settings';
import type { ServerConfig } from '../../config';
import { minorUnits, PAID_STATES } from './provider';

export type PaymentRow = typeof orderPayments.$inferSelect;

/** What an order asks to be paid: its total and the currency of its positions (the account's when it has none). */
export interface OrderCharge {
  amount: string;
  /** null when its positions are priced in more than one currency (no provider can take that). */
  currency: string | null;
  version: number;
  name: string;
}

export async function orderChargeOf(db: Db | Tx, accountId: number, orderId: number, lock = false): Promise<OrderCharge | null> {
  const query = db
    .select({ sum: orders.sum, version: orders.version, name: orders.name, isKommo: accounts.isKommo })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
  const [order] = lock ? await query.for('update', { of: orders }) : await query;
  if (!order) return null;
  const currencies = await db
    .selectDistinct({ currency: orderPositions.currency })
    .from(orderPositions)
    .where(and(eq(orderPositions.accountId, accountId), eq(orderPositions.orderId, orderId)));
  const currency = currencies.length === 0 ? defaultCurrency({ is_kommo: order.isKommo }) : currencies.length === 1 ? currencies[0]!.currency : null;
  return { amount: order.sum, currency, version: order.version, name: order.name };
}

/** The order's payments, newest first. */
export async function paymentsOf(db: Db | Tx, accountId: number, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.orderId, orderId)))
    .orderBy(desc(orderPayments.id));
}

/** Paid: a payment succeeded (and was not wholly refunded). The newest payment's state is the one shown. */
const paidOf = (payments: PaymentRow[]) => payments.find((payment) => PAID_STATES.has(payment.state as PaymentState)) ?? null;

/** Why 'Pay' is not offered for an order, or null when it is. */
export function payRefusal(provider: PaymentProvider | null, providerCurrency: string | null, charge: OrderCharge, payments: PaymentRow[]): string | null {
  if (!provider) return 'This seller does not take online payments';
  if (paidOf(payments)) return 'This order is already paid';
  if (minorUnits(charge.amount) <= 0) return 'The order has nothing to pay';
  if (charge.currency !== providerCurrency) return `The order is priced in ${charge.currency ?? 'several currencies'}; online payment takes ${providerCurrency}`;
  return null;
}

/** An order's payment as the customer's page and the staff's order screen show it. */
export async function orderPaymentView(db: Db, config: ServerConfig, accountId: number, orderId: number): Promise<OrderPaymentView | null> {
  const [charge, payments, settings] = await Promise.all([orderChargeOf(db, accountId, orderId), paymentsOf(db, accountId, orderId), settingsRowOf(db, accountId)]);
  if (!charge) return null;
  const adapter = adapterOf(config, settings);
  const paid = paidOf(payments);
  const latest = paid ?? payments[0] ?? null;
  return {
    order_id: orderId,
    offered: payRefusal(adapter?.provider ?? null, adapter?.currency ?? null, charge, payments) === null,
    provider: (latest?.provider as PaymentProvider | undefined) ?? adapter?.provider ?? null,
    state: (latest?.state as PaymentState | undefined) ?? null,
    paid: paid !== null,
    amount: paid?.amount ?? charge.amount,
    currency: paid?.currency ?? adapter?.currency ?? charge.currency ?? '',
    paid_at: paid ? paid.updatedAt.toISOString() : null,
    refunded_amount: latest?.refundedAmount ?? '0.00',
  };
}

/**
 * The state the orders list shows per order: a success (even partly refunded) wins over a later attempt, else the
 * newest attempt's state. One query on order_payments (account_id, order_id) for the page's orders.
 */
export async function paymentStates(db: Db, accountId: number, orderIds: number[]): Promise<PaymentStates> {
  if (!orderIds.length) return {};
  const rows = await db
    .select({ orderId: orderPayments.orderId, state: orderPayments.state })
    .from(orderPayments)
    .where(and(eq(orderPayments.accountId, accountId), inArray(orderPayments.orderId, orderIds)))
    .orderBy(orderPayments.id);
  const states: PaymentStates = {};
  for (const row of rows) {
    const shown = states[row.orderId];
    if (!shown || !PAID_STATES.has(shown)) states[row.orderId] = row.state as PaymentState;
  }
  return states;
}

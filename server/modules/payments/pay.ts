import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { PayAnswer, PaymentState } from '../../../src/contract/payments';
import type { PublicCaller } from '../../auth/publicSessions';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { orderPayments } from '../../db/schema';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { logIntegration } from '../integrations/log';
import { NO_SUCH_ORDER } from '../orders/service';
import { requireOrderAccess } from '../publicOrder/access';
import { paymentDescription } from './description';
import { failureText } from './http';
import { orderChargeOf, type PaymentRow, paymentsOf, payRefusal } from './orderPayments';
import { sameAmount } from './provider';
import { adapterOf, settingsRowOf } from './settings';

/** Where the provider sends the customer back: the order's public page (hash route), which then shows the state. */
const returnUrlOf = (ourUrl: string, orderId: number, outcome: 'return' | 'cancel') => `${ourUrl}/#/publicOrder?order_id=${orderId}&payment=${outcome}`;

/**
 * The payment to send the customer to: the order's pending one while the order is as it was when that was made, else a
 * new one. Runs under the order's row lock, so concurrent clicks find one row (and one idempotence key).
 */
async function pendingPayment(db: Db, accountId: number, orderId: number, provider: 'yookassa' | 'stripe', providerCurrency: string): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const charge = await orderChargeOf(tx, accountId, orderId, true);
    if (!charge) throw notFound(NO_SUCH_ORDER);
    const payments = await paymentsOf(tx, accountId, orderId);
    const refusal = payRefusal(provider, providerCurrency, charge, payments);
    if (refusal) throw unprocessable(refusal);
    const pending = payments.find((payment) => payment.state === 'pending');
    if (pending && pending.provider === provider && pending.orderVersion === charge.version && sameAmount(pending.amount, charge.amount)) return pending;
    if (pending) {
      // The order (or the provider) changed: that payment asks for a stale amount. Its late success still counts (webhooks).
      await tx
        .update(orderPayments)
        .set({ state: 'canceled', updatedAt: new Date() })
        .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.id, pending.id)));
    }
    const [row] = await tx
      .insert(orderPayments)
      .values({ accountId, orderId, provider, amount: charge.amount, currency: providerCurrency, state: 'pending', idempotenceKey: randomUUID(), orderVersion: charge.version })
      .returning();
    return row!;
  });
}

/**
 * public-order/order/pay: the amount comes from the order, never from the customer. The provider is called outside the
 * transaction with the row's idempotence key: a repeated or concurrent click gets the provider's same payment back.
 */
export async function payForOrder(db: Db, config: ServerConfig, caller: PublicCaller, orderId: number, ourUrl: string): Promise<PayAnswer> {
  await requireOrderAccess(db, caller, orderId);
  const { accountId } = caller;
  const adapter = adapterOf(config, await settingsRowOf(db, accountId));
  if (!adapter) throw unprocessable('This seller does not take online payments');
  const row = await pendingPayment(db, accountId, orderId, adapter.provider, adapter.currency);
  if (row.externalId && row.confirmationUrl) return { confirmation_url: row.confirmationUrl, state: row.state as PaymentState };
  const description = await paymentDescription(db, accountId, orderId);
  let created: Awaited<ReturnType<typeof adapter.createPayment>>;
  try {
    created = await adapter.createPayment({
      amount: row.amount,
      currency: row.currency,
      idempotenceKey: row.idempotenceKey,
      returnUrl: returnUrlOf(ourUrl, orderId, 'return'),
      cancelUrl: returnUrlOf(ourUrl, orderId, 'cancel'),
      orderId,
      description,
    });
  } catch (error) {
    const message = failureText(error);
    await logIntegration(db, { accountId, source: adapter.provider, level: 'error', action: 'payment-create', message, details: { order_id: orderId, payment_id: row.id, amount: row.amount, currency: row.currency } });
    // The row stays pending without the provider's id: the next click repeats the call with the same key.
    throw new HttpError(502, `The payment could not be started: ${message}`);
  }
  if (!sameAmount(created.amount, row.amount) || created.currency !== row.currency || !created.confirmationUrl) {
    const message = `The provider answered ${created.amount} ${created.currency} for a payment of ${row.amount} ${row.currency}`;
    await logIntegration(db, { accountId, source: adapter.provider, level: 'error', action: 'payment-create', message, details: { order_id: orderId, external_id: created.externalId, amount: created.amount, currency: created.currency } });
    throw new HttpError(502, `The payment could not be started: ${message}`);
  }
  await db
    .update(orderPayments)
    .set({ externalId: created.externalId, confirmationUrl: created.confirmationUrl, updatedAt: new Date() })
    .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.id, row.id), or(isNull(orderPayments.externalId), eq(orderPayments.externalId, created.externalId))));
  await logIntegration(db, {
    accountId,
    source: adapter.provider,
    level: 'info',
    action: 'payment-create',
    message: `Payment ${created.externalId} of ${row.amount} ${row.currency} started for order ${orderId}`,
    details: { order_id: orderId, external_id: created.externalId, amount: row.amount, currency: row.currency },
  });
  return { confirmation_url: created.confirmationUrl, state: 'pending' };
}

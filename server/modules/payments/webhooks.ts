import { and, eq, inArray, or } from 'drizzle-orm';
import type { PaymentProvider, PaymentState } from '../../../src/contract/payments';
import type { ServerConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { orderPayments } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { firstDelivery } from '../integrations/events';
import { logIntegration } from '../integrations/log';
import { failureText } from './http';
import type { PaymentRow } from './orderPayments';
import { canMove, majorUnits, minorUnits, type PaymentAdapter, type ProviderRefund, sameAmount, type VerifiedNotification, WebhookRefused } from './provider';
import { adapterOf, settingsRowOf } from './settings';

export const NO_PAYMENTS_HERE = 'This account takes no payments with this provider';

export interface WebhookAnswer {
  accepted: boolean;
  state: PaymentState | null;
}

/** A refusal found inside the transaction: it rolls back (the delivery key stays free) and is logged after. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * A provider's notification (YooKassa: re-read by GET; Stripe: signature checked). Taken once per delivery key
 * (firstDelivery, in the transaction of its effect); the payment moves only forward (canMove), only when it is ours,
 * for the order it names, and for the amount and currency we asked. Every refusal is logged and changes nothing.
 */
export async function acceptPaymentWebhook(
  db: Db,
  config: ServerConfig,
  provider: PaymentProvider,
  accountId: number,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAnswer> {
  const settings = await settingsRowOf(db, accountId);
  // Keys sealed under another key (INTEGRATION_KEY changed) open to nothing: no provider to believe, so a 404, not a 500.
  const adapter = adapterOf(config, settings, provider, 'none');
  if (!adapter) throw notFound(NO_PAYMENTS_HERE);
  const event = eventOfBody(rawBody);
  const refuse = async (message: string, details: Record<string, unknown> = {}, status = 400): Promise<never> => {
    // Not believed, but the payments log can still say which of our payments it named.
    const named = 'order_id' in details ? null : await namedPayment(db, accountId, provider, rawBody);
    const about = named ? { order_id: named.orderId, external_id: named.externalId, amount: named.amount, currency: named.currency } : {};
    await logIntegration(db, { accountId, source: provider, level: 'warning', action: 'payment-webhook', message, details: { event, ...about, ...details } });
    throw new HttpError(status, message);
  };

  let notification: VerifiedNotification;
  try {
    notification = await adapter.verifyWebhook(rawBody, headers);
  } catch (error) {
    // No notification of this provider at all: noise anyone can post at a public address, answered but not logged.
    if (error instanceof WebhookRefused && error.malformed) throw new HttpError(400, `Notification refused: ${error.message}`);
    if (error instanceof WebhookRefused) return refuse(`Notification refused: ${error.message}`);
    // YooKassa did not confirm the payment it names (an unknown id answers 404), or could not be asked.
    return refuse(`Notification not confirmed by the provider: ${failureText(error)}`, {}, 400);
  }
  if (notification.refund) {
    const { refund } = notification;
    // A Stripe charge names the PaymentIntent: payments completed before we kept it are found through Stripe.
    let externalId = refund.externalId;
    if (externalId === null && refund.providerRef !== null) {
      externalId = (await paymentIdOfRef(db, accountId, provider, refund.providerRef)) ?? (await askRef(adapter, refund.providerRef).catch(() => null));
    }
    if (externalId === null) return refuse(`Notification refused: no payment ${refund.providerRef ?? ''} was made here`, { provider_ref: refund.providerRef });
    try {
      return await db.transaction((tx) => applyRefund(tx, accountId, provider, notification.deliveryKey, notification.event, externalId, refund));
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.message, error.details);
      throw error;
    }
  }
  const { payment } = notification;
  try {
    return await db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, accountId, provider, notification.deliveryKey))) return { accepted: false, state: null };
      const row = await paymentRowOf(tx, accountId, provider, payment.externalId);
      const details = { event: notification.event, order_id: row.orderId, external_id: payment.externalId, state: payment.state, amount: row.amount, currency: row.currency };
      if (payment.orderRef !== null && payment.orderRef !== String(row.orderId)) {
        throw new Refusal(`Notification refused: payment ${payment.externalId} names order ${payment.orderRef}, not ${row.orderId}`, details);
      }
      if (!sameAmount(payment.amount, row.amount) || payment.currency !== row.currency) {
        throw new Refusal(`Notification refused: payment ${payment.externalId} is for ${payment.amount} ${payment.currency}, we asked ${row.amount} ${row.currency}`, details);
      }
      const from = row.state as PaymentState;
      if (payment.providerRef && !row.providerRef) {
        await tx.update(orderPayments).set({ providerRef: payment.providerRef }).where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.id, row.id)));
      }
      if (!canMove(from, payment.state)) {
        if (from !== payment.state) {
          await logIntegration(tx, { accountId, source: provider, level: 'info', action: 'payment-webhook', message: `Payment ${payment.externalId} stays ${from}: a late '${payment.state}' notification`, details });
        }
        return { accepted: true, state: from };
      }
      // YooKassa's re-read payment may already carry refunds made since: their total comes along.
      const refunded = payment.refundedAmount && minorUnits(payment.refundedAmount) > minorUnits(row.refundedAmount) ? payment.refundedAmount : row.refundedAmount;
      await tx
        .update(orderPayments)
        .set({ state: payment.state, refundedAmount: refunded, updatedAt: new Date() })
        .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.id, row.id)));
      await logIntegration(tx, { accountId, source: provider, level: 'info', action: 'payment-webhook', message: `Payment ${payment.externalId} of order ${row.orderId}: ${from} → ${payment.state}`, details });
      return { accepted: true, state: payment.state };
    });
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message, error.details);
    throw error;
  }
}

/** The event a body names (YooKassa's event, Stripe's type), for the log of a delivery that was not believed. */
function eventOfBody(rawBody: string): string | null {
  try {
    const body = JSON.parse(rawBody) as { event?: unknown; type?: unknown };
    const name = typeof body?.event === 'string' ? body.event : typeof body?.type === 'string' && body.type !== 'notification' ? body.type : null;
    return name && /^[\w.]{1,64}$/.test(name) ? name : null;
  } catch {
    return null;
  }
}

/** Our payment a body names (a payment or session id, a refund's payment_id, a charge's payment_intent), if any. */
async function namedPayment(db: Db, accountId: number, provider: PaymentProvider, rawBody: string) {
  let told: { id?: unknown; payment_id?: unknown; payment_intent?: unknown } | undefined;
  try {
    const body = JSON.parse(rawBody) as { object?: typeof told; data?: { object?: typeof told } };
    told = body?.object ?? body?.data?.object;
  } catch {
    return null;
  }
  const ids = [told?.id, told?.payment_id].filter((id): id is string => typeof id === 'string' && id.length <= 128);
  const ref = typeof told?.payment_intent === 'string' && told.payment_intent.length <= 128 ? told.payment_intent : null;
  if (!ids.length && !ref) return null;
  const [row] = await db
    .select({ orderId: orderPayments.orderId, externalId: orderPayments.externalId, amount: orderPayments.amount, currency: orderPayments.currency })
    .from(orderPayments)
    .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.provider, provider), or(ids.length ? inArray(orderPayments.externalId, ids) : undefined, ref ? eq(orderPayments.providerRef, ref) : undefined)))
    .limit(1);
  return row ?? null;
}

async function paymentRowOf(tx: Tx, accountId: number, provider: PaymentProvider, externalId: string): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.provider, provider), eq(orderPayments.externalId, externalId)))
    .for('update');
  if (!row) throw new Refusal(`Notification refused: no payment ${externalId} was made here`, { external_id: externalId });
  return row;
}

async function paymentIdOfRef(db: Db, accountId: number, provider: PaymentProvider, providerRef: string): Promise<string | null> {
  const [row] = await db
    .select({ externalId: orderPayments.externalId })
    .from(orderPayments)
    .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.provider, provider), eq(orderPayments.providerRef, providerRef)));
  return row?.externalId ?? null;
}

const askRef = async (adapter: PaymentAdapter, providerRef: string) => (adapter.paymentOfRef ? adapter.paymentOfRef(providerRef) : null);

/**
 * A refund the provider vouches for: the payment must be ours, for the order, amount and currency we asked; the
 * refunded total only grows (a late or repeated delivery with a smaller total changes nothing); all of it back is
 * 'refunded', part of it 'partly_refunded'. A refund proves the payment was taken, so a payment still pending here
 * (its success not yet delivered) moves too.
 */
async function applyRefund(tx: Tx, accountId: number, provider: PaymentProvider, deliveryKey: string, event: string, externalId: string, refund: ProviderRefund): Promise<WebhookAnswer> {
  if (!(await firstDelivery(tx, accountId, provider, deliveryKey))) return { accepted: false, state: null };
  const row = await paymentRowOf(tx, accountId, provider, externalId);
  const details = { event, order_id: row.orderId, external_id: externalId, amount: refund.refundedTotal, currency: refund.currency };
  if (refund.orderRef !== null && refund.orderRef !== String(row.orderId)) {
    throw new Refusal(`Notification refused: payment ${externalId} names order ${refund.orderRef}, not ${row.orderId}`, details);
  }
  if (!sameAmount(refund.paymentAmount, row.amount) || refund.currency !== row.currency) {
    throw new Refusal(`Notification refused: payment ${externalId} is for ${refund.paymentAmount} ${refund.currency}, we asked ${row.amount} ${row.currency}`, details);
  }
  const total = minorUnits(refund.refundedTotal);
  if (total <= 0 || total > minorUnits(row.amount)) throw new Refusal(`Notification refused: a refund of ${refund.refundedTotal} ${refund.currency} for a payment of ${row.amount}`, details);
  const from = row.state as PaymentState;
  if (total <= minorUnits(row.refundedAmount)) return { accepted: true, state: from };
  const state: PaymentState = total === minorUnits(row.amount) ? 'refunded' : 'partly_refunded';
  await tx
    .update(orderPayments)
    .set({ state, refundedAmount: majorUnits(total), updatedAt: new Date() })
    .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.id, row.id)));
  await logIntegration(tx, {
    accountId,
    source: provider,
    level: 'info',
    action: 'payment-webhook',
    message: `Payment ${externalId} of order ${row.orderId}: ${from} → ${state}, ${majorUnits(total)} of ${row.amount} ${row.currency} refunded`,
    details: { ...details, state },
  });
  return { accepted: true, state };
}

import { and, eq } from 'drizzle-orm';
import type { PaymentProvider, PaymentState } from '../../../src/contract/payments';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { orderPayments } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { firstDelivery } from '../integrations/events';
import { logIntegration } from '../integrations/log';
import { failureText } from './http';
import { canMove, sameAmount, type VerifiedNotification, WebhookRefused } from './provider';
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
  const refuse = async (message: string, details: Record<string, unknown> = {}, status = 400): Promise<never> => {
    await logIntegration(db, { accountId, source: provider, level: 'warning', action: 'payment-webhook', message, details });
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
  const { payment } = notification;
  try {
    return await db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, accountId, provider, notification.deliveryKey))) return { accepted: false, state: null };
      const [row] = await tx
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.provider, provider), eq(orderPayments.externalId, payment.externalId)))
        .for('update');
      if (!row) throw new Refusal(`Notification refused: no payment ${payment.externalId} was made here`, { external_id: payment.externalId });
      const details = { order_id: row.orderId, external_id: payment.externalId, state: payment.state };
      if (payment.orderRef !== null && payment.orderRef !== String(row.orderId)) {
        throw new Refusal(`Notification refused: payment ${payment.externalId} names order ${payment.orderRef}, not ${row.orderId}`, details);
      }
      if (!sameAmount(payment.amount, row.amount) || payment.currency !== row.currency) {
        throw new Refusal(`Notification refused: payment ${payment.externalId} is for ${payment.amount} ${payment.currency}, we asked ${row.amount} ${row.currency}`, details);
      }
      const from = row.state as PaymentState;
      if (!canMove(from, payment.state)) {
        if (from !== payment.state) {
          await logIntegration(tx, { accountId, source: provider, level: 'info', action: 'payment-webhook', message: `Payment ${payment.externalId} stays ${from}: a late '${payment.state}' notification`, details });
        }
        return { accepted: true, state: from };
      }
      await tx
        .update(orderPayments)
        .set({ state: payment.state, updatedAt: new Date() })
        .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.id, row.id)));
      await logIntegration(tx, { accountId, source: provider, level: 'info', action: 'payment-webhook', message: `Payment ${payment.externalId} of order ${row.orderId}: ${from} → ${payment.state}`, details });
      return { accepted: true, state: payment.state };
    });
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message, error.details);
    throw error;
  }
}

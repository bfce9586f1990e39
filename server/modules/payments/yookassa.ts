import type { PaymentState } from '../../../src/contract/payments';
import { providerCall } from './http';
import { type PaymentAdapter, type PaymentRequest, type ProviderPayment, sameAmount, WebhookRefused } from './provider';

/**
 * YooKassa API v3 (yookassa.ru/developers/api): Basic auth shopId:secretKey, an Idempotence-Key on every POST, amounts
 * as {value "123.45", currency}. Notifications are not signed, so one is believed only as far as GET /v3/payments/{id}
 * confirms it: the payment we then store is the one YooKassa answers, and a body that disagrees with it is ignored.
 */
export interface YooKassaKeys {
  shopId: string;
  secretKey: string;
}

interface YooAmount {
  value: string;
  currency: string;
}

interface YooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: YooAmount;
  refunded_amount?: YooAmount;
  confirmation?: { type: string; confirmation_url?: string };
  metadata?: Record<string, string>;
}

interface YooError {
  type?: string;
  code?: string;
  description?: string;
}

const describe = (body: unknown) => {
  const error = (body ?? {}) as YooError;
  return [error.code, error.description].filter(Boolean).join(': ') || 'no reason given';
};

function stateOf(payment: YooPayment): PaymentState {
  if (payment.status === 'succeeded') return payment.refunded_amount && sameAmount(payment.refunded_amount.value, payment.amount.value) ? 'refunded' : 'succeeded';
  if (payment.status === 'canceled') return 'canceled';
  return 'pending';
}

function toPayment(payment: YooPayment): ProviderPayment {
  return {
    externalId: payment.id,
    state: stateOf(payment),
    amount: payment.amount.value,
    currency: payment.amount.currency,
    confirmationUrl: payment.confirmation?.confirmation_url ?? null,
    orderRef: payment.metadata?.order_id ?? null,
  };
}

const isPayment = (value: unknown): value is YooPayment => {
  const payment = value as YooPayment | null;
  return typeof payment?.id === 'string' && typeof payment.status === 'string' && typeof payment.amount?.value === 'string' && typeof payment.amount.currency === 'string';
};

const NOTIFIED: Record<string, PaymentState> = { 'payment.succeeded': 'succeeded', 'payment.canceled': 'canceled', 'payment.waiting_for_capture': 'pending' };

export function yookassaAdapter(baseUrl: string, keys: YooKassaKeys, gateKey: string): PaymentAdapter {
  const authorization = `Basic ${Buffer.from(`${keys.shopId}:${keys.secretKey}`).toString('base64')}`;
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}/v3${path}`;
  const read = async (path: string) => (await providerCall<unknown>(gateKey, url(path), { headers: { authorization } }, describe)).body;

  const adapter: PaymentAdapter = {
    provider: 'yookassa',
    currency: 'RUB',
    async createPayment(request: PaymentRequest) {
      const body = {
        amount: { value: request.amount, currency: request.currency },
        capture: true,
        confirmation: { type: 'redirect', return_url: request.returnUrl },
        description: request.description.slice(0, 128),
        metadata: { order_id: String(request.orderId) },
      };
      const answer = await providerCall<unknown>(
        gateKey,
        url('/payments'),
        { method: 'POST', headers: { authorization, 'content-type': 'application/json', 'idempotence-key': request.idempotenceKey }, body: JSON.stringify(body) },
        describe,
      );
      if (!isPayment(answer.body)) throw new Error('YooKassa answered a payment without id, status or amount');
      return toPayment(answer.body);
    },
    async fetchPayment(externalId) {
      const body = await read(`/payments/${encodeURIComponent(externalId)}`);
      if (!isPayment(body)) throw new Error('YooKassa answered a payment without id, status or amount');
      return toPayment(body);
    },
    async verifyWebhook(rawBody) {
      let notification: { type?: unknown; event?: unknown; object?: unknown };
      try {
        notification = JSON.parse(rawBody) as typeof notification;
      } catch {
        throw new WebhookRefused('The YooKassa notification is not JSON', true);
      }
      const event = typeof notification?.event === 'string' ? notification.event : '';
      const told = notification?.object as Partial<YooPayment> | undefined;
      if (notification?.type !== 'notification' || !(event in NOTIFIED) || typeof told?.id !== 'string' || !/^[\w-]{1,64}$/.test(told.id)) {
        throw new WebhookRefused('Not a YooKassa payment notification', true);
      }
      // Unsigned: what counts is YooKassa's own answer for this id.
      const payment = await adapter.fetchPayment(told.id);
      const agrees = payment.state === NOTIFIED[event] && (!told.amount?.value || sameAmount(told.amount.value, payment.amount)) && (!told.amount?.currency || told.amount.currency === payment.currency);
      if (!agrees) throw new WebhookRefused(`The notification (${event}) disagrees with the payment YooKassa holds (${payment.state} ${payment.amount} ${payment.currency})`);
      return { deliveryKey: `${event}:${payment.externalId}`, payment };
    },
    async testConnection() {
      await read('/me');
    },
  };
  return adapter;
}

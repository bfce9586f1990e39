import type { PaymentState } from '../../../src/contract/payments';
import { providerCall } from './http';
import { minorUnits, type PaymentAdapter, type PaymentRequest, type ProviderPayment, sameAmount, WebhookRefused } from './provider';

/**
 * YooKassa API v3 (yookassa.ru/developers/api): Basic auth shopId:secretKey, an Idempotence-Key on every POST, amounts
 * as {value "123.45", currency}. Notifications are not signed, so one is believed only as far as GET /v3/payments/{id}
 * confirms it: the payment we then store is the one YooKassa answers, and a body that disagrees with it is ignored.
 * Refunds are made in YooKassa's dashboard; refund.succeeded tells us (GET /v3/refunds/{id} confirms it).
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

interface YooRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: YooAmount;
}

const refundedOf = (payment: YooPayment) => (payment.refunded_amount?.value && minorUnits(payment.refunded_amount.value) > 0 ? payment.refunded_amount.value : null);

function stateOf(payment: YooPayment): PaymentState {
  if (payment.status === 'succeeded') {
    const refunded = refundedOf(payment);
    if (!refunded) return 'succeeded';
    return sameAmount(refunded, payment.amount.value) ? 'refunded' : 'partly_refunded';
  }
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
    refundedAmount: refundedOf(payment) ?? '0.00',
  };
}

const isRefund = (value: unknown): value is YooRefund => {
  const refund = value as YooRefund | null;
  return typeof refund?.id === 'string' && typeof refund.payment_id === 'string' && typeof refund.status === 'string' && typeof refund.amount?.value === 'string';
};

const isPayment = (value: unknown): value is YooPayment => {
  const payment = value as YooPayment | null;
  return typeof payment?.id === 'string' && typeof payment.status === 'string' && typeof payment.amount?.value === 'string' && typeof payment.amount.currency === 'string';
};

/** The states YooKassa's payment may be in when it sends each event (a succeeded payment may have been refunded since). */
const NOTIFIED: Record<string, readonly PaymentState[]> = {
  'payment.succeeded': ['succeeded', 'partly_refunded', 'refunded'],
  'payment.canceled': ['canceled'],
  'payment.waiting_for_capture': ['pending'],
  'refund.succeeded': [],
};
const ID = /^[\w-]{1,64}$/;

export function yookassaAdapter(baseUrl: string, keys: YooKassaKeys, gateKey: string): PaymentAdapter {
  const authorization = `Basic ${Buffer.from(`${keys.shopId}:${keys.secretKey}`).toString('base64')}`;
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}/v3${path}`;
  const read = async (path: string) => (await providerCall<unknown>(gateKey, url(path), { headers: { authorization } }, describe)).body;

  /**
   * refund.succeeded is unsigned too: the refund is re-read (GET /v3/refunds/{id}) and must be succeeded, of the payment
   * and amount told; the refunded total is then the payment's own refunded_amount (GET /v3/payments/{id}).
   */
  async function verifyRefund(told: Partial<YooRefund>) {
    const refund = await read(`/refunds/${encodeURIComponent(told.id!)}`);
    if (!isRefund(refund)) throw new Error('YooKassa answered a refund without id, payment, status or amount');
    const agrees =
      refund.status === 'succeeded' &&
      (told.payment_id === undefined || told.payment_id === refund.payment_id) &&
      (!told.amount?.value || sameAmount(told.amount.value, refund.amount.value)) &&
      (!told.amount?.currency || told.amount.currency === refund.amount.currency);
    if (!agrees || !ID.test(refund.payment_id)) throw new WebhookRefused(`The notification (refund.succeeded) disagrees with the refund YooKassa holds (${refund.status} ${refund.amount.value} ${refund.amount.currency})`);
    const payment = await adapter.fetchPayment(refund.payment_id);
    return {
      deliveryKey: `refund.succeeded:${refund.id}`,
      event: 'refund.succeeded',
      refund: { externalId: payment.externalId, providerRef: null, paymentAmount: payment.amount, currency: payment.currency, refundedTotal: payment.refundedAmount ?? '0.00', orderRef: payment.orderRef },
    };
  }

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
      if (notification?.type !== 'notification' || !(event in NOTIFIED) || typeof told?.id !== 'string' || !ID.test(told.id)) {
        throw new WebhookRefused('Not a YooKassa payment notification', true);
      }
      if (event === 'refund.succeeded') return verifyRefund(told as Partial<YooRefund>);
      // Unsigned: what counts is YooKassa's own answer for this id.
      const payment = await adapter.fetchPayment(told.id);
      const agrees = NOTIFIED[event]!.includes(payment.state) && (!told.amount?.value || sameAmount(told.amount.value, payment.amount)) && (!told.amount?.currency || told.amount.currency === payment.currency);
      if (!agrees) throw new WebhookRefused(`The notification (${event}) disagrees with the payment YooKassa holds (${payment.state} ${payment.amount} ${payment.currency})`);
      return { deliveryKey: `${event}:${payment.externalId}`, event, payment };
    },
    async testConnection() {
      await read('/me');
    },
  };
  return adapter;
}

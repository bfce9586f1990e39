import type { PaymentState } from '../../../src/contract/payments';
import { providerCall } from './http';
import { majorUnits, minorUnits, type PaymentAdapter, type PaymentRequest, type ProviderPayment, WebhookRefused } from './provider';
import { stripeSignatureProblem } from './stripeSignature';

/**
 * Stripe Checkout (docs.stripe.com/api/checkout/sessions): form-encoded POSTs with the secret key as Bearer, amounts in
 * cents, an Idempotency-Key on every POST. Webhooks are signed (Stripe-Signature), so a verified event is believed as it
 * is; one Checkout Session is one payment here. A refund (made in Stripe's dashboard) arrives as charge.refunded, whose
 * charge names the session's PaymentIntent.
 */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

interface StripeSession {
  id: string;
  object: 'checkout.session';
  url?: string | null;
  status?: 'open' | 'complete' | 'expired' | null;
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  payment_intent?: string | null;
}

/** The part of a Charge (docs.stripe.com/api/charges/object) a refund is read from; amounts in cents. */
interface StripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string | null;
  refunded?: boolean;
  metadata?: Record<string, string>;
}

const isCharge = (value: unknown): value is StripeCharge => {
  const charge = value as StripeCharge | null;
  return (
    typeof charge?.id === 'string' &&
    charge.object === 'charge' &&
    Number.isInteger(charge.amount) &&
    Number.isInteger(charge.amount_refunded) &&
    charge.amount_refunded >= 0 &&
    typeof charge.currency === 'string' &&
    typeof charge.payment_intent === 'string'
  );
};

const describe = (body: unknown) => {
  const error = (body as { error?: { type?: string; code?: string; message?: string } } | null)?.error;
  return [error?.code ?? error?.type, error?.message].filter(Boolean).join(': ') || 'no reason given';
};

function stateOf(session: StripeSession): PaymentState {
  if (session.payment_status === 'paid') return 'succeeded';
  if (session.status === 'expired') return 'canceled';
  return 'pending';
}

const isSession = (value: unknown): value is StripeSession => {
  const session = value as StripeSession | null;
  return typeof session?.id === 'string' && session.object === 'checkout.session' && Number.isInteger(session.amount_total) && typeof session.currency === 'string';
};

const toPayment = (session: StripeSession): ProviderPayment => ({
  externalId: session.id,
  state: stateOf(session),
  amount: majorUnits(session.amount_total ?? 0),
  currency: (session.currency ?? '').toUpperCase(),
  confirmationUrl: session.url ?? null,
  orderRef: session.client_reference_id ?? null,
  providerRef: session.payment_intent ?? null,
});

/** The session events that move a payment; others a webhook may be subscribed to are refused as not ours. */
const HANDLED = new Set(['checkout.session.completed', 'checkout.session.expired', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed']);

export function stripeAdapter(baseUrl: string, keys: StripeKeys, gateKey: string): PaymentAdapter {
  const authorization = `Bearer ${keys.secretKey}`;
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}/v1${path}`;
  const read = async (path: string) => (await providerCall<unknown>(gateKey, url(path), { headers: { authorization } }, describe)).body;

  return {
    provider: 'stripe',
    currency: 'USD',
    async createPayment(request: PaymentRequest) {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: String(request.orderId),
        'metadata[order_id]': String(request.orderId),
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(minorUnits(request.amount)),
        'line_items[0][price_data][product_data][name]': request.description.slice(0, 250),
      });
      const answer = await providerCall<unknown>(
        gateKey,
        url('/checkout/sessions'),
        { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': request.idempotenceKey }, body: form.toString() },
        describe,
      );
      if (!isSession(answer.body)) throw new Error('Stripe answered a Checkout Session without id, amount or currency');
      return toPayment(answer.body);
    },
    async fetchPayment(externalId) {
      const body = await read(`/checkout/sessions/${encodeURIComponent(externalId)}`);
      if (!isSession(body)) throw new Error('Stripe answered a Checkout Session without id, amount or currency');
      return toPayment(body);
    },
    async verifyWebhook(rawBody, headers) {
      const header = headers['stripe-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signature) throw new WebhookRefused('The Stripe-Signature header is missing', true);
      const problem = stripeSignatureProblem(signature, rawBody, keys.webhookSecret);
      if (problem) throw new WebhookRefused(problem);
      const event = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: { object?: unknown } };
      if (typeof event.id === 'string' && event.type === 'charge.refunded') {
        const charge = event.data?.object;
        if (!isCharge(charge) || charge.amount_refunded > charge.amount) throw new WebhookRefused('Not a Charge in charge.refunded');
        // Signed, so believed as it is; amount_refunded is the charge's running total (partial refunds add up).
        return {
          deliveryKey: event.id,
          event: event.type,
          refund: { externalId: null, providerRef: charge.payment_intent, paymentAmount: majorUnits(charge.amount), currency: charge.currency.toUpperCase(), refundedTotal: majorUnits(charge.amount_refunded), orderRef: charge.metadata?.order_id ?? null },
        };
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !HANDLED.has(event.type) || !isSession(event.data?.object)) {
        throw new WebhookRefused(`Not a Checkout Session event we act on (${String(event.type)})`);
      }
      const payment = toPayment(event.data.object);
      // A failed asynchronous payment ends the session's chance: the customer pays anew.
      return { deliveryKey: event.id, event: event.type, payment: event.type === 'checkout.session.async_payment_failed' ? { ...payment, state: 'canceled' } : payment };
    },
    async testConnection() {
      await read('/balance');
    },
    async paymentOfRef(providerRef) {
      const body = (await read(`/checkout/sessions?${new URLSearchParams({ payment_intent: providerRef, limit: '1' })}`)) as { data?: unknown[] } | null;
      const session = body?.data?.[0];
      return isSession(session) ? session.id : null;
    },
  };
}

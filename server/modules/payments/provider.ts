import type { PaymentProvider, PaymentState } from '../../../src/contract/payments';

/**
 * What the flow needs of a payment provider, whichever it is: create a payment (the customer confirms it on the
 * provider's page), read one back, and turn a notification into a payment the provider vouches for.
 */
export interface ProviderPayment {
  externalId: string;
  state: PaymentState;
  /** Major units as text ("123.45"): never a float. */
  amount: string;
  currency: string;
  confirmationUrl: string | null;
  /** The order the payment was made for, as we told the provider (metadata / client_reference_id). */
  orderRef: string | null;
  /** What the provider has given back of it so far (major units), when it says. */
  refundedAmount?: string;
  /** Stripe: the session's PaymentIntent, which its charges (and their refunds) name. */
  providerRef?: string | null;
}

/**
 * A refund the provider vouches for. The refunded total is cumulative (YooKassa's payment.refunded_amount, Stripe's
 * charge.amount_refunded), so deliveries in any order, or again, end at the same state.
 */
export interface ProviderRefund {
  /** The payment as we stored it (YooKassa payment id); null when the provider names it otherwise (providerRef). */
  externalId: string | null;
  providerRef: string | null;
  /** The payment's own amount and currency, to check it is the payment we asked for. */
  paymentAmount: string;
  currency: string;
  refundedTotal: string;
  orderRef: string | null;
}

export interface PaymentRequest {
  amount: string;
  currency: string;
  idempotenceKey: string;
  returnUrl: string;
  cancelUrl: string;
  orderId: number;
  description: string;
}

export type VerifiedNotification = {
  /** The delivery's own key (firstDelivery): a repeat of it changes nothing. */
  deliveryKey: string;
  /** The provider's name for it (payment.succeeded, charge.refunded, …), for the payments log. */
  event: string;
} & ({ payment: ProviderPayment; refund?: undefined } | { refund: ProviderRefund; payment?: undefined });

export interface PaymentAdapter {
  readonly provider: PaymentProvider;
  readonly currency: string;
  createPayment(request: PaymentRequest): Promise<ProviderPayment>;
  fetchPayment(externalId: string): Promise<ProviderPayment>;
  /** The notification as the provider vouches for it; throws WebhookRefused when it cannot be believed. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotification>;
  /** Throws when the keys are refused or the provider cannot be reached. */
  testConnection(): Promise<void>;
  /** Stripe: the Checkout Session whose PaymentIntent this is (for a refund of a payment stored before we kept it). */
  paymentOfRef?(providerRef: string): Promise<string | null>;
}

/**
 * A notification that cannot be believed. `malformed`: the body is no notification of this provider at all (not JSON,
 * no signature header, another shape) — refused without a log entry, since anyone can post noise at a public address;
 * a notification that fails verification (a forged signature, a payment the provider does not confirm) is logged.
 */
export class WebhookRefused extends Error {
  constructor(
    message: string,
    readonly malformed = false,
  ) {
    super(message);
  }
}

/** The provider refused the request (a 4xx other than 401/429): its own message, for the log and the caller. */
export class ProviderRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const CURRENCY_OF: Record<PaymentProvider, string> = { yookassa: 'RUB', stripe: 'USD' };

/** "123.4" → 12340: minor units from a decimal text, without floating point. */
export function minorUnits(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 12340 → "123.40". */
export function majorUnits(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Two amounts are equal to the kopeck/cent ("10" and "10.00" are). */
export const sameAmount = (a: string, b: string) => minorUnits(a) === minorUnits(b);

/**
 * The moves a payment may make. Notifications arrive late and out of order: a 'pending' after 'succeeded', or a
 * 'canceled' after it, changes nothing; only a refund (part, then the rest) follows success. 'canceled' → 'succeeded': we cancel a pending
 * payment ourselves when its order changes, and the customer may still have paid it on the provider's page — money
 * taken is recorded (the provider vouches for it: re-read or signed).
 */
const NEXT: Record<PaymentState, readonly PaymentState[]> = {
  pending: ['succeeded', 'canceled'],
  succeeded: ['partly_refunded', 'refunded'],
  canceled: ['succeeded'],
  partly_refunded: ['refunded'],
  refunded: [],
};

export const canMove = (from: PaymentState, to: PaymentState) => NEXT[from].includes(to);

/** Money taken: paid, even if part of it went back since. */
export const PAID_STATES: ReadonlySet<PaymentState> = new Set(['succeeded', 'partly_refunded']);

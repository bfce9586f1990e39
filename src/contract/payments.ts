import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * Issue 18 §4: paying a public order through the account's provider — YooKassa (roubles) or Stripe Checkout (dollars) —
 * its settings (keys are write-only: answers show them masked) and the payment state customers and staff see.
 */
export const PaymentProvider = Type.Union([Type.Literal('yookassa'), Type.Literal('stripe')]);
export type PaymentProvider = Type.Static<typeof PaymentProvider>;

/** partly_refunded: paid, and the provider has given back part of it (refunded_amount says how much). */
export const PaymentState = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('canceled'), Type.Literal('partly_refunded'), Type.Literal('refunded')]);
export type PaymentState = Type.Static<typeof PaymentState>;

/** payments/settings: the chosen provider and, per provider, whether keys are stored and their masked ends. */
export const PaymentSettings = Type.Object({
  provider: Nullable(PaymentProvider),
  yookassa: Type.Object({ shop_id: Nullable(Type.String()), secret_key: Nullable(Type.String()) }),
  stripe: Type.Object({ secret_key: Nullable(Type.String()), webhook_secret: Nullable(Type.String()) }),
  /** Where each provider must send its notifications (set in the provider's dashboard). */
  webhook_urls: Type.Object({ yookassa: Type.String(), stripe: Type.String() }),
});
export type PaymentSettings = Type.Static<typeof PaymentSettings>;

const Key = Type.String({ minLength: 1, maxLength: 300 });

/** A key left out keeps the stored one: the screen never has the stored keys to send back. */
export const PaymentSettingsUpdate = Type.Object(
  {
    provider: Nullable(PaymentProvider),
    yookassa_shop_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' })),
    yookassa_secret_key: Type.Optional(Key),
    stripe_secret_key: Type.Optional(Key),
    stripe_webhook_secret: Type.Optional(Key),
  },
  { additionalProperties: false },
);
export type PaymentSettingsUpdate = Type.Static<typeof PaymentSettingsUpdate>;

export const PaymentTestAnswer = Type.Object({ ok: Type.Boolean(), message: Type.String() });
export type PaymentTestAnswer = Type.Static<typeof PaymentTestAnswer>;

export const PaymentOrderQuery = Type.Object({ order_id: Id });

/**
 * An order's payment as its customer and staff see it: whether 'Pay' is offered (a provider is set, the order is
 * unpaid and has a sum), the state of the latest payment, and the amount the server charges.
 */
export const OrderPaymentView = Type.Object({
  order_id: Type.Integer(),
  offered: Type.Boolean(),
  provider: Nullable(PaymentProvider),
  state: Nullable(PaymentState),
  paid: Type.Boolean(),
  amount: Type.String(),
  currency: Type.String(),
  paid_at: Nullable(Type.String()),
  /** What the provider has given back of the paid amount ("0.00" before any refund). */
  refunded_amount: Type.String(),
});
export type OrderPaymentView = Type.Static<typeof OrderPaymentView>;

/** public-order/order/pay: where to send the customer (the provider's confirmation page). */
export const PayAnswer = Type.Object({ confirmation_url: Type.String(), state: PaymentState });
export type PayAnswer = Type.Static<typeof PayAnswer>;

/** payments/orders: the paid state of several orders at once (the orders list's badge). */
export const PaymentStatesQuery = Type.Object({ order_ids: Type.String({ maxLength: 2000, pattern: '^[0-9]+(,[0-9]+)*$' }) });
export const PaymentStates = Type.Record(Type.String(), PaymentState);
export type PaymentStates = Type.Static<typeof PaymentStates>;

/** payments/log (admins): the payment attempts and provider notifications, newest first. */
export const PaymentLogQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PaymentLogQuery = Type.Static<typeof PaymentLogQuery>;

/** One line of the log: when, which order, which provider, what happened (event), for how much, and the outcome. */
export const PaymentLogEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  order_id: Nullable(Type.Integer()),
  provider: PaymentProvider,
  /** payment-create, payment-test, or the provider's notification (payment.succeeded, charge.refunded, …). */
  event: Type.String(),
  amount: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  /** ok: done; refused: a notification not believed (or a request refused); failed: the provider could not be reached. */
  result: Type.Union([Type.Literal('ok'), Type.Literal('refused'), Type.Literal('failed')]),
  message: Type.String(),
});
export type PaymentLogEntry = Type.Static<typeof PaymentLogEntry>;

export const PaymentLogPage = Type.Object({
  data: Type.Array(PaymentLogEntry),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});
export type PaymentLogPage = Type.Static<typeof PaymentLogPage>;

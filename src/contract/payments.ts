import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * Issue 18 §4: paying a public order through the account's provider — YooKassa (roubles) or Stripe Checkout (dollars) —
 * its settings (keys are write-only: answers show them masked) and the payment state customers and staff see.
 */
export const PaymentProvider = Type.Union([Type.Literal('yookassa'), Type.Literal('stripe')]);
export type PaymentProvider = Type.Static<typeof PaymentProvider>;

export const PaymentState = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('canceled'), Type.Literal('refunded')]);
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
});
export type OrderPaymentView = Type.Static<typeof OrderPaymentView>;

/** public-order/order/pay: where to send the customer (the provider's confirmation page). */
export const PayAnswer = Type.Object({ confirmation_url: Type.String(), state: PaymentState });
export type PayAnswer = Type.Static<typeof PayAnswer>;

/** payments/orders: the paid state of several orders at once (the orders list's badge). */
export const PaymentStatesQuery = Type.Object({ order_ids: Type.String({ maxLength: 2000, pattern: '^[0-9]+(,[0-9]+)*$' }) });
export const PaymentStates = Type.Record(Type.String(), PaymentState);
export type PaymentStates = Type.Static<typeof PaymentStates>;

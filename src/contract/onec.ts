import Type from 'typebox';
import { ComparisonMode } from './integrationSync';
import { Nullable } from './common';

/**
 * The 1C exchange's settings (issue 18 §3, the spec's genezis flag): whether it is on, the address and login 1C signs
 * in with (the password is write-only: only whether one is set is answered), which of our warehouses each 1C
 * warehouse Ид is, which price field each 1C price type fills and which is the sale price, the comparison for
 * products not linked yet, and the document settings.
 */
export const OneCDocumentSettings = Type.Object({
  /** mode=query hands 1C our orders at all. */
  send_orders: Type.Boolean(),
  /** Only orders that reached a successful stage (crm_status 2), not every open one. */
  only_successful: Type.Boolean(),
});
export type OneCDocumentSettings = Type.Static<typeof OneCDocumentSettings>;

export const OneCSettings = Type.Object({
  enabled: Type.Boolean(),
  /** The path 1C's 'site address' takes, after this server's origin. */
  exchange_path: Type.String(),
  login: Type.String(),
  has_password: Type.Boolean(),
  warehouses: Type.Record(Type.String(), Type.Integer()),
  prices: Type.Record(Type.String(), Type.String()),
  sale_price_type: Nullable(Type.String()),
  comparison: ComparisonMode,
  documents: OneCDocumentSettings,
  sale_confirmed_at: Nullable(Type.String()),
});
export type OneCSettings = Type.Static<typeof OneCSettings>;

const ExternalId = Type.String({ minLength: 1, maxLength: 200 });

export const OneCSettingsUpdate = Type.Object({
  login: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^:\\s]+$' })),
  password: Type.Optional(Type.String({ minLength: 6, maxLength: 200 })),
  warehouses: Type.Optional(Type.Record(ExternalId, Type.Integer({ minimum: 1 }))),
  prices: Type.Optional(Type.Record(ExternalId, Type.String({ minLength: 1, maxLength: 100 }))),
  sale_price_type: Type.Optional(Nullable(ExternalId)),
  comparison: Type.Optional(ComparisonMode),
  documents: Type.Optional(OneCDocumentSettings),
});
export type OneCSettingsUpdate = Type.Static<typeof OneCSettingsUpdate>;

export const OneCSyncAnswer = Type.Object({ task_id: Type.Integer() });
export type OneCSyncAnswer = Type.Static<typeof OneCSyncAnswer>;

import Type from 'typebox';
import { Nullable } from './common';

/** Issue 18 §1: the amoCRM / Kommo integration's own calls (install, status, the CRM's fields, catalogs and pipelines). */
/** An amoCRM / Kommo integration's id is a UUID (the disposable token's client_uuid). */
const AmoClientId = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

export const AmoInstallRequest = Type.Object({
  origin: Type.String({ maxLength: 300 }),
  client_id: AmoClientId,
  client_secret: Type.String({ minLength: 1, maxLength: 500 }),
});
export type AmoInstallRequest = Type.Static<typeof AmoInstallRequest>;

export const AmoInstallStart = Type.Object({ connection_id: Type.Integer(), url: Type.String(), state: Type.String() });

export const AmoOAuthQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 4000 })),
  referer: Type.Optional(Type.String({ maxLength: 300 })),
  error: Type.Optional(Type.String({ maxLength: 300 })),
  client_id: Type.Optional(AmoClientId),
  from_widget: Type.Optional(Type.String({ maxLength: 10 })),
});

export const AmoConnectionStatus = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('amocrm'), Type.Literal('kommo')]),
  origin: Type.String(),
  status: Type.String(),
  last_error: Nullable(Type.String()),
  token_expires_at: Nullable(Type.String()),
  crm_account_id: Nullable(Type.Integer()),
  currency: Type.String(),
});
export type AmoConnectionStatus = Type.Static<typeof AmoConnectionStatus>;

export const AmoConnectionQuery = Type.Object({ connection_id: Type.Integer({ minimum: 1 }) });
export const AmoConnectionBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const AmoNamed = Type.Object({ id: Type.Union([Type.Integer(), Type.String()]), name: Type.String() });
export const AmoLeadFieldItem = Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String(), group_id: Nullable(Type.String()) });
export const AmoPipelineItem = Type.Object({ id: Type.Integer(), name: Type.String(), statuses: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) });

export const AmoSyncQuery = Type.Object({
  connection_id: Type.Integer({ minimum: 1 }),
  catalog_id: Type.Integer({ minimum: 1 }),
  mode: Type.Union([Type.Literal('none'), Type.Literal('name'), Type.Literal('name_article'), Type.Literal('name_article_batch')]),
});
export const AmoSyncStarted = Type.Object({ task_id: Type.Integer() });

/** Spec §3 CRM deal field bindings: a lead custom field id each, or null (budget null: the lead's own price). */
export const AmoBindings = Type.Object(
  {
    products: Nullable(Type.Integer({ minimum: 1 })),
    product_search: Nullable(Type.Integer({ minimum: 1 })),
    cost_price: Nullable(Type.Integer({ minimum: 1 })),
    profit: Nullable(Type.Integer({ minimum: 1 })),
    budget: Nullable(Type.Integer({ minimum: 1 })),
    vat_sum: Nullable(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type AmoBindings = Type.Static<typeof AmoBindings>;

/** crm_status of the linked order: 0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted. */
const AmoCrmStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
/** A lead stage (amoCRM status id, as text) → crm_status; a stage not named leaves the order where it is (142 won, 143 lost excepted). */
export const AmoStageMapping = Type.Record(Type.String({ pattern: '^[0-9]+$' }), AmoCrmStatus);
export type AmoStageMapping = Type.Static<typeof AmoStageMapping>;

export const AmoSettings = Type.Object({
  connection_id: Type.Integer(),
  bindings: AmoBindings,
  stage_mapping: AmoStageMapping,
  /** A lead's stage change makes an order for a lead that has none. */
  create_orders: Type.Boolean(),
  /** Where amoCRM posts lead status changes (Settings → Integrations → Webhooks); its path carries the connection's secret. */
  webhook_url: Type.String(),
});
export type AmoSettings = Type.Static<typeof AmoSettings>;

export const AmoSettingsUpdate = Type.Object(
  {
    connection_id: Type.Integer({ minimum: 1 }),
    bindings: Type.Optional(AmoBindings),
    stage_mapping: Type.Optional(AmoStageMapping),
    create_orders: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AmoSettingsUpdate = Type.Static<typeof AmoSettingsUpdate>;

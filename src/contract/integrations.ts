import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * An account's CRM connections (issue 12, security): the CRM origin that may frame the app and call
 * /integration/*, and what proves a widget request comes from that CRM. Set by an administrator
 * (account/integrations/*); the client secret is write-only, the widget key is shown to admins so a
 * CRM-side script they run can sign requests.
 */
export const IntegrationKind = Type.Union([Type.Literal('amocrm'), Type.Literal('kommo'), Type.Literal('bitrix24')]);
export type IntegrationKind = Type.Static<typeof IntegrationKind>;

/** scheme://host[:port], nothing after it (checked again on the server: lower case, http only on loopback). */
export const ConnectionOrigin = Type.String({ minLength: 8, maxLength: 255, pattern: '^https?://[^/?#\\s]+$' });

export const IntegrationConnectRequest = Type.Object({
  kind: IntegrationKind,
  origin: ConnectionOrigin,
  /** amoCRM/Kommo: the integration's id and secret key (its disposable tokens are signed with the secret). */
  client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  client_secret: Type.Optional(Type.String({ minLength: 16, maxLength: 500 })),
  /** amoCRM/Kommo: the CRM account's id (the disposable token's account_id). */
  crm_account_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 })),
  /** Bitrix24: the portal's member_id. */
  member_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  /** The member the CRM's requests act as; the administrator connecting it by default. */
  user_id: Type.Optional(Id),
});
export type IntegrationConnectRequest = Type.Static<typeof IntegrationConnectRequest>;

export const IntegrationConnection = Type.Object({
  id: Type.Integer(),
  kind: IntegrationKind,
  origin: Type.String(),
  client_id: Nullable(Type.String()),
  has_client_secret: Type.Boolean(),
  crm_account_id: Nullable(Type.Integer()),
  member_id: Nullable(Type.String()),
  widget_key: Type.String(),
  user_id: Type.Integer(),
});
export type IntegrationConnection = Type.Static<typeof IntegrationConnection>;

export const IntegrationDisconnectRequest = Type.Object({ id: Id });
export type IntegrationDisconnectRequest = Type.Static<typeof IntegrationDisconnectRequest>;

/** integration/amocrm/token and integration/bitrix/token: a short-lived staff token for a verified CRM-side proof. */
export const AmoTokenAnswer = Type.Object({ access_token: Type.String(), expires_at: Type.String(), account_id: Type.Integer() });
export type AmoTokenAnswer = Type.Static<typeof AmoTokenAnswer>;

/**
 * integration/bitrix/token: a Bitrix24 placement's auth, as BX24.getAuth() gives it in the frame
 * (domain, access_token, member_id) or as the portal POSTs it to the placement handler (DOMAIN,
 * AUTH_ID, member_id); `account` is the Stockroom account the handler URL names (`?account=<id>`).
 */
const PortalHost = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' });
const PortalAuth = Type.String({ minLength: 1, maxLength: 512 });
export const BitrixTokenRequest = Type.Object({
  domain: Type.Optional(PortalHost),
  access_token: Type.Optional(PortalAuth),
  DOMAIN: Type.Optional(PortalHost),
  AUTH_ID: Type.Optional(PortalAuth),
  member_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  account: Type.Optional(Id),
});
export type BitrixTokenRequest = Type.Static<typeof BitrixTokenRequest>;

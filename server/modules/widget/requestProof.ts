import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { amoConnectionsAt, connectionsOf, type ConnectionRow } from '../connections/service';
import { disposableTokenValid, issuerOrigin, readDisposableToken } from './disposableToken';

export const SIGNED_REQUEST_REQUIRED =
  'This call needs the CRM widget’s signed request: an amoCRM disposable token (X-Auth-Token), the account’s widget-key signature (account, ts, sig) or a Stockroom token';
export const DISPOSABLE_TOKEN_INVALID = 'The amoCRM token is not valid for a connected integration, or has expired';
export const SIGNATURE_INVALID = 'The widget signature is not valid or has expired';

/** A signed request names the second it was made; older (or later) ones are refused, so a captured URL soon stops working. */
export const SIGNATURE_WINDOW_S = 300;

const unauthorized = (message: string) => new HttpError(401, message);

/**
 * The account connection whose secret signed an amoCRM/Kommo disposable token, or null. The token
 * names its CRM account by origin (iss); every connection of that origin is tried, so an account that
 * connects someone else's origin only ever matches tokens signed with its own secret. A connection
 * that knows the integration's id or the CRM account's id holds the token to them as well.
 */
export async function amoConnectionOf(db: Db, token: string): Promise<ConnectionRow | null> {
  const claims = readDisposableToken(token);
  if (!claims) return null;
  const origin = issuerOrigin(claims);
  if (!origin) return null;
  const candidates = await amoConnectionsAt(db, origin);
  return (
    candidates.find(
      (connection) =>
        (connection.kind === 'amocrm' || connection.kind === 'kommo') &&
        connection.clientSecret !== null &&
        (connection.clientId === null || claims.client_uuid === undefined || claims.client_uuid === connection.clientId) &&
        (connection.crmAccountId === null || claims.account_id === connection.crmAccountId) &&
        disposableTokenValid(token, claims, connection.clientSecret),
    ) ?? null
  );
}

/** The widget-key signature of a deal request: hex HMAC-SHA256 of `<leadId>.<ts>` (ts in Unix seconds). */
export function widgetSignature(widgetKey: string, leadId: number, ts: number): string {
  return createHmac('sha256', widgetKey).update(`${leadId}.${ts}`).digest('hex');
}

export interface SignedQuery {
  leadId: number;
  account?: number;
  ts?: number;
  sig?: string;
}

async function signedAccount(db: Db, query: SignedQuery, nowS: number): Promise<number> {
  const { account, ts, sig } = query;
  if (account === undefined || ts === undefined || !sig || Math.abs(nowS - ts) > SIGNATURE_WINDOW_S) throw unauthorized(SIGNATURE_INVALID);
  const given = Buffer.from(sig, 'hex');
  const matches = (await connectionsOf(db, account)).some((connection) => {
    const expected = Buffer.from(widgetSignature(connection.widgetKey, query.leadId, ts), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw unauthorized(SIGNATURE_INVALID);
  return account;
}

/**
 * The account a token-free deal request (products/filtered) proves it comes from: an amoCRM/Kommo
 * disposable token checked with a connected integration's secret, or an HMAC signature with a
 * connection's widget key. Nothing else answers: a deal number alone names no account (401).
 */
export async function provenAccount(db: Db, request: FastifyRequest, query: SignedQuery, nowS = Math.floor(Date.now() / 1000)): Promise<number> {
  const disposable = request.headers['x-auth-token'];
  if (typeof disposable === 'string' && disposable) {
    const connection = await amoConnectionOf(db, disposable);
    if (!connection) throw unauthorized(DISPOSABLE_TOKEN_INVALID);
    return connection.accountId;
  }
  if (query.sig !== undefined || query.ts !== undefined || query.account !== undefined) return signedAccount(db, query, nowS);
  throw unauthorized(SIGNED_REQUEST_REQUIRED);
}

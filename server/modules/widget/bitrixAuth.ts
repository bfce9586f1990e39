import type { AmoTokenAnswer, BitrixTokenRequest } from '../../../src/contract/integrations';
import { createSession, resolveSession } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { bitrixConnectionsAt, type ConnectionRow } from '../connections/service';

export const BITRIX_AUTH_MISSING = 'This call needs the Bitrix24 placement’s authorization: domain and access_token (BX24.getAuth()) or DOMAIN and AUTH_ID';
export const BITRIX_PORTAL_NOT_CONNECTED = 'This Bitrix24 portal is not connected to a Stockroom account (account/integrations/connect), or not with this member_id';
export const BITRIX_PORTAL_AMBIGUOUS = 'Several Stockroom accounts connected this Bitrix24 portal: bind the placement to /bitrix24/placement.html?account=<id>';
export const BITRIX_AUTH_REFUSED = 'The Bitrix24 portal did not accept this placement’s authorization (expired or not valid): reopen the deal tab';
export const BITRIX_APP_MISMATCH = 'The Bitrix24 authorization belongs to another application than the one this account connected';
export const BITRIX_PORTAL_UNAVAILABLE = 'The Bitrix24 portal did not confirm the placement’s authorization in time; try again in a moment';

/** A portal's answer to app.info is a few hundred bytes; a bigger one is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The origins a placement's DOMAIN (host[:port] as Bitrix24 sends it) may be connected as: https, or
 * http on loopback only (the same rule account/integrations/connect holds origins to).
 */
export function portalOrigins(domain: string): string[] {
  const host = domain.trim().toLowerCase();
  const origins: string[] = [];
  for (const scheme of ['https', 'http']) {
    try {
      const url = new URL(`${scheme}://${host}`);
      if (url.host !== host.replace(scheme === 'https' ? /:443$/ : /:80$/, '') || url.pathname !== '/') continue;
      if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) continue;
      origins.push(url.origin);
    } catch {
      // Not a host: no origin.
    }
  }
  return origins;
}

/** What the portal said of the auth: the app it belongs to (app.info's CODE), a refusal with its error code, or no usable answer. */
export type PortalVerdict = { ok: true; code: string } | { ok: false; refused: true; error: string } | { ok: false; refused: false; reason: string };

/** Reads at most MAX_ANSWER_BYTES of a response body as text (null when it is longer). */
async function boundedText(response: Response): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks the portal itself whether an auth (AUTH_ID / access_token) is valid: POST <origin>/rest/app.info
 * with { auth }, as Bitrix24's REST contract takes it. 200 with result.CODE: valid, for that app; 401
 * (expired_token, invalid_token, NO_AUTH_FOUND) or 403: refused. Redirects are not followed and the
 * whole call (answer included) is cut off after `timeoutMs`. `origin` is always a connected bitrix24
 * origin from the database, never the text the client sent.
 */
export async function askPortal(origin: string, auth: string, timeoutMs: number): Promise<PortalVerdict> {
  let response: Response;
  let text: string | null;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    response = await fetch(`${origin}/rest/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ auth }),
      redirect: 'manual',
      signal,
    });
    text = await boundedText(response);
  } catch (error) {
    return { ok: false, refused: false, reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable' };
  }
  const body = parseAnswer(text);
  const error = typeof body?.error === 'string' ? body.error : '';
  if (response.status === 401 || response.status === 403 || (response.status < 500 && error)) return { ok: false, refused: true, error: error || `HTTP ${response.status}` };
  if (response.status === 200 && body?.result && typeof body.result === 'object') return { ok: true, code: typeof body.result.CODE === 'string' ? body.result.CODE : '' };
  return { ok: false, refused: false, reason: `HTTP ${response.status}` };
}

type PortalAnswer = { result?: { CODE?: unknown }; error?: unknown };

function parseAnswer(text: string | null): PortalAnswer | null {
  try {
    const value: unknown = text === null ? null : JSON.parse(text);
    return value && typeof value === 'object' ? (value as PortalAnswer) : null;
  } catch {
    return null;
  }
}

export interface BitrixExchangeOptions {
  ttlMinutes: number;
  timeoutMs: number;
}

/**
 * integration/bitrix/token: a staff token living minutes (as the amoCRM exchange's) for a Bitrix24
 * placement's auth. The portal is the connected bitrix24 connection whose origin is the auth's DOMAIN
 * (of the account the placement URL names, when it names one; with the member_id sent, when sent);
 * nothing is called for a DOMAIN no account connected. The portal itself must then accept the auth
 * (app.info), and when the connection knows the app's client id, app.info's CODE must be it.
 */
export async function exchangeBitrixAuth(db: Db, request: BitrixTokenRequest, options: BitrixExchangeOptions): Promise<AmoTokenAnswer> {
  const domain = request.domain ?? request.DOMAIN;
  const auth = request.access_token ?? request.AUTH_ID;
  if (!domain || !auth) throw new HttpError(401, BITRIX_AUTH_MISSING);
  let candidates: ConnectionRow[] = await bitrixConnectionsAt(db, portalOrigins(domain));
  if (request.account !== undefined) candidates = candidates.filter((connection) => connection.accountId === request.account);
  if (request.member_id !== undefined) candidates = candidates.filter((connection) => connection.memberId === null || connection.memberId === request.member_id);
  if (!candidates.length) throw new HttpError(401, BITRIX_PORTAL_NOT_CONNECTED);

  // Every candidate has the same origin (a host is one origin: https, or http on loopback).
  const verdict = await askPortal(candidates[0].origin, auth, options.timeoutMs);
  if (!verdict.ok && verdict.refused) throw new HttpError(401, `${BITRIX_AUTH_REFUSED} (${verdict.error})`);
  if (!verdict.ok) throw new HttpError(503, `${BITRIX_PORTAL_UNAVAILABLE} (${verdict.reason})`, {}, 5);

  const matching = candidates.filter((connection) => connection.clientId === null || connection.clientId === verdict.code);
  if (!matching.length) throw new HttpError(401, BITRIX_APP_MISMATCH);
  if (new Set(matching.map((connection) => connection.accountId)).size > 1) throw new HttpError(401, BITRIX_PORTAL_AMBIGUOUS);
  const connection = matching[0];

  const token = await createSession(db, connection.userId, connection.accountId, options.ttlMinutes / 1440);
  const caller = await resolveSession(db, token);
  // The connection's member was disabled after it was connected: no token for them.
  if (!caller) throw new HttpError(401, 'The member this CRM connection acts as is no longer active in the account');
  return { access_token: token, expires_at: caller.expiresAt.toISOString(), account_id: connection.accountId };
}

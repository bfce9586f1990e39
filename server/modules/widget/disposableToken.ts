import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * amoCRM/Kommo's disposable token (the X-Auth-Token header that `$authorizedAjax` adds to a widget's
 * request): a JWT signed HS256 with the integration's secret key, living minutes. Its claims name the
 * CRM account (iss = https://<subdomain>.amocrm.ru, account_id, subdomain), the integration
 * (aud / client_uuid) and the user (user_id).
 */
export interface DisposableClaims {
  iss: string;
  aud?: string;
  jti?: string;
  iat?: number;
  nbf?: number;
  exp: number;
  account_id?: number;
  subdomain?: string;
  client_uuid?: string;
  user_id?: number;
}

/** Clocks of the CRM and ours may differ a little. */
const CLOCK_SKEW_S = 30;
/** amoCRM's tokens live minutes: a longer one is not theirs. */
const MAX_LIFETIME_S = 30 * 60;

const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** The claims of a token, unverified (to find whose secret checks it), or null when it is not a JWT of the expected shape. */
export function readDisposableToken(token: string): DisposableClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = decode(parts[0]) as { alg?: unknown };
    const claims = decode(parts[1]) as Partial<DisposableClaims>;
    if (header?.alg !== 'HS256' || typeof claims?.iss !== 'string' || typeof claims.exp !== 'number') return null;
    return claims as DisposableClaims;
  } catch {
    return null;
  }
}

/** The CRM account's origin the token names (its issuer), lower case; '' when it is not a URL. */
export function issuerOrigin(claims: DisposableClaims): string {
  try {
    return new URL(claims.iss).origin;
  } catch {
    return '';
  }
}

/** Signature (HS256 with the secret) and time (nbf ≤ now < exp, a lifetime of minutes) both hold. */
export function disposableTokenValid(token: string, claims: DisposableClaims, secret: string, nowS = Date.now() / 1000): boolean {
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  if (!(claims.exp > nowS - CLOCK_SKEW_S)) return false;
  if (claims.nbf !== undefined && claims.nbf > nowS + CLOCK_SKEW_S) return false;
  const issued = claims.iat ?? claims.nbf;
  return issued === undefined || claims.exp - issued <= MAX_LIFETIME_S;
}

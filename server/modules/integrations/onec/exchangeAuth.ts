import { createHash, timingSafeEqual } from 'node:crypto';
import type { Vault } from '../vault';
import type { ExchangeRow } from './settings';

/**
 * 1C signs in once per exchange (mode=checkauth, HTTP basic auth) and then sends the cookie it was given. The cookie
 * is sealed by the vault (no session table): the account, when it ends, and a fingerprint of the password it was
 * opened with, so changing the password or switching the exchange off ends every open exchange.
 */

export const COOKIE_NAME = 'onec_exchange';
const SESSION_MS = 60 * 60 * 1000;

export const WRONG_CREDENTIALS = 'Wrong login or password for the exchange with 1C';
export const EXCHANGE_OFF = 'The exchange with 1C is switched off in the app (Integrations → 1C)';
export const SIGN_IN_FIRST = 'The exchange session is missing or over: 1C must call mode=checkauth first';

const fingerprint = (sealedPassword: string) => createHash('sha256').update(sealedPassword).digest('base64url').slice(0, 12);

const sameText = (a: string, b: string) => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a === b;
};

export function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** checkauth: the cookie's value when the login and password are the exchange's; null otherwise. */
export function openSession(vault: Vault, exchange: ExchangeRow, given: { login: string; password: string }): string | null {
  if (!exchange.password) return null;
  const password = vault.open<string>(exchange.password);
  // Both compared always, so the answer takes as long whichever is wrong.
  const loginOk = sameText(given.login, exchange.login);
  const passwordOk = sameText(given.password, password);
  if (!loginOk || !passwordOk) return null;
  return vault.seal({ a: exchange.accountId, e: Date.now() + SESSION_MS, p: fingerprint(exchange.password) });
}

export function cookieOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE_NAME) return value.join('=');
  }
  return null;
}

export function sessionValid(vault: Vault, exchange: ExchangeRow, cookie: string | null): boolean {
  if (!cookie || !exchange.password) return false;
  try {
    const session = vault.open<{ a: number; e: number; p: string }>(cookie);
    return session.a === exchange.accountId && session.e > Date.now() && session.p === fingerprint(exchange.password);
  } catch {
    return false;
  }
}

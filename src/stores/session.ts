import { atom } from 'nanostores';
import { persistentAtom } from './storage';

/** Keys are the spec's (shell §3 "Stored values"). */
export const TOKEN_KEY = 'TOKEN';
export const PUBLIC_TOKEN_KEY = 'POTOKEN';
export const PUBLIC_AUTH_KEY = 'POAuth';

export const $token = persistentAtom(TOKEN_KEY);
export const $publicToken = persistentAtom(PUBLIC_TOKEN_KEY);
export const $publicAuth = persistentAtom(PUBLIC_AUTH_KEY);

/** Set when the server rejected our token (403); cleared by a new sign-in. */
export const $tokenFailed = atom(false);

/**
 * The public-token exchange of a link like #/publicOrder?public_token=…:
 * 'idle' (no token in the URL), 'pending' (exchange running), 'done'.
 */
export type PublicExchangeState = 'idle' | 'pending' | 'done';
export const $publicExchange = atom<PublicExchangeState>('idle');

export function saveToken(token: string): void {
  $token.set(token);
  $tokenFailed.set(false);
}

export function savePublicToken(token: string): void {
  $publicToken.set(token);
  $publicAuth.set('1');
  $tokenFailed.set(false);
}

export function clearToken(): void {
  $token.set(null);
}

export function clearPublicToken(): void {
  $publicToken.set(null);
  $publicAuth.set(null);
}

/** Forgets both tokens; used by log out. */
export function clearSession(): void {
  clearToken();
  clearPublicToken();
  $tokenFailed.set(false);
}

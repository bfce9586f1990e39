import { atom } from 'nanostores';
import { getPublicConfig, publicLogin, publicLogout, requestPublicPasswordCode, setPublicPasswordByCode } from '../../../src/api/publicOrder';
import type { PublicConfig, PublicProfile } from '../../../src/contract/publicOrder';
import { errorText } from '../../../src/api/transport';
import type { MessageKey } from '../../../src/i18n';
import { $publicToken, clearPublicToken, savePublicToken } from '../../../src/stores/session';

/**
 * The public-order session of an outside customer: signing in with e-mail and password, the seller and
 * customer it belongs to (public-order/config), and log out. The link sign-in is sessionBootstrap's.
 */

export interface SellerChoice {
  id: number;
  name: string;
}

export type PublicSignInResult =
  | { ok: true }
  /** The e-mail and password fit several sellers: sign in again with one of these account ids. */
  | { ok: false; sellers: readonly SellerChoice[] }
  | { ok: false; messageKey: MessageKey; serverText?: string };

/**
 * public-order/auth/login. The token is saved as POTOKEN (with POAuth). A wrong login or password gets the
 * spec's text whatever the server said; too many attempts keep the server's own text (it says when to retry).
 */
export async function publicSignIn(login: string, password: string, accountId?: number): Promise<PublicSignInResult> {
  const result = await publicLogin({ login: login.trim(), password, ...(accountId !== undefined && { account_id: accountId }) });
  if (result.ok && result.data.success && result.data.access_token) {
    savePublicToken(result.data.access_token);
    return { ok: true };
  }
  const sellers = result.data?.accounts;
  if (result.status === 409 && Array.isArray(sellers) && sellers.length) return { ok: false, sellers: sellers as SellerChoice[] };
  if (result.status === 429) return { ok: false, messageKey: 'errors.somethingWrong', serverText: errorText(result.data) || undefined };
  return { ok: false, messageKey: 'errors.invalidLogin' };
}

export type PasswordStepResult = { ok: true } | { ok: false; messageKey: MessageKey; serverText?: string };

const stepFailure = (data: unknown): PasswordStepResult => ({ ok: false, messageKey: 'errors.somethingWrong', serverText: errorText(data) || undefined });

/** Set or reset a password by e-mail, step 1: the server mails a code (it answers the same for any e-mail). */
export async function askPasswordCode(email: string): Promise<PasswordStepResult> {
  const result = await requestPublicPasswordCode({ email: email.trim() });
  return result.ok ? { ok: true } : stepFailure(result.data);
}

/** Step 2: the code and the new password; then signs in with them (a choice of sellers is left to the sign-in form). */
export async function setPasswordByCode(email: string, code: string, password: string): Promise<PublicSignInResult> {
  const result = await setPublicPasswordByCode({ email: email.trim(), code: code.trim(), password });
  if (!result.ok) return stepFailure(result.data) as PublicSignInResult;
  return publicSignIn(email, password);
}

/**
 * Log out of the public area: the server ends the public session, and only the public token is forgotten (a
 * staff session in the same browser stays). The call has read the token before it is forgotten.
 */
export function publicLogOut(): Promise<unknown> {
  const ended = $publicToken.get() ? publicLogout() : Promise.resolve();
  clearPublicToken();
  return ended;
}

export interface PublicSessionState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  config: PublicConfig | null;
}

const EMPTY: PublicSessionState = { status: 'idle', config: null };
export const $publicSession = atom<PublicSessionState>(EMPTY);

let loading: Promise<PublicSessionState> | null = null;

/** The seller and customer of the saved public token; once per session unless forced. */
export function loadPublicSession(options: { force?: boolean } = {}): Promise<PublicSessionState> {
  const state = $publicSession.get();
  if (!$publicToken.get()) return Promise.resolve(state);
  if (state.status === 'ready' && !options.force) return Promise.resolve(state);
  if (loading && !options.force) return loading;
  $publicSession.set({ ...state, status: 'loading' });
  const request: Promise<PublicSessionState> = getPublicConfig().then((result) => {
    if (loading !== request) return $publicSession.get();
    loading = null;
    $publicSession.set(result.ok ? { status: 'ready', config: result.data } : { ...$publicSession.get(), status: 'failed' });
    return $publicSession.get();
  });
  loading = request;
  return request;
}

/** Keeps the session's customer as the profile now is (after a change), without asking the server again. */
export function setSessionCustomer(profile: PublicProfile): void {
  const { config } = $publicSession.get();
  if (config?.user) $publicSession.set({ ...$publicSession.get(), config: { ...config, user: profile } });
}

export function resetPublicSession(): void {
  loading = null;
  $publicSession.set(EMPTY);
}

$publicToken.listen(() => resetPublicSession());

import { PUBLIC_ROUTE_PATHS } from './publicMode';

/**
 * The navigation guard of shell spec §2 as one pure function: given what the app knows,
 * where it comes from and where it goes, allow, redirect, or wait for something to load.
 * The rules run in the spec's order; the first that decides wins.
 */

const PUBLIC_PAGES: readonly string[] = PUBLIC_ROUTE_PATHS;

export interface GuardState {
  /** A main (staff) token is saved. */
  token: boolean;
  /** A public-order token is saved (kept in localStorage under POTOKEN). */
  publicToken: boolean;
  /** A public token from a link is being exchanged. */
  publicExchangePending: boolean;
  /** The server rejected the token (403). */
  tokenFailed: boolean;
  devMode: boolean;
  account: { loaded: boolean; expired: boolean };
  /** Where / leads for this account (spec: /documents for account 148, else /orders). */
  landingPath: string;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  | { action: 'wait'; for: 'publicToken' | 'account' };

const allow: GuardDecision = { action: 'allow' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

export function guardNavigation(state: GuardState, from: string | null, to: string): GuardDecision {
  // 1. The too-many-users page is always reachable.
  if (to === '/many-accounts') return allow;

  // 2. A link's public token must be exchanged before its order opens.
  if (to === '/publicOrder' && state.publicExchangePending) return { action: 'wait', for: 'publicToken' };

  // 3. Public order pages need a saved public token once the check is done.
  if ((to === '/publicOrder' || to === '/publicOrderAuth') && !state.publicExchangePending && !state.publicToken) {
    return to === '/publicOrderAuth' ? allow : redirect('/publicOrderAuth');
  }

  // 4. Staff pages need a token of some kind. A token that just failed inside a host frame has
  // been cleared, yet its page must still show (spec §4: 403 in a frame → /Error_token_not_valid).
  const failedTokenPage = to === '/Error_token_not_valid' && state.tokenFailed;
  if (!state.publicToken && !PUBLIC_PAGES.includes(to) && !state.token && to !== '/authorization' && !failedTokenPage) {
    return redirect('/authorization');
  }

  // 5. A signed-in visitor does not see the sign-in page again (unless the token failed or in dev mode).
  if (to === '/authorization') {
    if ((state.token || state.publicToken) && !state.tokenFailed && !state.devMode) {
      return redirect(from && from !== '/authorization' ? from : '/');
    }
    return allow;
  }

  // 6. The token-invalid page holds while the token has failed, and is left when it is fine.
  if (from === '/Error_token_not_valid' && to !== '/Error_token_not_valid' && state.tokenFailed) {
    return redirect('/Error_token_not_valid');
  }
  if (to === '/Error_token_not_valid') return state.tokenFailed ? allow : redirect('/');

  // 7. Public visitors pass on public pages.
  if (state.publicToken && PUBLIC_PAGES.includes(to)) return allow;

  // 8. The account decides expiry.
  if (!state.account.loaded) return { action: 'wait', for: 'account' };
  if (!state.account.expired && to === '/Error_is_expired') return redirect('/');
  if (state.account.expired && to !== '/Error_is_expired') return redirect('/Error_is_expired');

  // 9. The start page.
  if (to === '/') return redirect(state.landingPath);
  return allow;
}

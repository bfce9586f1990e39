import { useStore } from '@nanostores/react';
import { landingPath } from '../../src/domain/landing';
import { guardNavigation, type GuardDecision, type GuardState } from '../../src/domain/navigationGuard';
import { PUBLIC_ROUTE_PATHS } from '../../src/domain/publicMode';
import { $account } from '../../src/stores/account';
import { $invitationsOnly } from '../stores/invitations';
import { $storedQuery } from './queryParams';
import { $publicExchange, $publicToken, $token, $tokenFailed } from '../../src/stores/session';

export const INVITATIONS_PATH = '/invitations';

export interface ShellGuardState extends GuardState {
  /** The saved token opens only the user's invitations (sign-in answered scope 'invitations'). */
  invitationsOnly: boolean;
}

/** Pages an invitations-only token may still reach; the spec's guard decides them as usual. */
const OPEN_TO_INVITEES: ReadonlySet<string> = new Set(['/authorization', '/many-accounts', ...PUBLIC_ROUTE_PATHS]);

/**
 * The spec's guard (src/domain/navigationGuard.ts) with the invitation rules in front:
 * - /invitations needs a staff token but no account: it is where a user with no account yet joins one, and
 *   any member may look at further invitations there;
 * - a token that opens only invitations is kept on /invitations: every other staff page would load the
 *   account, whose call refuses that token (403), and the user would be thrown back to sign-in.
 */
export function guardShellNavigation(state: ShellGuardState, from: string | null, to: string): GuardDecision {
  const signedIn = state.token && !state.tokenFailed;
  if (signedIn && to === INVITATIONS_PATH) return { action: 'allow' };
  if (signedIn && state.invitationsOnly && !OPEN_TO_INVITEES.has(to)) return { action: 'redirect', to: INVITATIONS_PATH };
  return guardNavigation(state, from, to);
}

/** What the guard needs to know, read from the stores. */
export function useGuardState(): ShellGuardState {
  const token = useStore($token);
  const publicToken = useStore($publicToken);
  const exchange = useStore($publicExchange);
  const tokenFailed = useStore($tokenFailed);
  const account = useStore($account);
  const query = useStore($storedQuery);
  const invitationsOnly = useStore($invitationsOnly);
  return {
    token: Boolean(token),
    publicToken: Boolean(publicToken),
    publicExchangePending: exchange === 'pending',
    tokenFailed,
    devMode: query.dev === '1',
    account: { loaded: account.loaded, expired: Boolean(account.account?.expired) },
    landingPath: account.account ? landingPath(account.account) : '/orders',
    invitationsOnly,
  };
}

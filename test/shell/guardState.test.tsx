import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardShellNavigation, INVITATIONS_PATH, type ShellGuardState } from '../../shell/app/guardState';
import { navigate, useAppLocation } from '../../shell/app/hashLocation';
import { RouteGuard } from '../../shell/app/RouteGuard';
import { findRoute } from '../../shell/app/routes';
import { resetAccount } from '../../src/stores/account';
import { logOut } from '../../shell/stores/auth';
import { markInvitationsOnly } from '../../shell/stores/invitations';
import { setNavigator } from '../../shell/stores/navigation';
import { $token } from '../../src/stores/session';
import { useApiFake } from '../support/apiFake';

const signedOut: ShellGuardState = {
  token: false,
  publicToken: false,
  publicExchangePending: false,
  tokenFailed: false,
  devMode: false,
  account: { loaded: false, expired: false },
  landingPath: '/orders',
  invitationsOnly: false,
};
const invitee: ShellGuardState = { ...signedOut, token: true, invitationsOnly: true };
const member: ShellGuardState = { ...signedOut, token: true };

describe('guard: invitation rules in front of the spec’s guard', () => {
  it.each(['/', '/orders', '/qwe', '/Error_is_expired', '/Error_token_not_valid', '/Error_is_not_installed', '/unknown'])(
    'rule: a token that opens only invitations is kept on /invitations — %s redirects there without waiting for the account (its call would refuse the token)',
    (to) => {
      expect(guardShellNavigation(invitee, null, to)).toEqual({ action: 'redirect', to: INVITATIONS_PATH });
    },
  );

  it('rule: /invitations opens for any signed-in user without loading the account (invitations-only or member)', () => {
    expect(guardShellNavigation(invitee, null, INVITATIONS_PATH)).toEqual({ action: 'allow' });
    expect(guardShellNavigation(member, '/orders', INVITATIONS_PATH)).toEqual({ action: 'allow' });
  });

  it('rule: /invitations needs a sign-in (no token → /authorization)', () => {
    expect(guardShellNavigation(signedOut, null, INVITATIONS_PATH)).toEqual({ action: 'redirect', to: '/authorization' });
  });

  it('the spec’s always-open page and the sign-in page keep the spec’s rules for an invitee', () => {
    expect(guardShellNavigation(invitee, null, '/many-accounts')).toEqual({ action: 'allow' });
    // A signed-in visitor does not see the sign-in page again: back to where they came from.
    expect(guardShellNavigation(invitee, INVITATIONS_PATH, '/authorization')).toEqual({ action: 'redirect', to: INVITATIONS_PATH });
  });

  it('an account session is guarded exactly as before (its pages wait for the account)', () => {
    expect(guardShellNavigation(member, null, '/orders')).toEqual({ action: 'wait', for: 'account' });
    expect(guardShellNavigation({ ...member, account: { loaded: true, expired: false } }, null, '/')).toEqual({ action: 'redirect', to: '/orders' });
  });

  it('/invitations is a bare, lazily loaded screen in the route table', () => {
    const route = findRoute(INVITATIONS_PATH);
    expect(route?.layout).toBe('bare');
    expect(route?.screen.$$typeof).toBe(Symbol.for('react.lazy'));
  });
});

describe('RouteGuard with an invitations-only token', () => {
  const edge = useApiFake();
  let root: Root;

  async function render(url: string) {
    window.history.replaceState(null, '', url);
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root.render(
        <Router hook={useAppLocation}>
          <RouteGuard>
            <p data-testid="screen">screen</p>
          </RouteGuard>
        </Router>,
      ),
    );
    for (let i = 0; i < 5; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    return host;
  }

  beforeEach(() => {
    setNavigator(navigate);
    logOut();
    resetAccount();
  });
  afterEach(() => act(async () => root?.unmount()));

  it('rule: the start page leads an invitee to /invitations with no account/config call, and the token stays', async () => {
    markInvitationsOnly('invite-tok');
    $token.set('invite-tok');
    const host = await render('/#/');
    expect(window.location.hash).toBe('#/invitations');
    expect(host.querySelector('[data-testid="screen"]')).not.toBeNull();
    expect(edge.calls).toEqual([]);
    expect($token.get()).toBe('invite-tok');
  });
});

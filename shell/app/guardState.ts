import { useStore } from '@nanostores/react';
import { landingPath } from '../../src/domain/landing';
import type { GuardState } from '../../src/domain/navigationGuard';
import { $account } from '../../src/stores/account';
import { $storedQuery } from '../../src/stores/queryParams';
import { $publicExchange, $publicToken, $token, $tokenFailed } from '../../src/stores/session';

/** What the guard needs to know, read from the stores. */
export function useGuardState(): GuardState {
  const token = useStore($token);
  const publicToken = useStore($publicToken);
  const exchange = useStore($publicExchange);
  const tokenFailed = useStore($tokenFailed);
  const account = useStore($account);
  const query = useStore($storedQuery);
  return {
    token: Boolean(token),
    publicToken: Boolean(publicToken),
    publicExchangePending: exchange === 'pending',
    tokenFailed,
    devMode: query.dev === '1',
    account: { loaded: account.loaded, expired: Boolean(account.account?.expired) },
    landingPath: account.account ? landingPath(account.account) : '/orders',
  };
}

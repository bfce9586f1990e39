import type { Account } from '../../../src/contract/account';

/**
 * The spec keeps the not-installed page's redirect check inactive: the page never sends
 * the visitor on by itself. The rule stays here, switched off, so turning it on is one line.
 */
export const NOT_INSTALLED_REDIRECT_ACTIVE = false;

/** Where the not-installed page would send an account that is installed, when the check is active. */
export function notInstalledRedirect(account: Pick<Account, 'install'> | null, active = NOT_INSTALLED_REDIRECT_ACTIVE): string | null {
  if (!active || !account) return null;
  return account.install ? '/' : null;
}

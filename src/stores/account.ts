import { atom, computed } from 'nanostores';
import { getAccountConfig } from '../api/account';
import type { Account, User } from '../contract/account';
import { defaultCurrency } from '../domain/fieldTypes';

export interface AccountState {
  loaded: boolean;
  account: Account | null;
  user: User | null;
}

export const $account = atom<AccountState>({ loaded: false, account: null, user: null });
export const $accountExpired = computed($account, (state) => Boolean(state.account?.expired));
/** RUB, or USD for the second-CRM variant (spec 2 §3). */
export const $currency = computed($account, (state) => defaultCurrency(state.account ?? {}));

let loading: Promise<AccountState> | null = null;

/** Loads the account once; later calls share the first answer unless forced. */
export function loadAccount(options: { force?: boolean } = {}): Promise<AccountState> {
  if ($account.get().loaded && !options.force) return Promise.resolve($account.get());
  if (loading && !options.force) return loading;
  loading = getAccountConfig().then((result) => {
    loading = null;
    if (result.ok) $account.set({ loaded: true, account: result.data.account, user: result.data.user });
    return $account.get();
  });
  return loading;
}

export function resetAccount(): void {
  loading = null;
  $account.set({ loaded: false, account: null, user: null });
}

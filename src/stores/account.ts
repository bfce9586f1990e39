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
/** RUB, or USD for the second-CRM variant (spec 2 §3). */
export const $currency = computed($account, (state) => defaultCurrency(state.account ?? {}));

let loading: Promise<AccountState> | null = null;

/** Loads the account once; later calls share the first answer unless forced. */
export function loadAccount(options: { force?: boolean } = {}): Promise<AccountState> {
  if ($account.get().loaded && !options.force) return Promise.resolve($account.get());
  if (loading && !options.force) return loading;
  const request: Promise<AccountState> = getAccountConfig().then((result) => {
    // Only the newest request may write: an older answer, or one for a session since reset, is dropped.
    if (loading !== request) return $account.get();
    loading = null;
    if (result.ok) $account.set({ loaded: true, account: result.data.account, user: result.data.user });
    return $account.get();
  });
  loading = request;
  return request;
}

const forgetters = new Set<() => void>();

/**
 * Data of the account kept by a screen's own store (the orders filter's members) is forgotten with the
 * account: the store registers its reset here when its code loads, so the shared stores need not know it.
 */
export function onAccountForgotten(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/** Forgets the account (sign-in, log out) and what was loaded for it; an answer still on its way is ignored. */
export function resetAccount(): void {
  loading = null;
  $account.set({ loaded: false, account: null, user: null });
  for (const forget of forgetters) forget();
}

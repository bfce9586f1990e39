import { atom } from 'nanostores';
import { listAccountUsers } from '../../../src/api/account';
import type { User } from '../../../src/contract/account';
import { onAccountForgotten } from '../../../src/stores/account';

/** The account's members who can be responsible for an order (enabled or disabled, not merely invited). */
export const $accountUsers = atom<readonly User[]>([]);
export const $accountUsersLoaded = atom(false);

let loading: Promise<readonly User[]> | null = null;

/** Loads once per account (the employee choices rarely change while a list is open). */
export function loadAccountUsers(): Promise<readonly User[]> {
  if ($accountUsersLoaded.get()) return Promise.resolve($accountUsers.get());
  if (loading) return loading;
  const request: Promise<readonly User[]> = listAccountUsers().then((result) => {
    // A reset (another account signed in) while this was on its way: its answer is not this account's.
    if (loading !== request) return $accountUsers.get();
    loading = null;
    if (result.ok && Array.isArray(result.data)) {
      $accountUsers.set(result.data.filter((user) => user.status !== 'invited'));
      $accountUsersLoaded.set(true);
    }
    return $accountUsers.get();
  });
  loading = request;
  return request;
}

/** Forgets the members (sign-in, log out, another account). */
export function resetAccountUsers(): void {
  loading = null;
  $accountUsers.set([]);
  $accountUsersLoaded.set(false);
}

// For good from when the orders screen's code loads: members of one account are never shown in another's.
onAccountForgotten(resetAccountUsers);

import { map } from 'nanostores';
import { readStorage, writeStorage } from '../../src/stores/storage';

/**
 * Query parameters a CRM passes when it opens the app (lead, account, user, dev flag).
 * They are moved out of the address into localStorage so later navigation and reloads keep them.
 */
export const MOVED_QUERY_KEYS = ['lead_id', 'account_id', 'user_id', 'dev'] as const;
export type MovedQueryKey = (typeof MOVED_QUERY_KEYS)[number];
const storageKey = (key: MovedQueryKey) => `query.${key}`;

export const $storedQuery = map<Partial<Record<MovedQueryKey, string>>>(
  Object.fromEntries(
    MOVED_QUERY_KEYS.map((key) => [key, readStorage(storageKey(key))]).filter(([, value]) => value !== null),
  ),
);

/** Saves the moved keys found in `params` and deletes them from it; returns whether any was moved. */
export function moveQueryToStorage(params: URLSearchParams): boolean {
  let moved = false;
  for (const key of MOVED_QUERY_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    writeStorage(storageKey(key), value);
    $storedQuery.setKey(key, value);
    params.delete(key);
    moved = true;
  }
  return moved;
}

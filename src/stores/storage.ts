import { atom, type WritableAtom } from 'nanostores';

/** localStorage may be missing (server, tests) or throw (privacy modes); never let that break the app. */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives on in memory for this visit.
  }
}

/** An atom mirrored to one localStorage key; null removes the key. */
export function persistentAtom(key: string): WritableAtom<string | null> & { reload(): void } {
  const store = atom<string | null>(readStorage(key));
  store.listen((value) => writeStorage(key, value));
  return Object.assign(store, { reload: () => store.set(readStorage(key)) });
}

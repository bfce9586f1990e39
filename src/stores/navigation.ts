import { atom } from 'nanostores';

/** The current hash-route path (no query), kept by the shell router; the transport reads it for the mode. */
export const $path = atom<string>(currentHashPath());

export function currentHashPath(): string {
  const hash = globalThis.location?.hash ?? '';
  const path = hash.replace(/^#/, '').split('?')[0];
  return path || '/';
}

export function isFramed(): boolean {
  try {
    return globalThis.window !== undefined && window.self !== window.top;
  } catch {
    // A cross-origin parent makes window.top access throw: that is a frame too.
    return true;
  }
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}
type Navigator = (path: string, options?: NavigateOptions) => void;

let navigator: Navigator = (path) => {
  if (globalThis.location) globalThis.location.hash = path;
  $path.set(path.split('?')[0]);
};

/** Moves the app to a route; the shell swaps in its router's navigate so history stays right. */
export function navigateTo(path: string, options: NavigateOptions = {}): void {
  navigator(path, options);
}

export function setNavigator(next: Navigator): void {
  navigator = next;
}

import { atom } from 'nanostores';

/** The current hash-route path (no query), kept by the shell router; the shell's HTTP wiring reads it for the mode. */
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

/*
 * What the router tells the screens, so that it knows none of them: before a move it asks whether a screen
 * holds it (unsaved work), and after every change of the address it says where the app now is.
 */

type LeaveGuard = (to: string) => boolean;
let leaveGuard: LeaveGuard | null = null;

/** A screen with unsaved work holds moves while it is shown (null: nothing holds). */
export function setLeaveGuard(guard: LeaveGuard | null): void {
  leaveGuard = guard;
}

/** Asked by the router before every change of the route: true holds the move (the screen asks the user). */
export function holdsNavigation(to: string): boolean {
  return leaveGuard?.(to) ?? false;
}

/**
 * Query parameters of an overlay over the screen, not of the screen: the settings overlay's section (?settings=).
 * A move that changes only them is no move of the screen: no screen is asked to hold it nor told of it.
 */
export const SETTINGS_PARAM = 'settings';
export const OVERLAY_PARAMS: readonly string[] = [SETTINGS_PARAM];

/** The address (`/path?query`) as the screen sees it: without the overlay parameters. */
export function screenAddress(address: string): string {
  const [path, search = ''] = address.split('?');
  const params = new URLSearchParams(search);
  for (const name of OVERLAY_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Where the app moved: the path and the query (without '?'). */
export interface LocationChange {
  path: string;
  search: string;
}
type LocationListener = (change: LocationChange) => void;
const locationListeners = new Set<LocationListener>();

/** Called after every change of the address, before the new screen renders; returns the unsubscribe. */
export function onLocationChange(listener: LocationListener): () => void {
  locationListeners.add(listener);
  return () => locationListeners.delete(listener);
}

/** The router's announcement of a change of the address. */
export function announceLocation(change: LocationChange): void {
  for (const listener of locationListeners) listener(change);
}

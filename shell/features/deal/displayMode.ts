import { atom } from 'nanostores';

export type DisplayMode = 'card' | 'list';
export const DEFAULT_DISPLAY_MODE: DisplayMode = 'card';

/** Product positions as cards (default) or as a list. */
export const $displayMode = atom<DisplayMode>(DEFAULT_DISPLAY_MODE);

export function setDisplayMode(mode: DisplayMode): void {
  $displayMode.set(mode);
}

export function toggleDisplayMode(): void {
  $displayMode.set($displayMode.get() === 'card' ? 'list' : 'card');
}

export function resetDisplayMode(): void {
  $displayMode.set(DEFAULT_DISPLAY_MODE);
}

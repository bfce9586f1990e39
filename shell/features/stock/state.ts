import { atom } from 'nanostores';

/**
 * What the stock screen and its overlays share: the rows chosen for a bulk action, and a counter every
 * stock write bumps so the list reloads (the editor and the operations never reach into the list).
 */
export const $selectedProductIds = atom<readonly number[]>([]);
export const $stockVersion = atom(0);

export function stockChanged(): void {
  $stockVersion.set($stockVersion.get() + 1);
}

import { atom } from 'nanostores';
import type { OverlayName } from './overlays';

/**
 * Which overlays have a panel so far. The app frame owns the registry (shell/app/overlayRegistry.ts) and states it
 * here at start; a screen reads it to offer a button only when its panel exists (the stock screen's Import).
 */
export const $availablePanels = atom<ReadonlySet<OverlayName>>(new Set());

export function setAvailablePanels(names: readonly OverlayName[]): void {
  $availablePanels.set(new Set(names));
}

import { atom } from 'nanostores';
import type { MessageKey } from '../../src/i18n';

export interface MainScreen {
  path: string;
  label: MessageKey;
}

/**
 * The main-navigation screens this build has. The app frame owns the route table and states them here at start, so
 * a feature (the start-page choice in account settings) offers only screens that exist, without importing the app.
 */
export const $mainScreens = atom<readonly MainScreen[]>([]);

export function setMainScreens(screens: readonly MainScreen[]): void {
  $mainScreens.set(screens);
}

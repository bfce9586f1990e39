import { sectionInAddress } from '../features/settings/address';
import { $overlays, closeOverlay, openOverlay } from '../stores/overlays';
import { currentSearch } from './hashLocation';

/** The settings overlay is open exactly while the address names a section (the frame itself is a lazy chunk). */
function followSettingsAddress(): void {
  const named = sectionInAddress(currentSearch()) !== null;
  if (named !== $overlays.get().settings) (named ? openOverlay : closeOverlay)('settings');
}

/** Listens to the address itself: moves that change only ?settings= are not announced to screens (locationSync.ts). */
export function listenToSettingsAddress(win: Window = window): () => void {
  followSettingsAddress();
  win.addEventListener('hashchange', followSettingsAddress);
  win.addEventListener('popstate', followSettingsAddress);
  return () => {
    win.removeEventListener('hashchange', followSettingsAddress);
    win.removeEventListener('popstate', followSettingsAddress);
  };
}

import { sectionInAddress } from '../features/settings/address';
import { onLocationChange } from '../stores/navigation';
import { $overlays, closeOverlay, openOverlay } from '../stores/overlays';
import { currentSearch } from './hashLocation';

/** The settings overlay is open exactly while the address names a section (the frame itself is a lazy chunk). */
function followSettingsAddress(search: string): void {
  const named = sectionInAddress(search) !== null;
  if (named !== $overlays.get().settings) (named ? openOverlay : closeOverlay)('settings');
}

export function listenToSettingsAddress(): () => void {
  followSettingsAddress(currentSearch());
  return onLocationChange((change) => followSettingsAddress(change.search));
}

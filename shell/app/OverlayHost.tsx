import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { $overlays, OVERLAYS, type OverlayName } from '../stores/overlays';
import { setAvailablePanels } from '../stores/overlayPanels';
import { OVERLAY_PANELS } from './overlayRegistry';
import { listenToSettingsAddress } from './settingsAddress';

setAvailablePanels(Object.keys(OVERLAY_PANELS) as OverlayName[]);
listenToSettingsAddress();

/** Renders every open overlay that has a registered panel, each loaded on first opening. */
export function OverlayHost() {
  const flags = useStore($overlays);
  return (
    <>
      {OVERLAYS.filter((name) => flags[name]).map((name) => {
        const Panel = OVERLAY_PANELS[name];
        return Panel ? (
          <Suspense key={name} fallback={null}>
            <Panel />
          </Suspense>
        ) : null;
      })}
    </>
  );
}

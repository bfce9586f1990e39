import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../../../src/i18n';

/**
 * The sections of the settings overlay (spec §2 'Settings sections'), in the spec's order. Each section is its own
 * lazy chunk owned by the feature that builds it; the settings frame lists the ones registered here and opens one by
 * its id, which is also its address, so a link or the browser's Back reaches it.
 */
export interface SettingsSection {
  /** Stable id, used in the address; lower camel case. */
  id: string;
  label: MessageKey;
  /** Only account admins see and open it (the server refuses its calls to others anyway). */
  adminOnly: boolean;
  panel: LazyExoticComponent<ComponentType>;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'businessProcesses', label: 'business.sectionTitle', adminOnly: true, panel: lazy(() => import('../business/BusinessProcessesPanel')) },
  { id: 'publicCustomers', label: 'business.customersSectionTitle', adminOnly: false, panel: lazy(() => import('../publicCustomers/PublicCustomersPanel')) },
  { id: 'license', label: 'tariffs.sectionTitle', adminOnly: true, panel: lazy(() => import('../tariffs/TariffsPanel')) },
];

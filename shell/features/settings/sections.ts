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
  { id: 'general', label: 'settings.general', adminOnly: false, panel: lazy(() => import('../accountSettings/GeneralSection')) },
  { id: 'businessProcesses', label: 'settings.businessProcesses', adminOnly: true, panel: lazy(() => import('../business/BusinessProcessesPanel')) },
  { id: 'entitySettings', label: 'settings.entitySettings', adminOnly: true, panel: lazy(() => import('../entitySettings/panels').then((m) => ({ default: m.EntitySettingsPanel }))) },
  { id: 'documents', label: 'settings.documents', adminOnly: true, panel: lazy(() => import('../documents/TemplatesPanel')) },
  { id: 'users', label: 'settings.users', adminOnly: true, panel: lazy(() => import('../users/UsersSection')) },
  { id: 'license', label: 'settings.license', adminOnly: true, panel: lazy(() => import('../tariffs/TariffsPanel')) },
  { id: 'archive', label: 'settings.archive', adminOnly: false, panel: lazy(() => import('./ArchiveSection')) },
  { id: 'productCategories', label: 'settings.productCategories', adminOnly: false, panel: lazy(() => import('../entitySettings/panels').then((m) => ({ default: m.ProductCategoriesPanel }))) },
  { id: 'productProperties', label: 'settings.productProperties', adminOnly: false, panel: lazy(() => import('../entitySettings/panels').then((m) => ({ default: m.ProductPropertiesPanel }))) },
  { id: 'customerFields', label: 'settings.customerFieldSettings', adminOnly: true, panel: lazy(() => import('../entitySettings/panels').then((m) => ({ default: m.CustomerFieldsPanel }))) },
  { id: 'payments', label: 'settings.payments', adminOnly: true, panel: lazy(() => import('../payments/PaymentsSection')) },
  { id: 'publicCustomers', label: 'settings.publicCustomers', adminOnly: false, panel: lazy(() => import('../publicCustomers/PublicCustomersPanel')) },
];

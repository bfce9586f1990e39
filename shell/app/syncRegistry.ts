import type { MessageKey } from '../../src/i18n';
import type { OverlayName } from '../stores/overlays';

/**
 * Home menu → product synchronisation (spec §2): CRM to warehouse, warehouse to CRM, stock sync with the accounting
 * system. Each opens a screen of the integrations issue; an entry shows once its screen is registered in
 * SYNC_TARGETS (a route path or an overlay), like the menu's other entries.
 */
export const SYNC_ENTRIES = [
  { kind: 'crmToWarehouse', label: 'home.syncCrmToWarehouse' },
  { kind: 'warehouseToCrm', label: 'home.syncWarehouseToCrm' },
  { kind: 'accounting', label: 'home.syncAccounting' },
] as const satisfies readonly { kind: string; label: MessageKey }[];

export type SyncKind = (typeof SYNC_ENTRIES)[number]['kind'];
export type SyncTarget = { path: string } | { overlay: OverlayName };

export const SYNC_TARGETS: Partial<Record<SyncKind, SyncTarget>> = {
  crmToWarehouse: { path: '/integrations/amocrm?tab=sync' },
  warehouseToCrm: { path: '/integrations/amocrm?tab=sync' },
  accounting: { path: '/integrations/1c' },
};

import type { MessageKey } from '../../src/i18n';
import type { OverlayName } from '../stores/overlays';

/**
 * Home menu → product synchronisation (spec §2): CRM to warehouse, warehouse to CRM, stock sync with the accounting
 * system. An entry shows once SYNC_TARGETS names what it does: open a screen (a route path or an overlay), or
 * `start` the sync of whichever integration the account has connected (a lazy chunk, not the first load).
 */
export const SYNC_ENTRIES = [
  { kind: 'crmToWarehouse', label: 'home.syncCrmToWarehouse' },
  { kind: 'warehouseToCrm', label: 'home.syncWarehouseToCrm' },
  { kind: 'accounting', label: 'home.syncAccounting' },
] as const satisfies readonly { kind: string; label: MessageKey }[];

export type SyncKind = (typeof SYNC_ENTRIES)[number]['kind'];
export type SyncTarget = { path: string } | { overlay: OverlayName } | { start: () => Promise<(kind: SyncKind) => Promise<void>> };

/** amoCRM/Kommo or Bitrix24 for the CRM directions, 1C for accounting: whichever the account connected. */
const connectedIntegration = { start: async () => (await import('../features/integrations/homeSync/startHomeSync')).startHomeSync };

export const SYNC_TARGETS: Partial<Record<SyncKind, SyncTarget>> = {
  crmToWarehouse: connectedIntegration,
  warehouseToCrm: connectedIntegration,
  accounting: connectedIntegration,
};

import type { CrmStatus } from '../crmOrders';

export type { CrmStatus };

/**
 * Which crm_status (0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted) a Bitrix24 deal stage means for its
 * linked order. The screen's mapping decides; a stage it does not name keeps the order where it is, except Bitrix24's
 * own final stages (WON, LOSE, and C<n>:WON / C<n>:LOSE of other pipelines), which mean success and failure everywhere.
 */
export type StageMapping = Record<string, CrmStatus>;

export interface Bitrix24Settings {
  stageMapping?: StageMapping;
  /** The portal's stages as last loaded (id → name), for names on the Deals screen and the mapping table. */
  stageNames?: Record<string, string>;
  /** The same stages in the portal's order (jsonb does not keep an object's key order). */
  stageList?: { id: string; name: string }[];
}

export function crmStatusOfStage(stage: string, mapping: StageMapping = {}): CrmStatus | null {
  const mapped = mapping[stage];
  if (mapped !== undefined) return mapped;
  const own = stage.replace(/^C\d+:/, '');
  if (own === 'WON') return 2;
  if (own === 'LOSE') return 3;
  return null;
}

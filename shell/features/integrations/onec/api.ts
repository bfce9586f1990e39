import { staffApi } from '../../../../src/api/http';
import type { FieldDefinition } from '../../../../src/contract/catalogue';
import type { OneCSettings, OneCSettingsUpdate, OneCSyncAnswer } from '../../../../src/contract/onec';
import type { Warehouse } from '../../../../src/contract/stock';

/** The 1C screen's calls: its settings, the switch, the stock sync, and what the mappings choose from. */
export const getOneCSettings = () => staffApi.get<OneCSettings>('integrations/1c/settings');
export const saveOneCSettings = (body: OneCSettingsUpdate) => staffApi.post<OneCSettings>('integrations/1c/settings', body);
export const switchOneC = (on: boolean) => staffApi.get<OneCSettings>(on ? 'account/genezis-enable' : 'account/genezis-disable');
export const startOneCSync = () => staffApi.get<OneCSyncAnswer>('account/genezis/sync');
export interface SeenInExchange {
  warehouses: { id: string; name: string }[];
  price_types: { id: string; name: string }[];
}
export const getSeenInExchange = () => staffApi.get<SeenInExchange>('integrations/1c/seen');
export const listOurWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');
export const listProductFields = () => staffApi.get<FieldDefinition[]>('field/list');

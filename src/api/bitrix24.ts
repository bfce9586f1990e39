import type { Bitrix24SettingsAnswer, Bitrix24SettingsUpdate, Bitrix24SyncRequest, Bitrix24SyncStarted } from '../contract/bitrix24';
import { staffApi } from './http';

/** The /integrations/bitrix24 screen: its settings and the portal's deal stages. */
export const getBitrix24Settings = () => staffApi.get<Bitrix24SettingsAnswer>('integrations/bitrix24/settings');
export const saveBitrix24Settings = (update: Bitrix24SettingsUpdate) => staffApi.post<Bitrix24SettingsAnswer>('integrations/bitrix24/settings', update);
export const loadBitrix24Stages = () => staffApi.post<Bitrix24SettingsAnswer>('integrations/bitrix24/stages', {});
export const startBitrix24Sync = (request: Bitrix24SyncRequest) => staffApi.post<Bitrix24SyncStarted>('integrations/bitrix24/sync', request);
export const connectBitrix24 = (request: { origin: string; member_id: string; client_id: string; client_secret: string }) => staffApi.post<{ id: number }>('account/integrations/connect', { kind: 'bitrix24', ...request });
export const disconnectIntegration = (id: number) => staffApi.post<{ success: true }>('account/integrations/disconnect', { id });

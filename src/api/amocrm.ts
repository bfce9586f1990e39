import type { AmoConnectionStatus, AmoSettings, AmoSettingsUpdate } from '../contract/amocrm';
import type { ComparisonMode } from '../contract/integrationSync';
import { staffApi } from './http';

/** Issue 18 §1: the amoCRM / Kommo integration's calls. */
export const listAmoConnections = () => staffApi.get<AmoConnectionStatus[]>('integrations/amocrm');
export const listAmoCatalogs = (connectionId: number) => staffApi.get<{ id: number | string; name: string }[]>('account/product-lists', { connection_id: connectionId });
export const startAmoSync = (direction: 'in' | 'out', query: { connection_id: number; catalog_id: number; mode: ComparisonMode }) =>
  staffApi.get<{ task_id: number }>(direction === 'in' ? 'product/sync-amo-gs' : 'product/sync-gs-amo', query);
export const startAmoInstall = (body: { origin: string; client_id: string; client_secret: string }) => staffApi.post<{ connection_id: number; url: string }>('integrations/amocrm/install', body);
export const disconnectAmo = (id: number) => staffApi.post<{ success: true }>('integrations/amocrm/disconnect', { id });
export const listAmoLeadFields = (connectionId: number) => staffApi.get<{ id: number; name: string; type: string; group_id: string | null }[]>('account/lead-fields', { connection_id: connectionId });
export const listAmoPipelines = (connectionId: number) => staffApi.get<{ id: number; name: string; statuses: { id: number; name: string }[] }[]>('integrations/amocrm/pipelines', { connection_id: connectionId });
export const getAmoSettings = (connectionId: number) => staffApi.get<AmoSettings>('integrations/amocrm/settings', { connection_id: connectionId });
export const saveAmoSettings = (body: AmoSettingsUpdate) => staffApi.post<AmoSettings>('integrations/amocrm/settings', body);

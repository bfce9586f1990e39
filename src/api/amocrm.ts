import type { AmoConnectionStatus } from '../contract/amocrm';
import type { ComparisonMode } from '../contract/integrationSync';
import { staffApi } from './http';

/** Issue 18 §1: the amoCRM / Kommo integration's calls. */
export const listAmoConnections = () => staffApi.get<AmoConnectionStatus[]>('integrations/amocrm');
export const listAmoCatalogs = (connectionId: number) => staffApi.get<{ id: number | string; name: string }[]>('account/product-lists', { connection_id: connectionId });
export const startAmoSync = (direction: 'in' | 'out', query: { connection_id: number; catalog_id: number; mode: ComparisonMode }) =>
  staffApi.get<{ task_id: number }>(direction === 'in' ? 'product/sync-amo-gs' : 'product/sync-gs-amo', query);
export const startAmoInstall = (body: { origin: string; client_id: string; client_secret: string }) => staffApi.post<{ connection_id: number; url: string }>('integrations/amocrm/install', body);
export const disconnectAmo = (id: number) => staffApi.post<{ success: true }>('integrations/amocrm/disconnect', { id });

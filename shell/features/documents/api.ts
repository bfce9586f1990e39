import { staffApi } from '../../../src/api/http';
import { downloadFile, getFile } from '../../../src/api/transport';
import type { DocumentSettings, DocumentTemplate, GeneratedDocument, RegistryPage, RegistryRequest, TemplateFieldCatalogue } from '../../../src/contract/documents';

/** The documents area's calls (spec 2 §7 "Documents"): the registry, templates and their fields, document settings. */

export const loadRegistry = (request: RegistryRequest) => staffApi.post<RegistryPage>('document/registry', request);
export const downloadZip = (ids: readonly number[]) => downloadFile(staffApi, 'document/registry/zip', { ids });
/** The registry's employee, company and contact filters find their values through the analytics autocomplete (same account-wide names). */
export type FilterField = 'users' | 'company' | 'contact';
export type FilterValue = { id: number; name: string };
export const findFilterValues = (field: FilterField, q: string, signal?: AbortSignal) => staffApi.get<FilterValue[]>(`analytics/autocomplete/${field}`, { q }, signal);
export const downloadDocument = (document: Pick<GeneratedDocument, 'id' | 'order_id'>) => getFile(staffApi, 'orders/doc/download', { id: document.id, order_id: document.order_id });

export const listTemplates = () => staffApi.get<DocumentTemplate[]>('document/list');
export const templateFields = () => staffApi.get<TemplateFieldCatalogue>('document/refresh-fields');
export const downloadTemplate = (id: number) => getFile(staffApi, 'document/download', { id });
export const deleteTemplate = (id: number) => staffApi.post<{ success: boolean }>('document/delete', { id });
/** document/add (no id) or document/update: the settings as form fields, and the file when one was chosen. */
export function saveTemplate(fields: Record<string, string>, file: File | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file, file.name);
  return staffApi.post<DocumentTemplate>(fields.id ? 'document/update' : 'document/add', form);
}
export const loadSettings = () => staffApi.get<DocumentSettings>('document/settings');
export const saveSettings = (settings: DocumentSettings) => staffApi.post<DocumentSettings>('document/settings', settings);

export type Stage = { id: number; name: string };
export async function listStages(): Promise<Stage[]> {
  const result = await staffApi.get<{ name: string; statuses: { id: number; name: string }[] }[]>('orders/pipelines/list');
  return result.ok ? result.data.flatMap((pipeline) => pipeline.statuses.map((stage) => ({ id: stage.id, name: `${pipeline.name}: ${stage.name}` }))) : [];
}

/** Saves bytes under a name (a link clicked for the user). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import type { ImportDryRun, ImportPreprocessing, ImportRequest, ImportStarted, ImportTemplate } from '../../../src/contract/import';
import type { Warehouse } from '../../../src/contract/stock';
import { staffApi } from '../../../src/api/http';

/** The import overlay's calls (server/modules/import/routes.ts). */
export function preprocessFile(file: Blob & { name?: string }) {
  const form = new FormData();
  form.append('file', file, file.name ?? 'import');
  return staffApi.post<ImportPreprocessing>('product/import/preprocessing', form);
}
export const checkImport = (body: ImportRequest) => staffApi.post<ImportDryRun>('product/import/dry-run', body);
export const startImport = (body: ImportRequest) => staffApi.post<ImportStarted>('product/import/start', body);
export const listImportTemplates = () => staffApi.get<ImportTemplate[]>('account/import-templates');
export const listImportWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');

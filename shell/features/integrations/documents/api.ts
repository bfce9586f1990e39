import { staffApi } from '../../../../src/api/http';
import type { CrmDocumentsKind, CrmDocumentsSettings, CrmDocumentsUpdate } from '../../../../src/contract/crmDocuments';

/** The Document settings tab of the amoCRM and Bitrix24 screens. */
export const getCrmDocuments = (kind: CrmDocumentsKind) => staffApi.get<CrmDocumentsSettings>('integrations/crm-documents/settings', { kind });
export const saveCrmDocuments = (body: CrmDocumentsUpdate) => staffApi.post<CrmDocumentsSettings>('integrations/crm-documents/settings', body);

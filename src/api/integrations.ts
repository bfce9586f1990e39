import type { IntegrationLogLevel, IntegrationLogPage, IntegrationRetryAnswer, IntegrationScreenKind } from '../contract/integrationSync';
import { staffApi } from './http';

/** What the three integration screens share: the log of syncs and errors, and its retry. */
export const getIntegrationLog = (kind: IntegrationScreenKind, page = 1, level?: IntegrationLogLevel) =>
  staffApi.get<IntegrationLogPage>('integrations/log', level ? { kind, page, level } : { kind, page });
export const retryIntegrationLog = (id: number) => staffApi.post<IntegrationRetryAnswer>('integrations/log/retry', { id });

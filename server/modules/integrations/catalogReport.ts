import type { Db } from '../../db/client';
import { GROUPS_MUST_MATCH, type IncomingResult } from './catalogSync';
import { logIntegration, type TaskRetry } from './log';
import type { IntegrationSource } from './source';

/**
 * How a CRM → warehouse sync's outcome is logged and answered, the same for every CRM: groups our categories lack
 * refuse the sync (an error with Retry, nothing written), shared keys are a warning naming them, and the counts.
 */
export async function reportIncoming(
  db: Db,
  at: { accountId: number; source: IntegrationSource; taskId: number; retry: TaskRetry },
  result: IncomingResult,
): Promise<{ error: string } | { counts: Record<string, number> }> {
  const { accountId, source, taskId, retry } = at;
  if (result.missingCategories.length) {
    const message = `${GROUPS_MUST_MATCH}: ${result.missingCategories.join(', ')}`;
    await logIntegration(db, { accountId, source, level: 'error', action: 'sync-in', message, taskId, retry, details: { missing: result.missingCategories } });
    return { error: message };
  }
  if (result.ambiguous.length) {
    await logIntegration(db, { accountId, source, level: 'warning', action: 'sync-in', message: `${result.ambiguous.length} duplicate keys were not synced`, taskId, details: { duplicates: result.ambiguous } });
  }
  await logIntegration(db, { accountId, source, level: 'info', action: 'sync-in', message: `Added ${result.added}, updated ${result.updated}`, taskId });
  return { counts: { added: result.added, updated: result.updated, duplicates: result.ambiguous.length } };
}

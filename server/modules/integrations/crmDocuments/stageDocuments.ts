import { and, eq, inArray } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { documentTemplates } from '../../../db/schema';
import { crmStageKey, startAutogenerations } from '../../documents/autogeneration';
import { onOrderCrmStatusEntered, type OrderCrmStatusEntered } from '../../orders/stageEvents';
import { connectionsOfOrder } from './orderConnections';
import { rulesOf } from './settings';

/**
 * Issue 15 autogeneration at a CRM stage. The stage a template names is the linked order's crm_status (0–4), not the
 * CRM's own stage id: the spec gives CRM-linked orders exactly these five states, every CRM stage reaches the order
 * only through the connection's stage mapping onto them, and the same rule then works for amoCRM and Bitrix24 and
 * survives the CRM's pipelines being edited. The documents module's claim (once per order, template and stage) and
 * task do the rest, so a failure shows on the order and in the task center as a local stage's does.
 */
export async function generateAtCrmStage(db: Db, config: ServerConfig, event: Omit<OrderCrmStatusEntered, 'db'>): Promise<number[]> {
  const connections = await connectionsOfOrder(db, event.accountId, event.orderId);
  const ids = [...new Set(connections.flatMap(rulesOf).filter((rule) => rule.generate_at === event.crmStatus).map((rule) => rule.template_id))];
  if (!ids.length) return [];
  const templates = await db
    .select({ id: documentTemplates.id, name: documentTemplates.name })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.accountId, event.accountId), inArray(documentTemplates.id, ids)))
    .orderBy(documentTemplates.id);
  return startAutogenerations(db, config, { accountId: event.accountId, orderId: event.orderId, userId: event.userId, stageKey: crmStageKey(event.crmStatus), templates });
}

export function listenForCrmStages(db: Db, config: ServerConfig, log: { error(object: unknown, message: string): void }): () => void {
  return onOrderCrmStatusEntered(async (event) => {
    if (event.db !== db) return;
    try {
      await generateAtCrmStage(db, config, event);
    } catch (error) {
      log.error({ err: error, orderId: event.orderId }, 'crm documents: autogeneration was not queued');
    }
  });
}

import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { defineTask, taskTitle } from '../../tasks/api';
import { createLinkedOrder, keepCrmDeal, linkedOrder, moveLinkedOrder } from '../crmOrders';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { AmoRevokedError } from './client';
import { amoClientOf, amoConnection } from './connection';
import { crmStatusOfLeadStage, storedOf } from './settings';

/**
 * A lead changed stage in amoCRM: read the lead (its stage now, not the delivery's, which may be older than another
 * delivery already handled), move its linked order to the crm_status the stage maps to — or make the order when the
 * settings ask for it — and keep the lead's row on the Deals screen. The orders service reserves and writes off, and
 * only on a change of state, so a repeated or late task moves no stock twice. A failure is logged with a Retry.
 */
export const LEAD_SYNC_TASK = 'amocrm-lead-sync';

export interface LeadSyncPayload {
  connectionId: number;
  leadId: number;
}

export async function syncLead(db: Db, config: ServerConfig, accountId: number, payload: LeadSyncPayload): Promise<{ moved: boolean }> {
  const connection = await amoConnection(db, accountId, payload.connectionId);
  const source = crmSource('amocrm', connection.id);
  const client = amoClientOf(db, config, connection);
  const lead = await client.lead(payload.leadId);
  if (!lead) {
    await keepCrmDeal(db, accountId, source, String(payload.leadId), { orderId: null, name: '', stage: '', stageName: null, sum: null, problem: 'The lead no longer exists in amoCRM' });
    return { moved: false };
  }
  const settings = storedOf(connection);
  const target = crmStatusOfLeadStage(lead.status_id, settings.stageMapping);
  let order = await linkedOrder(db, accountId, lead.id);
  let outcome = { moved: false, problem: order ? null : 'No order is linked to this lead' };
  if (!order && target !== null && settings.createOrders) {
    order = await createLinkedOrder(db, accountId, connection.userId, lead.id, lead.name, target);
    outcome = { moved: true, problem: null };
  }
  if (order && target !== null) outcome = await moveLinkedOrder(db, accountId, connection.userId, order, target);
  const stage = (await client.pipelines()).find((pipeline) => pipeline.id === lead.pipeline_id)?._embedded.statuses.find((status) => status.id === lead.status_id);
  await keepCrmDeal(db, accountId, source, String(lead.id), {
    orderId: order?.id ?? null,
    name: lead.name,
    stage: String(lead.status_id),
    stageName: stage?.name ?? null,
    sum: String(lead.price ?? 0),
    problem: outcome.problem,
  });
  return { moved: outcome.moved };
}

defineTask<LeadSyncPayload>({
  type: LEAD_SYNC_TASK,
  async run({ db, config, accountId, taskId, payload }) {
    const source = crmSource('amocrm', payload.connectionId);
    try {
      const { moved } = await syncLead(db, config, accountId, payload);
      await logIntegration(db, { accountId, source, level: 'info', action: 'lead-sync', message: `Lead ${payload.leadId} synced${moved ? '; its order moved' : ''}`, taskId });
      return { counts: { moved: moved ? 1 : 0 } };
    } catch (error) {
      const message = `Lead ${payload.leadId}: ${(error as Error).message}`;
      // A revoked connection was logged once by the client; retrying cannot succeed until it is connected anew.
      const retry = error instanceof AmoRevokedError ? undefined : { type: LEAD_SYNC_TASK, ...taskTitle('amoLead', { lead: String(payload.leadId) }), payload };
      await logIntegration(db, { accountId, source, level: 'error', action: 'lead-sync', message, taskId, retry });
      return { error: message };
    }
  },
});

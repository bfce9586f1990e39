import { and, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { defineTask, taskTitle } from '../../tasks/api';
import { keepCrmDeal, linkedOrder, moveLinkedOrder } from '../crmOrders';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { Bitrix24Client, Bitrix24Revoked } from './client';
import { type Bitrix24Settings, crmStatusOfStage } from './stageMapping';

/**
 * A deal changed in Bitrix24: read it (crm.deal.get), keep its row on the Deals screen, and move its linked order to the
 * crm_status its stage maps to — through the orders service, which reserves and writes off (once: it moves stock only
 * when the state changes). A failure is logged with a Retry.
 */
export const DEAL_SYNC_TASK = 'bitrix24-deal-sync';

export interface DealSyncPayload {
  connectionId: number;
  dealId: number;
}

interface Deal {
  ID: string;
  TITLE?: string;
  STAGE_ID?: string;
  OPPORTUNITY?: string;
}

export async function syncDeal(db: Db, config: ServerConfig, accountId: number, payload: DealSyncPayload): Promise<{ moved: boolean }> {
  const [connection] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, payload.connectionId), eq(integrationConnections.kind, 'bitrix24')));
  if (!connection) return { moved: false };
  const source = crmSource('bitrix24', connection.id);
  const deal = await new Bitrix24Client(db, config, connection).call<Deal>('crm.deal.get', { id: payload.dealId });
  const settings = connection.settings as Bitrix24Settings;
  const stage = deal.STAGE_ID ?? '';
  const target = crmStatusOfStage(stage, settings.stageMapping);
  const order = await linkedOrder(db, accountId, payload.dealId);
  const outcome = order && target !== null ? await moveLinkedOrder(db, accountId, connection.userId, order, target) : { moved: false, problem: null };
  const problem = order ? outcome.problem : 'No order is linked to this deal';
  const moved = outcome.moved;
  await keepCrmDeal(db, accountId, source, String(payload.dealId), {
    orderId: order?.id ?? null,
    name: deal.TITLE ?? '',
    stage,
    stageName: settings.stageNames?.[stage] ?? null,
    sum: deal.OPPORTUNITY ?? null,
    problem,
  });
  return { moved };
}

export const dealSyncTask = defineTask<DealSyncPayload>({
  type: DEAL_SYNC_TASK,
  async run({ db, config, accountId, taskId, payload }) {
    const source = crmSource('bitrix24', payload.connectionId);
    try {
      const { moved } = await syncDeal(db, config, accountId, payload);
      await logIntegration(db, { accountId, source, level: 'info', action: 'deal-sync', message: `Deal ${payload.dealId} synced${moved ? '; its order moved' : ''}`, taskId });
      return { counts: { moved: moved ? 1 : 0 } };
    } catch (error) {
      const message = `Deal ${payload.dealId}: ${(error as Error).message}`;
      // A revoked portal was logged once by the client; retrying it would only fail again until it is connected anew.
      const retry = error instanceof Bitrix24Revoked ? undefined : { type: DEAL_SYNC_TASK, ...taskTitle('bitrixDeal', { deal: String(payload.dealId) }), payload };
      await logIntegration(db, { accountId, source, level: 'error', action: 'deal-sync', message, taskId, retry });
      return { error: message };
    }
  },
});

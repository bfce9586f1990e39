import { and, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { accounts, crmDeals, integrationConnections, orders } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { updateOrder } from '../../orders/service';
import { defineTask } from '../../tasks/api';
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
  const [order] = await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.leadId, payload.dealId)));
  let problem: string | null = order ? null : 'No order is linked to this deal';
  let moved = false;
  if (order && target !== null && order.crmStatus !== target) {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    const actor = { accountId, account: account!, userId: connection.userId, isKommo: account!.isKommo, public: false };
    for (let version = order.version, attempt = 0; ; attempt++) {
      try {
        await updateOrder(db, actor, { id: order.id, version, status: target });
        moved = true;
        break;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        // Someone saved the order meanwhile: the stage still wins, on the version they left.
        if (error.status === 409 && attempt < 3) {
          version = Number(error.extra.version ?? version);
          continue;
        }
        // The order's own rules refused the move (e.g. not enough stock to reserve): the deal shows why.
        problem = error.message;
        break;
      }
    }
  }
  const row = {
    orderId: order?.id ?? null,
    name: deal.TITLE ?? '',
    stage,
    stageName: settings.stageNames?.[stage] ?? null,
    sum: deal.OPPORTUNITY ?? null,
    lastSyncAt: new Date(),
    problem,
  };
  await db
    .insert(crmDeals)
    .values({ accountId, source, externalId: String(payload.dealId), ...row })
    .onConflictDoUpdate({ target: [crmDeals.accountId, crmDeals.source, crmDeals.externalId], set: row });
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
      const retry = error instanceof Bitrix24Revoked ? undefined : { type: DEAL_SYNC_TASK, title: `Bitrix24 deal ${payload.dealId}`, payload };
      await logIntegration(db, { accountId, source, level: 'error', action: 'deal-sync', message, taskId, retry });
      return { error: message };
    }
  },
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections, orderPositions, orders } from '../../../db/schema';
import { onOrderChanged } from '../../orders/changeEvents';
import { defineTask, startTask, taskTitle } from '../../tasks/api';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { AmoRevokedError } from './client';
import { AMO_KINDS, amoClientOf, amoConnection } from './connection';
import { storedOf } from './settings';
import type { AmoFieldValue, AmoLeadChange } from './types';

/**
 * Our order of a linked lead changed (positions or stage): a task writes the order's totals back to the lead — the
 * budget (the lead's price, or the bound budget field) and the bound cost price, profit and VAT sum fields — through
 * the client's 7 requests/second gate. The task reads the order when it runs, so a burst of edits ends with the
 * lead showing the last state. Only connections whose bindings an admin saved write anything.
 */
export const LEAD_PUSH_TASK = 'amocrm-lead-push';

export interface LeadPushPayload {
  connectionId: number;
  orderId: number;
}

/** VAT inside the positions' prices (a position's price includes its VAT percent), to the kopeck per position. */
async function vatSumOf(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ vat: sql<string>`coalesce(sum(round(${orderPositions.price} * ${orderPositions.quantity} * ${orderPositions.nds} / (100 + ${orderPositions.nds}), 2)), 0)` })
    .from(orderPositions)
    .where(eq(orderPositions.orderId, orderId));
  return Number(row?.vat ?? 0);
}

const numberField = (fieldId: number | null, value: number): AmoFieldValue[] => (fieldId ? [{ field_id: fieldId, values: [{ value }] }] : []);

export async function pushOrderToLead(db: Db, config: ServerConfig, accountId: number, payload: LeadPushPayload): Promise<{ leadId: number | null }> {
  const connection = await amoConnection(db, accountId, payload.connectionId);
  const bindings = storedOf(connection).bindings;
  const [order] = await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.id, payload.orderId)));
  if (!order || order.leadId === null || !bindings) return { leadId: null };
  const sum = Number(order.sum);
  const change: AmoLeadChange = {
    id: order.leadId,
    // amoCRM keeps a lead's price in whole units.
    ...(bindings.budget ? {} : { price: Math.round(sum) }),
    custom_fields_values: [
      ...numberField(bindings.budget, sum),
      ...numberField(bindings.cost_price, Number(order.costPrice)),
      ...numberField(bindings.profit, Number(order.profit)),
      ...numberField(bindings.vat_sum, await vatSumOf(db, order.id)),
    ],
  };
  if (!change.custom_fields_values?.length) delete change.custom_fields_values;
  await amoClientOf(db, config, connection).updateLeads([change]);
  return { leadId: order.leadId };
}

defineTask<LeadPushPayload>({
  type: LEAD_PUSH_TASK,
  async run({ db, config, accountId, taskId, payload }) {
    const source = crmSource('amocrm', payload.connectionId);
    try {
      const { leadId } = await pushOrderToLead(db, config, accountId, payload);
      return { counts: { leads: leadId === null ? 0 : 1 } };
    } catch (error) {
      const message = `Order ${payload.orderId} → lead: ${(error as Error).message}`;
      const retry = error instanceof AmoRevokedError ? undefined : { type: LEAD_PUSH_TASK, ...taskTitle('leadPush', { order: String(payload.orderId) }), payload };
      await logIntegration(db, { accountId, source, level: 'error', action: 'lead-push', message, taskId, retry });
      return { error: message };
    }
  },
});

/** Subscribes this app's database to order changes; the answer unsubscribes (on close). */
export function listenForOrderChanges(db: Db, config: ServerConfig): () => void {
  return onOrderChanged(async (event) => {
    if (event.db !== db || event.leadId === null) return;
    const connections = await db
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.accountId, event.accountId), inArray(integrationConnections.kind, [...AMO_KINDS]), eq(integrationConnections.status, 'connected')));
    for (const connection of connections) {
      if (!storedOf(connection).bindings) continue;
      const payload: LeadPushPayload = { connectionId: connection.id, orderId: event.orderId };
      await startTask(db, config, { accountId: event.accountId, userId: connection.userId, type: LEAD_PUSH_TASK, ...taskTitle('leadPush', { order: String(event.orderId) }), payload });
    }
  });
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { catalogLinks, integrationConnections, orderPositions, orders, products, tasks } from '../../../db/schema';
import { defineTask, startTask, taskTitle } from '../../tasks/api';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { Bitrix24Client, Bitrix24Revoked } from './client';

/**
 * Our order's positions written into its Bitrix24 deal (crm.item.productrow.set replaces the deal's rows, so a repeat
 * is harmless). A position whose product is linked to a catalogue element (catalog_links) names it; others go by name.
 * Runs as a task: the client keeps it to the portal's 2 calls a second.
 */
export const DEAL_PRODUCTS_TASK = 'bitrix24-deal-products';

export interface DealProductsPayload {
  connectionId: number;
  orderId: number;
}

export async function pushDealProducts(db: Db, config: ServerConfig, accountId: number, payload: DealProductsPayload): Promise<number> {
  const [connection] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, payload.connectionId), eq(integrationConnections.kind, 'bitrix24')));
  const [order] = await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.id, payload.orderId)));
  if (!connection || !order || order.leadId === null) return 0;
  const source = crmSource('bitrix24', connection.id);
  const rows = await db
    .select({ name: products.name, price: orderPositions.price, quantity: orderPositions.quantity, external: catalogLinks.externalId })
    .from(orderPositions)
    .innerJoin(products, and(eq(products.id, orderPositions.productId), eq(products.accountId, accountId)))
    .leftJoin(catalogLinks, and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, source), eq(catalogLinks.productId, products.id)))
    .where(and(eq(orderPositions.accountId, accountId), eq(orderPositions.orderId, order.id)))
    .orderBy(asc(orderPositions.sort), asc(orderPositions.id));
  const productRows = rows.map((row) => ({ productId: row.external ? Number(row.external) : 0, productName: row.name, price: Number(row.price), quantity: Number(row.quantity) }));
  await new Bitrix24Client(db, config, connection).call('crm.item.productrow.set', { ownerType: 'D', ownerId: order.leadId, productRows });
  return productRows.length;
}

export const dealProductsTask = defineTask<DealProductsPayload>({
  type: DEAL_PRODUCTS_TASK,
  async run({ db, config, accountId, taskId, payload }) {
    const source = crmSource('bitrix24', payload.connectionId);
    try {
      const count = await pushDealProducts(db, config, accountId, payload);
      return { counts: { positions: count } };
    } catch (error) {
      const message = `Order ${payload.orderId}: the deal's products were not updated: ${(error as Error).message}`;
      const retry = error instanceof Bitrix24Revoked ? undefined : { type: DEAL_PRODUCTS_TASK, ...taskTitle('bitrixDealProducts', { order: String(payload.orderId) }), payload };
      await logIntegration(db, { accountId, source, level: 'error', action: 'deal-products', message, taskId, retry });
      return { error: message };
    }
  },
});

/** A push of this order to this portal that no worker has picked up yet: it will read the order as it is when it runs. */
async function waitingPush(db: Db, accountId: number, payload: DealProductsPayload): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.accountId, accountId), eq(tasks.type, DEAL_PRODUCTS_TASK), eq(tasks.status, 0), eq(tasks.attempts, 0), isNull(tasks.heartbeatAt), sql`${tasks.payload} @> ${JSON.stringify(payload)}::jsonb`))
    .limit(1);
  return row !== undefined;
}

/**
 * Queues the push for every connected Bitrix24 portal of the account (an order changed), unless one is already waiting
 * to run: a burst of edits ends in one up-to-date row set instead of one call per edit. `userId` null: the connection's
 * user owns the task (a change told by the orders module).
 */
export async function queueDealProducts(db: Db, config: ServerConfig, accountId: number, userId: number | null, orderId: number): Promise<number> {
  const connections = await db
    .select({ id: integrationConnections.id, userId: integrationConnections.userId })
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.kind, 'bitrix24'), eq(integrationConnections.status, 'connected')));
  let queued = 0;
  for (const connection of connections) {
    const payload: DealProductsPayload = { connectionId: connection.id, orderId };
    if (await waitingPush(db, accountId, payload)) continue;
    await startTask(db, config, { accountId, userId: userId ?? connection.userId, type: DEAL_PRODUCTS_TASK, ...taskTitle('bitrixDealProducts', { order: String(orderId) }), payload });
    queued++;
  }
  return queued;
}

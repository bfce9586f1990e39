import { and, asc, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { catalogLinks, integrationConnections, orderPositions, orders, products } from '../../../db/schema';
import { defineTask, startTask } from '../../tasks/api';
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
      const retry = error instanceof Bitrix24Revoked ? undefined : { type: DEAL_PRODUCTS_TASK, title: `Bitrix24 deal products of order ${payload.orderId}`, payload };
      await logIntegration(db, { accountId, source, level: 'error', action: 'deal-products', message, taskId, retry });
      return { error: message };
    }
  },
});

/** Queues the push for every connected Bitrix24 portal of the account (an order changed). */
export async function queueDealProducts(db: Db, config: ServerConfig, accountId: number, userId: number, orderId: number): Promise<number> {
  const connections = await db
    .select({ id: integrationConnections.id })
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.kind, 'bitrix24'), eq(integrationConnections.status, 'connected')));
  for (const connection of connections) {
    const payload: DealProductsPayload = { connectionId: connection.id, orderId };
    await startTask(db, config, { accountId, userId, type: DEAL_PRODUCTS_TASK, title: `Bitrix24 deal products of order ${orderId}`, payload });
  }
  return connections.length;
}

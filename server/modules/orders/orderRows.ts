import { and, asc, eq, sql } from 'drizzle-orm';
import type { StockState } from '../../../src/contract/orders';
import type { Db, Tx } from '../../db/client';
import { orderPositions, orders, pipelines, pipelineStatuses } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import type { Actor } from './actor';
import { reconcileStock, stageRulesOf, stagesOf, TERMINAL_STATES, targetStockState } from './stockSync';

/** The order row and the rules every order write shares: its lock, whether its products may change, its totals and its stock. */

export type OrderRow = typeof orders.$inferSelect;

export const NO_SUCH_ORDER = refusalText('noSuchOrder');

/** The order row of the actor's account, locked for the rest of the transaction when asked. */
export async function orderRowOf(db: Db | Tx, accountId: number, id: number, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refusal(404, 'noSuchOrder');
  return row;
}

export async function stageOf(tx: Db | Tx, accountId: number, statusId: number | null) {
  if (statusId === null) return null;
  const [stage] = await tx.select().from(pipelineStatuses).where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.id, statusId)));
  return stage ?? null;
}

/** Whether the order's positions may change: not in a stage that blocks products, and the goods not yet gone or come. */
export async function productsLocked(tx: Db | Tx, order: OrderRow): Promise<boolean> {
  if (TERMINAL_STATES.has(order.stockState)) return true;
  const stage = await stageOf(tx, order.accountId, order.statusId);
  return stage?.blocksProducts ?? false;
}

export async function requireProductsEditable(tx: Db | Tx, order: OrderRow): Promise<void> {
  if (await productsLocked(tx, order)) throw refusal(422, 'productsLocked');
}

/** Recomputes sum, cost price and profit from the positions (in SQL, on the stored decimals) and counts a new version. */
export async function settleOrder(tx: Tx, orderId: number, extra: Partial<typeof orders.$inferInsert> = {}): Promise<void> {
  const totals = sql`(select coalesce(sum(round(p.price * p.quantity, 2)), 0) as sum, coalesce(sum(round(p.cost_price * p.quantity, 2)), 0) as cost
    from ${orderPositions} p where p.order_id = ${orderId})`;
  await tx
    .update(orders)
    .set({
      ...extra,
      sum: sql`(select sum from ${totals} t)`,
      costPrice: sql`(select cost from ${totals} t)`,
      profit: sql`(select sum - cost from ${totals} t)`,
      version: sql`${orders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
}

type StageRow = typeof pipelineStatuses.$inferSelect;

/** The stages of the order's pipeline (its row held, stockSync.ts) and the order's own stage among them. */
export async function orderStages(tx: Tx, order: OrderRow): Promise<{ stages: StageRow[]; stage: StageRow | null }> {
  const stages = await stagesOf(tx, order.accountId, order.pipelineId);
  return { stages, stage: stages.find((item) => item.id === order.statusId) ?? null };
}

/**
 * The order row locked with its pipeline's stages, in ONE statement (issue 20 §3: add to deal read the add's target
 * before, without a lock, and now needs only these under it): the pipeline row is held FOR SHARE before its stages
 * are read, as stagesOf does, so a change of their operations waits until this order's write is done.
 */
export async function lockOrderAndStages(tx: Tx, accountId: number, orderId: number): Promise<{ order: OrderRow; stages: StageRow[]; stage: StageRow | null }> {
  const pipeline = sql`(select p.id from ${pipelines} p where p.account_id = ${accountId} and p.id = ${orders.pipelineId} for share)`;
  const rows = await tx
    .select({ order: orders, stage: pipelineStatuses })
    .from(orders)
    .leftJoin(pipelineStatuses, and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.pipelineId, pipeline)))
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
    .orderBy(asc(pipelineStatuses.sort), asc(pipelineStatuses.id))
    .for('update', { of: orders });
  if (!rows.length) throw refusal(404, 'noSuchOrder');
  const { order } = rows[0];
  const stages = rows.flatMap((row) => (row.stage ? [row.stage] : []));
  return { order, stages, stage: stages.find((item) => item.id === order.statusId) ?? null };
}

/** requireProductsEditable with the order's stages already read (orderStages): no statement when its stage is among them. */
export async function requireProductsEditableIn(tx: Tx, order: OrderRow, stage: StageRow | null): Promise<void> {
  if (stage === null && order.statusId !== null) return requireProductsEditable(tx, order);
  if (TERMINAL_STATES.has(order.stockState) || stage?.blocksProducts) throw refusal(422, 'productsLocked');
}

/** Moves the order's stock to where its stage (or CRM status) says, and records the state. */
export async function applyStockState(tx: Tx, actor: Actor, order: OrderRow, only?: number[], read?: { stages: StageRow[]; stage: StageRow | null }): Promise<StockState> {
  const { stages, stage } = read ?? (await orderStages(tx, order));
  const target = targetStockState(order.stockState, order, stage, stageRulesOf(stages));
  await reconcileStock(tx, { accountId: actor.accountId, userId: actor.userId, order }, target, only);
  return target;
}


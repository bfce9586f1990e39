import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StockState } from '../../../src/contract/orders';
import type { Tx } from '../../db/client';
import { orderPositions, type orders, pipelines, pipelineStatuses, type products } from '../../db/schema';
import { adjust, belowWrittenOff, lockPositionProduct, lockProducts, release, thousandthsOf, type Holder } from '../stock/api';

/**
 * The order rules of stock: which state an order's goods should be in, from its stage or CRM status. The stock
 * itself moves only through the inventory module (stock/api.ts), in its lock order (stock/locks.ts).
 */

type OrderRow = typeof orders.$inferSelect;
type PositionRow = typeof orderPositions.$inferSelect;
type StageRow = typeof pipelineStatuses.$inferSelect;

/** Stock states a stage move never undoes: the goods have left (or entered) the warehouse; orders/refund reverses a sale. */
export const TERMINAL_STATES: ReadonlySet<string> = new Set(['written_off', 'stocked', 'refunded']);

/** The stages of a pipeline that matter to stock. */
export interface StageRules {
  reserve: StageRow | null;
  writeOff: StageRow | null;
  stocking: StageRow | null;
}

export function stageRulesOf(stages: StageRow[]): StageRules {
  return {
    reserve: stages.find((stage) => stage.isReserve) ?? null,
    writeOff: stages.find((stage) => stage.isWriteOff) ?? null,
    stocking: stages.find((stage) => stage.isStocking) ?? null,
  };
}

/**
 * What an order's positions should do to stock (spec 2 §4), from where the order is:
 * - a CRM-linked order: opened and reserved hold stock (reservation on adding to the deal), success writes it off, unsuccessful and deleted release it;
 * - a local order in a pipeline with a stocking stage (a purchase): at or after that stage the goods are added to stock;
 * - otherwise an unsuccessful stage releases; at or after the write-off stage the goods are written off; at or after the
 *   reservation stage — or anywhere, when the pipeline has no reservation stage — they are reserved; before it nothing is held.
 * Written-off, stocked and refunded orders stay so: moving such an order's stage changes no stock.
 */
export function targetStockState(current: string, order: Pick<OrderRow, 'leadId' | 'crmStatus'>, stage: StageRow | null, rules: StageRules): StockState {
  if (TERMINAL_STATES.has(current)) return current as StockState;
  if (order.leadId !== null && !stage) {
    const status = order.crmStatus ?? 0;
    if (status === 2) return 'written_off';
    return status <= 1 ? 'reserved' : 'none';
  }
  if (!stage || stage.type === 2) return 'none';
  if (rules.stocking) return stage.sort >= rules.stocking.sort ? 'stocked' : 'none';
  if (rules.writeOff && stage.sort >= rules.writeOff.sort) return 'written_off';
  if (!rules.reserve || stage.sort >= rules.reserve.sort) return 'reserved';
  return 'none';
}

/** Stage rows of an order's pipeline (empty for CRM-linked orders without one). */
export async function stagesOf(tx: Tx, accountId: number, pipelineId: number | null): Promise<StageRow[]> {
  if (pipelineId === null) return [];
  // Holding the pipeline row (shared) makes a concurrent change of its stages' operations wait until this order's move
  // is done. The lock is the sub-select's, run once before the stages are read, so one statement does both.
  const pipeline = sql`(select p.id from ${pipelines} p where p.account_id = ${accountId} and p.id = ${pipelineId} for share)`;
  return tx
    .select()
    .from(pipelineStatuses)
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.pipelineId, pipeline)))
    .orderBy(asc(pipelineStatuses.sort), asc(pipelineStatuses.id));
}

interface Scope {
  accountId: number;
  userId: number | null;
  order: OrderRow;
}

/** What the order's positions hold is said in the ledger as theirs; a purchase's goods arrive in a batch named after it. */
function holderOf(scope: Scope, position: PositionRow, product: typeof products.$inferSelect): Holder {
  const { order } = scope;
  return {
    accountId: scope.accountId,
    userId: scope.userId,
    position,
    product,
    order: { id: order.id, name: order.name },
    purchaseBatch: `PO-${order.id}`,
  };
}

/** The order's positions (all of them, or `only` these), by product, and their products locked in THE order (stock/locks.ts). */
async function lockedPositions(tx: Tx, scope: Scope, only?: number[]) {
  const positions = await tx
    .select()
    .from(orderPositions)
    .where(and(eq(orderPositions.orderId, scope.order.id), ...(only ? [inArray(orderPositions.id, only.length ? only : [0])] : [])))
    .orderBy(asc(orderPositions.productId), asc(orderPositions.id));
  const productById = await lockProducts(tx, scope.accountId, positions.map((position) => position.productId));
  return positions.flatMap((position) => {
    const product = productById.get(position.productId);
    return product ? [{ position, product }] : [];
  });
}

/** reconcileStock for one position of the order (the one a change just wrote). */
export async function reconcilePosition(tx: Tx, scope: Scope, target: StockState, positionId: number): Promise<void> {
  for (const { position, product } of await lockPositionProduct(tx, scope.accountId, scope.order.id, positionId)) {
    await adjust(tx, holderOf(scope, position, product), { from: scope.order.stockState, to: target });
  }
}

/**
 * Before positions' quantities are lowered: whatever they hold above the new quantity is released first, since
 * a position may never hold more than its quantity (a check of the table). Every product of the order is locked
 * here, so the reconciliation that follows takes no lock out of THE order.
 */
export async function releaseAboveQuantities(tx: Tx, scope: Scope, lowered: { positionId: number; quantity: string }[]): Promise<void> {
  if (!lowered.length) return;
  for (const { position, product } of await lockedPositions(tx, scope)) {
    const change = lowered.find((item) => item.positionId === position.id);
    if (!change) continue;
    const room = thousandthsOf(change.quantity) - thousandthsOf(position.writtenOff);
    if (room < 0) throw belowWrittenOff();
    await release(tx, holderOf(scope, position, product), Math.max(thousandthsOf(position.reserved) - room, 0));
  }
}

/**
 * Brings the stock held by the order's positions (or `only` these) in line with `target`. Call holding the order's
 * row lock; the products are locked here, so concurrent changes queue and available never goes below zero.
 */
export async function reconcileStock(tx: Tx, scope: Scope, target: StockState, only?: number[]): Promise<void> {
  for (const { position, product } of await lockedPositions(tx, scope, only)) {
    await adjust(tx, holderOf(scope, position, product), { from: scope.order.stockState, to: target });
  }
}

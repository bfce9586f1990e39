import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { StockState } from '../../../src/contract/orders';
import type { Db } from '../../db/client';
import { batches, movements, orderPositions, type orders, pipelines, pipelineStatuses, positionBatches, products } from '../../db/schema';
import { unprocessable } from '../../http/errors';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;
type PositionRow = typeof orderPositions.$inferSelect;
type StageRow = typeof pipelineStatuses.$inferSelect;

export const NOT_ENOUGH_STOCK = 'Not enough stock';

/** Quantities are handled in thousandths (as stored), so float noise never lets a unit too many through. */
const milli = (value: string | number) => Math.round(Number(value) * 1000);
const qty = (thousandths: number) => (thousandths / 1000).toFixed(3);

/** Stock states a stage move never undoes: the goods have left (or entered) the warehouse; orders/refund reverses a sale. */
const TERMINAL: ReadonlySet<string> = new Set(['written_off', 'stocked', 'refunded']);

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
  if (TERMINAL.has(current)) return current as StockState;
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
  // Holding the pipeline row (shared) makes a concurrent change of its stages' operations wait until this order's move is done.
  await tx.select({ id: pipelines.id }).from(pipelines).where(and(eq(pipelines.accountId, accountId), eq(pipelines.id, pipelineId))).for('share');
  return tx
    .select()
    .from(pipelineStatuses)
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.pipelineId, pipelineId)))
    .orderBy(asc(pipelineStatuses.sort), asc(pipelineStatuses.id));
}

/** The ledger row of one stock change of a position. */
interface Movement {
  eventType: 'reserve' | 'release' | 'sale' | 'arrival' | 'return';
  position: PositionRow;
  product: typeof products.$inferSelect;
  batch: typeof batches.$inferSelect;
  thousandths: number;
}

interface Context {
  tx: Tx;
  accountId: number;
  userId: number | null;
  order: OrderRow;
}

async function record(ctx: Context, move: Movement): Promise<void> {
  const { batch, product, thousandths } = move;
  const cost = Number(batch.costPrice);
  const incoming = move.eventType === 'arrival' || move.eventType === 'return';
  await ctx.tx.insert(movements).values({
    accountId: ctx.accountId,
    eventType: move.eventType,
    productId: product.id,
    batchId: batch.id,
    articleNumber: product.article,
    title: product.name,
    party: batch.number,
    quantity: qty(thousandths),
    costPrice: batch.costPrice,
    sum: ((cost * thousandths) / 1000).toFixed(2),
    initialWarehouseId: incoming ? null : batch.warehouseId,
    finalWarehouseId: incoming ? batch.warehouseId : null,
    userId: ctx.userId,
    comment: `Order ${ctx.order.id}${ctx.order.name ? `: ${ctx.order.name}` : ''}`,
  });
}

/** A position's holdings per batch, locked. */
async function holdingsOf(tx: Tx, positionId: number) {
  return tx
    .select({ holding: positionBatches, batch: batches })
    .from(positionBatches)
    .innerJoin(batches, eq(batches.id, positionBatches.batchId))
    .where(eq(positionBatches.positionId, positionId))
    .orderBy(desc(batches.id))
    .for('update', { of: batches });
}

async function setHolding(tx: Tx, accountId: number, positionId: number, batchId: number, change: { reserved?: number; writtenOff?: number }): Promise<void> {
  const reserved = qty(change.reserved ?? 0);
  const writtenOff = qty(change.writtenOff ?? 0);
  const added = { reserved: sql`${positionBatches.reserved} + ${reserved}`, writtenOff: sql`${positionBatches.writtenOff} + ${writtenOff}` };
  // A lowering change only ever meets an existing row; an insert's values are checked (not negative) before any conflict.
  if ((change.reserved ?? 0) < 0 || (change.writtenOff ?? 0) < 0) {
    await tx.update(positionBatches).set(added).where(and(eq(positionBatches.positionId, positionId), eq(positionBatches.batchId, batchId)));
    return;
  }
  await tx
    .insert(positionBatches)
    .values({ accountId, positionId, batchId, reserved, writtenOff })
    .onConflictDoUpdate({ target: [positionBatches.positionId, positionBatches.batchId], set: added });
}

/** Releases `thousandths` of a position's reservation, newest batch first. */
async function release(ctx: Context, position: PositionRow, product: typeof products.$inferSelect, thousandths: number): Promise<void> {
  let left = thousandths;
  for (const { holding, batch } of await holdingsOf(ctx.tx, position.id)) {
    if (left <= 0) break;
    const take = Math.min(left, milli(holding.reserved));
    if (take <= 0) continue;
    await ctx.tx.update(batches).set({ reserve: sql`${batches.reserve} - ${qty(take)}` }).where(eq(batches.id, batch.id));
    await setHolding(ctx.tx, ctx.accountId, position.id, batch.id, { reserved: -take });
    await record(ctx, { eventType: 'release', position, product, batch, thousandths: take });
    left -= take;
  }
}

/** Available batches of a product in a warehouse, oldest first (FIFO), locked. */
async function availableBatches(tx: Tx, accountId: number, productId: number, warehouseId: number | null) {
  return tx
    .select()
    .from(batches)
    .where(
      and(
        eq(batches.accountId, accountId),
        eq(batches.productId, productId),
        ...(warehouseId === null ? [] : [eq(batches.warehouseId, warehouseId)]),
        gt(batches.count, batches.reserve),
      ),
    )
    .orderBy(asc(batches.id))
    .for('update');
}

function shortage(product: typeof products.$inferSelect, available: number): never {
  const amount = available / 1000;
  throw unprocessable(`${NOT_ENOUGH_STOCK} of "${product.name}": ${amount} available`, { available: amount, product_id: product.id });
}

/**
 * Takes `thousandths` from available stock (count − reserve) of the position's warehouse, oldest batch first:
 * reserved (reserve grows) or written off directly (count falls). Refused whole when there is not enough.
 */
async function take(ctx: Context, position: PositionRow, product: typeof products.$inferSelect, thousandths: number, as: 'reserve' | 'sale'): Promise<void> {
  const rows = await availableBatches(ctx.tx, ctx.accountId, product.id, position.warehouseId);
  const total = rows.reduce((sum, batch) => sum + milli(batch.count) - milli(batch.reserve), 0);
  if (total < thousandths) shortage(product, total);
  let left = thousandths;
  for (const batch of rows) {
    if (left <= 0) break;
    const portion = Math.min(left, milli(batch.count) - milli(batch.reserve));
    if (as === 'reserve') {
      await ctx.tx.update(batches).set({ reserve: sql`${batches.reserve} + ${qty(portion)}` }).where(eq(batches.id, batch.id));
      await setHolding(ctx.tx, ctx.accountId, position.id, batch.id, { reserved: portion });
    } else {
      await ctx.tx.update(batches).set({ count: sql`${batches.count} - ${qty(portion)}` }).where(eq(batches.id, batch.id));
      await setHolding(ctx.tx, ctx.accountId, position.id, batch.id, { writtenOff: portion });
    }
    await record(ctx, { eventType: as, position, product, batch, thousandths: portion });
    left -= portion;
  }
}

/** Turns the position's whole reservation into a write-off: the reserved goods leave the warehouse. */
async function writeOffReserved(ctx: Context, position: PositionRow, product: typeof products.$inferSelect): Promise<void> {
  for (const { holding, batch } of await holdingsOf(ctx.tx, position.id)) {
    const portion = milli(holding.reserved);
    if (portion <= 0) continue;
    await ctx.tx
      .update(batches)
      .set({ count: sql`${batches.count} - ${qty(portion)}`, reserve: sql`${batches.reserve} - ${qty(portion)}` })
      .where(eq(batches.id, batch.id));
    await setHolding(ctx.tx, ctx.accountId, position.id, batch.id, { reserved: -portion, writtenOff: portion });
    await record(ctx, { eventType: 'sale', position, product, batch, thousandths: portion });
  }
}

/** Puts everything the position wrote off back into the batches it came from (orders/refund). */
async function returnWrittenOff(ctx: Context, position: PositionRow, product: typeof products.$inferSelect): Promise<void> {
  for (const { holding, batch } of await holdingsOf(ctx.tx, position.id)) {
    const portion = milli(holding.writtenOff);
    if (portion <= 0) continue;
    await ctx.tx.update(batches).set({ count: sql`${batches.count} + ${qty(portion)}` }).where(eq(batches.id, batch.id));
    await setHolding(ctx.tx, ctx.accountId, position.id, batch.id, { writtenOff: -portion });
    await record(ctx, { eventType: 'return', position, product, batch, thousandths: portion });
  }
}

/** A purchase: the position's quantity arrives in its warehouse as a batch named after the order, at the position's price. */
async function stockIn(ctx: Context, position: PositionRow, product: typeof products.$inferSelect): Promise<void> {
  if (position.warehouseId === null) return;
  const number = `PO-${ctx.order.id}`;
  const [batch] = await ctx.tx
    .insert(batches)
    .values({ accountId: ctx.accountId, productId: product.id, warehouseId: position.warehouseId, number, costPrice: position.price, count: position.quantity })
    .onConflictDoUpdate({
      target: [batches.accountId, batches.productId, batches.warehouseId, batches.number],
      set: { count: sql`${batches.count} + ${position.quantity}` },
    })
    .returning();
  await record(ctx, { eventType: 'arrival', position, product, batch, thousandths: milli(position.quantity) });
}

/** Stores a position's held quantities (summed from its batches) and its cost price (their weighted cost, when it holds any). */
async function settlePosition(tx: Tx, positionId: number): Promise<void> {
  await tx.execute(sql`
    update ${orderPositions} p set
      reserved = coalesce(h.reserved, 0),
      written_off = coalesce(h.written_off, 0),
      cost_price = case when coalesce(h.held, 0) > 0 then round(h.cost / h.held, 2) else p.cost_price end
    from (select 1) as one
    left join (
      select sum(pb.reserved) as reserved, sum(pb.written_off) as written_off, sum(pb.reserved + pb.written_off) as held,
             sum((pb.reserved + pb.written_off) * b.cost_price) as cost
      from ${positionBatches} pb join ${batches} b on b.id = pb.batch_id
      where pb.position_id = ${positionId}
    ) h on true
    where p.id = ${positionId}`);
  // Holdings that went back to zero are dropped, so a position's batch rows are exactly what it holds.
  await tx.delete(positionBatches).where(and(eq(positionBatches.positionId, positionId), eq(positionBatches.reserved, '0'), eq(positionBatches.writtenOff, '0')));
}

/** Locks the products of an order's positions (all of them, or `only` these positions') in id order: the order every stock writer takes them in. */
async function lockProductsOf(tx: Tx, accountId: number, positions: PositionRow[]) {
  const productIds = [...new Set(positions.map((position) => position.productId))];
  if (!productIds.length) return new Map<number, typeof products.$inferSelect>();
  const locked = await tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, productIds)))
    .orderBy(asc(products.id))
    // NO KEY UPDATE, not UPDATE: a position just inserted holds the product's KEY SHARE lock (its foreign key), and so
    // may a concurrent order's; FOR UPDATE would wait on each other's (a deadlock), while this still queues every stock writer.
    .for('no key update');
  return new Map(locked.map((row) => [row.id, row]));
}

/**
 * Before positions' quantities are lowered: whatever they hold above the new quantity is released first, since
 * a position may never hold more than its quantity (a check of the table). Every product of the order is locked
 * here, in id order, so the reconciliation that follows takes no lock out of that order.
 */
export async function releaseAboveQuantities(tx: Tx, scope: { accountId: number; userId: number | null; order: OrderRow }, lowered: { positionId: number; quantity: string }[]): Promise<void> {
  if (!lowered.length) return;
  const ctx: Context = { tx, ...scope };
  const positions = await tx.select().from(orderPositions).where(eq(orderPositions.orderId, scope.order.id)).orderBy(asc(orderPositions.productId), asc(orderPositions.id));
  const productById = await lockProductsOf(tx, scope.accountId, positions);
  for (const position of positions) {
    const change = lowered.find((item) => item.positionId === position.id);
    const product = productById.get(position.productId);
    if (!change || !product) continue;
    const room = milli(change.quantity) - milli(position.writtenOff);
    if (room < 0) throw unprocessable('The quantity cannot be lower than what this position has already written off');
    const excess = milli(position.reserved) - room;
    if (excess > 0) await release(ctx, position, product, excess);
    await settlePosition(tx, position.id);
  }
}

/**
 * Brings the stock held by positions in line with `target`. Call holding the order's row lock; the
 * products are locked here in id order (the order every stock writer uses), then their batches, so
 * concurrent changes queue and available never goes below zero. Applying the same target twice
 * changes nothing: each position's held quantities are compared with what it should hold.
 */
export async function reconcileStock(
  tx: Tx,
  scope: { accountId: number; userId: number | null; order: OrderRow },
  target: StockState,
  only?: number[],
): Promise<void> {
  const ctx: Context = { tx, ...scope };
  const positions = await tx
    .select()
    .from(orderPositions)
    .where(and(eq(orderPositions.orderId, scope.order.id), ...(only ? [inArray(orderPositions.id, only.length ? only : [0])] : [])))
    .orderBy(asc(orderPositions.productId), asc(orderPositions.id));
  if (!positions.length) return;
  const productById = await lockProductsOf(tx, scope.accountId, positions);
  const previous = scope.order.stockState;
  for (const position of positions) {
    const product = productById.get(position.productId);
    if (!product || product.type === 'service') continue;
    const quantity = milli(position.quantity);
    const reserved = milli(position.reserved);
    const writtenOff = milli(position.writtenOff);
    if (target === 'none') {
      if (reserved > 0) await release(ctx, position, product, reserved);
    } else if (target === 'reserved') {
      if (reserved < quantity) await take(ctx, position, product, quantity - reserved, 'reserve');
      else if (reserved > quantity) await release(ctx, position, product, reserved - quantity);
    } else if (target === 'written_off') {
      if (reserved > 0) await writeOffReserved(ctx, position, product);
      const missing = quantity - writtenOff - reserved;
      if (missing > 0) await take(ctx, position, product, missing, 'sale');
    } else if (target === 'stocked') {
      if (reserved > 0) await release(ctx, position, product, reserved);
      if (previous !== 'stocked') await stockIn(ctx, position, product);
    } else if (target === 'refunded') {
      if (reserved > 0) await release(ctx, position, product, reserved);
      if (writtenOff > 0) await returnWrittenOff(ctx, position, product);
    }
    await settlePosition(tx, position.id);
  }
}

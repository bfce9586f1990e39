import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { StockState } from '../../../src/contract/orders';
import type { Tx } from '../../db/client';
import { batches, orderPositions, positionBatches, type products } from '../../db/schema';
import { arrive, type BatchRow } from './batches';
import { productShortage } from './errors';
import { writeLedger, type MovementKind } from './ledger';
import { quantityText, thousandthsOf } from './quantities';
import { reserveAtOnce } from './reserveAtOnce';

/**
 * Reservations: what an order position holds of which batch (position_batches), and the position's reserved,
 * written-off and cost columns summed from them. Every verb here runs inside the caller's transaction, holding
 * the order's row and the position's product (locks.ts); the batches are locked here.
 */

type PositionRow = typeof orderPositions.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** One order position as a holder of stock, with what its ledger rows say. */
export interface Holder {
  accountId: number;
  /** null for a public customer's change. */
  userId: number | null;
  position: PositionRow;
  /** Locked by the caller (locks.ts). */
  product: ProductRow;
  /** The order the position is of: its ledger rows name it by id, and keep its name as their comment. */
  order: { id: number; name: string };
  /** The batch number a purchase's goods arrive in ('stocked'). */
  purchaseBatch: string;
}

async function record(tx: Tx, holder: Holder, kind: MovementKind, batch: BatchRow, thousandths: number): Promise<void> {
  const incoming = kind === 'arrival' || kind === 'return';
  await writeLedger(tx, [
    {
      accountId: holder.accountId,
      kind,
      product: holder.product,
      batch,
      thousandths,
      from: incoming ? null : batch.warehouseId,
      to: incoming ? batch.warehouseId : null,
      userId: holder.userId,
      comment: holder.order.name,
      orderId: holder.order.id,
    },
  ]);
}

/** A position's holdings per batch, newest batch first, the batches locked. */
async function holdingsOf(tx: Tx, positionId: number) {
  return tx
    .select({ holding: positionBatches, batch: batches })
    .from(positionBatches)
    .innerJoin(batches, eq(batches.id, positionBatches.batchId))
    .where(eq(positionBatches.positionId, positionId))
    .orderBy(desc(batches.id))
    .for('update', { of: batches });
}

async function setHolding(tx: Tx, holder: Holder, batchId: number, change: { reserved?: number; writtenOff?: number }): Promise<void> {
  const positionId = holder.position.id;
  const reserved = quantityText(change.reserved ?? 0);
  const writtenOff = quantityText(change.writtenOff ?? 0);
  const added = { reserved: sql`${positionBatches.reserved} + ${reserved}`, writtenOff: sql`${positionBatches.writtenOff} + ${writtenOff}` };
  // A lowering change only ever meets an existing row; an insert's values are checked (not negative) before any conflict.
  if ((change.reserved ?? 0) < 0 || (change.writtenOff ?? 0) < 0) {
    await tx.update(positionBatches).set(added).where(and(eq(positionBatches.positionId, positionId), eq(positionBatches.batchId, batchId)));
    return;
  }
  await tx
    .insert(positionBatches)
    .values({ accountId: holder.accountId, positionId, batchId, reserved, writtenOff })
    .onConflictDoUpdate({ target: [positionBatches.positionId, positionBatches.batchId], set: added });
}

/** Gives back `thousandths` of the position's reservation, newest batch first. */
async function giveBack(tx: Tx, holder: Holder, thousandths: number): Promise<void> {
  let left = thousandths;
  for (const { holding, batch } of await holdingsOf(tx, holder.position.id)) {
    if (left <= 0) break;
    const portion = Math.min(left, thousandthsOf(holding.reserved));
    if (portion <= 0) continue;
    await tx.update(batches).set({ reserve: sql`${batches.reserve} - ${quantityText(portion)}` }).where(eq(batches.id, batch.id));
    await setHolding(tx, holder, batch.id, { reserved: -portion });
    await record(tx, holder, 'release', batch, portion);
    left -= portion;
  }
}

/** Available batches of the product in the position's warehouse, oldest first (FIFO), locked. */
async function availableBatches(tx: Tx, holder: Holder) {
  const warehouseId = holder.position.warehouseId;
  return tx
    .select()
    .from(batches)
    .where(
      and(
        eq(batches.accountId, holder.accountId),
        eq(batches.productId, holder.product.id),
        ...(warehouseId === null ? [] : [eq(batches.warehouseId, warehouseId)]),
        gt(batches.count, batches.reserve),
      ),
    )
    .orderBy(asc(batches.id))
    .for('update');
}

/**
 * Takes `thousandths` from available stock (count − reserve) of the position's warehouse, oldest batch first:
 * reserved (reserve grows) or sold directly (count falls). Refused whole when there is not enough.
 */
async function take(tx: Tx, holder: Holder, thousandths: number, as: 'reserve' | 'sale'): Promise<void> {
  const rows = await availableBatches(tx, holder);
  const total = rows.reduce((sum, batch) => sum + thousandthsOf(batch.count) - thousandthsOf(batch.reserve), 0);
  if (total < thousandths) productShortage(holder.product, total);
  let left = thousandths;
  for (const batch of rows) {
    if (left <= 0) break;
    const portion = Math.min(left, thousandthsOf(batch.count) - thousandthsOf(batch.reserve));
    if (as === 'reserve') {
      await tx.update(batches).set({ reserve: sql`${batches.reserve} + ${quantityText(portion)}` }).where(eq(batches.id, batch.id));
      await setHolding(tx, holder, batch.id, { reserved: portion });
    } else {
      await tx.update(batches).set({ count: sql`${batches.count} - ${quantityText(portion)}` }).where(eq(batches.id, batch.id));
      await setHolding(tx, holder, batch.id, { writtenOff: portion });
    }
    await record(tx, holder, as, batch, portion);
    left -= portion;
  }
}

/** The position's whole reservation leaves the warehouse as a sale. */
async function sellReserved(tx: Tx, holder: Holder): Promise<number> {
  let sold = 0;
  for (const { holding, batch } of await holdingsOf(tx, holder.position.id)) {
    const portion = thousandthsOf(holding.reserved);
    if (portion <= 0) continue;
    await tx
      .update(batches)
      .set({ count: sql`${batches.count} - ${quantityText(portion)}`, reserve: sql`${batches.reserve} - ${quantityText(portion)}` })
      .where(eq(batches.id, batch.id));
    await setHolding(tx, holder, batch.id, { reserved: -portion, writtenOff: portion });
    await record(tx, holder, 'sale', batch, portion);
    sold += portion;
  }
  return sold;
}

/** Everything the position sold goes back into the batches it came from (orders/refund). */
async function returnSold(tx: Tx, holder: Holder): Promise<void> {
  for (const { holding, batch } of await holdingsOf(tx, holder.position.id)) {
    const portion = thousandthsOf(holding.writtenOff);
    if (portion <= 0) continue;
    await tx.update(batches).set({ count: sql`${batches.count} + ${quantityText(portion)}` }).where(eq(batches.id, batch.id));
    await setHolding(tx, holder, batch.id, { writtenOff: -portion });
    await record(tx, holder, 'return', batch, portion);
  }
}

/** A purchase: the position's quantity arrives in its warehouse, in the purchase's batch, at the position's price. */
async function stockIn(tx: Tx, holder: Holder): Promise<void> {
  const { position } = holder;
  if (position.warehouseId === null) return;
  await arrive(tx, {
    accountId: holder.accountId,
    userId: holder.userId,
    product: holder.product,
    warehouseId: position.warehouseId,
    number: holder.purchaseBatch,
    thousandths: thousandthsOf(position.quantity),
    newBatchCost: position.price,
    addToExisting: true,
    comment: holder.order.name,
    orderId: holder.order.id,
  });
}

/** Stores the position's held quantities (summed from its batches) and its cost price (their weighted cost, when it holds any). */
async function settle(tx: Tx, positionId: number): Promise<void> {
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

/** The position reserves `thousandths` more, oldest batch first; refused whole when the warehouse has not that much free. */
export async function reserve(tx: Tx, holder: Holder, thousandths: number): Promise<void> {
  // Taking and restating in one statement (reserveAtOnce.ts); with nothing to take, only the sums are restated.
  if (thousandths > 0) return reserveAtOnce(tx, holder, thousandths);
  await settle(tx, holder.position.id);
}

/** The position lets `thousandths` of its reservation go (0: nothing, its sums restated), newest batch first. */
export async function release(tx: Tx, holder: Holder, thousandths: number): Promise<void> {
  if (thousandths > 0) await giveBack(tx, holder, thousandths);
  await settle(tx, holder.position.id);
}

/** `thousandths` more of the position leave as a sale: its whole reservation first, the rest taken from free stock (refused whole when short). */
export async function consume(tx: Tx, holder: Holder, thousandths: number): Promise<void> {
  const sold = thousandthsOf(holder.position.reserved) > 0 ? await sellReserved(tx, holder) : 0;
  if (thousandths - sold > 0) await take(tx, holder, thousandths - sold, 'sale');
  await settle(tx, holder.position.id);
}

/**
 * Brings what one position holds in line with the stock state its order should be in (orders decide which):
 * none — nothing reserved; reserved — its quantity reserved; written_off — its quantity sold; stocked — its quantity
 * arrived once (a purchase); refunded — what it sold returned. Applying the same target twice changes nothing but
 * the position's sums, restated. Services hold no stock and are skipped.
 */
export async function adjust(tx: Tx, holder: Holder, change: { from: string; to: StockState }): Promise<void> {
  if (holder.product.type === 'service') return;
  const { position } = holder;
  const quantity = thousandthsOf(position.quantity);
  const reserved = thousandthsOf(position.reserved);
  const writtenOff = thousandthsOf(position.writtenOff);
  if (change.to === 'reserved' && reserved < quantity) return reserve(tx, holder, quantity - reserved);
  if (change.to === 'reserved') return release(tx, holder, reserved - quantity);
  if (change.to === 'written_off' && quantity - writtenOff > 0) return consume(tx, holder, quantity - writtenOff);
  if (reserved > 0 && change.to !== 'written_off') await giveBack(tx, holder, reserved);
  if (change.to === 'stocked' && change.from !== 'stocked') await stockIn(tx, holder);
  if (change.to === 'refunded' && writtenOff > 0) await returnSold(tx, holder);
  await settle(tx, position.id);
}

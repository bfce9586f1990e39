import { and, eq, sql } from 'drizzle-orm';
import type { PublicAvailability, PublicSettings, PublicSettingsRequest } from '../../../src/contract/publicOrder';
import { productVisibilityOf } from '../../auth/publicSessions';
import type { Db, Tx } from '../../db/client';
import { accounts, batches, orderPositions, products } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { refusal, refusalText } from '../../http/refusal';
import type { TouchedCount } from '../orders/actor';
import { countText, SHORTAGE_CODES, thousandthsOf } from '../stock/api';

/** The staff's caps on what a public customer may order (null: no cap). */
export interface PublicCountCaps {
  perPosition: number | null;
  perOrder: number | null;
}

export const overPositionCap = (cap: number) => refusalText('publicOverPositionCap', { cap });
export const overOrderCap = (cap: number) => refusalText('publicOverOrderCap', { cap });
/** Says which product, never how many are left: public customers see no stock counts. */
export const notEnoughInStock = (name: string) => refusalText('publicNotEnoughStock', { name });
const notEnoughRefusal = (name: string) => refusal(422, 'publicNotEnoughStock', { name });

const capOf = (value: string | null): number | null => (value === null ? null : Number(value));

export async function publicSettings(db: Db | Tx, accountId: number): Promise<PublicSettings> {
  const [row] = await db
    .select({ visibility: accounts.productVisibility, perPosition: accounts.publicMaxPerPosition, perOrder: accounts.publicMaxPerOrder })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { product_visibility: productVisibilityOf(row.visibility), max_count_per_position: capOf(row.perPosition), max_count_per_order: capOf(row.perOrder) };
}

/** orders/public/settings (POST): only what is sent changes; null removes a cap. */
export async function savePublicSettings(db: Db, accountId: number, body: PublicSettingsRequest): Promise<PublicSettings> {
  const cap = (value: number | null) => (value === null ? null : countText(value));
  const changes = {
    ...(body.product_visibility !== undefined && { productVisibility: body.product_visibility }),
    ...(body.max_count_per_position !== undefined && { publicMaxPerPosition: cap(body.max_count_per_position) }),
    ...(body.max_count_per_order !== undefined && { publicMaxPerOrder: cap(body.max_count_per_order) }),
  };
  if (Object.keys(changes).length) await db.update(accounts).set(changes).where(eq(accounts.id, accountId));
  return publicSettings(db, accountId);
}

export async function publicCountCaps(db: Db | Tx, accountId: number): Promise<PublicCountCaps> {
  const settings = await publicSettings(db, accountId);
  return { perPosition: settings.max_count_per_position, perOrder: settings.max_count_per_order };
}

/**
 * The actor hook that holds a public change to the caps and to what is available (the warehouse's free stock
 * plus what the position already holds). Only growth is refused: a count the staff set above a cap, or stock
 * that ran out since, does not block the customer from lowering it or changing another position.
 * Refused whole (the transaction rolls back), never capped silently: a silent cap would show the stock count.
 */
export function publicCountLimiter(accountId: number): (tx: Tx, orderId: number, touched: TouchedCount[]) => Promise<void> {
  return async (tx, orderId, touched) => {
    const caps = await publicCountCaps(tx, accountId);
    const rows = await tx
      .select({
        id: orderPositions.id,
        quantity: orderPositions.quantity,
        reserved: orderPositions.reserved,
        name: products.name,
        type: products.type,
        free: sql<string | null>`(select sum(b.count - b.reserve) from ${batches} b
          where b.account_id = ${orderPositions.accountId} and b.product_id = ${orderPositions.productId} and b.warehouse_id = ${orderPositions.warehouseId})`,
      })
      .from(orderPositions)
      .innerJoin(products, eq(products.id, orderPositions.productId))
      .where(and(eq(orderPositions.accountId, accountId), eq(orderPositions.orderId, orderId)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    let growth = 0;
    for (const change of touched) {
      const row = byId.get(change.id);
      if (!row) continue;
      const count = Number(row.quantity);
      if (count <= change.before) continue;
      growth += count - change.before;
      if (caps.perPosition !== null && count > caps.perPosition) throw refusal(422, 'publicOverPositionCap', { cap: caps.perPosition }, { max_count: caps.perPosition });
      if (row.type !== 'service' && thousandthsOf(count) > thousandthsOf(row.free ?? 0) + thousandthsOf(row.reserved)) throw notEnoughRefusal(row.name);
    }
    // Summed in thousandths, as stored: float addition would put 0.1 + 0.2 above a cap of 0.3.
    const total = rows.reduce((sum, row) => sum + thousandthsOf(row.quantity), 0);
    if (caps.perOrder !== null && growth > 0 && total > thousandthsOf(caps.perOrder)) throw refusal(422, 'publicOverOrderCap', { cap: caps.perOrder }, { max_order_count: caps.perOrder });
  };
}

/** The engine's shortage names the units left; a public caller gets the same refusal without the count. */
export function withoutStockCount(error: unknown): unknown {
  if (!(error instanceof HttpError) || !SHORTAGE_CODES.has(String(error.extra.code))) return error;
  const name = (error.extra.params as { name?: unknown } | undefined)?.name;
  return notEnoughRefusal(typeof name === 'string' ? name : '');
}

/** 'in_stock' when the warehouse can give the count (what is free plus what the position holds); services: null. */
export function availabilityOf(available: number | null, count: number): PublicAvailability {
  if (available === null) return null;
  return available >= count && available > 0 ? 'in_stock' : 'on_order';
}

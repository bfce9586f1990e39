import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productShortage } from './errors';
import { thousandthsOf } from './quantities';

/** What the add of one product to a CRM deal writes, read and worked out by the caller (orders/positions.ts) without a lock. */
export interface DealAdd {
  accountId: number;
  orderId: number;
  /** The order as the caller read it: the add is done only while it is still so. */
  seen: { leadId: number | null; crmStatus: number | null; stockState: string };
  productId: number;
  warehouseId: number;
  priceField: string;
  price: { cost: number; currency: string; nds: number };
  startingCost: string;
  quantity: string;
  userId: number | null;
  lastChange: { changedByUserId: number | null; changedByCustomer: boolean; changedByCustomerId: number | null; changedAt: Date };
  updatedAt: Date;
}

/** The database function's refusal for a shortage (migration add_to_deal_at_once), as pg or PGlite throw it, maybe wrapped by drizzle. */
function shortageOf(error: unknown): { available: string; name: string } | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === 'SR001' && typeof detail === 'string') return JSON.parse(detail) as { available: string; name: string };
  }
  return null;
}

/**
 * Issue 20 §3 (add to deal ≥ 500 req/s): the whole add of a product to a CRM deal's order — the order locked, the
 * product locked, the position grown or added, its quantity reserved (the same rule as reserveAtOnce.ts: the database
 * function stock_reserve_at_once) and the order's totals restated — as ONE statement outside any transaction, so
 * neither BEGIN nor COMMIT costs a round trip. The position's id; null when the order is no longer as `seen` (or the
 * product is gone), nothing written: the caller then takes the transactional path. A shortage refuses the whole add
 * with the same answer as reserve().
 */
export async function addToDealAtOnce(db: Db, add: DealAdd): Promise<number | null> {
  const { seen, price, lastChange } = add;
  try {
    const result = await db.execute(sql`select add_to_deal_reserved(${add.accountId}::int, ${add.orderId}::int, ${seen.leadId}::bigint,
      ${seen.crmStatus}::int, ${seen.stockState}, ${add.productId}::int, ${add.warehouseId}::int, ${add.priceField}, ${price.cost.toFixed(2)}::numeric,
      ${price.currency}, ${price.nds.toFixed(2)}::numeric, ${add.startingCost}::numeric, ${add.quantity}::numeric, ${add.userId}::int,
      ${lastChange.changedByUserId}::int, ${lastChange.changedByCustomer}, ${lastChange.changedByCustomerId}::int,
      ${lastChange.changedAt.toISOString()}::timestamptz, ${add.updatedAt.toISOString()}::timestamptz) as id`);
    const [row] = (result as unknown as { rows: { id: number | null }[] }).rows;
    return row.id === null ? null : Number(row.id);
  } catch (error) {
    const shortage = shortageOf(error);
    if (shortage) productShortage({ id: add.productId, name: shortage.name }, thousandthsOf(shortage.available));
    throw error;
  }
}

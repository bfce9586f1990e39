import { and, eq } from 'drizzle-orm';
import { MAX_PRICE } from '../../../src/contract/common';
import type { PriceEditRequest, PriceEditResult } from '../../../src/contract/stockOperations';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fields, products } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { inTransaction } from '../../http/transaction';
import { lockOpenOrders, repriceLocked } from '../orders/reprice';
import { lockProducts, type PriceChange, recordPriceChanges } from '../stock/api';
import { priceOf } from './priceOf';
import { nextStamp } from './freshness';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A price changed by a percentage, rounded half up to kopecks. Worked in whole kopecks and hundredths of a percent
 * with BigInt: the largest price times the largest factor is beyond a double's exact integers.
 */
export function changedByPercent(cost: number, percent: number): number {
  const kopecks = BigInt(Math.round(cost * 100));
  const factor = 10_000n + BigInt(Math.round(percent * 100));
  const scaled = kopecks * factor;
  return Number((scaled + 5_000n) / 10_000n) / 100;
}

/**
 * The price-edit overlay: one price type of several products set to a value or changed by a percentage, and with
 * update_open_deals the positions of open orders at that price type repriced with their sums — all in one
 * transaction, the orders locked before the products (THE lock order, stock/locks.ts).
 */
export async function editPrices(db: Db, caller: Caller, body: PriceEditRequest): Promise<PriceEditResult> {
  const accountId = caller.account.id;
  const [def] = await db
    .select({ type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.code, body.price_field)));
  if (!def || def.type !== FieldType.price) throw refusal(400, 'notAPriceField', { field: body.price_field });
  const ctx = { currency: defaultCurrency({ is_kommo: caller.account.isKommo }) };
  return inTransaction(db, async (tx) => {
    const orderIds = body.update_open_deals ? await lockOpenOrders(tx, accountId, body.product_ids, body.price_field) : [];
    const locked = await lockProducts(tx, accountId, body.product_ids);
    if (locked.size !== body.product_ids.length) throw refusal(404, 'noSuchProduct');
    const prices = new Map<number, number>();
    const changes: PriceChange[] = [];
    for (const product of locked.values()) {
      const previous = isRecord(product.values[body.price_field]) ? (product.values[body.price_field] as Record<string, unknown>) : {};
      const cost = 'set' in body.change ? body.change.set : changedByPercent(Number(previous.cost ?? 0) || 0, body.change.percent);
      if (cost > MAX_PRICE) throw refusal(400, 'priceTooLarge', undefined, { product_id: product.id });
      const price = coerceFieldValue(FieldType.price, { ...previous, cost }, ctx);
      await tx
        .update(products)
        .set({ values: { ...product.values, [body.price_field]: price }, updatedAt: nextStamp(product) })
        .where(eq(products.id, product.id));
      prices.set(product.id, cost);
      changes.push({ accountId, product, priceField: body.price_field, from: priceOf(previous), to: cost, userId: caller.user.id });
    }
    await recordPriceChanges(tx, changes);
    await repriceLocked(tx, orderIds, body.price_field, prices);
    return { prices: [...prices].map(([product_id, cost]) => ({ product_id, cost })), orders_repriced: orderIds.length };
  });
}

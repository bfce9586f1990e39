import { and, eq, sql } from 'drizzle-orm';
import type { OrderWithPositions, PositionAddRequest, PositionDeleteRequest } from '../../../src/contract/orders';
import { parseProductIdentifier } from '../../../src/domain/productId';
import type { Db, Tx } from '../../db/client';
import { batches, orderPositions, products, warehouses } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Actor } from './actor';
import { orderChanged } from './changeEvents';
import { applyStockState, orderRowOf, requireProductsEditable, settleOrder } from './orderRows';
import { priceFields, priceIn } from './positionsView';

export { hiddenFieldCodes, listPositions, productPrice, visibleValues } from './positionsView';
import { getOrder } from './service';
import { lastChangeBy } from './lastChange';

type ProductRow = typeof products.$inferSelect;
import { reconcileStock } from './stockSync';
import { inTransaction } from '../../http/transaction';
import { countText } from '../stock/api';

/** The product and warehouse an identifier names (spec 2 §5): goods without a warehouse code come from the main warehouse; services have none. */
async function resolveIdentifier(db: Db | Tx, actor: Actor, identifier: string | number): Promise<{ product: ProductRow; warehouseId: number | null }> {
  const parsed = parseProductIdentifier(identifier);
  if (!/^\d{1,10}$/.test(parsed.id.trim()) || Number(parsed.id) < 1 || Number(parsed.id) > 2_147_483_647) throw badRequest('Invalid product identifier: expected the product id, optionally followed by %%% and a warehouse code');
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.accountId, actor.accountId), eq(products.id, Number(parsed.id))));
  if (!product) throw notFound('No such product');
  if (product.archived) throw badRequest('This product is archived');
  if (product.type === 'service') return { product, warehouseId: null };
  const [warehouse] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.accountId, actor.accountId), parsed.warehouseCode === null ? eq(warehouses.isMain, true) : eq(warehouses.code, parsed.warehouseCode)));
  if (!warehouse) throw notFound(parsed.warehouseCode === null ? 'The account has no main warehouse' : 'No such warehouse');
  return { product, warehouseId: warehouse.id };
}

/** The cost price a new position starts with: the oldest batch with stock in its warehouse (the one FIFO takes first), else the newest. */
async function startingCost(db: Db | Tx, accountId: number, productId: number, warehouseId: number | null): Promise<string> {
  if (warehouseId === null) return '0';
  const [row] = await db
    .select({ cost: batches.costPrice })
    .from(batches)
    .where(and(eq(batches.accountId, accountId), eq(batches.productId, productId), eq(batches.warehouseId, warehouseId)))
    .orderBy(sql`${batches.count} > ${batches.reserve} desc`, sql`case when ${batches.count} > ${batches.reserve} then ${batches.id} else -${batches.id} end`)
    .limit(1);
  return row?.cost ?? '0';
}

/**
 * orders/product/add: quantity (default 1) of a product into the order. The same product from the same
 * warehouse at the same price type adds to its position. In one transaction under the order's lock; the
 * position then holds stock as the order's stage says (reserved when the stage reserves, or when the
 * pipeline has no reservation stage) — refused whole, changing nothing, when there is not enough.
 */
export async function addPosition(db: Db, actor: Actor, body: PositionAddRequest): Promise<OrderWithPositions> {
  const quantity = body.quantity ?? 1;
  const { leadId } = await orderRowOf(db, actor.accountId, body.order_id);
  const { product, warehouseId } = await resolveIdentifier(db, actor, body.product);
  const defaults = await priceFields(db, actor.accountId);
  const priceField = body.price_field ?? defaults[0] ?? 'price';
  if (body.price_field !== undefined && !defaults.includes(body.price_field)) throw badRequest(`${body.price_field} is not a price field`);
  const price = priceIn(product.values, defaults.includes(priceField) ? priceField : undefined, actor);
  const cost = await startingCost(db, actor.accountId, product.id, warehouseId);
  await inTransaction(db, async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, body.order_id, true);
    await requireProductsEditable(tx, order);
    const [same] = await tx
      .select()
      .from(orderPositions)
      .where(
        and(
          eq(orderPositions.orderId, order.id),
          eq(orderPositions.productId, product.id),
          warehouseId === null ? sql`${orderPositions.warehouseId} is null` : eq(orderPositions.warehouseId, warehouseId),
          eq(orderPositions.priceField, priceField),
        ),
      );
    let positionId: number;
    const before = same ? Number(same.quantity) : 0;
    if (same) {
      await tx
        .update(orderPositions)
        .set({ quantity: sql`${orderPositions.quantity} + ${countText(quantity)}` })
        .where(eq(orderPositions.id, same.id));
      positionId = same.id;
    } else {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${orderPositions.sort}), -1) + 1` }).from(orderPositions).where(eq(orderPositions.orderId, order.id));
      const [row] = await tx
        .insert(orderPositions)
        .values({
          accountId: actor.accountId,
          orderId: order.id,
          productId: product.id,
          warehouseId,
          priceField,
          price: price.cost.toFixed(2),
          currency: price.currency,
          quantity: countText(quantity),
          nds: price.nds.toFixed(2),
          costPrice: cost,
          sort: Number(next),
        })
        .returning({ id: orderPositions.id });
      positionId = row.id;
    }
    await actor.limitCounts?.(tx, order.id, [{ id: positionId, before }]);
    const stockState = await applyStockState(tx, actor, order, [positionId]);
    await settleOrder(tx, order.id, { stockState, ...lastChangeBy(actor) });
  });
  await orderChanged({ db, accountId: actor.accountId, orderId: body.order_id, leadId });
  return getOrder(db, actor, body.order_id);
}

export const NO_SUCH_POSITION = 'No such position';

/** The order a position of the account belongs to: 404 when there is no such position, or it is not in the order named. */
export async function positionOrderId(db: Db, accountId: number, body: PositionDeleteRequest): Promise<number> {
  const [position] = await db
    .select({ orderId: orderPositions.orderId })
    .from(orderPositions)
    .where(and(eq(orderPositions.accountId, accountId), eq(orderPositions.id, body.id)));
  if (!position || (body.order_id !== undefined && body.order_id !== position.orderId)) throw notFound(NO_SUCH_POSITION);
  return position.orderId;
}

/** orders/product/delete: the position's reservation is released, then the position goes. */
export async function deletePosition(db: Db, actor: Actor, body: PositionDeleteRequest): Promise<OrderWithPositions> {
  const orderId = await positionOrderId(db, actor.accountId, body);
  let leadId: number | null = null;
  await inTransaction(db, async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, orderId, true);
    leadId = order.leadId;
    await requireProductsEditable(tx, order);
    await reconcileStock(tx, { accountId: actor.accountId, userId: actor.userId, order }, 'none', [body.id]);
    await tx.delete(orderPositions).where(and(eq(orderPositions.id, body.id), eq(orderPositions.orderId, order.id)));
    await settleOrder(tx, order.id, lastChangeBy(actor));
  });
  await orderChanged({ db, accountId: actor.accountId, orderId, leadId });
  return getOrder(db, actor, orderId);
}

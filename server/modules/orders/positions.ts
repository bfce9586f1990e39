import { and, eq, sql } from 'drizzle-orm';
import type { OrderWithPositions, PositionAddRequest, PositionDeleteRequest } from '../../../src/contract/orders';
import type { Db, Tx } from '../../db/client';
import { orderPositions } from '../../db/schema';
import { refusal } from '../../http/refusal';
import type { Actor } from './actor';
import { orderChanged } from './changeEvents';
import { lockOrderAndStages, orderRowOf, requireProductsEditable, requireProductsEditableIn, settleOrder } from './orderRows';
import { positionTarget, type PositionTarget } from './positionTarget';
import { priceIn } from './positionsView';

export { hiddenFieldCodes, listPositions, productPrice, visibleValues } from './positionsView';
import { getOrder } from './service';
import { lastChangeBy } from './lastChange';
import { reconcilePosition, reconcileStock, stageRulesOf, targetStockState } from './stockSync';
import { inTransaction } from '../../http/transaction';
import { addToDealAtOnce, countText } from '../stock/api';

/** The order's position of the product from the warehouse at the price type, grown by `quantity`, or a new one last in the order: its id and the count it had (0 for a new one). One statement. */
async function growOrAddPosition(
  tx: Tx,
  actor: Actor,
  orderId: number,
  target: Pick<PositionTarget, 'product' | 'warehouseId' | 'startingCost'>,
  priceField: string,
  price: { cost: number; currency: string; nds: number },
  quantity: string,
): Promise<{ id: number; before: number }> {
  const { product, warehouseId } = target;
  const inWarehouse = warehouseId === null ? sql`p.warehouse_id is null` : sql`p.warehouse_id = ${warehouseId}`;
  const result = await tx.execute(sql`
    with same as (
      select p.id, p.quantity from ${orderPositions} p
      where p.order_id = ${orderId} and p.product_id = ${product.id} and ${inWarehouse} and p.price_field = ${priceField}
      limit 1
    ), grown as (
      update ${orderPositions} p set quantity = p.quantity + ${quantity}::numeric where p.id = (select id from same) returning p.id
    ), added as (
      insert into ${orderPositions} (account_id, order_id, product_id, warehouse_id, price_field, price, currency, quantity, nds, cost_price, sort)
      select ${actor.accountId}, ${orderId}, ${product.id}, ${warehouseId}::int, ${priceField}, ${price.cost.toFixed(2)}::numeric, ${price.currency},
        ${quantity}::numeric, ${price.nds.toFixed(2)}::numeric, ${target.startingCost}::numeric,
        coalesce((select max(o.sort) from ${orderPositions} o where o.order_id = ${orderId}), -1) + 1
      where not exists (select 1 from same)
      returning id
    )
    select coalesce((select id from grown), (select id from added)) as id, coalesce((select quantity from same), 0)::text as before`);
  const [row] = (result as unknown as { rows: { id: number; before: string }[] }).rows;
  return { id: Number(row.id), before: Number(row.before) };
}

/** The price type and price the add gives a position: the one asked (refused when it is no price field of the account), else the first. */
function priceOf(target: PositionTarget, body: PositionAddRequest, actor: Actor) {
  const defaults = target.priceFields;
  const priceField = body.price_field ?? defaults[0] ?? 'price';
  if (body.price_field !== undefined && !defaults.includes(body.price_field)) throw refusal(400, 'notAPriceField', { field: body.price_field });
  return { priceField, price: priceIn(target.product.values, defaults.includes(priceField) ? priceField : undefined, actor) };
}

interface Added {
  leadId: number | null;
  crmConnected: boolean;
}

/**
 * The add of goods to a CRM deal's order outside any pipeline, whose goods its status reserves — what add to deal
 * under load is (issue 20 §3) — as one statement without a transaction (stock/addToDeal.ts), from the target read
 * unlocked. Null when the add is not such (a public customer's limits, a pipeline, a service, nothing to reserve) or
 * the order changed since it was read: the caller then adds in a transaction.
 */
async function addToCrmDeal(db: Db, actor: Actor, body: PositionAddRequest, target: PositionTarget, quantity: number): Promise<Added | null> {
  const { order, warehouseId } = target;
  if (actor.limitCounts || order.pipelineId !== null || order.statusId !== null || warehouseId === null) return null;
  if (targetStockState(order.stockState, order, null, stageRulesOf([])) !== 'reserved') return null;
  const { priceField, price } = priceOf(target, body, actor);
  const last = lastChangeBy(actor);
  const positionId = await addToDealAtOnce(db, {
    accountId: actor.accountId,
    orderId: order.id,
    seen: { leadId: order.leadId, crmStatus: order.crmStatus, stockState: order.stockState },
    productId: target.product.id,
    warehouseId,
    priceField,
    price,
    startingCost: target.startingCost,
    quantity: countText(quantity),
    userId: actor.userId,
    lastChange: { changedByUserId: last.changedByUserId ?? null, changedByCustomer: last.changedByCustomer ?? false, changedByCustomerId: last.changedByCustomerId ?? null, changedAt: last.changedAt ?? new Date() },
    updatedAt: new Date(),
  });
  return positionId === null ? null : { leadId: order.leadId, crmConnected: target.crmConnected };
}

/**
 * The add in a transaction under the order's lock: every kind of order and actor. The product, warehouse, price
 * fields and starting cost are the unlocked read's (`seen`: they were read, not locked, before too); the order row
 * and its stages are read again under the lock.
 */
async function addInTransaction(tx: Tx, actor: Actor, body: PositionAddRequest, quantity: number, seen: PositionTarget): Promise<Added> {
  const { order, ...stages } = await lockOrderAndStages(tx, actor.accountId, seen.order.id);
  const target = { ...seen, order };
  const { priceField, price } = priceOf(target, body, actor);
  await requireProductsEditableIn(tx, order, stages.stage);
  const position = await growOrAddPosition(tx, actor, order.id, target, priceField, price, countText(quantity));
  await actor.limitCounts?.(tx, order.id, [position]);
  const stockState = targetStockState(order.stockState, order, stages.stage, stageRulesOf(stages.stages));
  await reconcilePosition(tx, { accountId: actor.accountId, userId: actor.userId, order }, stockState, position.id);
  await settleOrder(tx, order.id, { stockState, ...lastChangeBy(actor) });
  return { leadId: order.leadId, crmConnected: target.crmConnected };
}

/**
 * orders/product/add: quantity (default 1) of a product into the order. The same product from the same
 * warehouse at the same price type adds to its position. In one transaction under the order's lock; the
 * position then holds stock as the order's stage says (reserved when the stage reserves, or when the
 * pipeline has no reservation stage) — refused whole, changing nothing, when there is not enough.
 * Issue 20 §3 (add to deal under load): the target (the order with everything else the add reads) is read in one
 * statement without a lock; a CRM deal's add is then one more statement, with no BEGIN or COMMIT (addToCrmDeal),
 * any other add the transaction below. The CRM listeners are told only when the account has a connected CRM.
 * test/server/orders/addToDealStatements.test.ts holds the count.
 */
export async function addPosition(db: Db, actor: Actor, body: PositionAddRequest): Promise<OrderWithPositions> {
  const quantity = body.quantity ?? 1;
  const seen = await positionTarget(db, actor, body.order_id, body.product);
  const { leadId, crmConnected } =
    (await addToCrmDeal(db, actor, body, seen, quantity)) ?? (await inTransaction(db, (tx) => addInTransaction(tx, actor, body, quantity, seen)));
  // Every listener pushes to a connected CRM (changeEvents.ts): without one there is nobody to tell.
  if (crmConnected) await orderChanged({ db, accountId: actor.accountId, orderId: body.order_id, leadId });
  return getOrder(db, actor, body.order_id);
}

/** The order a position of the account belongs to: 404 when there is no such position, or it is not in the order named. */
export async function positionOrderId(db: Db, accountId: number, body: PositionDeleteRequest): Promise<number> {
  const [position] = await db
    .select({ orderId: orderPositions.orderId })
    .from(orderPositions)
    .where(and(eq(orderPositions.accountId, accountId), eq(orderPositions.id, body.id)));
  if (!position || (body.order_id !== undefined && body.order_id !== position.orderId)) throw refusal(404, 'noSuchPosition');
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

import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderPosition, OrderWithPositions, PositionAddRequest, PositionDeleteRequest } from '../../../src/contract/orders';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { parseProductIdentifier, productIdentifier } from '../../../src/domain/productId';
import type { Db } from '../../db/client';
import { batches, fields, orderPositions, products, warehouses } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Actor } from './actor';
import { applyStockState, getOrder, orderRowOf, requireProductsEditable, settleOrder } from './service';
import { reconcileStock, type Tx } from './stockEngine';

type ProductRow = typeof products.$inferSelect;

/** Product field codes a public customer may not see (public_order_visible 0); staff see every field. */
export async function hiddenFieldCodes(db: Db | Tx, actor: Actor): Promise<Set<string>> {
  if (!actor.public) return new Set();
  const rows = await db
    .select({ code: fields.code, config: fields.leadConfig })
    .from(fields)
    .where(and(eq(fields.accountId, actor.accountId), eq(fields.entity, 'product')));
  return new Set(rows.filter((row) => !(Number(row.config.public_order_visible ?? 0) > 0)).map((row) => row.code));
}

export const visibleValues = (values: Record<string, unknown>, hidden: Set<string>) => Object.fromEntries(Object.entries(values).filter(([code]) => !hidden.has(code)));

/** orders/products: the order's positions in order, each with what could still be taken from its warehouse. */
export async function listPositions(db: Db | Tx, actor: Actor, orderId: number): Promise<OrderPosition[]> {
  const available = sql<string | null>`(select sum(b.count - b.reserve) from ${batches} b
    where b.account_id = ${actor.accountId} and b.product_id = ${orderPositions.productId} and b.warehouse_id = ${orderPositions.warehouseId})`;
  const [rows, hidden] = await Promise.all([
    db
      .select({ position: orderPositions, product: products, warehouse: warehouses, available })
      .from(orderPositions)
      .innerJoin(products, eq(products.id, orderPositions.productId))
      .leftJoin(warehouses, eq(warehouses.id, orderPositions.warehouseId))
      .where(and(eq(orderPositions.accountId, actor.accountId), eq(orderPositions.orderId, orderId)))
      .orderBy(asc(orderPositions.sort), asc(orderPositions.id)),
    hiddenFieldCodes(db, actor),
  ]);
  return rows.map(({ position, product, warehouse, available: free }) => {
    const count = Number(position.quantity);
    const price = Number(position.price);
    const service = product.type === 'service';
    return {
      id: position.id,
      order_id: position.orderId,
      product_id: product.id,
      identifier: productIdentifier({ id: product.id, type: product.type }, warehouse?.code),
      name: product.name,
      article: product.article,
      type: service ? 'service' : 'product',
      unit: product.unit,
      category_id: product.categoryId,
      warehouse_id: warehouse?.id ?? null,
      warehouse_code: warehouse?.code ?? null,
      warehouse_name: warehouse?.name ?? null,
      price_field: position.priceField,
      price,
      currency: position.currency,
      count,
      nds: Number(position.nds),
      cost_price: Number(position.costPrice),
      sum: Math.round(price * count * 100) / 100,
      reserved: Number(position.reserved),
      written_off: Number(position.writtenOff),
      available: service ? null : Math.round((Number(free ?? 0) + Number(position.reserved)) * 1000) / 1000,
      fields: visibleValues(product.values, hidden),
    };
  });
}

/** The price fields (type 11) of the account's products, first by position: the default price type is the first. */
async function priceFields(db: Db | Tx, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ code: fields.code })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, FieldType.price)))
    .orderBy(asc(fields.sort), asc(fields.id));
  return rows.map((row) => row.code);
}

/** A product's price in a price field: cost, currency and VAT rate (0 and the account's currency when unset). */
export async function productPrice(db: Db | Tx, actor: Actor, productId: number, field: string): Promise<{ cost: number; currency: string; nds: number }> {
  if (!(await priceFields(db, actor.accountId)).includes(field)) throw badRequest(`${field} is not a price field`);
  const [product] = await db.select({ values: products.values }).from(products).where(and(eq(products.accountId, actor.accountId), eq(products.id, productId)));
  return priceIn(product?.values ?? {}, field, actor);
}

function priceIn(values: Record<string, unknown>, field: string | undefined, actor: Actor) {
  const currency = defaultCurrency({ is_kommo: actor.isKommo });
  if (!field) return { cost: 0, currency, nds: 0 };
  const price = coerceFieldValue(FieldType.price, values[field], { currency }) as { cost: number; currency: string; nds: number };
  return { cost: Number(price.cost) || 0, currency: price.currency || currency, nds: Number(price.nds) || 0 };
}

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
  await orderRowOf(db, actor.accountId, body.order_id);
  const { product, warehouseId } = await resolveIdentifier(db, actor, body.product);
  const defaults = await priceFields(db, actor.accountId);
  const priceField = body.price_field ?? defaults[0] ?? 'price';
  if (body.price_field !== undefined && !defaults.includes(body.price_field)) throw badRequest(`${body.price_field} is not a price field`);
  const price = priceIn(product.values, defaults.includes(priceField) ? priceField : undefined, actor);
  const cost = await startingCost(db, actor.accountId, product.id, warehouseId);
  await db.transaction(async (tx) => {
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
    if (same) {
      await tx
        .update(orderPositions)
        .set({ quantity: sql`${orderPositions.quantity} + ${quantity.toFixed(3)}` })
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
          quantity: quantity.toFixed(3),
          nds: price.nds.toFixed(2),
          costPrice: cost,
          sort: Number(next),
        })
        .returning({ id: orderPositions.id });
      positionId = row.id;
    }
    const stockState = await applyStockState(tx, actor, order, [positionId]);
    await settleOrder(tx, order.id, { stockState });
  });
  return getOrder(db, actor, body.order_id);
}

/** orders/product/delete: the position's reservation is released, then the position goes. */
export async function deletePosition(db: Db, actor: Actor, body: PositionDeleteRequest): Promise<OrderWithPositions> {
  const [position] = await db
    .select({ orderId: orderPositions.orderId })
    .from(orderPositions)
    .where(and(eq(orderPositions.accountId, actor.accountId), eq(orderPositions.id, body.id)));
  if (!position || (body.order_id !== undefined && body.order_id !== position.orderId)) throw notFound('No such position');
  await db.transaction(async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, position.orderId, true);
    await requireProductsEditable(tx, order);
    await reconcileStock(tx, { accountId: actor.accountId, userId: actor.userId, order }, 'none', [body.id]);
    await tx.delete(orderPositions).where(and(eq(orderPositions.id, body.id), eq(orderPositions.orderId, order.id)));
    await settleOrder(tx, order.id);
  });
  return getOrder(db, actor, position.orderId);
}

import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { OrderPosition } from '../../../src/contract/orders';
import { coerceFieldValue, defaultCurrency, FieldType } from '../../../src/domain/fieldTypes';
import { productIdentifier } from '../../../src/domain/productId';
import { imageLinkKey, withImageLinks } from '../../auth/imageLinks';
import type { Db, Tx } from '../../db/client';
import { batches, fields, orderPositions, products, warehouses } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { roundedQuantity } from '../stock/api';
import type { Actor } from './actor';

/** How positions are shown and priced: the read side of positions, shared by the order answers and position writes. */

/** Product field codes a public customer may not see (public_order_visible 0); staff see every field. */
export async function hiddenFieldCodes(db: Db | Tx, actor: Actor): Promise<Set<string>> {
  if (!actor.public) return new Set();
  const rows = await db
    .select({ code: fields.code, config: fields.leadConfig })
    .from(fields)
    .where(and(eq(fields.accountId, actor.accountId), eq(fields.entity, 'product')));
  return new Set(rows.filter((row) => !(Number(row.config.public_order_visible ?? 0) > 0)).map((row) => row.code));
}

export const visibleValues = (values: Record<string, unknown>, hidden: ReadonlySet<string>) => Object.fromEntries(Object.entries(values).filter(([code]) => !hidden.has(code)));

/** What a position is shown from: its row, its product's and warehouse's, and what its warehouse still has free. */
interface PositionSource {
  position: Pick<typeof orderPositions.$inferSelect, 'id' | 'orderId' | 'priceField' | 'price' | 'currency' | 'quantity' | 'nds' | 'costPrice' | 'reserved' | 'writtenOff' | 'values'>;
  product: Pick<typeof products.$inferSelect, 'id' | 'type' | 'name' | 'article' | 'unit' | 'categoryId' | 'values'>;
  warehouse: Pick<typeof warehouses.$inferSelect, 'id' | 'code' | 'name'> | null;
  available: string | null;
}

function toPosition({ position, product, warehouse, available: free }: PositionSource, hidden: ReadonlySet<string>, linkKey: Buffer): OrderPosition {
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
    available: service ? null : roundedQuantity(Number(free ?? 0) + Number(position.reserved)),
    fields: withImageLinks(visibleValues({ ...product.values, ...position.values }, hidden), linkKey),
  };
}

/** What the positions' warehouses still have free of their products (null for a position without a warehouse). */
const availableOf = (accountId: number | Placeholder) => sql<string | null>`(select sum(b.count - b.reserve) from ${batches} b
    where b.account_id = ${accountId} and b.product_id = ${orderPositions.productId} and b.warehouse_id = ${orderPositions.warehouseId})`;

/** orders/products: the order's positions in order, each with what could still be taken from its warehouse. */
export async function listPositions(db: Db | Tx, actor: Actor, orderId: number): Promise<OrderPosition[]> {
  const [rows, hidden] = await Promise.all([
    db
      .select({ position: orderPositions, product: products, warehouse: warehouses, available: availableOf(actor.accountId) })
      .from(orderPositions)
      .innerJoin(products, eq(products.id, orderPositions.productId))
      .leftJoin(warehouses, eq(warehouses.id, orderPositions.warehouseId))
      .where(and(eq(orderPositions.accountId, actor.accountId), eq(orderPositions.orderId, orderId)))
      .orderBy(asc(orderPositions.sort), asc(orderPositions.id)),
    hiddenFieldCodes(db, actor),
  ]);
  const linkKey = await imageLinkKey(db);
  return rows.map((row) => toPosition(row, hidden, linkKey));
}

/**
 * The same positions as one JSON text, for a sub-select of the order's own read (service.ts getOrder: one statement
 * for the order and its positions, issue 20 §3). Quantities and money travel as their decimal text, as drizzle reads them.
 */
export function positionsJson(accountId: number | Placeholder, orderId: number | Placeholder) {
  return sql<string>`(select coalesce(json_agg(json_build_object(
      'position', json_build_object('id', ${orderPositions.id}, 'orderId', ${orderPositions.orderId}, 'priceField', ${orderPositions.priceField},
        'price', ${orderPositions.price}::text, 'currency', ${orderPositions.currency}, 'quantity', ${orderPositions.quantity}::text,
        'nds', ${orderPositions.nds}::text, 'costPrice', ${orderPositions.costPrice}::text, 'reserved', ${orderPositions.reserved}::text,
        'writtenOff', ${orderPositions.writtenOff}::text, 'values', ${orderPositions.values}),
      'product', json_build_object('id', ${products.id}, 'type', ${products.type}, 'name', ${products.name}, 'article', ${products.article},
        'unit', ${products.unit}, 'categoryId', ${products.categoryId}, 'values', ${products.values}),
      'warehouse', case when ${warehouses.id} is null then null else json_build_object('id', ${warehouses.id}, 'code', ${warehouses.code}, 'name', ${warehouses.name}) end,
      'available', ${availableOf(accountId)}::text
    ) order by ${orderPositions.sort}, ${orderPositions.id}), '[]')::text
    from ${orderPositions}
    join ${products} on ${products.id} = ${orderPositions.productId}
    left join ${warehouses} on ${warehouses.id} = ${orderPositions.warehouseId}
    where ${orderPositions.accountId} = ${accountId} and ${orderPositions.orderId} = ${orderId})`;
}

/** The positions of positionsJson's text, shown as listPositions shows them. */
export async function positionsOfJson(db: Db | Tx, actor: Actor, text: string): Promise<OrderPosition[]> {
  const [hidden, linkKey] = await Promise.all([hiddenFieldCodes(db, actor), imageLinkKey(db)]);
  return (JSON.parse(text) as PositionSource[]).map((row) => toPosition(row, hidden, linkKey));
}

/** The price fields (type 11) of the account's products, first by position: the default price type is the first. */
export async function priceFields(db: Db | Tx, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ code: fields.code })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, FieldType.price)))
    .orderBy(asc(fields.sort), asc(fields.id));
  return rows.map((row) => row.code);
}

/** A product's price in a price field, a position's own value of it (own) first: cost, currency and VAT rate (0 and the account's currency when unset). */
export async function productPrice(db: Db | Tx, actor: Actor, productId: number, field: string, own: Record<string, unknown> = {}): Promise<{ cost: number; currency: string; nds: number }> {
  if (!(await priceFields(db, actor.accountId)).includes(field)) throw refusal(400, 'notAPriceField', { field });
  const [product] = await db.select({ values: products.values }).from(products).where(and(eq(products.accountId, actor.accountId), eq(products.id, productId)));
  return priceIn({ ...product?.values, ...own }, field, actor);
}

export function priceIn(values: Record<string, unknown>, field: string | undefined, actor: Pick<Actor, 'isKommo'>) {
  const currency = defaultCurrency({ is_kommo: actor.isKommo });
  if (!field) return { cost: 0, currency, nds: 0 };
  const price = coerceFieldValue(FieldType.price, values[field], { currency }) as { cost: number; currency: string; nds: number };
  return { cost: Number(price.cost) || 0, currency: price.currency || currency, nds: Number(price.nds) || 0 };
}


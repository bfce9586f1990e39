import { and, eq, inArray } from 'drizzle-orm';
import type { Order, OrderPosition, OrderWithPositions } from '../../../src/contract/orders';
import type {
  PublicOrder,
  PublicOrderList,
  PublicOrderListRequest,
  PublicOrderPosition,
  PublicOrderUpdateRequest,
  PublicOrderWithPositions,
  PublicPositionAddRequest,
  PublicPositionDeleteRequest,
} from '../../../src/contract/publicOrder';
import { parseProductIdentifier } from '../../../src/domain/productId';
import type { PublicCaller } from '../../auth/publicSessions';
import type { Db } from '../../db/client';
import { fields, orderPositions, products } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { refusal, refusalText } from '../../http/refusal';
import type { Actor } from '../orders/actor';
import { addPosition, deletePosition, positionOrderId } from '../orders/positions';
import { listOrders } from '../orders/list';
import { getOrder, orderRowOf, updateOrder } from '../orders/service';
import { publicActor, requireOrderAccess, sharedOrderIds } from './access';
import { visibleProductCondition } from './catalogue';
import { availabilityOf, publicCountCaps, publicCountLimiter, withoutStockCount } from './limits';
import { publicWarehouseCode } from './warehouseChoice';

export const PRICE_READ_ONLY = refusalText('publicPriceReadOnly');
export const NO_SUCH_PRODUCT = refusalText('noSuchProduct');

type LeadConfig = (typeof fields.$inferSelect)['leadConfig'];
const publicVisible = (config: LeadConfig) => Number(config.public_order_visible ?? 0) > 0;
const editable = (config: LeadConfig) => Number(config.editable ?? 0) >= 1;

interface PublicView {
  /** The order field codes public callers see, and those they may change. */
  visible: Set<string>;
  editable: Set<string>;
  /** The staff's cap per position, shown on the card (null: none). */
  maxCount: number | null;
}

/** How the account shows orders to public callers: its order fields' public flags and the cap per position. */
async function publicViewOf(db: Db, accountId: number): Promise<PublicView> {
  const [rows, caps] = await Promise.all([
    db
      .select({ code: fields.code, config: fields.leadConfig })
      .from(fields)
      .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'order'))),
    publicCountCaps(db, accountId),
  ]);
  const visible = rows.filter((row) => publicVisible(row.config));
  return { visible: new Set(visible.map((row) => row.code)), editable: new Set(visible.filter((row) => editable(row.config)).map((row) => row.code)), maxCount: caps.perPosition };
}

/** The engine's actor for a public change: the staff's caps and the stock limit hold inside the change's transaction. */
const changingActor = (caller: PublicCaller): Actor => ({ ...publicActor(caller), limitCounts: publicCountLimiter(caller.accountId) });

/** A change by a public caller, with the engine's shortage text stripped of the stock count. */
async function asPublic<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    throw withoutStockCount(error);
  }
}

/** An order as a public customer sees it (see PublicOrder): internal figures, staff and CRM data left out. */
export function toPublicOrder(order: Order, visibleFields: Set<string>): PublicOrder {
  return {
    id: order.id,
    name: order.name,
    fields: { ...Object.fromEntries(Object.entries(order.fields).filter(([code]) => visibleFields.has(code))), name: order.name },
    pipeline_id: order.pipeline_id,
    status_id: order.status_id,
    status_name: order.status_name,
    status_type: order.status_type,
    status: order.status,
    sum: order.sum,
    budget: order.budget,
    currency: order.currency,
    products_locked: order.products_locked,
    active: !order.products_locked,
    version: order.version,
    created_at: order.created_at,
    updated_at: order.updated_at,
  };
}

/** A position without cost, stock counts or warehouse: whether it is in stock, and the staff's cap. */
export function toPublicPosition(position: OrderPosition, maxCount: number | null): PublicOrderPosition {
  const {
    cost_price: _cost,
    available,
    reserved: _reserved,
    written_off: _writtenOff,
    warehouse_id: _warehouseId,
    warehouse_code: _warehouseCode,
    warehouse_name: _warehouseName,
    identifier: _identifier,
    ...rest
  } = position;
  return { ...rest, availability: availabilityOf(available, position.count), max_count: maxCount };
}

const withPositions = (order: OrderWithPositions, view: PublicView): PublicOrderWithPositions => ({
  ...toPublicOrder(order, view.visible),
  positions: order.positions.map((position) => toPublicPosition(position, view.maxCount)),
});

/** public-order/order/list: the orders shared with the caller (a link session: its one order). */
export async function listPublicOrders(db: Db, caller: PublicCaller, request: PublicOrderListRequest): Promise<PublicOrderList> {
  const ids = await sharedOrderIds(db, caller);
  const [list, access] = await Promise.all([
    listOrders(db, publicActor(caller), { page: request.page, per_page: request.per_page, filter: { search: request.search } }, ids),
    publicViewOf(db, caller.accountId),
  ]);
  return { ...list, data: list.data.map((order) => toPublicOrder(order, access.visible)) };
}

/** public-order/order: one shared order with its positions. */
export async function getPublicOrder(db: Db, caller: PublicCaller, orderId: number): Promise<PublicOrderWithPositions> {
  await requireOrderAccess(db, caller, orderId);
  const [order, view] = await Promise.all([getOrder(db, publicActor(caller), orderId), publicViewOf(db, caller.accountId)]);
  return withPositions(order, view);
}

const same = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * public-order/order/update: position quantities and the order fields a public customer may edit
 * (public-visible and editable). Price, price type and VAT are read-only. Without a version from the
 * client the stored one is used (a change racing it is retried); stock follows the same rules as staff changes.
 */
export async function updatePublicOrder(db: Db, caller: PublicCaller, body: PublicOrderUpdateRequest): Promise<PublicOrderWithPositions> {
  await requireOrderAccess(db, caller, body.order_id);
  const actor = changingActor(caller);
  const access = await publicViewOf(db, caller.accountId);
  const refused = Object.keys(body.fields ?? {}).filter((code) => code === 'name' || !access.editable.has(code));
  if (refused.length) throw refusal(422, 'publicFieldsNotEditable', { fields: refused.join(', ') }, { fields: Object.fromEntries(refused.map((code) => [code, 'not editable'])) });

  const changes = body.positions ?? [];
  if (changes.some((change) => change.price !== undefined || change.price_field !== undefined || change.nds !== undefined)) {
    const ids = changes.map((change) => change.id);
    const rows = await db
      .select({ id: orderPositions.id, price: orderPositions.price, priceField: orderPositions.priceField, nds: orderPositions.nds })
      .from(orderPositions)
      .where(and(eq(orderPositions.orderId, body.order_id), inArray(orderPositions.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const change of changes) {
      const row = byId.get(change.id);
      if (!row) continue; // the engine answers 404 for a position not in this order
      const changed =
        (change.price !== undefined && !same(change.price, Number(row.price))) ||
        (change.price_field !== undefined && change.price_field !== row.priceField) ||
        (change.nds !== undefined && !same(change.nds, Number(row.nds)));
      if (changed) throw refusal(422, 'publicPriceReadOnly');
    }
  }
  const positions = changes.map((change) => ({ id: change.id, ...(change.count !== undefined && { count: change.count }) }));
  const request = { id: body.order_id, ...(positions.length && { positions }), ...(body.fields && { fields: body.fields }) };

  for (let attempt = 1; ; attempt += 1) {
    const version = body.version ?? (await orderRowOf(db, caller.accountId, body.order_id)).version;
    try {
      const order = await asPublic(updateOrder(db, actor, { ...request, version }));
      return withPositions(order, access);
    } catch (error) {
      // The client sent no version, so a change that slipped in between our read and the lock is no conflict of theirs.
      const raced = error instanceof HttpError && error.status === 409 && error.extra.code === 'staleOrder';
      if (!raced || body.version !== undefined || attempt >= 5) throw error;
    }
  }
}

/** public-order/order/position/add: only a product this customer is offered (else 404, as if it did not exist). */
export async function addPublicPosition(db: Db, caller: PublicCaller, body: PublicPositionAddRequest): Promise<PublicOrderWithPositions> {
  await requireOrderAccess(db, caller, body.order_id);
  const parsed = parseProductIdentifier(body.product);
  const id = parsed.id.trim();
  let product = body.product;
  // A malformed identifier is left to the engine, which refuses it with its own text.
  if (/^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647) {
    const [offered] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.accountId, caller.accountId), eq(products.id, Number(id)), visibleProductCondition(caller)));
    if (!offered) throw refusal(404, 'noSuchProduct');
    const code = parsed.warehouseCode === null ? await publicWarehouseCode(db, caller.accountId, offered.id, body.quantity ?? 1) : null;
    if (code !== null) product = `${offered.id}%%%${code}`;
  }
  const [order, view] = await Promise.all([
    asPublic(addPosition(db, changingActor(caller), { order_id: body.order_id, product, ...(body.quantity !== undefined && { quantity: body.quantity }) })),
    publicViewOf(db, caller.accountId),
  ]);
  return withPositions(order, view);
}

/** public-order/order/position/delete: a position of an order the caller may see. */
export async function deletePublicPosition(db: Db, caller: PublicCaller, body: PublicPositionDeleteRequest): Promise<PublicOrderWithPositions> {
  const orderId = await positionOrderId(db, caller.accountId, body);
  try {
    await requireOrderAccess(db, caller, orderId);
  } catch {
    // A position of an order the caller cannot see does not exist for them.
    throw refusal(404, 'noSuchPosition');
  }
  const [order, view] = await Promise.all([deletePosition(db, publicActor(caller), { id: body.id, order_id: orderId }), publicViewOf(db, caller.accountId)]);
  return withPositions(order, view);
}

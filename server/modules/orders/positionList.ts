import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PositionList, PositionListFilter, PositionListRequest, PositionRow, PositionSortField } from '../../../src/contract/positionList';
import type { StockState } from '../../../src/contract/orders';
import type { Db } from '../../db/client';
import { batches, orderPositions, orders, pipelineStatuses, positionBatches, products, users, warehouses } from '../../db/schema';
import { pagingOf } from '../../http/paging';

/**
 * orders/positions/list — 'who holds my stock': every position of the account's orders, archived orders
 * included (an archived order keeps what it reserved, so hiding its positions here would hide held stock).
 */

export const POSITIONS_PER_PAGE = 50;

function conditionsOf(db: Db, accountId: number, filter: PositionListFilter): SQL[] {
  const conditions: SQL[] = [eq(orderPositions.accountId, accountId)];
  if (filter.product_id) conditions.push(eq(orderPositions.productId, filter.product_id));
  if (filter.warehouse_id) conditions.push(eq(orderPositions.warehouseId, filter.warehouse_id));
  if (filter.date_from) conditions.push(gte(orderPositions.createdAt, new Date(filter.date_from)));
  // The end is exclusive, so the start of the next day takes a whole day without a 23:59:59.999 bound.
  if (filter.date_to) conditions.push(lt(orderPositions.createdAt, new Date(filter.date_to)));
  if (filter.status_id || filter.pipeline_id) {
    const placed = [eq(orders.accountId, accountId)];
    if (filter.status_id) placed.push(eq(orders.statusId, filter.status_id));
    if (filter.pipeline_id) placed.push(eq(orders.pipelineId, filter.pipeline_id));
    conditions.push(inArray(orderPositions.orderId, db.select({ id: orders.id }).from(orders).where(and(...placed))));
  }
  return conditions;
}

const SORT_COLUMNS: Record<PositionSortField, SQL | typeof orderPositions.id> = {
  created_at: sql`${orderPositions.createdAt}`,
  quantity: sql`${orderPositions.quantity}`,
  price: sql`${orderPositions.price}`,
  sum: sql`round(${orderPositions.price} * ${orderPositions.quantity}, 2)`,
  order_id: sql`${orderPositions.orderId}`,
};

export async function listPositionRows(db: Db, accountId: number, request: PositionListRequest): Promise<PositionList> {
  const perPage = request.per_page ?? POSITIONS_PER_PAGE;
  const page = request.page ?? 1;
  const where = and(...conditionsOf(db, accountId, request.filter ?? {}));
  const direction = request.sort?.order ?? (request.sort ? 'asc' : 'desc');
  const by = (column: SQL | typeof orderPositions.id) => (direction === 'desc' ? desc(column) : asc(column));
  const ordering = [by(SORT_COLUMNS[request.sort?.field ?? 'created_at']), by(orderPositions.id)];
  // The page is chosen on order_positions alone (its account indexes), then only its rows are joined.
  const [[{ total }], ids] = await Promise.all([
    db.select({ total: count() }).from(orderPositions).where(where),
    db
      .select({ id: orderPositions.id })
      .from(orderPositions)
      .where(where)
      .orderBy(...ordering)
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const data = ids.length ? await rowsOf(db, accountId, ids.map((row) => row.id), ordering) : [];
  return { data, ...pagingOf(page, perPage, Number(total)) };
}

async function rowsOf(db: Db, accountId: number, ids: number[], ordering: SQL[]): Promise<PositionRow[]> {
  const batchNumbers = sql<string | null>`(select string_agg(distinct b.number, ', ' order by b.number) from ${positionBatches} pb
    join ${batches} b on b.id = pb.batch_id where pb.position_id = ${orderPositions.id} and b.number <> '')`;
  const rows = await db
    .select({
      position: orderPositions,
      productName: products.name,
      article: products.article,
      type: products.type,
      unit: products.unit,
      order: { name: orders.name, archived: orders.archived, pipelineId: orders.pipelineId, statusId: orders.statusId, crmStatus: orders.crmStatus, stockState: orders.stockState, userId: orders.userId },
      statusName: pipelineStatuses.name,
      warehouseName: warehouses.name,
      userName: users.name,
      batchNumbers,
    })
    .from(orderPositions)
    .innerJoin(products, eq(products.id, orderPositions.productId))
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .leftJoin(pipelineStatuses, and(eq(pipelineStatuses.id, orders.statusId), eq(pipelineStatuses.accountId, accountId)))
    .leftJoin(warehouses, eq(warehouses.id, orderPositions.warehouseId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orderPositions.id, ids))
    .orderBy(...ordering);
  return rows.map((row) => {
    const { position } = row;
    const price = Number(position.price);
    const quantity = Number(position.quantity);
    return {
      id: position.id,
      order_id: position.orderId,
      order_name: row.order.name,
      order_archived: row.order.archived,
      pipeline_id: row.order.pipelineId,
      status_id: row.order.statusId,
      status_name: row.statusName,
      crm_status: row.order.crmStatus,
      stock_state: row.order.stockState as StockState,
      product_id: position.productId,
      product_name: row.productName,
      article: row.article,
      type: row.type === 'service' ? 'service' : 'product',
      unit: row.unit,
      warehouse_id: position.warehouseId,
      warehouse_name: row.warehouseName,
      batches: row.batchNumbers ?? '',
      quantity,
      reserved: Number(position.reserved),
      written_off: Number(position.writtenOff),
      price,
      currency: position.currency,
      sum: Math.round(price * quantity * 100) / 100,
      user_id: row.order.userId,
      user_name: row.userName,
      created_at: position.createdAt.toISOString(),
    };
  });
}

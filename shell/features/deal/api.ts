import type { CategoryProps, FieldDefinition } from '../../../src/contract/catalogue';
import type {
  DealProduct,
  OrderAddRequest,
  OrderUpdateRequest,
  OrderWithPositions,
  PositionAddRequest,
  PositionDeleteRequest,
} from '../../../src/contract/orders';
import type { Warehouse } from '../../../src/contract/stock';
import { staffApi } from '../../../src/api/http';
import type { ApiResult } from '../../../src/api/transport';

/**
 * The deal screen's calls (spec 2 §7 "Orders", "Deal widget and order products"), all with the staff client: the public
 * order link has its own page and calls (shell/features/publicOrder).
 */

/** The order the deal screen edits. */
export type DealOrder = OrderWithPositions;

/** orders/order (getOrder). */
export const getOrder = (orderId: number) => staffApi.get<OrderWithPositions>('orders/order', { order_id: orderId });

/** orders/add (addOrder): a local order in the system pipeline's first stage unless told otherwise. */
export const addOrder = (body: OrderAddRequest = {}) => staffApi.post<OrderWithPositions>('orders/add', body);

/** orders/update (updateOrder). The payload never carries contacts and company (spec 2 §5): the client tab sets them with orders/client-update. */
export function updateOrder(body: OrderUpdateRequest): Promise<ApiResult<OrderWithPositions>> {
  const { contacts: _contacts, company: _company, ...payload } = body;
  return staffApi.post<OrderWithPositions>('orders/update', payload);
}

/** orders/product/add: `id%%%warehouseCode` for goods from a warehouse, the plain id for services; answers the order. */
export const addPosition = (body: PositionAddRequest) => staffApi.post<OrderWithPositions>('orders/product/add', body);

/** orders/product/delete: the position's stock is released; answers the order. */
export const deletePosition = (body: PositionDeleteRequest) => staffApi.post<OrderWithPositions>('orders/product/delete', body);

/* ------------------------------------------------------------------ the catalogue the cards need */

/** orders/fields: the product fields order cards show. */
export const listCardFields = () => staffApi.get<FieldDefinition[]>('orders/fields');

/** The category field properties (get_fields_properties): orders/categories. */
export const listCategoryProps = () => staffApi.get<CategoryProps[]>('orders/categories');

/** Product search by name and article: orders/get-products-autocomplete (spec 2 §5: a blank query makes no call). */
export async function searchProducts(query: string): Promise<ApiResult<DealProduct[]>> {
  const q = query.trim();
  if (!q) return { ok: true, status: 200, data: [] };
  return staffApi.get<DealProduct[]>('orders/get-products-autocomplete', { q });
}

/** warehouse/list: the account's warehouses, for the warehouse choice of a new position. */
export const listWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');

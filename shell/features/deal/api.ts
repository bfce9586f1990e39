import type { CategoryProps, FieldDefinition } from '../../../src/contract/catalogue';
import type {
  DealProduct,
  OrderAddRequest,
  OrderUpdateRequest,
  OrderWithPositions,
  PositionAddRequest,
  PositionDeleteRequest,
} from '../../../src/contract/orders';
import type {
  PublicCatalogue,
  PublicOrderUpdateRequest,
  PublicOrderWithPositions,
  PublicPositionAddRequest,
  PublicProduct,
} from '../../../src/contract/publicOrder';
import type { Warehouse } from '../../../src/contract/stock';
import { publicApi, staffApi } from '../../../src/api/http';
import type { ApiResult } from '../../../src/api/transport';

/**
 * The deal screen's calls (spec 2 §7 "Orders", "Deal widget and order products", "Public order").
 * Staff calls use the staff client; the public variants go through the public client, whose path map
 * (src/api/http.ts: toPublicPath) turns orders/… into the public-order/… routes.
 */

/** The order the deal screen edits: as staff see it, or as a public customer does. */
export type DealOrder = OrderWithPositions | PublicOrderWithPositions;

/** orders/order (getOrder). */
export const getOrder = (orderId: number) => staffApi.get<OrderWithPositions>('orders/order', { order_id: orderId });
/** public-order/order (POOrder). */
export const getPublicOrder = (orderId: number) => publicApi.get<PublicOrderWithPositions>('orders/order', { order_id: orderId });

/** orders/add (addOrder): a local order in the system pipeline's first stage unless told otherwise. */
export const addOrder = (body: OrderAddRequest = {}) => staffApi.post<OrderWithPositions>('orders/add', body);

/** orders/update (updateOrder). The payload never carries contacts and company (spec 2 §5): the client tab sets them with orders/client-update. */
export function updateOrder(body: OrderUpdateRequest): Promise<ApiResult<OrderWithPositions>> {
  const { contacts: _contacts, company: _company, ...payload } = body;
  return staffApi.post<OrderWithPositions>('orders/update', payload);
}

/** public-order/order/update (POOrderUpdate): the positions and a numeric order_id (spec 2 §5). */
export function updatePublicOrder(body: PublicOrderUpdateRequest): Promise<ApiResult<PublicOrderWithPositions>> {
  return publicApi.post<PublicOrderWithPositions>('orders/update', { ...body, order_id: Number(body.order_id) });
}

/** orders/product/add: `id%%%warehouseCode` for goods from a warehouse, the plain id for services; answers the order. */
export const addPosition = (body: PositionAddRequest) => staffApi.post<OrderWithPositions>('orders/product/add', body);
/** public-order/order/position/add: the same without a price type (the customer gets the default one). */
export const addPublicPosition = (body: PublicPositionAddRequest) => publicApi.post<PublicOrderWithPositions>('orders/product/add', body);

/** orders/product/delete: the position's stock is released; answers the order. */
export const deletePosition = (body: PositionDeleteRequest) => staffApi.post<OrderWithPositions>('orders/product/delete', body);
/** public-order/order/position/delete. */
export const deletePublicPosition = (body: PositionDeleteRequest) => publicApi.post<PublicOrderWithPositions>('orders/product/delete', body);

/* ------------------------------------------------------------------ the catalogue the cards need */

/** orders/fields: the product fields order cards show; public-order/fields/list: the public-visible ones. */
export function listCardFields(publicMode: boolean): Promise<ApiResult<FieldDefinition[]>> {
  return publicMode ? publicApi.get<FieldDefinition[]>('orders/fields') : staffApi.get<FieldDefinition[]>('orders/fields');
}

/**
 * The category field properties (get_fields_properties): orders/categories for staff. The public twin is
 * category/list → public-order/categories/list, which answers {categories, properties, products}: only its
 * properties are taken (one product asked for, as the products are not wanted here).
 */
export async function listCategoryProps(publicMode: boolean): Promise<ApiResult<CategoryProps[]>> {
  if (!publicMode) return staffApi.get<CategoryProps[]>('orders/categories');
  const result = await publicApi.get<PublicCatalogue>('category/list', { per_page: 1 });
  return result.ok ? { ...result, data: Array.isArray(result.data?.properties) ? result.data.properties : [] } : result;
}

/** A product offered in the add-product search: staff see the price field, public customers do not. */
export type OfferedProduct = DealProduct | PublicProduct;

/**
 * Product search by name and article: orders/get-products-autocomplete for staff (spec 2 §5: a blank
 * query makes no call). Public customers search the products they are offered (public-order/categories/list?search).
 */
export async function searchProducts(query: string, publicMode: boolean): Promise<ApiResult<OfferedProduct[]>> {
  const q = query.trim();
  if (!q) return { ok: true, status: 200, data: [] };
  if (!publicMode) return staffApi.get<DealProduct[]>('orders/get-products-autocomplete', { q });
  const result = await publicApi.get<PublicCatalogue>('category/list', { search: q, per_page: 20 });
  return result.ok ? { ...result, data: result.data?.products?.data ?? [] } : result;
}

/** warehouse/list: the account's warehouses, for the warehouse choice of a new position. */
export const listWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');

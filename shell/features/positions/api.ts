import type { OrderList, OrderWithPositions } from '../../../src/contract/orders';
import type { PositionList, PositionListRequest } from '../../../src/contract/positionList';
import type { AutocompleteItem, Warehouse } from '../../../src/contract/stock';
import { staffApi } from '../../../src/api/http';

/** orders/positions/list: a page of every order position of the account. */
export const listPositionRows = (body: PositionListRequest) => staffApi.post<PositionList>('orders/positions/list', body);
/** warehouse/list: for the warehouse filter and the new position's warehouse. */
export const listWarehouses = () => staffApi.get<Warehouse[]>('warehouse/list');
/** product/autocomplete/name: products and services by name (archived ones are never offered). */
export const findProducts = (query: string) => staffApi.get<AutocompleteItem[]>('product/autocomplete/name', { query });
/** orders/list: open (not archived) orders of every pipeline by name or number, for the new position's order. */
export const findOrders = (search: string) => staffApi.post<OrderList>('orders/list', { page: 1, per_page: 10, filter: { pipeline_id: -1, search } });
/** orders/product/add: through the order's rules (stage, stock, archived products refused). */
export const addOrderPosition = (body: { order_id: number; product: string; quantity: number }) => staffApi.post<OrderWithPositions>('orders/product/add', body);
/** orders/product/delete: the reservation is released, then the position goes. */
export const cancelOrderPosition = (id: number, orderId: number) => staffApi.post<OrderWithPositions>('orders/product/delete', { id, order_id: orderId });

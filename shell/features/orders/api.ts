import type { TableConfig } from '../../../src/contract/account';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type { SuccessFlag } from '../../../src/contract/common';
import type { OrderList, OrderListRequest, OrderWithPositions } from '../../../src/contract/orders';
import { staffApi } from '../../../src/api/http';
import { type ExportAnswer, readExportAnswer } from '../../../src/api/exportAnswer';

/**
 * orders/list, or orders/list-v2 for test accounts (spec 2 §7: "orders/list-v2 in test mode"); the server
 * opens v2 to accounts with flags.test only, so the caller says which kind of account it is.
 */
export const listOrders = (body: OrderListRequest, options: { testAccount?: boolean } = {}) =>
  staffApi.post<OrderList>(options.testAccount ? 'orders/list-v2' : 'orders/list', body);

/** orders/table-config: the orders table's column settings (value null until first saved). */
export const getOrdersTableConfig = () => staffApi.get<TableConfig>('orders/table-config');
/** Saves the orders table's column settings; null resets them to the default. */
export const saveOrdersTableConfig = (value: unknown) => staffApi.post<TableConfig>('orders/table-config', { value });

/** orders/field/list: the order's own field definitions (the table offers them as columns). */
export const listOrderFields = () => staffApi.get<FieldDefinition[]>('orders/field/list');

/** orders/delete: reserved stock is released first; written-off goods stay written off. */
export const deleteOrder = (id: number) => staffApi.post<SuccessFlag>('orders/delete', { id });
/** orders/refund: returns the goods of a written-off (sold) order to stock. */
export const refundOrder = (id: number) => staffApi.get<OrderWithPositions>('orders/refund', { id });

/** orders/export: every order matching the list's filter and sort (page and per_page are ignored), as an xlsx file or, when more than the server answers at once, the task that writes it. */
export const exportOrders = (body: OrderListRequest) => staffApi.send<ExportAnswer>('POST', 'orders/export', body, undefined, readExportAnswer);

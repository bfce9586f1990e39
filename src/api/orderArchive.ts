import type { OrderWithPositions } from '../contract/orders';
import { staffApi } from './http';

/** orders/archive: hides the order from the orders list; its stock stays as it is (it is not cancelled). */
export const archiveOrder = (id: number) => staffApi.post<OrderWithPositions>('orders/archive', { id });
/** orders/unarchive: returns an archived order to the orders list, as it was. */
export const unarchiveOrder = (id: number) => staffApi.post<OrderWithPositions>('orders/unarchive', { id });

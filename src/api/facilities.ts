import type {
  Facility,
  FacilityAddRequest,
  FacilityGoods,
  FacilityList,
  FacilityListRequest,
  FacilityOrderList,
  FacilityUpdateRequest,
} from '../contract/facilities';
import type { OrderWithPositions } from '../contract/orders';
import { staffApi } from './http';

/** Facilities (objects): the places goods go — list, add, edit, archive, a facility's page, and an order's facility. */

export const listFacilities = (body: FacilityListRequest) => staffApi.post<FacilityList>('facility/list', body);
export const getFacility = (id: number) => staffApi.get<Facility>('facility/get', { id });
export const addFacility = (body: FacilityAddRequest) => staffApi.post<Facility>('facility/add', body);
/** Only the keys sent change. */
export const updateFacility = (body: FacilityUpdateRequest) => staffApi.post<Facility>('facility/update', body);
export const archiveFacility = (id: number, archived: boolean) => staffApi.post<Facility>(archived ? 'facility/archive' : 'facility/unarchive', { id });
/** The orders naming the facility, newest first. */
export const facilityOrders = (id: number, page = 1, perPage?: number) => staffApi.get<FacilityOrderList>('facility/orders', { id, page, per_page: perPage });
/** The goods delivered there (written-off positions of its orders, write-offs naming it) with the totals. */
export const facilityGoods = (id: number, page = 1, perPage?: number) => staffApi.get<FacilityGoods>('facility/goods', { id, page, per_page: perPage });

/** orders/client-update with the facility alone: sets (id) or removes (null) it; answers the order. */
export const setOrderFacility = (orderId: number, facilityId: number | null) => staffApi.post<OrderWithPositions>('orders/client-update', { id: orderId, facility_id: facilityId });

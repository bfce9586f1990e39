import { CustomerFieldAddRequest, CustomerFieldListQuery, CustomerFieldUpdateRequest } from './customers';

/**
 * The order's own fields (entity 'order', spec 2 §7 "Orders": orders/field/types, list, add, update,
 * delete; public: public-order/fields/types and list). They are defined exactly like contact and company
 * fields — no categories, options for selectors, card flags visible / public_order_visible / editable —
 * except that every type code is allowed, the image carousel (15) included (spec 2 §3). The answers are
 * FieldType and FieldDefinition of ./catalogue; the values live in the order's `fields`.
 */
export const OrderFieldListQuery = CustomerFieldListQuery;
export type OrderFieldListQuery = CustomerFieldListQuery;
export const OrderFieldAddRequest = CustomerFieldAddRequest;
export type OrderFieldAddRequest = CustomerFieldAddRequest;
export const OrderFieldUpdateRequest = CustomerFieldUpdateRequest;
export type OrderFieldUpdateRequest = CustomerFieldUpdateRequest;

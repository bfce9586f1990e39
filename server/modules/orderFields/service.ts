import type { FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import type { OrderFieldAddRequest, OrderFieldListQuery, OrderFieldUpdateRequest } from '../../../src/contract/orderFields';
import type { AccountRow } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { addEntityField, deleteEntityField, entityFieldTypes, listEntityFields, updateEntityField } from '../fields/entityFields';

/**
 * The order's own fields (entity 'order'; spec 2 §7 "Orders"): the shared entity-field service with every
 * type code, the image carousel (15) included. Their values live in orders.values, checked on orders/add
 * and orders/update by coerceEntityValues (server/modules/fields/values.ts); deleting a field removes its
 * values from the account's orders. public-order/fields/types and list reuse orderFieldTypes and listOrderFields.
 */

/** orders/field/types: every field type with its default, 15 included. */
export function orderFieldTypes(account: Pick<AccountRow, 'isKommo'>): FieldType[] {
  return entityFieldTypes(account, 'order');
}

/** orders/field/list: all the account's order fields by position (by creation with sort=created). */
export function listOrderFields(db: Db, accountId: number, query: OrderFieldListQuery = {}): Promise<FieldDefinition[]> {
  return listEntityFields(db, accountId, 'order', query);
}

export function addOrderField(db: Db, accountId: number, body: OrderFieldAddRequest): Promise<FieldDefinition> {
  return addEntityField(db, accountId, 'order', body);
}

export function updateOrderField(db: Db, accountId: number, body: OrderFieldUpdateRequest): Promise<FieldDefinition> {
  return updateEntityField(db, accountId, 'order', body);
}

export function deleteOrderField(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  return deleteEntityField(db, accountId, 'order', id);
}

import type { FieldType } from '../../../src/contract/catalogue';
import type { AccountRow } from '../../auth/sessions';
import { entityFieldTypes } from '../fields/entityFields';

/**
 * contact/field/* and company/field/*: the shared entity-field service (server/modules/fields/entityFields.ts)
 * with the kind as its entity; contacts and companies refuse the image carousel (15).
 */
export {
  addEntityField as addCustomerField,
  deleteEntityField as deleteCustomerField,
  listEntityFields as listCustomerFields,
  updateEntityField as updateCustomerField,
} from '../fields/entityFields';

/** company/field/types (contacts use it too, spec 2 §7): the field types without the image carousel. */
export function customerFieldTypes(account: Pick<AccountRow, 'isKommo'>): FieldType[] {
  return entityFieldTypes(account, 'company');
}

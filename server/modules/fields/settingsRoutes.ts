import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SortRequest } from '../../../src/contract/catalogue';
import { SuccessFlag } from '../../../src/contract/common';
import { FieldUsage, FieldUsageQuery } from '../../../src/contract/fieldSettings';
import { requireCustomerFieldEditor, requireOrderFieldEditor, requireProductEditor } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import { callerOf } from '../../http/context';
import { sortEntityFields, type EntityWithFields } from './entityFields';
import { fieldUsage } from './usage';
import type { FieldEntity } from './values';

/** Each entity's field calls live under its own prefix and right (the calls that change its field definitions). */
const ENTITIES: readonly { entity: FieldEntity; prefix: string; require: (caller: Caller) => void }[] = [
  { entity: 'product', prefix: 'field', require: requireProductEditor },
  { entity: 'order', prefix: 'orders/field', require: requireOrderFieldEditor },
  { entity: 'contact', prefix: 'contact/field', require: requireCustomerFieldEditor },
  { entity: 'company', prefix: 'company/field', require: requireCustomerFieldEditor },
];

/**
 * What the entity settings screen needs beyond add/update/delete: …/field/usage (how many records a delete would
 * empty, asked before deleting) and update-sort for the entities other than products (which have field/update-sort).
 */
export const fieldSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['fields'];
  for (const { entity, prefix, require } of ENTITIES) {
    app.get(`/${prefix}/usage`, { config: { reads: true }, schema: { tags, querystring: FieldUsageQuery, response: { 200: FieldUsage } } }, async (request) => {
      const caller = callerOf(request);
      require(caller);
      return fieldUsage(db, caller.account.id, entity, request.query.id);
    });
    if (entity === 'product') continue;
    app.post(`/${prefix}/update-sort`, { schema: { tags, body: SortRequest, response: { 200: SuccessFlag } } }, async (request) => {
      const caller = callerOf(request);
      require(caller);
      return sortEntityFields(db, caller.account.id, entity as EntityWithFields, request.body.ids);
    });
  }
};

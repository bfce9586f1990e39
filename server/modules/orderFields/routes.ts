import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { FieldDefinition, FieldType, IdRequest } from '../../../src/contract/catalogue';
import { SuccessFlag } from '../../../src/contract/common';
import { OrderFieldAddRequest, OrderFieldListQuery, OrderFieldUpdateRequest } from '../../../src/contract/orderFields';
import { requireOrderFieldEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { addOrderField, deleteOrderField, listOrderFields, orderFieldTypes, updateOrderField } from './service';

/** orders/field/* (spec 2 §7 "Orders"): the order's own field definitions; everyone reads them, administrators change them. */
export const orderFieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['orders'];

  app.get('/orders/field/types', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(FieldType) } } }, async (request) => orderFieldTypes(callerOf(request).account));

  app.get('/orders/field/list', { config: { reads: true }, schema: { tags, querystring: OrderFieldListQuery, response: { 200: Type.Array(FieldDefinition) } } }, async (request) =>
    listOrderFields(db, callerOf(request).account.id, request.query),
  );

  app.post('/orders/field/add', { schema: { tags, body: OrderFieldAddRequest, response: { 200: FieldDefinition } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderFieldEditor(caller);
    return addOrderField(db, caller.account.id, request.body);
  });

  app.post('/orders/field/update', { schema: { tags, body: OrderFieldUpdateRequest, response: { 200: FieldDefinition } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderFieldEditor(caller);
    return updateOrderField(db, caller.account.id, request.body);
  });

  app.post('/orders/field/delete', { schema: { tags, body: IdRequest, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderFieldEditor(caller);
    return deleteOrderField(db, caller.account.id, request.body.id);
  });
};

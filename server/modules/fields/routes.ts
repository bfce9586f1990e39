import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CategoryProps, FieldAddRequest, FieldDefinition, FieldListQuery, FieldType, FieldUpdateRequest, IdRequest, SortRequest } from '../../../src/contract/catalogue';
import { SuccessFlag } from '../../../src/contract/common';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { categoryProps } from '../categories/service';
import { addField, deleteField, fieldTypes, listFields, sortFields, updateField } from './service';

/** field/*: the product field definitions (types 1–15, options, card flags). */
export const fieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['fields'];

  app.get('/field/types', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(FieldType) } } }, async (request) => fieldTypes(callerOf(request).account));

  app.get('/field/list', { config: { reads: true }, schema: { tags, querystring: FieldListQuery, response: { 200: Type.Array(FieldDefinition) } } }, async (request) =>
    listFields(db, callerOf(request).account.id, request.query),
  );

  app.post('/field/add', { schema: { tags, body: FieldAddRequest, response: { 200: FieldDefinition } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return addField(db, caller.account.id, request.body);
  });

  app.post('/field/update', { schema: { tags, body: FieldUpdateRequest, response: { 200: FieldDefinition } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return updateField(db, caller.account.id, request.body);
  });

  app.post('/field/delete', { schema: { tags, body: IdRequest, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return deleteField(db, caller.account.id, request.body.id);
  });

  app.post('/field/update-sort', { schema: { tags, body: SortRequest, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return sortFields(db, caller.account.id, request.body.ids);
  });

  /** The category field properties the product card needs (get_fields_properties). */
  app.get('/field/categories', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(CategoryProps) } } }, async (request) => categoryProps(db, callerOf(request).account.id));
};

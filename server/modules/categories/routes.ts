import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryAddRequest, CategoryRecord, CategoryTree, CategoryUpdateRequest, IdRequest } from '../../../src/contract/catalogue';
import { SuccessFlag } from '../../../src/contract/common';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { addCategory, deleteCategory, listCategories, updateCategory } from './service';

/** category/*: the product category tree. */
export const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['categories'];

  app.get('/category/list', { config: { reads: true }, schema: { tags, response: { 200: CategoryTree } } }, async (request) => listCategories(db, callerOf(request).account.id));

  app.post('/category/add', { schema: { tags, body: CategoryAddRequest, response: { 200: CategoryRecord } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    const row = await addCategory(db, caller.account.id, request.body);
    return { id: row.id, name: row.name, parent_id: row.parentId, image_url: row.imageUrl, sort: row.sort };
  });

  app.post('/category/update', { schema: { tags, body: CategoryUpdateRequest, response: { 200: CategoryRecord } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    const row = await updateCategory(db, caller.account.id, request.body);
    return { id: row.id, name: row.name, parent_id: row.parentId, image_url: row.imageUrl, sort: row.sort };
  });

  app.post('/category/delete', { schema: { tags, body: IdRequest, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return deleteCategory(db, caller.account.id, request.body.id);
  });
};

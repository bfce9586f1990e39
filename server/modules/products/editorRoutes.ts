import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { ProductHistoryPage, ProductHistoryQuery } from '../../../src/contract/productEditor';
import { Product } from '../../../src/contract/stock';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { duplicateProduct } from './duplicate';
import { productHistory } from './history';
import { productImageRoutes } from './imageRoutes';
import { productTagList } from './tags';

/** The product editor's calls beyond add/update/archive: its history tab, duplicate and tag suggestions. */
export const productEditorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['products'];

  app.get('/product/history', { config: { reads: true }, schema: { tags, querystring: ProductHistoryQuery, response: { 200: ProductHistoryPage } } }, async (request) =>
    productHistory(db, callerOf(request).account.id, request.query.id, request.query.page ?? 1),
  );

  app.get('/product/tags', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(Type.String()) } } }, async (request) =>
    productTagList(db, callerOf(request).account.id),
  );

  app.post('/product/duplicate', { schema: { tags, body: IdRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return duplicateProduct(db, caller, request.body.id);
  });

  await app.register(productImageRoutes);
};

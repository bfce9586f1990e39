import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { ProductHistoryPage, ProductHistoryQuery } from '../../../src/contract/productEditor';
import { Product } from '../../../src/contract/stock';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { duplicateProduct } from './duplicate';
import { productHistory } from './history';

/** The product editor's calls beyond add/update/archive: its history tab and duplicate. */
export const productEditorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['products'];

  app.get('/product/history', { config: { reads: true }, schema: { tags, querystring: ProductHistoryQuery, response: { 200: ProductHistoryPage } } }, async (request) =>
    productHistory(db, callerOf(request).account.id, request.query.id, request.query.page ?? 1),
  );

  app.post('/product/duplicate', { schema: { tags, body: IdRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return duplicateProduct(db, caller, request.body.id);
  });
};

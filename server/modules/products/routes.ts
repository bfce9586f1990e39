import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { AutocompleteItem, AutocompleteQuery, Product, ProductAddRequest, ProductList, ProductListRequest, ProductUpdateRequest, SetPriceRequest } from '../../../src/contract/stock';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { addProduct, autocomplete, getProduct, listProducts, setArchived, setPrice, updateProduct } from './service';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** product/*: products and services, their prices, archive and search (arrival, write-off and move: stock/routes.ts). */
export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['products'];

  app.post('/product/list', { config: { reads: true }, schema: { tags, body: ProductListRequest, response: { 200: ProductList } } }, async (request) => listProducts(db, callerOf(request).account.id, request.body ?? {}));

  app.get('/product/get', { config: { reads: true }, schema: { tags, querystring: Type.Object({ id: Id }), response: { 200: Product } } }, async (request) =>
    getProduct(db, callerOf(request).account.id, request.query.id),
  );

  app.post('/product/add', { schema: { tags, body: ProductAddRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return addProduct(db, caller, request.body);
  });

  app.post('/product/update', { schema: { tags, body: ProductUpdateRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return updateProduct(db, caller, request.body);
  });

  app.post('/product/set-price', { schema: { tags, body: SetPriceRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return setPrice(db, caller, request.body);
  });

  for (const [path, archived] of [['/product/archive', true], ['/product/unarchive', false]] as const) {
    app.post(path, { schema: { tags, body: IdRequest, response: { 200: Product } } }, async (request) => {
      const caller = callerOf(request);
      requireProductEditor(caller);
      return setArchived(db, caller, request.body.id, archived);
    });
  }

  for (const column of ['name', 'article'] as const) {
    app.get(`/product/autocomplete/${column}`, { config: { reads: true }, schema: { tags, querystring: AutocompleteQuery, response: { 200: Type.Array(AutocompleteItem) } } }, async (request) =>
      autocomplete(db, callerOf(request).account.id, column, request.query.query),
    );
  }
};

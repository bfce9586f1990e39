import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { ArrivalRequest, AutocompleteItem, AutocompleteQuery, Batch, Product, ProductAddRequest, ProductList, ProductListRequest, ProductUpdateRequest, SetPriceRequest, TransferRequest, WriteOffRequest } from '../../../src/contract/stock';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { receive, transfer, writeOff } from '../stock/api';
import { productEditorRoutes } from './editorRoutes';
import { stockOperationRoutes } from './stockOperationRoutes';
import { addProduct, autocomplete, getProduct, listProducts, setArchived, setPrice, updateProduct } from './service';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** product/*: products and services, their prices, archive, search, and stock arrival, write-off and move. */
export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['products'];
  await app.register(stockOperationRoutes);

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

  app.post('/product/arrival', { schema: { tags, body: ArrivalRequest, response: { 200: Batch } } }, async (request) => receive(db, callerOf(request), request.body));
  app.post('/product/write-off', { schema: { tags, body: WriteOffRequest, response: { 200: Batch } } }, async (request) => writeOff(db, callerOf(request), request.body));
  app.post('/product/transfer', { schema: { tags, body: TransferRequest, response: { 200: Type.Object({ from: Batch, to: Batch }) } } }, async (request) =>
    transfer(db, callerOf(request), request.body),
  );

  for (const column of ['name', 'article'] as const) {
    app.get(`/product/autocomplete/${column}`, { config: { reads: true }, schema: { tags, querystring: AutocompleteQuery, response: { 200: Type.Array(AutocompleteItem) } } }, async (request) =>
      autocomplete(db, callerOf(request).account.id, column, request.query.query),
    );
  }

  // The editor's history and duplicate calls live in their own file.
  await app.register(productEditorRoutes);
};

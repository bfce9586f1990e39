import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import {
  ArrivalDocumentRequest,
  BatchCheck,
  BatchCheckQuery,
  MoveDocumentRequest,
  PriceEditRequest,
  PriceEditResult,
  StockDocument,
  TransitList,
  WriteOffDocumentRequest,
} from '../../../src/contract/stockOperations';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { checkBatch, endTransit, moveGoods, type ProductMaker, receiveGoods, transitOf, writeOffGoods } from '../stock/api';
import type { Caller } from '../../auth/sessions';
import { editPrices } from './prices';
import { insertProduct } from './service';

/** A product created on the spot by an arrival line: the product-editing right, and its price as a price field's value. */
const productMakerFor =
  (caller: Caller): ProductMaker =>
  async (tx, product) => {
    requireProductEditor(caller);
    const values = product.price_field && product.price !== undefined ? { [product.price_field]: { cost: product.price } } : {};
    const row = await insertProduct(tx, caller, { name: product.name, ...(product.unit !== undefined && { unit: product.unit }), values });
    return row.id;
  };

/** stock/*: the stock screen's operations as documents (arrival, write-off, move now or in transit) and the price edit. */
export const stockOperationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['stock'];

  app.post('/stock/arrival', { schema: { tags, body: ArrivalDocumentRequest, response: { 200: StockDocument } } }, async (request) => {
    const caller = callerOf(request);
    return receiveGoods(db, caller, request.body, productMakerFor(caller));
  });
  app.post('/stock/write-off', { schema: { tags, body: WriteOffDocumentRequest, response: { 200: StockDocument } } }, async (request) => writeOffGoods(db, callerOf(request), request.body));
  app.post('/stock/move', { schema: { tags, body: MoveDocumentRequest, response: { 200: StockDocument } } }, async (request) => moveGoods(db, callerOf(request), request.body));
  app.get('/stock/transit', { config: { reads: true }, schema: { tags, response: { 200: TransitList } } }, async (request) => transitOf(db, callerOf(request)));
  app.post('/stock/transit/receive', { schema: { tags, body: IdRequest, response: { 200: StockDocument } } }, async (request) => endTransit(db, callerOf(request), request.body.id, 'received'));
  app.post('/stock/transit/cancel', { schema: { tags, body: IdRequest, response: { 200: StockDocument } } }, async (request) => endTransit(db, callerOf(request), request.body.id, 'cancelled'));
  app.get('/stock/batch-check', { config: { reads: true }, schema: { tags, querystring: BatchCheckQuery, response: { 200: BatchCheck } } }, async (request) => checkBatch(db, callerOf(request), request.query));

  app.post('/product/price-edit', { schema: { tags, body: PriceEditRequest, response: { 200: PriceEditResult } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return editPrices(db, caller, request.body);
  });
};

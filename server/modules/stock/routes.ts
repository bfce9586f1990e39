import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ArrivalRequest, Batch, TransferRequest, WriteOffRequest } from '../../../src/contract/stock';
import { callerOf } from '../../http/context';
import { receive, transfer, writeOff } from './service';

/** product/arrival, product/write-off, product/transfer: stock arrival, write-off and move (the service checks the right). */
export const stockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  // Listed with the products in the API docs, as the paths say.
  const tags = ['products'];

  app.post('/product/arrival', { schema: { tags, body: ArrivalRequest, response: { 200: Batch } } }, async (request) => receive(db, callerOf(request), request.body));
  app.post('/product/write-off', { schema: { tags, body: WriteOffRequest, response: { 200: Batch } } }, async (request) => writeOff(db, callerOf(request), request.body));
  app.post('/product/transfer', { schema: { tags, body: TransferRequest, response: { 200: Type.Object({ from: Batch, to: Batch }) } } }, async (request) =>
    transfer(db, callerOf(request), request.body),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SuccessFlag } from '../../../src/contract/common';
import { OrderFile, OrderFileDeleteQuery, OrderFileDownloadQuery, OrderFileList } from '../../../src/contract/orderDocuments';
import { OrderDeleteRequest, OrderIdQuery } from '../../../src/contract/orders';
import { requireOrderEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { sendStoredFile } from '../../http/downloads';
import { staffActor } from '../orders/actor';
import { deleteOrder } from '../orders/service';
import { deleteOrderFile, discardStoredPaths, listOrderFiles, openOrderFile, storedPathsOfOrder, uploadOrderFile } from './service';

/**
 * Files of an order (spec 2 §7 "Orders"): generated documents (orders/doc/list, orders/doc/delete, download;
 * generation comes with the documents issue) and uploaded ones (orders/custom-doc/*). Every member
 * reads them; changing them takes the right to change orders.
 */
export const orderDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['order documents'];

  // Registered here rather than with the other orders/* calls: deleting an order takes its files' bytes off the disk,
  // and the documents depend on the orders, never the other way round (no cycle between the two modules).
  app.post('/orders/delete', { schema: { tags: ['orders'], body: OrderDeleteRequest, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderEditor(caller);
    // The rows of the order's files go with the order (cascade); their bytes on disk go once it is gone.
    const stored = await storedPathsOfOrder(db, caller.account.id, request.body.id);
    const answer = await deleteOrder(db, staffActor(caller), request.body.id);
    await discardStoredPaths(config, stored);
    return answer;
  });

  app.get('/orders/doc/list', { config: { reads: true }, schema: { tags, querystring: OrderIdQuery, response: { 200: OrderFileList } } }, async (request) =>
    listOrderFiles(db, config, staffActor(callerOf(request)), request.query.order_id, 'generated'),
  );
  app.get('/orders/doc/delete', { schema: { tags, querystring: OrderFileDeleteQuery, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderEditor(caller);
    return deleteOrderFile(db, config, staffActor(caller), request.query, 'generated');
  });
  app.get('/orders/doc/download', { config: { reads: true }, schema: { tags, querystring: OrderFileDownloadQuery } }, async (request, reply) => {
    const { id, order_id } = request.query;
    return sendStoredFile(reply, await openOrderFile(db, config, staffActor(callerOf(request)), id, 'generated', order_id));
  });

  app.get('/orders/custom-doc/list', { config: { reads: true }, schema: { tags, querystring: OrderIdQuery, response: { 200: OrderFileList } } }, async (request) =>
    listOrderFiles(db, config, staffActor(callerOf(request)), request.query.order_id, 'custom'),
  );
  app.post(
    '/orders/custom-doc/upload',
    {
      schema: {
        tags,
        description: 'multipart/form-data: order_id, one file (at most 10 MB), optionally public_visible (1 or 0, default 1). Answers the stored file.',
        consumes: ['multipart/form-data'],
        response: { 200: OrderFile },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      requireOrderEditor(caller);
      return uploadOrderFile(db, config, staffActor(caller), request);
    },
  );
  app.get('/orders/custom-doc/delete', { schema: { tags, querystring: OrderFileDeleteQuery, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderEditor(caller);
    return deleteOrderFile(db, config, staffActor(caller), request.query, 'custom');
  });
  app.get('/orders/custom-doc/download', { config: { reads: true }, schema: { tags, querystring: OrderFileDownloadQuery } }, async (request, reply) => {
    const { id, order_id } = request.query;
    return sendStoredFile(reply, await openOrderFile(db, config, staffActor(callerOf(request)), id, 'custom', order_id));
  });
};

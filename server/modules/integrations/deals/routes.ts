import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DealListQuery, DealPage } from '../../../../src/contract/deals';
import { callerOf } from '../../../http/context';
import { listDeals } from './service';

/** The 'Deals' screen's list (every member of the account reads it, as they read orders). */
export const dealRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { readDb } = app.ctx;
  app.get('/deals/list', { schema: { tags: ['integrations'], querystring: DealListQuery, response: { 200: DealPage } }, config: { reads: true } }, async (request) =>
    listDeals(readDb, callerOf(request), request.query),
  );
};

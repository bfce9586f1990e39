import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrderArchiveRequest } from '../../../src/contract/archive';
import { OrderWithPositions } from '../../../src/contract/orders';
import { requireOrderEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { staffActor } from '../orders/actor';
import { setOrderArchived } from './service';

/**
 * orders/archive, orders/unarchive (spec 2 §7 'Archive'). The archive's other tabs use the lists and
 * calls that exist: product/list, contact/list, company/list with filter.archived, product/unarchive,
 * contact/update and company/update with archived false (they keep the tariff's limits).
 */
export const archiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  for (const [path, archived] of [['/orders/archive', true], ['/orders/unarchive', false]] as const) {
    app.post(path, { schema: { tags: ['orders'], body: OrderArchiveRequest, response: { 200: OrderWithPositions } } }, async (request) => {
      const caller = callerOf(request);
      requireOrderEditor(caller);
      return setOrderArchived(db, staffActor(caller), request.body.id, archived);
    });
  }
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nullable } from '../../../src/contract/common';
import { PositionList, PositionListRequest } from '../../../src/contract/positionList';
import { callerOf } from '../../http/context';
import { listPositionRows } from '../orders/positionList';

/** orders/positions/list (the /positions screen): every member reads it, as they read orders. */
export const positionListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.post(
    '/orders/positions/list',
    { config: { reads: true }, schema: { tags: ['orders'], body: Nullable(PositionListRequest), response: { 200: PositionList } } },
    async (request) => listPositionRows(db, callerOf(request).account.id, request.body ?? {}),
  );
};

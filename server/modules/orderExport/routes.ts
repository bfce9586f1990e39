import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nullable } from '../../../src/contract/common';
import { OrderListRequest } from '../../../src/contract/orders';
import { callerOf } from '../../http/context';
import { sendWorkbook } from '../../http/downloads';
import { requireImportExport } from '../account/limits';
import { staffActor } from '../orders/actor';
import { exportFileName, exportOrders } from './service';

/** orders/export (spec 2 §7 "Orders"): the orders page's filter and sort → every matching order as xlsx. Every member reads orders, so every member may export them, when the tariff includes export. */
export const orderExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.post(
    '/orders/export',
    {
      config: { reads: true },
      schema: {
        tags: ['orders'],
        description: 'The orders/list body (page and per_page are ignored: every matching order is exported). Answers an xlsx workbook.',
        body: Nullable(OrderListRequest),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await requireImportExport(db, caller.account.tariffId);
      const stream = await exportOrders(db, staffActor(caller), request.body ?? {}, (error) => request.log.error({ err: error }, 'orders export failed while streaming'));
      return sendWorkbook(reply, exportFileName(), stream);
    },
  );
};

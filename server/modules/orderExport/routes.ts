import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nullable } from '../../../src/contract/common';
import { ExportStarted } from '../../../src/contract/import';
import { OrderListRequest } from '../../../src/contract/orders';
import { callerOf } from '../../http/context';
import { sendWorkbook } from '../../http/downloads';
import { requireImportExport } from '../account/limits';
import { staffActor } from '../orders/actor';
import { startTask } from '../tasks/api';
import { exportFileName, exportOrders } from './service';
import { ORDER_EXPORT_TASK, orderExportCount } from './task';

/**
 * orders/export (spec 2 §7 "Orders"): the orders page's filter and sort → every matching order as xlsx, or (202) the
 * task that writes it when more than EXPORT_DIRECT_ROWS match. Every member reads orders, so every member may export
 * them, when the tariff includes export.
 */
export const orderExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  app.post(
    '/orders/export',
    {
      config: { reads: true },
      schema: {
        tags: ['orders'],
        description:
          'The orders/list body (page and per_page are ignored: every matching order is exported). Answers an xlsx workbook, or (202) the task that writes it when more orders than the server setting EXPORT_DIRECT_ROWS match.',
        body: Nullable(OrderListRequest),
        response: { 202: ExportStarted },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await requireImportExport(db, caller.account.tariffId);
      const actor = staffActor(caller);
      const body = request.body ?? {};
      // A big export runs as a task, as the stock export does (issue 14 §4): the file is downloaded from the task center.
      if ((await orderExportCount(db, actor, body)) > config.exportDirectRows) {
        const payload = { request: { filter: body.filter, sort: body.sort } };
        const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type: ORDER_EXPORT_TASK, title: exportFileName(), payload });
        return reply.code(202).send({ task_id: task.id });
      }
      const stream = await exportOrders(db, actor, body, (error) => request.log.error({ err: error }, 'orders export failed while streaming'));
      return sendWorkbook(reply, exportFileName(), stream);
    },
  );
};

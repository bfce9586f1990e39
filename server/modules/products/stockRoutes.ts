import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Nullable } from '../../../src/contract/common';
import { StockArchiveRequest, StockExportRequest, StockList, StockListRequest, StockTotals, type StockExportRequest as StockExportBody, type StockListRequest as StockListBody } from '../../../src/contract/stockList';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { sendWorkbook } from '../../http/downloads';
import { requireImportExport } from '../account/limits';
import { archiveMany } from './archiving';
import { prepareStockExport, STOCK_EXPORT_TASK, stockExportFileName } from './stockExport';
import { startTask } from '../tasks/api';
import { ExportStarted } from '../../../src/contract/import';
import { listStockJson, stockTotals } from './stockList';

const TotalsRequest = Type.Pick(StockListRequest, ['warehouse', 'filter']);

/** The stock screen's calls (issue 13 §2): the table's page, its totals row, its xlsx export and the bulk archive. */
export const stockListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['products'];

  // The answer comes as JSON text written mostly by PostgreSQL (stockList.ts): Fastify sends a string typed JSON as it
  // is, without serializing it again; the schema still documents it.
  app.post('/product/stock-list', { config: { reads: true }, schema: { tags, body: Nullable(StockListRequest), response: { 200: StockList } } }, async (request, reply) => {
    const caller = callerOf(request);
    const text = await listStockJson(db, caller.account.id, (request.body ?? {}) as StockListBody, caller.mainWarehouseId);
    return reply.type('application/json; charset=utf-8').send(text as unknown as StockList);
  });

  app.post('/product/stock-totals', { config: { reads: true }, schema: { tags, body: Nullable(TotalsRequest), response: { 200: StockTotals } } }, async (request) => {
    const caller = callerOf(request);
    return stockTotals(db, caller.account.id, (request.body ?? {}) as StockListBody, caller.mainWarehouseId);
  });

  app.post(
    '/product/stock-export',
    {
      config: { reads: true },
      schema: { tags, description: 'The stock-list body without paging, plus the visible columns and the selected ids. Answers an xlsx workbook, or (202) the task that writes it when more products than the server setting EXPORT_DIRECT_ROWS match.',
        body: Nullable(StockExportRequest),
        response: { 202: ExportStarted },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await requireImportExport(db, caller.account.tariffId);
      const body = (request.body ?? {}) as StockExportBody;
      const prepared = await prepareStockExport(db, caller.account.id, body);
      // A big export runs as a task (issue 14 §4): the file is downloaded from the task center.
      if (prepared.count > config.exportDirectRows) {
        const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type: STOCK_EXPORT_TASK, title: stockExportFileName(), payload: { request: body } });
        return reply.code(202).send({ task_id: task.id });
      }
      return sendWorkbook(reply, stockExportFileName(), await prepared.open((error) => request.log.error({ err: error }, 'stock export failed while streaming')));
    },
  );

  // One call for the screen's 'Archive' of the selected rows: all of them in one transaction, or none.
  app.post('/product/archive-many', { schema: { tags, body: StockArchiveRequest, response: { 200: Type.Object({ archived: Type.Integer() }) } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return archiveMany(db, caller, request.body.ids);
  });
};

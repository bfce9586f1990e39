import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AnalyticsTemplate,
  AutocompleteAnswer,
  AutocompleteParams,
  AutocompleteQuery,
  ChartAnswer,
  ChartRequest,
  CustomerProductsRequest,
  CustomersAnswer,
  CustomersRequest,
  ExportParams,
  ExportRequest,
  ExportStarted,
  MovementAnswer,
  MovementRequest,
  ResponsibleAnswer,
  SalesAnswer,
  SalesProductAnswer,
  SalesProductRequest,
  SalesRequest,
  TemplateIdRequest,
  TemplateSaveRequest,
  TotalAnswer,
  TotalRequest,
} from '../../../src/contract/analytics';
import { Nullable } from '../../../src/contract/common';
import { callerOf } from '../../http/context';
import { requireImportExport } from '../account/limits';
import { startTask } from '../tasks/api';
import { autocomplete } from './autocomplete';
import { chartOf } from './charts';
import { customerProducts, customersByResponsible, customersReport, customersTotal } from './customers';
import { ANALYTICS_EXPORT_TASK, type AnalyticsExportPayload } from './export';
import { checkFilter } from './filters';
import { movementReport } from './movement';
import { salesOfProduct, salesReport, salesTotal } from './sales';
import { deleteTemplate, getTemplate, listTemplates, saveTemplate } from './templates';

/** The notice the screen shows when an export starts (spec §4); the shell shows its own translation of it. */
export const EXPORT_STARTED = 'The export has started. You will find the file in the task list.';

/**
 * analytics/* (spec §7 Analytics; issue 16): the reports, chart data, autocomplete of filter values, exports as tasks
 * and report templates. Every member of the account (staff) reads analytics; a report changes nothing, so the report
 * calls are marked read-only. Bodies may be absent: the whole report, success stages, first page.
 */
export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['analytics'];
  const reads = { reads: true };
  const account = (request: { caller: unknown }) => callerOf(request as Parameters<typeof callerOf>[0]).account.id;

  app.post('/analytics/sales', { config: reads, schema: { tags, body: Nullable(SalesRequest), response: { 200: SalesAnswer } } }, async (request) => salesReport(db, account(request), request.body ?? {}));
  app.post('/analytics/sales/products', { config: reads, schema: { tags, body: SalesProductRequest, response: { 200: SalesProductAnswer } } }, async (request) =>
    salesOfProduct(db, account(request), request.body),
  );
  app.post('/analytics/sales/total', { config: reads, schema: { tags, body: Nullable(TotalRequest), response: { 200: TotalAnswer } } }, async (request) =>
    salesTotal(db, account(request), request.body?.filter ?? {}),
  );
  app.post('/analytics/customers', { config: reads, schema: { tags, body: Nullable(CustomersRequest), response: { 200: CustomersAnswer } } }, async (request) =>
    customersReport(db, account(request), request.body ?? {}),
  );
  app.post('/analytics/customers/products', { config: reads, schema: { tags, body: CustomerProductsRequest, response: { 200: SalesAnswer } } }, async (request) =>
    customerProducts(db, account(request), request.body),
  );
  app.post('/analytics/customers/responsible', { config: reads, schema: { tags, body: Nullable(CustomersRequest), response: { 200: ResponsibleAnswer } } }, async (request) =>
    customersByResponsible(db, account(request), request.body ?? {}),
  );
  app.post('/analytics/customers/total', { config: reads, schema: { tags, body: Nullable(CustomersRequest), response: { 200: TotalAnswer } } }, async (request) =>
    customersTotal(db, account(request), request.body?.filter ?? {}, request.body?.group_by),
  );
  app.post('/analytics/movement/products', { config: reads, schema: { tags, body: Nullable(MovementRequest), response: { 200: MovementAnswer } } }, async (request) =>
    movementReport(db, account(request), request.body ?? {}),
  );
  app.post('/analytics/chart', { config: reads, schema: { tags, body: Nullable(ChartRequest), response: { 200: ChartAnswer } } }, async (request) => chartOf(db, account(request), request.body ?? {}));
  app.get('/analytics/autocomplete/:field', { config: reads, schema: { tags, params: AutocompleteParams, querystring: AutocompleteQuery, response: { 200: AutocompleteAnswer } } }, async (request) =>
    autocomplete(db, account(request), request.params.field, request.query.q ?? ''),
  );

  app.post('/analytics/:type/export/xlsx', { schema: { tags, params: ExportParams, body: Nullable(ExportRequest), response: { 200: ExportStarted } } }, async (request) => {
    const caller = callerOf(request);
    await requireImportExport(db, caller.account.tariffId);
    const filter = request.body?.filter ?? {};
    // Refused now, not as a failed task later: the caller sees the message by the filter.
    await checkFilter(db, caller.account.id, filter);
    const task = await startTask<AnalyticsExportPayload>(db, config, {
      accountId: caller.account.id,
      userId: caller.user.id,
      type: ANALYTICS_EXPORT_TASK,
      title: `analytics-${request.params.type}.xlsx`,
      payload: { report: request.params.type, filter, group_by: request.body?.group_by, lang: caller.user.lang },
    });
    return { task_id: task.id, message: EXPORT_STARTED };
  });

  app.get('/analytics/templates', { config: reads, schema: { tags, response: { 200: Type.Array(AnalyticsTemplate) } } }, async (request) => listTemplates(db, account(request)));
  app.get('/analytics/templates/get', { config: reads, schema: { tags, querystring: TemplateIdRequest, response: { 200: AnalyticsTemplate } } }, async (request) =>
    getTemplate(db, account(request), request.query.id),
  );
  app.post('/analytics/templates/save', { schema: { tags, body: TemplateSaveRequest, response: { 200: AnalyticsTemplate } } }, async (request) => saveTemplate(db, account(request), request.body));
  app.post('/analytics/templates/delete', { schema: { tags, body: TemplateIdRequest, response: { 200: Type.Object({ success: Type.Boolean() }) } } }, async (request) =>
    deleteTemplate(db, account(request), request.body.id),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { ExportStarted, ImportDryRun, ImportField, ImportPreprocessing, ImportRequest, ImportStarted, ImportTemplate } from '../../../src/contract/import';
import { StockExportRequest, type StockExportRequest as StockExportBody } from '../../../src/contract/stockList';
import { requireProductEditor, requireStockMover } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { sendWorkbook } from '../../http/downloads';
import { Nullable } from '../../../src/contract/common';
import { requireImportExport } from '../account/limits';
import { startTask } from '../tasks/api';
import { PRODUCT_EXPORT_TASK, prepareProductExport, productExportFileName } from './export';
import { importTargetsOf, proposeMapping } from './fields';
import { previewImportFile } from './file';
import { readableUpload } from './oldExcel';
import { activeColumns } from './plan';
import { dryRun, IMPORT_TASK, type ImportPayload } from './run';
import { cellText } from './cells';
import { deleteTemplate, listTemplates, saveTemplate } from './templates';
import { IMPORT_MAX_BYTES, readUpload, receivedFile, storeUpload } from './uploads';

/** Product import and export (issue 14 §3–§4): upload and preview, dry run, start as a task, templates, export. */
export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['import'];

  app.post(
    '/product/import/preprocessing',
    {
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      schema: { tags, description: 'multipart/form-data: one file (xlsx, xls or csv, at most 25 MB). Answers its header, first rows and a proposed mapping.', consumes: ['multipart/form-data'], response: { 200: ImportPreprocessing } },
    },
    async (request) => {
      const caller = callerOf(request);
      requireProductEditor(caller);
      await requireImportExport(db, caller.account.tariffId);
      const file = await readableUpload(await receivedFile(request));
      const preview = await previewImportFile(file.bytes, file.name);
      const targets = await importTargetsOf(db, caller.account.id);
      const uploadId = await storeUpload(db, { accountId: caller.account.id, userId: caller.user.id }, file);
      return {
        upload_id: uploadId,
        file_name: file.name,
        headers: preview.headers,
        rows: preview.rows.map((row) => preview.headers.map((_, index) => cellText(row.cells[index] ?? null))),
        mapping: proposeMapping(preview.headers, targets),
        fields: targets.fields,
      };
    },
  );

  app.post('/product/import/dry-run', { schema: { tags, body: ImportRequest, response: { 200: ImportDryRun } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return dryRun(db, caller.account.id, config.importMaxRows, { uploadId: request.body.upload_id, settings: request.body.settings });
  });

  app.post('/product/import/start', { schema: { tags, body: ImportRequest, response: { 200: ImportStarted } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    await requireImportExport(db, caller.account.tariffId);
    const { settings } = request.body;
    const columns = activeColumns(settings, (await importTargetsOf(db, caller.account.id)).fields);
    // Quantities arrive as stock documents: the right to receive goods is checked now, since the task runs later.
    if (columns.some((column) => column.key === 'quantity' || column.key.startsWith('stock:'))) requireStockMover(caller);
    const upload = await readUpload(db, caller.account.id, request.body.upload_id);
    const template = await saveTemplate(db, caller.account.id, request.body.template_name, settings);
    const task = await startTask<ImportPayload>(db, config, {
      accountId: caller.account.id,
      userId: caller.user.id,
      type: IMPORT_TASK,
      title: upload.name,
      payload: { uploadId: request.body.upload_id, settings, lang: caller.user.lang },
    });
    return { task_id: task.id, template };
  });

  app.get('/account/import-fields', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(ImportField) } } }, async (request) => (await importTargetsOf(db, callerOf(request).account.id)).fields);

  app.get('/account/import-templates', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(ImportTemplate) } } }, async (request) => listTemplates(db, callerOf(request).account.id));

  app.post('/account/import-templates/delete', { schema: { tags, body: IdRequest, response: { 200: Type.Object({ success: Type.Boolean() }) } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return deleteTemplate(db, caller.account.id, request.body.id);
  });

  app.post(
    '/product/export/xlsx',
    { config: { reads: true }, schema: { tags, description: 'The stock-list body without paging, plus the columns (import field keys) and the selected ids. Answers an xlsx workbook that re-imports unchanged, or (202) the task that writes it when more products than the server setting EXPORT_DIRECT_ROWS match.', body: Nullable(StockExportRequest), response: { 202: ExportStarted } } },
    async (request, reply) => {
      const caller = callerOf(request);
      await requireImportExport(db, caller.account.tariffId);
      const body = (request.body ?? {}) as StockExportBody;
      const prepared = await prepareProductExport(db, caller.account.id, body);
      // A big export runs as a task (issue 14 §4): the file is downloaded from the task center.
      if (prepared.count > config.exportDirectRows) {
        const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type: PRODUCT_EXPORT_TASK, title: productExportFileName(), payload: { request: body } });
        return reply.code(202).send({ task_id: task.id });
      }
      return sendWorkbook(reply, productExportFileName(), await prepared.open((error) => request.log.error({ err: error }, 'product export failed while streaming')));
    },
  );
};

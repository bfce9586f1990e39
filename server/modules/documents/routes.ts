import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SuccessFlag } from '../../../src/contract/common';
import {
  AutogenerationFailureList,
  DocumentSettings,
  DocumentTemplate,
  DocumentTemplateList,
  GenerateAnswer,
  GenerateRequest,
  GeneratedDocument,
  RegistryPage,
  RegistryRequest,
  RegistryZipRequest,
  TemplateFieldCatalogue,
  TemplateIdQuery,
} from '../../../src/contract/documents';
import { OrderFileDeleteQuery } from '../../../src/contract/orderDocuments';
import { OrderIdQuery } from '../../../src/contract/orders';
import { requireAdmin, requireOrderEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { contentDisposition, sendStoredFile } from '../../http/downloads';
import { staffActor } from '../orders/actor';
import { orderRowOf } from '../orders/service';
import { openOrderFile } from '../orderDocuments/service';
import { autogenerationFailures, listenForStageMoves } from './autogeneration';
import { DOCX_MIME, generateDocument, listOrderDocuments, registry, registryZip } from './generate';
import { holdOffice, pdfAvailable } from './pdf';
import { addTemplate, deleteTemplate, getDocumentSettings, listTemplates, templateBytes, templateFields, templateRowOf, updateDocumentSettings, updateTemplate } from './templates';

/**
 * Documents from templates (spec 2 §7 "Documents" and orders/doc/generate; issue 15): templates and their fields,
 * generation, the registry. Every member reads; templates and settings take an administrator, generating takes
 * the right to change orders.
 */
export const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['documents'];
  // The template list and the settings are reads too: the account's built-ins and settings are made with it
  // (accountDocuments.ts), and a read changes nothing (test/server/sessionCache.test.ts).
  const reads = { reads: true } as const;

  const stopListening = listenForStageMoves(db, config, app.log);
  app.addHook('onClose', async () => stopListening());
  // The LibreOffice kept running for PDFs (started by the first one) stops with the server.
  const releaseOffice = holdOffice();
  app.addHook('onClose', releaseOffice);

  const list = async (request: Parameters<typeof callerOf>[0]) => listTemplates(db, callerOf(request).account.id);
  app.get('/document/list', { config: reads, schema: { tags, response: { 200: DocumentTemplateList } } }, list);
  app.get('/document/listV2', { config: reads, schema: { tags, response: { 200: DocumentTemplateList } } }, list);
  app.get(
    '/document/listV3',
    { config: reads, schema: { tags, description: 'Templates and the configuration: whether PDF can be made on this server.', response: { 200: Type.Object({ templates: DocumentTemplateList, config: Type.Object({ pdf_available: Type.Boolean() }) }) } } },
    async (request) => ({ templates: await list(request), config: { pdf_available: pdfAvailable() } }),
  );
  app.get('/document/refresh-fields', { config: reads, schema: { tags, response: { 200: TemplateFieldCatalogue } } }, async (request) => templateFields(db, callerOf(request).account.id));

  const multipartSchema = (description: string) => ({ tags, description, consumes: ['multipart/form-data'], response: { 200: DocumentTemplate } });
  app.post(
    '/document/add',
    { schema: multipartSchema('multipart/form-data: one .docx (at most 30 MB; every placeholder must exist) and optionally name, type, download_type, orientation, autogen_status_id, public_visible.') },
    async (request) => {
      const caller = callerOf(request);
      requireAdmin(caller);
      return addTemplate(db, config, caller.account.id, request);
    },
  );
  app.post('/document/update', { schema: multipartSchema('multipart/form-data: id, any of the settings of document/add, and optionally a .docx replacing the file.') }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return updateTemplate(db, config, caller.account.id, request);
  });
  app.post('/document/delete', { schema: { tags, body: TemplateIdQuery, response: { 200: SuccessFlag } } }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return deleteTemplate(db, config, caller.account.id, request.body.id);
  });
  app.get('/document/download', { config: reads, schema: { tags, querystring: TemplateIdQuery } }, async (request, reply) => {
    const row = await templateRowOf(db, callerOf(request).account.id, request.query.id);
    const bytes = await templateBytes(config, row);
    return sendStoredFile(reply, { name: row.fileName || `${row.name}.docx`, mime: DOCX_MIME, size: bytes.length, body: bytes });
  });
  app.get('/document/settings', { config: reads, schema: { tags, response: { 200: DocumentSettings } } }, async (request) => {
    const caller = callerOf(request);
    return getDocumentSettings(db, caller.account.id, caller.user.id);
  });
  app.post('/document/settings', { schema: { tags, body: DocumentSettings, response: { 200: DocumentSettings } } }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return updateDocumentSettings(db, caller.account.id, caller.user.id, request.body);
  });

  app.post('/document/registry', { config: reads, schema: { tags, body: RegistryRequest, response: { 200: RegistryPage } } }, async (request) => registry(db, callerOf(request).account.id, request.body));
  app.post('/document/registry/zip', { config: reads, schema: { tags, body: RegistryZipRequest } }, async (request, reply) => {
    const bytes = await registryZip(db, config, callerOf(request).account.id, request.body.ids);
    return reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition('documents.zip')).header('cache-control', 'private, no-store').send(bytes);
  });

  const orderTags = ['order documents'];
  app.post('/orders/doc/generate', { schema: { tags: orderTags, body: GenerateRequest, response: { 200: GenerateAnswer } } }, async (request) => {
    const caller = callerOf(request);
    requireOrderEditor(caller);
    const { order_id, template_id, regenerate } = request.body;
    return generateDocument(db, config, { accountId: caller.account.id, userId: caller.user.id, origin: 'formed', orderId: order_id, templateId: template_id, regenerate });
  });
  app.get('/orders/doc/documents', { config: reads, schema: { tags: orderTags, querystring: OrderIdQuery, response: { 200: Type.Array(GeneratedDocument) } } }, async (request) => {
    const accountId = callerOf(request).account.id;
    await orderRowOf(db, accountId, request.query.order_id);
    return listOrderDocuments(db, accountId, request.query.order_id);
  });
  app.get('/orders/doc/failures', { config: reads, schema: { tags: orderTags, querystring: OrderIdQuery, response: { 200: AutogenerationFailureList } } }, async (request) => {
    const accountId = callerOf(request).account.id;
    await orderRowOf(db, accountId, request.query.order_id);
    return autogenerationFailures(db, accountId, request.query.order_id);
  });
  app.get('/orders/doc/open', { config: reads, schema: { tags: orderTags, description: 'A generated PDF shown in the browser (inline); other types are downloaded.', querystring: OrderFileDeleteQuery } }, async (request, reply) =>
    sendStoredFile(reply, await openOrderFile(db, config, staffActor(callerOf(request)), request.query.id, 'generated', request.query.order_id), 'inline'),
  );
};

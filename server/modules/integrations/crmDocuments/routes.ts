import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CrmDocumentsQuery, CrmDocumentsSettings, CrmDocumentsUpdate } from '../../../../src/contract/crmDocuments';
import { callerOf } from '../../../http/context';
import { sendStoredFile } from '../../../http/downloads';
import { listenForGeneratedDocuments } from './attach';
import { openLinkedFile } from './fileLink';
import { crmDocumentSettings, updateCrmDocumentSettings } from './settings';
import { listenForCrmStages } from './stageDocuments';

/** The Document settings tab of the amoCRM and Bitrix24 screens, and the signed link a CRM note carries. */
export const crmDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];
  app.get('/integrations/crm-documents/settings', { schema: { tags, querystring: CrmDocumentsQuery, response: { 200: CrmDocumentsSettings } }, config: { reads: true } }, async (request) =>
    crmDocumentSettings(db, callerOf(request), request.query.kind),
  );
  app.post('/integrations/crm-documents/settings', { schema: { tags, body: CrmDocumentsUpdate, response: { 200: CrmDocumentsSettings } } }, async (request) => updateCrmDocumentSettings(db, callerOf(request), request.body));

  // Opened from the CRM's note by whoever sees the deal: the signature, not a sign-in, is the proof.
  const params = Type.Object({ connection: Type.Integer({ minimum: 1 }), file: Type.Integer({ minimum: 1 }), signature: Type.String({ minLength: 1, maxLength: 100 }) });
  app.get('/integrations/crm-documents/file/:connection/:file/:signature', { config: { auth: 'none', reads: true }, schema: { tags, hide: true, params } }, async (request, reply) =>
    sendStoredFile(reply, await openLinkedFile(db, config, request.params.connection, request.params.file, request.params.signature)),
  );

  const stopStages = listenForCrmStages(db, config, app.log);
  const stopAttaching = listenForGeneratedDocuments(db, config, app.log);
  app.addHook('onClose', async () => {
    stopStages();
    stopAttaching();
  });
};

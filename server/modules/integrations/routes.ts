import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IntegrationLogPage, IntegrationLogQuery, IntegrationRetryAnswer, IntegrationRetryRequest } from '../../../src/contract/integrationSync';
import { callerOf } from '../../http/context';
import { crmDocumentRoutes } from './crmDocuments/routes';
import { listIntegrationLog, retryIntegrationLog } from './log';

/** What the three integration screens share: the log of syncs and errors, and its retry. Each integration adds its own routes. */
export const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];
  app.get('/integrations/log', { schema: { tags, querystring: IntegrationLogQuery, response: { 200: IntegrationLogPage } }, config: { reads: true } }, async (request) =>
    listIntegrationLog(db, callerOf(request), request.query),
  );
  app.post('/integrations/log/retry', { schema: { tags, body: IntegrationRetryRequest, response: { 200: IntegrationRetryAnswer } } }, async (request) =>
    retryIntegrationLog(db, config, callerOf(request), request.body.id),
  );
  await app.register(crmDocumentRoutes);
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IntegrationConnection, IntegrationConnectRequest, IntegrationDisconnectRequest } from '../../../src/contract/integrations';
import { callerOf } from '../../http/context';
import { connectIntegration, disconnectIntegration, listConnections } from './service';

/**
 * account/integrations/*: an administrator connects the account's CRMs (the settings screen is a later
 * issue). Only connected origins frame the app and call /integration/*, and only their signed requests
 * read deals without a staff token.
 */
export const connectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['account'];
  app.get('/account/integrations', { schema: { tags, response: { 200: Type.Array(IntegrationConnection) } } }, async (request) => listConnections(db, callerOf(request)));
  app.post('/account/integrations/connect', { schema: { tags, body: IntegrationConnectRequest, response: { 200: IntegrationConnection } } }, async (request) =>
    connectIntegration(db, callerOf(request), request.body),
  );
  app.post('/account/integrations/disconnect', { schema: { tags, body: IntegrationDisconnectRequest, response: { 200: Type.Object({ success: Type.Literal(true) }) } } }, async (request) =>
    disconnectIntegration(db, callerOf(request), request.body.id),
  );
};

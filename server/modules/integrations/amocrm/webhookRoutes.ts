import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { acceptLeadStatus, formOf } from './webhook';

/**
 * The address amoCRM posts lead status changes to. No staff token: the secret in the path proves the sender (see
 * webhook.ts). amoCRM posts form-encoded bodies; in this plugin only, they are read as text.
 */
export const amoWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const params = Type.Object({ connection: Type.Integer({ minimum: 1, maximum: 2147483647 }), secret: Type.String({ minLength: 1, maxLength: 100 }) });
  app.post('/integrations/amocrm/webhook/:connection/:secret', { config: { auth: 'none', rateLimit: { max: 600, timeWindow: '1 minute' } }, schema: { tags: ['integrations'], hide: true, params } }, async (request) =>
    acceptLeadStatus(db, config, request.params.connection, request.params.secret, formOf(request.body)),
  );
};

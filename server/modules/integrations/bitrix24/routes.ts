import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptEvent, acceptInstall, formOf } from './delivery';
import { listenForDealOrderChanges } from './orderListener';
import { bitrix24SettingsRoutes } from './settingsRoutes';
import './dealSync';
import './dealProducts';

/**
 * The addresses a Bitrix24 portal calls (no staff token: the portal proves itself, see delivery.ts). Bitrix24 posts
 * form-encoded bodies; in this plugin only, they are read as text and parsed with PHP's bracket names kept flat.
 */
export const bitrix24Routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const open = { auth: 'none', rateLimit: { max: 600, timeWindow: '1 minute' } } as const;
  app.post('/integrations/bitrix24/install', { config: open, schema: { tags, hide: true } }, async (request) => {
    const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
    return acceptInstall(db, config, formOf(request.body), `${base}/api/integrations/bitrix24/event`);
  });
  // The screen's routes take the staff token and JSON, as every API route (their own plugin, without the form parser).
  await app.register(bitrix24SettingsRoutes);
  // Our changes of a linked deal's order go back to the deal's product rows.
  const stopListening = listenForDealOrderChanges(db, config);
  app.addHook('onClose', async () => stopListening());
  app.post('/integrations/bitrix24/event', { config: open, schema: { tags, hide: true } }, async (request) => acceptEvent(db, config, formOf(request.body)));
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Bitrix24SettingsAnswer, Bitrix24SettingsUpdate, Bitrix24SyncRequest, Bitrix24SyncStarted } from '../../../../src/contract/bitrix24';
import { callerOf } from '../../../http/context';
import { startBitrix24Sync } from './productSync';
import { bitrix24Settings, loadBitrix24Stages, updateBitrix24Settings } from './settings';

/** The /integrations/bitrix24 screen's settings (administrators only). */
export const bitrix24SettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];
  // The address a local application's handler and install paths take: the portal posts ONAPPINSTALL there.
  const withUrl = async (request: FastifyRequest, answer: Promise<Omit<Bitrix24SettingsAnswer, 'install_url'>>): Promise<Bitrix24SettingsAnswer> => ({
    ...(await answer),
    install_url: `${config.publicUrl ?? `${request.protocol}://${request.host}`}/api/integrations/bitrix24/install`,
  });
  app.get('/integrations/bitrix24/settings', { schema: { tags, response: { 200: Bitrix24SettingsAnswer } }, config: { reads: true } }, async (request) => withUrl(request, bitrix24Settings(db, callerOf(request))));
  app.post('/integrations/bitrix24/settings', { schema: { tags, body: Bitrix24SettingsUpdate, response: { 200: Bitrix24SettingsAnswer } } }, async (request) =>
    withUrl(request, updateBitrix24Settings(db, callerOf(request), request.body)),
  );
  app.post('/integrations/bitrix24/stages', { schema: { tags, response: { 200: Bitrix24SettingsAnswer } } }, async (request) => withUrl(request, loadBitrix24Stages(db, config, callerOf(request))));
  app.post('/integrations/bitrix24/sync', { schema: { tags, body: Bitrix24SyncRequest, response: { 200: Bitrix24SyncStarted } } }, async (request) =>
    startBitrix24Sync(db, config, callerOf(request), request.body.direction, request.body.mode),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Bitrix24SettingsAnswer, Bitrix24SettingsUpdate, Bitrix24SyncRequest, Bitrix24SyncStarted } from '../../../../src/contract/bitrix24';
import { callerOf } from '../../../http/context';
import { startBitrix24Sync } from './productSync';
import { bitrix24Settings, loadBitrix24Stages, updateBitrix24Settings } from './settings';

/** The /integrations/bitrix24 screen's settings (administrators only). */
export const bitrix24SettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];
  app.get('/integrations/bitrix24/settings', { schema: { tags, response: { 200: Bitrix24SettingsAnswer } }, config: { reads: true } }, async (request) => bitrix24Settings(db, callerOf(request)));
  app.post('/integrations/bitrix24/settings', { schema: { tags, body: Bitrix24SettingsUpdate, response: { 200: Bitrix24SettingsAnswer } } }, async (request) =>
    updateBitrix24Settings(db, callerOf(request), request.body),
  );
  app.post('/integrations/bitrix24/stages', { schema: { tags, response: { 200: Bitrix24SettingsAnswer } } }, async (request) => loadBitrix24Stages(db, config, callerOf(request)));
  app.post('/integrations/bitrix24/sync', { schema: { tags, body: Bitrix24SyncRequest, response: { 200: Bitrix24SyncStarted } } }, async (request) =>
    startBitrix24Sync(db, config, callerOf(request), request.body.direction, request.body.mode),
  );
};

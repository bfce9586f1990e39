import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { OneCSettings, OneCSettingsUpdate, OneCSyncAnswer } from '../../../../src/contract/onec';
import { callerOf } from '../../../http/context';
import { startAccountingSync } from './accountingSync';
import { readSettings, seenInExchange, setEnabled, updateSettings } from './settings';

/** The 1C exchange's settings (spec §7: account/genezis-enable, genezis-disable, genezis/sync) and its screen's calls. */
export const onecRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];
  app.get('/account/genezis-enable', { schema: { tags, response: { 200: OneCSettings } } }, async (request) => setEnabled(db, callerOf(request), true));
  app.get('/account/genezis-disable', { schema: { tags, response: { 200: OneCSettings } } }, async (request) => setEnabled(db, callerOf(request), false));
  app.get('/account/genezis/sync', { schema: { tags, response: { 200: OneCSyncAnswer } } }, async (request) => startAccountingSync(db, config, callerOf(request)));
  app.get('/integrations/1c/settings', { schema: { tags, response: { 200: OneCSettings } }, config: { reads: true } }, async (request) => readSettings(db, callerOf(request)));
  app.post('/integrations/1c/settings', { schema: { tags, body: OneCSettingsUpdate, response: { 200: OneCSettings } } }, async (request) =>
    updateSettings(db, config, callerOf(request), request.body),
  );
  const Seen = Type.Array(Type.Object({ id: Type.String(), name: Type.String() }));
  app.get('/integrations/1c/seen', { schema: { tags, response: { 200: Type.Object({ warehouses: Seen, price_types: Seen }) } }, config: { reads: true } }, async (request) =>
    seenInExchange(db, callerOf(request)),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { and, eq, inArray } from 'drizzle-orm';
import { AmoConnectionBody, AmoConnectionQuery, AmoConnectionStatus, AmoInstallRequest, AmoInstallStart, AmoLeadFieldItem, AmoNamed, AmoOAuthQuery, AmoPipelineItem, AmoSettings, AmoSettingsUpdate, AmoSyncQuery, AmoSyncStarted } from '../../../../src/contract/amocrm';
import { requireAdmin } from '../../../auth/rights';
import { integrationConnections } from '../../../db/schema';
import { HttpError, unprocessable } from '../../../http/errors';
import { OutboundError } from '../outbound';
import { AmoRejectedError, AmoRevokedError } from './client';
import { callerOf } from '../../../http/context';
import { AMO_KINDS, amoClientOf, amoConnection, REVOKED_MESSAGE } from './connection';
import { disconnectAmo, finishInstall, startInstall } from './install';
import { listenForOrderChanges } from './leadPush';
import { amoSettings, updateAmoSettings } from './settings';
import { startAmoSync } from './sync';
import { amoWebhookRoutes } from './webhookRoutes';

const OAUTH_PATH = '/api/integrations/amocrm/oauth';
const SCREEN = '/integrations/amocrm';

/** PUBLIC_URL when set; else the address this request came to (development and tests). It must equal the one registered in amoCRM. */
function redirectUriOf(publicUrl: string | null, request: FastifyRequest): string {
  return `${publicUrl ?? `${request.protocol}://${request.host}`}${OAUTH_PATH}`;
}

export const amoCrmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['integrations'];

  app.post('/integrations/amocrm/install', { schema: { tags, body: AmoInstallRequest, response: { 200: AmoInstallStart } } }, async (request) =>
    startInstall(db, config, callerOf(request), request.body, redirectUriOf(config.publicUrl, request)),
  );

  // amoCRM sends the user's browser here: no bearer token; the sealed state says whose install it is.
  app.get('/integrations/amocrm/oauth', { schema: { tags, querystring: AmoOAuthQuery }, config: { auth: 'none' } }, async (request, reply) => {
    try {
      const { connection_id } = await finishInstall(db, config, request.query);
      return reply.redirect(`${SCREEN}?connected=${connection_id}`);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply.redirect(`${SCREEN}?${new URLSearchParams({ install_error: error.message })}`);
    }
  });

  app.post('/integrations/amocrm/disconnect', { schema: { tags, body: AmoConnectionBody } }, async (request) => disconnectAmo(db, callerOf(request), request.body.id));

  app.get('/integrations/amocrm', { schema: { tags, response: { 200: Type.Array(AmoConnectionStatus) } }, config: { reads: true } }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    const rows = await db
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.accountId, caller.account.id), inArray(integrationConnections.kind, [...AMO_KINDS])))
      .orderBy(integrationConnections.id);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as 'amocrm' | 'kommo',
      origin: row.origin,
      status: row.status,
      last_error: row.lastError,
      token_expires_at: row.tokenExpiresAt?.toISOString() ?? null,
      crm_account_id: row.crmAccountId,
      // Spec §2: Kommo accounts price in USD.
      currency: row.kind === 'kommo' ? 'USD' : 'RUB',
    }));
  });

  /** The CRM's own lists the bindings screen offers, read live from the CRM. */
  const fromCrm = async (request: FastifyRequest & { query: { connection_id: number } }) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return amoClientOf(db, config, await amoConnection(db, caller.account.id, request.query.connection_id));
  };
  app.setErrorHandler((error) => {
    // The CRM's refusals are the user's to act on (connect again, fix a binding), not our failure.
    if (error instanceof AmoRevokedError) throw unprocessable(REVOKED_MESSAGE);
    if (error instanceof AmoRejectedError) throw unprocessable(error.message);
    if (error instanceof OutboundError) throw new HttpError(503, `amoCRM did not answer: ${error.message}`);
    throw error;
  });
  app.get('/account/lead-fields', { schema: { tags, querystring: AmoConnectionQuery, response: { 200: Type.Array(AmoLeadFieldItem) } }, config: { reads: true } }, async (request) =>
    (await (await fromCrm(request)).leadFields()).map((field) => ({ id: field.id, name: field.name, type: field.type, group_id: field.group_id })),
  );
  app.get('/account/lead-field-groups', { schema: { tags, querystring: AmoConnectionQuery, response: { 200: Type.Array(AmoNamed) } }, config: { reads: true } }, async (request) =>
    (await (await fromCrm(request)).leadFieldGroups()).map((group) => ({ id: group.id, name: group.name })),
  );
  app.get('/account/product-lists', { schema: { tags, querystring: AmoConnectionQuery, response: { 200: Type.Array(AmoNamed) } }, config: { reads: true } }, async (request) =>
    // The products catalog first (a sync started without a choice, from the home menu, takes the first), other lists after in the CRM's order.
    (await (await fromCrm(request)).catalogs()).sort((a, b) => Number(b.type === 'products') - Number(a.type === 'products')).map((catalog) => ({ id: catalog.id, name: catalog.name })),
  );
  app.get('/integrations/amocrm/pipelines', { schema: { tags, querystring: AmoConnectionQuery, response: { 200: Type.Array(AmoPipelineItem) } }, config: { reads: true } }, async (request) =>
    (await (await fromCrm(request)).pipelines()).map((pipeline) => ({ id: pipeline.id, name: pipeline.name, statuses: pipeline._embedded.statuses.map((status) => ({ id: status.id, name: status.name })) })),
  );

  // The General panel: deal field bindings, stage mapping, the webhook address (administrators only).
  const base = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  app.get('/integrations/amocrm/settings', { schema: { tags, querystring: AmoConnectionQuery, response: { 200: AmoSettings } }, config: { reads: true } }, async (request) =>
    amoSettings(db, config, callerOf(request), request.query.connection_id, base(request)),
  );
  app.post('/integrations/amocrm/settings', { schema: { tags, body: AmoSettingsUpdate, response: { 200: AmoSettings } } }, async (request) => updateAmoSettings(db, config, callerOf(request), request.body, base(request)));
  // Our changes of a linked lead's order go back to the lead.
  const stopListening = listenForOrderChanges(db, config);
  app.addHook('onClose', async () => stopListening());
  // amoCRM's webhooks: form bodies and no staff token (their own plugin, with the form parser).
  await app.register(amoWebhookRoutes);

  // Spec §7: GET product/sync-amo-gs (CRM catalog → products) and product/sync-gs-amo (products → CRM catalog).
  for (const [path, direction] of [['/product/sync-amo-gs', 'in'], ['/product/sync-gs-amo', 'out']] as const) {
    app.get(path, { schema: { tags, querystring: AmoSyncQuery, response: { 200: AmoSyncStarted } } }, async (request) =>
      startAmoSync(db, config, callerOf(request), direction, { connectionId: request.query.connection_id, catalogId: request.query.catalog_id, mode: request.query.mode }),
    );
  }
};

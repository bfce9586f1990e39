import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Nullable } from '../../../src/contract/common';
import { FieldDefinition, FieldType } from '../../../src/contract/catalogue';
import { Pipeline } from '../../../src/contract/pipelines';
import {
  PublicCatalogue,
  PublicCatalogueQuery,
  PublicConfig,
  PublicFieldListQuery,
  PublicLinkInfo,
  PublicLoginRequest,
  PublicLoginResponse,
  PublicOrderIdQuery,
  PublicOrderList,
  PublicOrderListRequest,
  PublicOrderUpdateRequest,
  PublicOrderWithPositions,
  PublicPasswordAnswer,
  PublicPasswordCodeRequest,
  PublicPasswordSetRequest,
  PublicPositionAddRequest,
  PublicPositionDeleteRequest,
  PublicProfile,
  PublicProfileUpdateRequest,
  PublicTokenExchangeRequest,
  PublicTokenExchangeResponse,
} from '../../../src/contract/publicOrder';
import { publicCallerOf } from '../../http/context';
import { fieldTypes } from '../fields/service';
import { listPipelines } from '../pipelines/service';
import { publicCatalogue, publicFields } from './catalogue';
import { signInLimit } from '../../http/rateLimits';
import { getPublicProfile, publicConfig, publicLogin, updatePublicProfile } from './customers';
import { requestPublicPasswordCode, setPublicPasswordByCode } from './passwordByEmail';
import { addPublicPosition, deletePublicPosition, getPublicOrder, listPublicOrders, updatePublicOrder } from './service';
import { describeLink, exchangeLinkToken } from './sharing';
import { publicDocumentRoutes } from './documentRoutes';
import { publicSharingRoutes } from './staffRoutes';

const open = { auth: 'none' } as const;
const publicRead = { auth: 'public', reads: true } as const;
const publicWrite = { auth: 'public' } as const;

/**
 * public-order/* (spec 2 §7 "Public order"): what an outside customer reaches with a public token. Every
 * route but the sign-in and the link exchange needs a public session (auth 'public'): staff tokens are
 * refused there, and public tokens everywhere else. Orders are reachable only when shared with the caller.
 */
const publicAreaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['public-order'];
  const orderAnswer = { 200: PublicOrderWithPositions };

  // The spec's GETs stay (their URLs are redacted in the log), but the shell sends the link token in a POST
  // body, which no access log, proxy or browser history keeps.
  app.get('/public-order/token/get', { config: open, schema: { tags, querystring: PublicTokenExchangeRequest, response: { 200: PublicTokenExchangeResponse } } }, async (request) =>
    exchangeLinkToken(ctx, request.query.public_token),
  );
  app.post('/public-order/token/get', { config: open, schema: { tags, body: PublicTokenExchangeRequest, response: { 200: PublicTokenExchangeResponse } } }, async (request) =>
    exchangeLinkToken(ctx, request.body.public_token),
  );
  app.get('/public-order/token/get-public', { config: { ...open, reads: true }, schema: { tags, querystring: PublicTokenExchangeRequest, response: { 200: PublicLinkInfo } } }, async (request) =>
    describeLink(db, request.query.public_token),
  );
  app.post('/public-order/token/get-public', { config: { ...open, reads: true }, schema: { tags, body: PublicTokenExchangeRequest, response: { 200: PublicLinkInfo } } }, async (request) =>
    describeLink(db, request.body.public_token),
  );
  app.post(
    '/public-order/auth/login',
    {
      schema: { tags, body: PublicLoginRequest, response: { 200: PublicLoginResponse } },
      // As staff sign-in: per address and login (normalised), so password guessing is slowed without locking an office out.
      config: { ...open, ...signInLimit(ctx.config, 'public') },
    },
    async (request) => ({ success: true, access_token: await publicLogin(ctx, request.body) }),
  );

  // Password by e-mail: per address here (an hour's window); per e-mail the mails are bounded in the database.
  const perAddress = {
    max: ctx.config.publicPasswordRequestsPerIp,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `public-password|${request.ip}`,
  };
  app.post('/public-order/auth/password/request', { schema: { tags, body: PublicPasswordCodeRequest, response: { 200: PublicPasswordAnswer } }, config: { ...open, rateLimit: perAddress } }, async (request) => {
    await requestPublicPasswordCode(ctx, request.body);
    return { success: true };
  });
  app.post(
    '/public-order/auth/password/set',
    { schema: { tags, body: PublicPasswordSetRequest, response: { 200: PublicPasswordAnswer } }, config: { ...open, rateLimit: { ...perAddress, keyGenerator: (request: FastifyRequest) => `public-password-set|${request.ip}` } } },
    async (request) => {
      await setPublicPasswordByCode(ctx, request.body);
      return { success: true };
    },
  );

  app.get('/public-order/profile', { config: publicRead, schema: { tags, response: { 200: PublicProfile } } }, async (request) => getPublicProfile(db, publicCallerOf(request)));
  app.post('/public-order/profile', { config: publicWrite, schema: { tags, body: PublicProfileUpdateRequest, response: { 200: PublicProfile } } }, async (request) =>
    updatePublicProfile(db, publicCallerOf(request), request.body),
  );
  app.get('/public-order/config', { config: publicRead, schema: { tags, response: { 200: PublicConfig } } }, async (request) => publicConfig(db, publicCallerOf(request)));

  // GET and POST: the client's list call is a POST (orders/list), a plain GET with the query works too.
  app.post('/public-order/order/list', { config: publicRead, schema: { tags, body: Nullable(PublicOrderListRequest), response: { 200: PublicOrderList } } }, async (request) =>
    listPublicOrders(db, publicCallerOf(request), request.body ?? {}),
  );
  app.get('/public-order/order/list', { config: publicRead, schema: { tags, querystring: PublicOrderListRequest, response: { 200: PublicOrderList } } }, async (request) =>
    listPublicOrders(db, publicCallerOf(request), request.query),
  );
  app.get('/public-order/order', { config: publicRead, schema: { tags, querystring: PublicOrderIdQuery, response: orderAnswer } }, async (request) =>
    getPublicOrder(db, publicCallerOf(request), request.query.order_id),
  );
  app.post('/public-order/order/update', { config: publicWrite, schema: { tags, body: PublicOrderUpdateRequest, response: orderAnswer } }, async (request) =>
    updatePublicOrder(db, publicCallerOf(request), request.body),
  );
  app.post('/public-order/order/position/add', { config: publicWrite, schema: { tags, body: PublicPositionAddRequest, response: orderAnswer } }, async (request) =>
    addPublicPosition(db, publicCallerOf(request), request.body),
  );
  app.post('/public-order/order/position/delete', { config: publicWrite, schema: { tags, body: PublicPositionDeleteRequest, response: orderAnswer } }, async (request) =>
    deletePublicPosition(db, publicCallerOf(request), request.body),
  );

  app.get('/public-order/categories/list', { config: publicRead, schema: { tags, querystring: PublicCatalogueQuery, response: { 200: PublicCatalogue } } }, async (request) =>
    publicCatalogue(db, publicCallerOf(request), request.query),
  );
  app.get('/public-order/fields/types', { config: publicRead, schema: { tags, response: { 200: Type.Array(FieldType) } } }, async (request) =>
    fieldTypes({ isKommo: publicCallerOf(request).isKommo }),
  );
  app.get('/public-order/fields/list', { config: publicRead, schema: { tags, querystring: PublicFieldListQuery, response: { 200: Type.Array(FieldDefinition) } } }, async (request) =>
    publicFields(db, publicCallerOf(request), request.query),
  );
  app.get('/public-order/pipelines', { config: publicRead, schema: { tags, response: { 200: Type.Array(Pipeline) } } }, async (request) =>
    listPipelines(db, publicCallerOf(request).accountId),
  );
};

/** The public-order area (with its documents) and the staff's sharing routes: one plugin in the app's list. */
export const publicOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(publicAreaRoutes);
  await app.register(publicDocumentRoutes);
  await app.register(publicSharingRoutes);
};

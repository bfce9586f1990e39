import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { Category } from '../../../src/contract/catalogue';
import { DealProduct, DealProductList } from '../../../src/contract/orders';
import {
  WidgetAddProductAnswer,
  WidgetAddProductQuery,
  WidgetAutocompleteQuery,
  WidgetConfig,
  WidgetConfigQuery,
  WidgetLeadIdQuery,
  WidgetLeadProducts,
  WidgetLeadQuery,
  WidgetProductListV2,
  WidgetProductsHtml,
  WidgetProductsQuery,
} from '../../../src/contract/widget';
import { AmoTokenAnswer, BitrixTokenRequest } from '../../../src/contract/integrations';
import { resolveSession } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { callerOf } from '../../http/context';
import { forbidden } from '../../http/errors';
import { dealAutocomplete } from '../dealCatalogue/products';
import { staffActor } from '../orders/actor';
import { exchangeBitrixAuth } from './bitrixAuth';
import { provenAccount, type SignedQuery } from './requestProof';
import { addProductToLead, exchangeDisposableToken, leadProducts, leadProductsHtml, widgetCategories, widgetConfig, widgetProducts, widgetProductsV2 } from './service';

/** Where the widget host's calls live under /integration: amoCRM/Kommo's widget and Bitrix24's, with the same handlers. */
export const WIDGET_BASES = ['/widget', '/bitrix/widget'] as const;

/** Token exchanges per address and minute (amoCRM's and Bitrix24's, each): each checks a signature or asks the portal, and writes a session. */
export const AMO_TOKENS_PER_MINUTE = 60;

/** Calls to the token-free deal list per address and minute: deal ids are easy to guess, so walking them is slowed down. */
export const LEAD_PRODUCTS_PER_MINUTE = 120;

/**
 * The account a products/filtered request may read: a bearer token's (a header that is not a valid
 * token is refused, 403), else the one its CRM signature proves (401 without one).
 */
async function leadAccount(request: FastifyRequest, db: Db, query: SignedQuery): Promise<number> {
  const header = request.headers.authorization;
  if (header === undefined) return provenAccount(db, request, query);
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const caller = token ? await resolveSession(db, token) : null;
  if (!caller) throw forbidden();
  return caller.account.id;
}

/**
 * The CRM-side widget host (spec 2 §7 "Deal widget and order products"), under /integration:
 *
 *   GET {base}/products            category_id, page, per_page → data, links, meta (a category with its subcategories)
 *   GET {base}/products-v2         category_id, page, per_page → data, links, meta, categories (one level: own products and subcategories)
 *   GET {base}/products/filtered   leadId, page, per_page → the deal's positions; a staff token or a signed CRM request (requestProof.ts)
 *   GET {base}/autocomplete        q → products (empty or blank q: [])
 *   GET {base}/add-product         productId, leadId, quantity → success, order (the deal's order is made when missing)
 *   GET {base}/get-products        leadId → success, data.html (every value HTML-escaped)
 *   GET {base}/config              category_id, leadId → the widget's settings for the deal
 *   GET {base}/categories          → the category tree
 *
 * with {base} = /widget and /bitrix/widget. All but products/filtered take the staff bearer token.
 * POST /amocrm/token exchanges amoCRM's disposable token (X-Auth-Token) for a staff token of minutes;
 * POST /bitrix/token a Bitrix24 placement's auth, once the connected portal accepted it (bitrixAuth.ts).
 * add-product is a GET because the widget client sends one; it is not marked read-only.
 */
export const widgetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['widget'];
  const reads = { reads: true } as const;

  for (const base of WIDGET_BASES) {
    app.get(`${base}/products`, { config: reads, schema: { tags, querystring: WidgetProductsQuery, response: { 200: DealProductList } } }, async (request) =>
      widgetProducts(db, staffActor(callerOf(request)), request.query),
    );
    app.get(`${base}/products-v2`, { config: reads, schema: { tags, querystring: WidgetProductsQuery, response: { 200: WidgetProductListV2 } } }, async (request) =>
      widgetProductsV2(db, staffActor(callerOf(request)), request.query),
    );
    app.get(
      `${base}/products/filtered`,
      {
        config: { auth: 'none', reads: true, rateLimit: { max: LEAD_PRODUCTS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: { tags, querystring: WidgetLeadQuery, response: { 200: WidgetLeadProducts } },
      },
      async (request) => leadProducts(db, request.query.leadId, await leadAccount(request, db, request.query), request.query),
    );
    app.get(`${base}/autocomplete`, { config: reads, schema: { tags, querystring: WidgetAutocompleteQuery, response: { 200: Type.Array(DealProduct) } } }, async (request) =>
      dealAutocomplete(db, staffActor(callerOf(request)), request.query.q),
    );
    app.get(`${base}/add-product`, { schema: { tags, querystring: WidgetAddProductQuery, response: { 200: WidgetAddProductAnswer } } }, async (request) =>
      addProductToLead(db, callerOf(request), request.query),
    );
    app.get(`${base}/get-products`, { config: reads, schema: { tags, querystring: WidgetLeadIdQuery, response: { 200: WidgetProductsHtml } } }, async (request) =>
      leadProductsHtml(db, callerOf(request), request.query.leadId, request.query.lang),
    );
    app.get(`${base}/config`, { config: reads, schema: { tags, querystring: WidgetConfigQuery, response: { 200: WidgetConfig } } }, async (request) =>
      widgetConfig(db, callerOf(request), request.query),
    );
    app.get(`${base}/categories`, { config: reads, schema: { tags, response: { 200: Type.Array(Category) } } }, async (request) => widgetCategories(db, callerOf(request).account.id));
  }

  app.post(
    '/amocrm/token',
    { config: { auth: 'none', rateLimit: { max: AMO_TOKENS_PER_MINUTE, timeWindow: '1 minute' } }, schema: { tags, response: { 200: AmoTokenAnswer } } },
    async (request) => exchangeDisposableToken(db, request.headers['x-auth-token'], app.ctx.config.amoTokenTtlMinutes),
  );
  app.post(
    '/bitrix/token',
    {
      config: { auth: 'none', rateLimit: { max: AMO_TOKENS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, body: BitrixTokenRequest, response: { 200: AmoTokenAnswer } },
    },
    async (request) => exchangeBitrixAuth(db, request.body, { ttlMinutes: app.ctx.config.amoTokenTtlMinutes, timeoutMs: app.ctx.config.bitrixCheckTimeoutMs }),
  );
};

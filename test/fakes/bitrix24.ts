import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createFakeCatalog, type FakeCatalog } from './bitrix24Catalog';

/**
 * A Bitrix24 portal's REST side and its OAuth server, from Bitrix24's public REST contract (apidocs.bitrix24.com:
 * "OAuth 2.0 protocol", "system errors", app.info, user.current, crm.deal.*, crm.status.list,
 * crm.category.stage.list, crm.item.productrow.*, batch, event.bind), on 127.0.0.1:
 *
 *   GET /oauth/token/?grant_type=authorization_code|refresh_token&client_id&client_secret&code|refresh_token
 *       → 200 { access_token, refresh_token, expires_in, member_id, domain, … }; a used or unknown code / refresh token
 *       → 400 { error: 'invalid_grant' }; another app's secret → 401 { error: 'invalid_client' }. A refresh token is single-use.
 *   crm.timeline.comment.add {fields: {ENTITY_ID, ENTITY_TYPE: 'deal', COMMENT, FILES?: [[name, base64], …]}} → the comment's
 *       id; a missing deal, field or an undecodable file → 400 { error: 'ERROR_CORE' | 'INVALID_ARG_VALUE', … }.
 *   POST|GET /rest/<method>  auth in the query, a form (a[b]=…) or a JSON body → 200 { result, [total, next], time }
 *
 * An auth id the portal issued and that has not expired is answered; an expired one gets 401
 * { error: 'expired_token', error_description: 'The access token provided has expired.' }, an unknown
 * one 401 { error: 'invalid_token', … }, a call without one 401 { error: 'NO_AUTH_FOUND', … }. Calls beyond the leaky
 * bucket (50 at once, 2 a second after) get 503 { error: 'QUERY_LIMIT_EXCEEDED' } (Bitrix24's answer, not 429). batch takes at most
 * 50 commands (ERROR_BATCH_LENGTH_EXCEEDED). A missing deal is 400 { error: '', error_description: 'Not found' }.
 * Every call is recorded, so a test can tell the portal was not called at all.
 */
export interface FakeDeal {
  ID: string;
  TITLE: string;
  STAGE_ID: string;
  CATEGORY_ID: string;
  OPPORTUNITY: string;
  CURRENCY_ID: string;
}

export interface FakeProductRow {
  id: number;
  ownerId: number;
  ownerType: string;
  productId: number;
  productName: string;
  price: number;
  quantity: number;
}

/** What /oauth/token/ gives (oauth.bitrix.info's answer), and what the install event carries as auth[…]. */
export interface FakeGrant {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires: number;
  member_id: string;
  domain: string;
  client_endpoint: string;
  server_endpoint: string;
  application_token: string;
  user_id: number;
  scope: string;
  status: string;
}

export interface FakePortal {
  /** http://127.0.0.1:<port>: the origin an account connects (it also answers /oauth/token/ as oauth.bitrix.info would). */
  origin: string;
  /** 127.0.0.1:<port>: what Bitrix24 sends as DOMAIN / BX24.getAuth().domain. */
  domain: string;
  memberId: string;
  /** The application's code (app.info CODE; a local app's client_id). */
  appCode: string;
  /** The application's secret (a local app's client_secret): /oauth/token/ refuses another. */
  appSecret: string;
  /** The token of this app on this portal: events carry it as auth[application_token]. */
  applicationToken: string;
  /** An auth id (AUTH_ID / access_token) for a portal user, valid for `seconds` (negative: already expired). */
  issue(options?: { seconds?: number; userId?: number }): string;
  /** What installing the app gives it: an access token (valid `seconds`) and a refresh token. */
  install(options?: { seconds?: number }): FakeGrant;
  /** An authorization code for /oauth/token/?grant_type=authorization_code. */
  authorizationCode(): string;
  /** The portal removed the app: every access and refresh token it issued is refused from now on. */
  revoke(): void;
  /** Every REST call received: method and the auth it carried. */
  calls: { method: string; auth: string | null }[];
  /** Every REST call with its parameters (batch commands each counted as their own call too). */
  requests: { method: string; params: Record<string, unknown> }[];
  /** Every /oauth/token/ request's grant_type. */
  oauth: string[];
  deals: Map<number, FakeDeal>;
  /** The product catalogue (crm.product.*, crm.productsection.*: bitrix24Catalog.ts). */
  catalog: FakeCatalog;
  /** Deal stages per category (crm.status.list DEAL_STAGE is category 0). */
  stages: Map<number, { STATUS_ID: string; NAME: string; SORT: number; SEMANTICS: string | null }[]>;
  productRows: FakeProductRow[];
  /** crm.timeline.comment.add's comments, files decoded. */
  comments: { id: number; entityType: string; entityId: number; comment: string; files: { name: string; bytes: Buffer }[] }[];
  /** event.bind's handlers: event name → handler URL. */
  bound: Map<string, string>;
  addDeal(deal: Partial<FakeDeal> & { ID: string }): FakeDeal;
  /**
   * Bitrix24's limit as its docs give it, a leaky bucket: `burst` calls (50) may come at once, the bucket drains
   * `rateLimit` calls a second (2); a call that finds it full gets 503 QUERY_LIMIT_EXCEEDED.
   */
  rateLimit: number;
  burst: number;
  /** While set, calls are held without an answer (a portal that does not respond). */
  hang: boolean;
  /** /oauth/token/ answers after this many ms (a slow OAuth server: lets refreshes overlap). */
  tokenDelayMs: number;
  close(): Promise<void>;
}

interface Issued {
  expiresAt: number;
  userId: number;
}

const now = () => Date.now();

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function timing() {
  const start = now() / 1000;
  return { start, finish: start + 0.01, duration: 0.01, processing: 0.005, date_start: new Date().toISOString(), date_finish: new Date().toISOString() };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** PHP's reading of a query string (a[b][c]=1, a[]=2): how Bitrix24 takes form bodies and batch commands. */
export function bracketed(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    parts.forEach((part, index) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** A REST call's parameters: the query, then a JSON or form body, as Bitrix24 takes them. */
async function paramsOf(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params = bracketed(url.searchParams);
  const text = await readBody(req);
  if (!text) return params;
  if (String(req.headers['content-type']).includes('json')) {
    try {
      return { ...params, ...(JSON.parse(text) as Record<string, unknown>) };
    } catch {
      return params;
    }
  }
  return { ...params, ...bracketed(new URLSearchParams(text)) };
}

const token = () => randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []);

type Answer = { status: number; body: Record<string, unknown> };
const ok = (result: unknown, extra: Record<string, unknown> = {}): Answer => ({ status: 200, body: { result, ...extra, time: timing() } });
const error = (status: number, code: string, description: string): Answer => ({ status, body: { error: code, error_description: description } });

export async function startFakePortal(options: { appCode?: string; memberId?: string; appSecret?: string } = {}): Promise<FakePortal> {
  const issued = new Map<string, Issued>();
  const refreshTokens = new Map<string, number>();
  const codes = new Set<string>();
  const held: ServerResponse[] = [];
  let bucket = 0;
  let drainedAt = now();
  let rowId = 0;
  const catalog = createFakeCatalog();
  const portal = {
    appCode: options.appCode ?? `local.${randomUUID().replace(/-/g, '').slice(0, 14)}.${Math.floor(Math.random() * 1e8)}`,
    appSecret: options.appSecret ?? token().slice(0, 40),
    applicationToken: token().slice(0, 32),
    memberId: options.memberId ?? randomUUID().replace(/-/g, ''),
    calls: [] as FakePortal['calls'],
    requests: [] as FakePortal['requests'],
    oauth: [] as string[],
    deals: new Map(),
    stages: new Map([
      [
        0,
        [
          { STATUS_ID: 'NEW', NAME: 'New', SORT: 10, SEMANTICS: null },
          { STATUS_ID: 'PREPARATION', NAME: 'Preparing documents', SORT: 20, SEMANTICS: null },
          { STATUS_ID: 'EXECUTING', NAME: 'In progress', SORT: 40, SEMANTICS: null },
          { STATUS_ID: 'WON', NAME: 'Deal won', SORT: 60, SEMANTICS: 'S' },
          { STATUS_ID: 'LOSE', NAME: 'Deal lost', SORT: 70, SEMANTICS: 'F' },
        ],
      ],
    ]),
    productRows: [] as FakeProductRow[],
    comments: [] as FakePortal['comments'],
    bound: new Map(),
    rateLimit: 2,
    burst: 50,
    hang: false,
    tokenDelayMs: 0,
  } as FakePortal;

  function grantFor(userId: number, seconds: number): FakeGrant {
    const access = token();
    issued.set(access, { expiresAt: now() + seconds * 1000, userId });
    const refresh = token();
    refreshTokens.set(refresh, userId);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: seconds,
      expires: Math.floor(now() / 1000) + seconds,
      member_id: portal.memberId,
      domain: portal.domain,
      client_endpoint: `${portal.origin}/rest/`,
      server_endpoint: `${portal.origin}/rest/`,
      application_token: portal.applicationToken,
      user_id: userId,
      scope: 'crm,placement,user',
      status: 'L',
    };
  }

  // /oauth/token/ as oauth.bitrix.info answers it: a grant for a valid code or refresh token of this app, else invalid_grant.
  function oauthToken(url: URL): Answer {
    const query = url.searchParams;
    const grantType = query.get('grant_type') ?? '';
    portal.oauth.push(grantType);
    if (query.get('client_id') !== portal.appCode || query.get('client_secret') !== portal.appSecret) return error(401, 'invalid_client', 'Invalid client credentials');
    if (grantType === 'authorization_code') {
      const code = query.get('code') ?? '';
      if (!codes.delete(code)) return error(400, 'invalid_grant', 'Invalid authorization code');
      return { status: 200, body: grantFor(1, 3600) as unknown as Record<string, unknown> };
    }
    if (grantType === 'refresh_token') {
      const refresh = query.get('refresh_token') ?? '';
      const userId = refreshTokens.get(refresh);
      if (userId === undefined) return error(400, 'invalid_grant', 'Invalid refresh token');
      refreshTokens.delete(refresh);
      return { status: 200, body: grantFor(userId, 3600) as unknown as Record<string, unknown> };
    }
    return error(400, 'unsupported_grant_type', 'Unsupported grant type');
  }

  function dealMethod(method: string, params: Record<string, unknown>): Answer | null {
    if (method === 'crm.deal.get') {
      const deal = portal.deals.get(Number(params.id ?? params.ID));
      return deal ? ok(deal) : error(400, '', 'Not found');
    }
    if (method === 'crm.deal.update') {
      const deal = portal.deals.get(Number(params.id ?? params.ID));
      if (!deal) return error(400, '', 'Not found');
      Object.assign(deal, params.fields ?? {});
      return ok(true);
    }
    if (method === 'crm.status.list') {
      const filter = (params.filter ?? {}) as Record<string, unknown>;
      const entity = String(filter.ENTITY_ID ?? '');
      const category = /^DEAL_STAGE_(\d+)$/.exec(entity)?.[1];
      if (entity !== 'DEAL_STAGE' && category === undefined) return ok([]);
      const stages = portal.stages.get(Number(category ?? 0)) ?? [];
      const prefix = category ? `C${category}:` : '';
      return ok(stages.map((stage, index) => ({ ID: String(index + 1), ENTITY_ID: entity, ...stage, STATUS_ID: prefix + stage.STATUS_ID, EXTRA: { SEMANTICS: stage.SEMANTICS === 'S' ? 'success' : stage.SEMANTICS === 'F' ? 'failure' : 'process' } })));
    }
    if (method === 'crm.category.stage.list') {
      if (Number(params.entityTypeId) !== 2) return error(400, 'NOT_FOUND', 'Smart process not found');
      const categoryId = Number(params.categoryId ?? 0);
      const prefix = categoryId ? `C${categoryId}:` : '';
      const stages = portal.stages.get(categoryId);
      if (!stages) return error(400, 'NOT_FOUND', 'Category not found');
      return ok({ stages: stages.map((stage, index) => ({ id: index + 1, entityId: `DEAL_STAGE${categoryId ? `_${categoryId}` : ''}`, statusId: prefix + stage.STATUS_ID, name: stage.NAME, sort: stage.SORT, semantics: stage.SEMANTICS, categoryId })) });
    }
    if (method === 'crm.item.productrow.set') {
      const ownerId = Number(params.ownerId);
      if (params.ownerType !== 'D') return error(400, 'INVALID_ARG_VALUE', 'ownerType must be a short entity type code');
      if (!portal.deals.has(ownerId)) return error(400, 'NOT_FOUND', 'Owner not found');
      portal.productRows = portal.productRows.filter((row) => row.ownerId !== ownerId);
      const rows = asList(params.productRows).map((value) => {
        const row = value as Record<string, unknown>;
        return { id: ++rowId, ownerId, ownerType: 'D', productId: Number(row.productId ?? 0), productName: String(row.productName ?? ''), price: Number(row.price ?? 0), quantity: Number(row.quantity ?? 1) };
      });
      portal.productRows.push(...rows);
      return ok({ productRows: rows });
    }
    if (method === 'crm.timeline.comment.add') {
      const fields = (params.fields ?? {}) as Record<string, unknown>;
      const entityType = String(fields.ENTITY_TYPE ?? '').toLowerCase();
      if (!fields.ENTITY_ID || !entityType || !fields.COMMENT) return error(400, 'ERROR_CORE', 'Required fields ENTITY_ID, ENTITY_TYPE and COMMENT');
      if (entityType !== 'deal' || !portal.deals.has(Number(fields.ENTITY_ID))) return error(400, 'ERROR_CORE', 'Entity not found');
      const files: { name: string; bytes: Buffer }[] = [];
      for (const value of asList(fields.FILES)) {
        const [name, content] = asList(value);
        if (typeof name !== 'string' || typeof content !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(content)) return error(400, 'INVALID_ARG_VALUE', 'FILES takes [name, base64 content] pairs');
        files.push({ name, bytes: Buffer.from(content, 'base64') });
      }
      const comment = { id: portal.comments.length + 1, entityType, entityId: Number(fields.ENTITY_ID), comment: String(fields.COMMENT), files };
      portal.comments.push(comment);
      return ok(comment.id);
    }
    if (method === 'crm.item.productrow.list') {
      const filter = (params.filter ?? {}) as Record<string, unknown>;
      const rows = portal.productRows.filter((row) => row.ownerType === filter['=ownerType'] && row.ownerId === Number(filter['=ownerId']));
      const start = Number(params.start ?? 0);
      const page = rows.slice(start, start + 50);
      return ok({ productRows: page }, { total: rows.length, ...(start + 50 < rows.length && { next: start + 50 }) });
    }
    return null;
  }

  function answer(method: string, params: Record<string, unknown>, grant: Issued): Answer {
    portal.requests.push({ method, params });
    if (method === 'app.info') {
      return ok({ ID: 7, CODE: portal.appCode, VERSION: 1, STATUS: 'L', INSTALLED: true, PAYMENT_EXPIRED: 'N', DAYS: null, LANGUAGE_ID: 'ru', LICENSE: 'ru_project', LICENSE_TYPE: 'project', LICENSE_FAMILY: 'project' });
    }
    if (method === 'user.current') {
      return ok({ ID: String(grant.userId), ACTIVE: true, NAME: 'Portal', LAST_NAME: 'User', EMAIL: `user${grant.userId}@portal.example`, ADMIN: false });
    }
    if (method === 'event.bind') {
      if (!params.event || !params.handler) return error(400, 'ERROR_REQUIRED_PARAMETERS_MISSING', 'Required parameters missing');
      portal.bound.set(String(params.event).toUpperCase(), String(params.handler));
      return ok(true);
    }
    if (method === 'batch') {
      const commands = Object.entries((params.cmd ?? {}) as Record<string, string>);
      if (commands.length > 50) return error(400, 'ERROR_BATCH_LENGTH_EXCEEDED', 'Max batch length exceeded');
      const result: Record<string, unknown> = {};
      const errors: Record<string, unknown> = {};
      const totals: Record<string, unknown> = {};
      const nexts: Record<string, unknown> = {};
      for (const [key, command] of commands) {
        const [name = '', query = ''] = String(command).split('?');
        const one = answer(name, bracketed(new URLSearchParams(query)), grant);
        if (one.status === 200) {
          result[key] = one.body.result;
          if (one.body.total !== undefined) totals[key] = one.body.total;
          if (one.body.next !== undefined) nexts[key] = one.body.next;
        } else {
          errors[key] = one.body;
          if (params.halt === 1 || params.halt === '1' || params.halt === true) break;
        }
      }
      return ok({ result, result_error: errors, result_total: totals, result_next: nexts, result_time: {} });
    }
    return dealMethod(method, params) ?? catalog.answer(method, params, ok, error) ?? error(404, 'ERROR_METHOD_NOT_FOUND', 'Method not found!');
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal.invalid');
    if (/^\/oauth\/token\/?$/.test(url.pathname)) {
      const result = oauthToken(url);
      if (portal.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, portal.tokenDelayMs));
      return send(res, result.status, result.body);
    }
    const method = /^\/rest\/([a-z.]+?)(\.json)?$/.exec(url.pathname)?.[1];
    if (!method) return send(res, 404, { error: 'ERROR_METHOD_NOT_FOUND', error_description: 'Method not found!' });
    const params = await paramsOf(req, url);
    const auth = typeof params.auth === 'string' ? params.auth : null;
    portal.calls.push({ method, auth });
    if (portal.hang) {
      held.push(res);
      return;
    }
    // Bitrix24 answers a call over the limit with 503 and QUERY_LIMIT_EXCEEDED (not 429).
    const at = now();
    bucket = Math.max(0, bucket - ((at - drainedAt) / 1000) * portal.rateLimit);
    drainedAt = at;
    if (bucket + 1 > portal.burst) return send(res, 503, { error: 'QUERY_LIMIT_EXCEEDED', error_description: 'Too many requests' });
    bucket += 1;
    if (!auth) return send(res, 401, { error: 'NO_AUTH_FOUND', error_description: 'Wrong authorization data' });
    const grant = issued.get(auth);
    if (!grant) return send(res, 401, { error: 'invalid_token', error_description: 'The access token provided is invalid.' });
    if (grant.expiresAt <= now()) return send(res, 401, { error: 'expired_token', error_description: 'The access token provided has expired.' });
    const { auth: _auth, ...rest } = params;
    const result = answer(method, rest, grant);
    return send(res, result.status, result.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  portal.catalog = catalog;
  portal.domain = `127.0.0.1:${port}`;
  portal.origin = `http://${portal.domain}`;
  portal.issue = ({ seconds = 3600, userId = 1 } = {}) => {
    const auth = token();
    issued.set(auth, { expiresAt: now() + seconds * 1000, userId });
    return auth;
  };
  portal.install = ({ seconds = 3600 } = {}) => grantFor(1, seconds);
  portal.authorizationCode = () => {
    const code = token().slice(0, 32);
    codes.add(code);
    return code;
  };
  portal.revoke = () => {
    issued.clear();
    refreshTokens.clear();
  };
  portal.addDeal = (deal) => {
    const full: FakeDeal = { TITLE: `Deal #${deal.ID}`, STAGE_ID: 'NEW', CATEGORY_ID: '0', OPPORTUNITY: '0.00', CURRENCY_ID: 'RUB', ...deal };
    portal.deals.set(Number(deal.ID), full);
    return full;
  };
  portal.close = async () => {
    for (const res of held.splice(0)) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return portal;
}

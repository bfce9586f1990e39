import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * One amoCRM (or Kommo) account's API on 127.0.0.1, from amoCRM's public API v4 documentation
 * (amocrm.ru/developers/content/crm_platform/*, oauth/step-by-step):
 *
 *   POST /oauth2/access_token              JSON {client_id, client_secret, grant_type, code|refresh_token, redirect_uri}
 *                                          → {token_type: 'Bearer', expires_in, access_token, refresh_token}; a used, expired
 *                                          or revoked code or refresh token → 400 {hint, title, type, status, detail}
 *                                          with hint naming the grant ('invalid_grant' family). A refresh token is single use.
 *   GET  /api/v4/account                   → {id, name, subdomain, currency, country, ...}
 *   GET  /api/v4/users                     paged → _embedded.users [{id, name, email, rights}]
 *   GET  /api/v4/leads/{id}                → the lead (204 when there is none)
 *   PATCH /api/v4/leads                    [{id, price, custom_fields_values}] (≤250) → _embedded.leads [{id, updated_at}];
 *                                          an unknown field_id → 400 validation-errors
 *   GET  /api/v4/leads/custom_fields       paged → _embedded.custom_fields
 *   GET  /api/v4/leads/custom_fields/groups → _embedded.custom_field_groups
 *   GET  /api/v4/leads/pipelines           → _embedded.pipelines[ {_embedded.statuses} ] (142 won, 143 lost in each)
 *   GET  /api/v4/catalogs                  → _embedded.catalogs
 *   GET  /api/v4/catalogs/{id}/elements    ?page&limit (limit ≤ 250) → _embedded.elements, _links.next; 204 past the end
 *   POST|PATCH /api/v4/catalogs/{id}/elements  ≤ 250 per call → _embedded.elements [{id, request_id}]
 *   GET  /api/v4/catalogs/{id}/custom_fields → _embedded.custom_fields [{id, name, code: SKU|PRICE|GROUP}]
 *   POST /api/v4/leads/{id}/link           [{to_entity_id, to_entity_type: 'catalog_elements', metadata: {quantity, catalog_id}}]
 *   POST /api/v4/leads/notes               [{entity_id, note_type: 'common', params: {text}}] (≤250; also /leads/{id}/notes
 *                                          without entity_id) → _embedded.notes [{id, entity_id, request_id}]; a missing
 *                                          lead, another note_type than this fake knows or an empty text → 400 validation-errors
 *
 * Every /api/v4 call needs Authorization: Bearer <access token> (401 otherwise); more than `perSecond` calls (7, the
 * documented per-account limit) within one second → 429. Lists answer 204 with no body when empty, as amoCRM does.
 * Every call is recorded so a test can count them and read what was sent.
 */
export interface FakeAmoUser {
  id: number;
  name: string;
  email: string;
  is_admin?: boolean;
}

export interface FakeAmoLead {
  id: number;
  name: string;
  price: number;
  status_id: number;
  pipeline_id: number;
  custom_fields_values: { field_id: number; values: { value: unknown }[] }[] | null;
  updated_at: number;
  /** Catalog elements linked to the lead with their quantities. */
  links: { to_entity_id: number; to_entity_type: string; metadata: { quantity?: number; catalog_id?: number } }[];
}

export interface FakeAmoElement {
  id: number;
  catalog_id: number;
  name: string;
  custom_fields_values: { field_id: number; field_code?: string | null; values: { value: unknown }[] }[] | null;
  updated_at: number;
}

export interface FakeAmoCall {
  method: string;
  path: string;
  status: number;
  auth: string | null;
  body: unknown;
  at: number;
  /** The Host header: which account's address the caller meant (acme.amocrm.ru or acme.kommo.com). */
  host: string;
}

export interface FakeAmo {
  /** http://127.0.0.1:<port>: the connection's origin (amo's https://<subdomain>.amocrm.ru). */
  origin: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  subdomain: string;
  accountId: number;
  currency: string;
  users: FakeAmoUser[];
  leads: Map<number, FakeAmoLead>;
  catalogs: { id: number; name: string; type: 'products' | 'regular' }[];
  elements: Map<number, FakeAmoElement>;
  customFields: { id: number; name: string; type: string; code: string | null; group_id: string | null; sort: number }[];
  fieldGroups: { id: string; name: string; sort: number }[];
  pipelines: { id: number; name: string; is_main: boolean; statuses: { id: number; name: string; sort: number; type: number }[] }[];
  /** The catalog's own fields (products catalogs have SKU, PRICE, GROUP). */
  catalogFields: { id: number; name: string; code: string }[];
  calls: FakeAmoCall[];
  /** Notes added to leads (entity_id is the lead). */
  notes: { id: number; entity_id: number; note_type: string; params: { text?: string } }[];
  /** An authorization code the account's user approved (what amo puts in the redirect), valid `seconds`. */
  issueCode(options?: { seconds?: number; userId?: number }): string;
  /** Access tokens live this long (seconds); lower it to make the client refresh. */
  tokenSeconds: number;
  /** A slow OAuth server: token answers wait this long, so callers meeting one expired token all arrive before it answers. */
  tokenDelayMs: number;
  /** Access tokens stop working early (amo may drop them); refresh tokens still work. */
  dropAccessTokens(): void;
  /** The account took the integration away: every token and refresh token stops working. */
  revoke(): void;
  /** Adds an element to a catalog directly (as a CRM user would). */
  addElement(catalogId: number, name: string, fields?: { sku?: string; price?: number; group?: string }): FakeAmoElement;
  addLead(lead: Partial<FakeAmoLead> & { name: string }): FakeAmoLead;
  /**
   * A CRM user drags the lead to another stage: the lead moves and the answer is the form body amoCRM's 'lead status
   * changed' webhook posts (application/x-www-form-urlencoded, PHP brackets, as amocrm.ru/developers/content/crm_platform/webhooks-format).
   */
  moveLead(leadId: number, statusId: number): string;
  perSecond: number;
  close(): Promise<void>;
}

const MAX_PER_PAGE = 250;
const PROBLEM = 'https://httpstatus.es/';

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/hal+json' });
  res.end(JSON.stringify(body));
}

function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return { title, type: `${PROBLEM}${status}`, status, detail, ...extra };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('bad-json');
  }
}

const token = () => randomBytes(24).toString('hex');
const seconds = () => Math.floor(Date.now() / 1000);

export interface FakeAmoOptions {
  kommo?: boolean;
  users?: FakeAmoUser[];
  perSecond?: number;
  /**
   * Serve HTTPS with this certificate and name the account by its real host (https://<subdomain>.kommo.com or
   * .amocrm.ru, on the fake's port), as the CRM does; the caller makes that name reach 127.0.0.1 (test/fakes/crmHosts.ts).
   */
  tls?: { key: string; cert: string };
}

export async function startFakeAmo(options: FakeAmoOptions = {}): Promise<FakeAmo> {
  const codes = new Map<string, { expiresAt: number; userId: number }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const recent: number[] = [];
  let nextId = 1000;
  const id = () => ++nextId;

  const fake = {
    clientId: randomUUID(),
    clientSecret: token(),
    redirectUri: 'https://stockroom.example/api/integrations/amocrm/oauth',
    subdomain: options.kommo ? 'acme-kommo' : 'acme',
    accountId: 31_000_001,
    currency: options.kommo ? 'USD' : 'RUB',
    users: options.users ?? [
      { id: 501, name: 'Owner', email: 'owner@crm.example', is_admin: true },
      { id: 502, name: 'Manager', email: 'manager@crm.example' },
    ],
    leads: new Map(),
    catalogs: [
      { id: 7001, name: options.kommo ? 'Products' : 'Товары', type: 'products' as const },
      { id: 7002, name: 'Services', type: 'regular' as const },
    ],
    elements: new Map(),
    customFields: [
      { id: 9101, name: 'Cost price', type: 'numeric', code: null, group_id: 'leads_g1', sort: 10 },
      { id: 9102, name: 'Profit', type: 'numeric', code: null, group_id: 'leads_g1', sort: 20 },
      { id: 9103, name: 'VAT sum', type: 'numeric', code: null, group_id: 'leads_g1', sort: 30 },
      { id: 9104, name: 'Products', type: 'textarea', code: null, group_id: 'leads_g1', sort: 40 },
      { id: 9105, name: 'Product search', type: 'text', code: null, group_id: null, sort: 50 },
    ],
    fieldGroups: [
      { id: 'default', name: 'Main', sort: 0 },
      { id: 'leads_g1', name: 'Warehouse', sort: 1 },
    ],
    pipelines: [
      {
        id: 3301,
        name: 'Sales',
        is_main: true,
        statuses: [
          { id: 40001, name: 'Incoming', sort: 10, type: 1 },
          { id: 40002, name: 'Reserved', sort: 20, type: 0 },
          { id: 40003, name: 'Shipped', sort: 30, type: 0 },
          { id: 142, name: 'Won', sort: 10000, type: 0 },
          { id: 143, name: 'Lost', sort: 11000, type: 0 },
        ],
      },
    ],
    catalogFields: [
      { id: 8801, name: 'SKU', code: 'SKU' },
      { id: 8802, name: 'Price', code: 'PRICE' },
      { id: 8803, name: 'Group', code: 'GROUP' },
    ],
    calls: [],
    notes: [],
    tokenSeconds: 86_400,
    tokenDelayMs: 0,
    perSecond: options.perSecond ?? 7,
  } as unknown as FakeAmo;

  const elementFields = (fields: { sku?: string; price?: number; group?: string }) => {
    const values: FakeAmoElement['custom_fields_values'] = [];
    if (fields.sku !== undefined) values.push({ field_id: 8801, field_code: 'SKU', values: [{ value: fields.sku }] });
    if (fields.price !== undefined) values.push({ field_id: 8802, field_code: 'PRICE', values: [{ value: fields.price }] });
    if (fields.group !== undefined) values.push({ field_id: 8803, field_code: 'GROUP', values: [{ value: fields.group }] });
    return values.length ? values : null;
  };
  fake.addElement = (catalogId, name, fields = {}) => {
    const element: FakeAmoElement = { id: id(), catalog_id: catalogId, name, custom_fields_values: elementFields(fields), updated_at: seconds() };
    fake.elements.set(element.id, element);
    return element;
  };
  fake.addLead = (lead) => {
    const full: FakeAmoLead = { id: id(), price: 0, status_id: 40001, pipeline_id: 3301, custom_fields_values: null, updated_at: seconds(), links: [], ...lead };
    fake.leads.set(full.id, full);
    return full;
  };
  fake.moveLead = (leadId, statusId) => {
    const lead = fake.leads.get(leadId);
    if (!lead) throw new Error(`fake amoCRM: no lead ${leadId}`);
    const old = lead.status_id;
    lead.status_id = statusId;
    lead.updated_at = Math.max(lead.updated_at + 1, seconds());
    return new URLSearchParams({
      'leads[status][0][id]': String(lead.id),
      'leads[status][0][name]': lead.name,
      'leads[status][0][status_id]': String(statusId),
      'leads[status][0][old_status_id]': String(old),
      'leads[status][0][price]': String(lead.price),
      'leads[status][0][responsible_user_id]': '501',
      'leads[status][0][last_modified]': String(lead.updated_at),
      'leads[status][0][modified_user_id]': '501',
      'leads[status][0][created_user_id]': '501',
      'leads[status][0][date_create]': String(lead.updated_at - 60),
      'leads[status][0][pipeline_id]': String(lead.pipeline_id),
      'leads[status][0][account_id]': String(fake.accountId),
      'account[subdomain]': fake.subdomain,
      'account[id]': String(fake.accountId),
      'account[_links][self]': `https://${fake.subdomain}.${options.kommo ? 'kommo.com' : 'amocrm.ru'}`,
    }).toString();
  };
  fake.issueCode = ({ seconds: life = 1200, userId = 501 } = {}) => {
    const code = token();
    codes.set(code, { expiresAt: Date.now() + life * 1000, userId });
    return code;
  };
  fake.dropAccessTokens = () => accessTokens.clear();
  fake.revoke = () => {
    accessTokens.clear();
    refreshTokens.clear();
    codes.clear();
  };

  const grant = () => {
    const access = token();
    const refresh = token();
    accessTokens.set(access, Date.now() + fake.tokenSeconds * 1000);
    refreshTokens.add(refresh);
    return { token_type: 'Bearer', expires_in: fake.tokenSeconds, access_token: access, refresh_token: refresh };
  };

  const invalidGrant = (hint: string) => ({
    hint,
    title: 'Некорректный запрос',
    type: 'https://developers.amocrm.ru/v3/errors/OAuthProblemJson',
    status: 400,
    detail: 'В запросе отсутствует ряд параметров или параметры невалидны',
  });

  function oauth(body: Record<string, unknown> | null): [number, unknown] {
    if (!body || body.client_id !== fake.clientId || body.client_secret !== fake.clientSecret) {
      return [401, { hint: 'Client authentication failed', title: 'Unauthorized', type: `${PROBLEM}401`, status: 401, detail: 'invalid_client' }];
    }
    if (body.redirect_uri !== fake.redirectUri) return [400, invalidGrant('Redirect URI mismatch')];
    if (body.grant_type === 'authorization_code') {
      const code = codes.get(String(body.code));
      codes.delete(String(body.code));
      if (!code) return [400, invalidGrant('Authorization code has been revoked')];
      if (code.expiresAt <= Date.now()) return [400, invalidGrant('Authorization code has expired')];
      return [200, grant()];
    }
    if (body.grant_type === 'refresh_token') {
      const refresh = String(body.refresh_token);
      if (!refreshTokens.delete(refresh)) return [400, invalidGrant('Token has been revoked')];
      return [200, grant()];
    }
    return [400, invalidGrant('Unsupported grant type')];
  }

  const page = (url: URL): { page: number; limit: number } | null => {
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const number = Number(url.searchParams.get('page') ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PER_PAGE || !Number.isInteger(number) || number < 1) return null;
    return { page: number, limit };
  };

  function list(url: URL, key: string, items: unknown[]): [number, unknown] {
    const at = page(url);
    if (!at) return [400, problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': [{ errors: [{ code: 'InvalidType', path: 'limit', detail: `limit must be 1..${MAX_PER_PAGE}` }] }] })];
    const slice = items.slice((at.page - 1) * at.limit, at.page * at.limit);
    if (slice.length === 0) return [204, undefined];
    const self = `${fake.origin}${url.pathname}?page=${at.page}&limit=${at.limit}`;
    const links: Record<string, { href: string }> = { self: { href: self } };
    if (at.page * at.limit < items.length) links.next = { href: `${fake.origin}${url.pathname}?page=${at.page + 1}&limit=${at.limit}` };
    return [200, { _page: at.page, _links: links, _embedded: { [key]: slice } }];
  }

  const batchError = (detail: string) => [400, problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': [{ request_id: '0', errors: [{ code: 'InvalidType', path: '', detail }] }] })] as [number, unknown];

  function api(method: string, url: URL, body: unknown): [number, unknown] {
    const path = url.pathname.replace(/\/$/, '');
    if (method === 'GET' && path === '/api/v4/account') {
      return [200, { id: fake.accountId, name: 'Acme', subdomain: fake.subdomain, currency: fake.currency, country: fake.currency === 'USD' ? 'US' : 'RU', current_user_id: 501, _links: { self: { href: `${fake.origin}/api/v4/account` } } }];
    }
    if (method === 'GET' && path === '/api/v4/users') {
      return list(url, 'users', fake.users.map((user) => ({ id: user.id, name: user.name, email: user.email, lang: 'en', rights: { is_admin: user.is_admin === true, is_active: true } })));
    }
    if (method === 'GET' && path === '/api/v4/leads/custom_fields') return list(url, 'custom_fields', fake.customFields.map((field) => ({ ...field, entity_type: 'leads', is_api_only: false, enums: null })));
    if (method === 'GET' && path === '/api/v4/leads/custom_fields/groups') return list(url, 'custom_field_groups', fake.fieldGroups.map((group) => ({ ...group, entity_type: 'leads', is_predefined: group.id === 'default' })));
    if (method === 'GET' && path === '/api/v4/leads/pipelines') {
      return [200, { _total_items: fake.pipelines.length, _embedded: { pipelines: fake.pipelines.map(({ statuses, ...pipeline }) => ({ ...pipeline, sort: 1, is_archive: false, _embedded: { statuses: statuses.map((status) => ({ ...status, pipeline_id: pipeline.id, color: '#99ccff', is_editable: status.id !== 142 && status.id !== 143 })) } })) } }];
    }
    if (method === 'GET' && path === '/api/v4/catalogs') return list(url, 'catalogs', fake.catalogs.map((catalog) => ({ ...catalog, can_add_elements: true, can_link_multiple: true })));
    let match = /^\/api\/v4\/leads\/(\d+)$/.exec(path);
    if (method === 'GET' && match) {
      const lead = fake.leads.get(Number(match[1]));
      if (!lead) return [204, undefined];
      const { links, ...rest } = lead;
      const withElements = url.searchParams.get('with')?.split(',').includes('catalog_elements');
      return [200, { ...rest, _embedded: withElements ? { catalog_elements: links.map((link) => ({ id: link.to_entity_id, metadata: link.metadata })) } : {} }];
    }
    if (method === 'PATCH' && path === '/api/v4/leads') {
      if (!Array.isArray(body) || body.length === 0 || body.length > MAX_PER_PAGE) return batchError(`1..${MAX_PER_PAGE} leads per request`);
      const done = [];
      for (const [index, change] of (body as Record<string, unknown>[]).entries()) {
        const lead = fake.leads.get(Number(change.id));
        if (!lead) return [400, problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': [{ request_id: String(index), errors: [{ code: 'NotFound', path: 'id', detail: 'Lead not found' }] }] })];
        // A value for a field the account does not have is refused.
        const unknownField = Array.isArray(change.custom_fields_values) ? (change.custom_fields_values as { field_id: number }[]).find((value) => !fake.customFields.some((field) => field.id === value.field_id)) : undefined;
        if (unknownField) return [400, problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': [{ request_id: String(index), errors: [{ code: 'NotFound', path: 'custom_fields_values.0.field_id', detail: 'Field not found' }] }] })];
        if (change.price !== undefined) lead.price = Number(change.price);
        if (change.status_id !== undefined) lead.status_id = Number(change.status_id);
        if (Array.isArray(change.custom_fields_values)) {
          const others = (lead.custom_fields_values ?? []).filter((value) => !(change.custom_fields_values as { field_id: number }[]).some((next) => next.field_id === value.field_id));
          lead.custom_fields_values = [...others, ...(change.custom_fields_values as FakeAmoLead['custom_fields_values'] & object)];
        }
        lead.updated_at = seconds();
        done.push({ id: lead.id, updated_at: lead.updated_at, request_id: String(index) });
      }
      return [200, { _links: { self: { href: `${fake.origin}/api/v4/leads` } }, _embedded: { leads: done } }];
    }
    match = /^\/api\/v4\/leads\/(\d+)\/link$/.exec(path);
    if (method === 'POST' && match) {
      const lead = fake.leads.get(Number(match[1]));
      if (!lead) return [404, problem(404, 'Not Found', 'Lead not found')];
      if (!Array.isArray(body) || body.length === 0 || body.length > MAX_PER_PAGE) return batchError(`1..${MAX_PER_PAGE} links per request`);
      for (const link of body as FakeAmoLead['links']) {
        if (link.to_entity_type !== 'catalog_elements' || !fake.elements.has(Number(link.to_entity_id))) return batchError('Linked entity not found');
        lead.links = lead.links.filter((other) => other.to_entity_id !== Number(link.to_entity_id));
        lead.links.push({ to_entity_id: Number(link.to_entity_id), to_entity_type: link.to_entity_type, metadata: { ...link.metadata } });
      }
      return [200, { _total_items: body.length, _embedded: { links: (body as FakeAmoLead['links']).map((link) => ({ entity_id: lead.id, entity_type: 'leads', ...link })) } }];
    }
    match = /^\/api\/v4\/leads(?:\/(\d+))?\/notes$/.exec(path);
    if (method === 'POST' && match) {
      if (!Array.isArray(body) || body.length === 0 || body.length > MAX_PER_PAGE) return batchError(`1..${MAX_PER_PAGE} notes per request`);
      const made: FakeAmo['notes'] = [];
      for (const [index, item] of (body as Record<string, unknown>[]).entries()) {
        const entityId = Number(match[1] ?? item.entity_id);
        const params = (item.params ?? {}) as { text?: unknown };
        const refuse = (code: string, at: string, detail: string) => [400, problem(400, 'Bad Request', 'Request validation failed', { 'validation-errors': [{ request_id: String(index), errors: [{ code, path: at, detail }] }] })] as [number, unknown];
        if (!fake.leads.has(entityId)) return refuse('NotFound', 'entity_id', 'Entity not found');
        if (item.note_type !== 'common') return refuse('InvalidType', 'note_type', 'This value should be one of the note types');
        if (typeof params.text !== 'string' || params.text === '') return refuse('NotBlank', 'params.text', 'This value should not be blank');
        made.push({ id: id(), entity_id: entityId, note_type: 'common', params: { text: params.text } });
      }
      fake.notes.push(...made);
      return [200, { _links: { self: { href: `${fake.origin}${path}` } }, _embedded: { notes: made.map((note, index) => ({ id: note.id, entity_id: note.entity_id, request_id: String(index), _links: { self: { href: `${fake.origin}/api/v4/leads/notes/${note.id}` } } })) } }];
    }
    match = /^\/api\/v4\/catalogs\/(\d+)\/custom_fields$/.exec(path);
    if (method === 'GET' && match) return list(url, 'custom_fields', fake.catalogFields.map((field) => ({ ...field, type: field.code === 'PRICE' ? 'price' : 'text', catalog_id: Number(match![1]) })));
    match = /^\/api\/v4\/catalogs\/(\d+)\/elements$/.exec(path);
    if (match) {
      const catalogId = Number(match[1]);
      if (!fake.catalogs.some((catalog) => catalog.id === catalogId)) return [404, problem(404, 'Not Found', 'Catalog not found')];
      if (method === 'GET') {
        const query = url.searchParams.get('query');
        const all = [...fake.elements.values()].filter((element) => element.catalog_id === catalogId && (!query || element.name.includes(query)));
        return list(url, 'elements', all);
      }
      if (method === 'POST' || method === 'PATCH') {
        if (!Array.isArray(body) || body.length === 0 || body.length > MAX_PER_PAGE) return batchError(`1..${MAX_PER_PAGE} elements per request`);
        const done: unknown[] = [];
        for (const [index, item] of (body as Record<string, unknown>[]).entries()) {
          if (method === 'POST') {
            if (typeof item.name !== 'string' || item.name === '') return batchError('name is required');
            const element: FakeAmoElement = { id: id(), catalog_id: catalogId, name: item.name, custom_fields_values: coded(item.custom_fields_values), updated_at: seconds() };
            fake.elements.set(element.id, element);
            done.push({ id: element.id, name: element.name, catalog_id: catalogId, request_id: item.request_id ?? String(index) });
          } else {
            const element = fake.elements.get(Number(item.id));
            if (!element || element.catalog_id !== catalogId) return batchError('Element not found');
            if (typeof item.name === 'string') element.name = item.name;
            if (Array.isArray(item.custom_fields_values)) element.custom_fields_values = coded(item.custom_fields_values);
            element.updated_at = seconds();
            done.push({ id: element.id, name: element.name, catalog_id: catalogId, request_id: item.request_id ?? String(index) });
          }
        }
        return [200, { _embedded: { elements: done } }];
      }
    }
    return [404, problem(404, 'Not Found', `No route ${method} ${path}`)];
  }

  /** amoCRM answers every value with its field's code, whatever the request sent. */
  const coded = (values: unknown): FakeAmoElement['custom_fields_values'] =>
    Array.isArray(values) ? (values as { field_id: number; values: { value: unknown }[] }[]).map((value) => ({ ...value, field_code: fake.catalogFields.find((field) => field.id === value.field_id)?.code ?? null })) : null;

  const listener: RequestListener = async (req, res) => {
    // The limit counts arrivals: the time is taken before a large body is read.
    const now = Date.now();
    const url = new URL(req.url ?? '/', 'http://amo.invalid');
    const method = req.method ?? 'GET';
    const raw = await readJson(req);
    const auth = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;
    const record = (status: number) => fake.calls.push({ method, path: url.pathname + url.search, status, auth, body: typeof raw === 'symbol' ? null : raw, at: now, host: String(req.headers.host ?? '') });
    while (recent.length && recent[0]! <= now - 1000) recent.shift();
    if (recent.length >= fake.perSecond) {
      record(429);
      return send(res, 429, problem(429, 'Too Many Requests', 'Too many requests'));
    }
    recent.push(now);
    if (typeof raw === 'symbol') {
      record(400);
      return send(res, 400, problem(400, 'Bad Request', 'Malformed JSON'));
    }
    if (url.pathname === '/oauth2/access_token' && method === 'POST') {
      const [status, body] = oauth(raw as Record<string, unknown> | null);
      record(status);
      if (fake.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs));
      return send(res, status, body);
    }
    if (!url.pathname.startsWith('/api/v4/')) {
      record(404);
      return send(res, 404, problem(404, 'Not Found', 'Not found'));
    }
    const expires = auth ? accessTokens.get(auth) : undefined;
    if (expires === undefined || expires <= Date.now()) {
      record(401);
      return send(res, 401, problem(401, 'Unauthorized', 'Unauthorized'));
    }
    const [status, body] = api(method, url, raw);
    record(status);
    send(res, status, body);
  };
  const server: Server = options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.origin = options.tls ? `https://${fake.subdomain}.${options.kommo ? 'kommo.com' : 'amocrm.ru'}:${port}` : `http://127.0.0.1:${port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

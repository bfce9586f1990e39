import { callJson, gateFor, OutboundError, type RateGate } from '../outbound';
import type { AmoAccount, AmoCatalog, AmoElement, AmoElementWrite, AmoFieldGroup, AmoLead, AmoLeadChange, AmoLeadField, AmoLink, AmoPipeline, AmoUser } from './types';

/**
 * amoCRM / Kommo API v4 over outbound.ts: the account's 7 requests/second gate, the OAuth token kept fresh. A refresh
 * token works once, so one connection refreshes once at a time (two tasks refreshing together would each spend the
 * other's token and lose the connection): within one client the calls share one refresh, and across clients and
 * processes `underLock` (the connection row's lock) lets one refresh while the others wait and take its tokens. A
 * refused refresh is final: the connection is reported revoked and nothing retries it — only the user connecting again
 * brings it back.
 */
export interface AmoTokens {
  access_token: string;
  refresh_token: string;
  /** ms since the epoch */
  expires_at: number;
}

export interface AmoAppKeys {
  origin: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface AmoClientOptions extends AmoAppKeys {
  tokens: AmoTokens;
  /** Stores new tokens (sealed) before they are used: a crash after a refresh must not lose the only valid refresh token. */
  onTokens(tokens: AmoTokens): Promise<void>;
  /** The CRM refused our refresh token (or a fresh token): mark the connection revoked and log why. */
  onRevoked(reason: string): Promise<void>;
  /**
   * Runs a refresh exclusively among every client of the connection: `work` gets the tokens stored now (null when the
   * connection was revoked meanwhile) and a `store` that writes before the exclusion ends, so whoever waited reads
   * them. Without it the exclusion is this client's alone, with `options.tokens` and `onTokens`.
   */
  underLock?: TokenLock;
  gate?: RateGate;
  retries?: number;
  backoffMs?: number;
}

/** The documented per-account limit. */
export const AMO_PER_SECOND = 7;
/** Pages and batches hold at most this many items (amoCRM refuses more). */
export const AMO_BATCH = 250;
/** Tokens are refreshed this long before they expire, so a call in flight never carries a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export type RefreshOutcome = { ok: true; tokens: AmoTokens } | { ok: false; reason: string };
export type TokenLock = (work: (stored: AmoTokens | null, store: (tokens: AmoTokens) => Promise<void>) => Promise<RefreshOutcome>) => Promise<RefreshOutcome>;

export class AmoRevokedError extends Error {
  readonly code = 'revoked';
}

/** A refusal from amoCRM that is about the request (validation, not found): the caller reports it, nothing retries. */
export class AmoRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const gateOf = (origin: string) => gateFor(`amocrm:${origin}`, AMO_PER_SECOND);

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

function tokensOf(body: TokenAnswer): AmoTokens {
  return { access_token: body.access_token, refresh_token: body.refresh_token, expires_at: Date.now() + body.expires_in * 1000 };
}

function hintOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { hint, detail, title } = body as Record<string, unknown>;
    return String(hint ?? detail ?? title ?? '');
  }
  return '';
}

async function tokenCall(keys: AmoAppKeys, grant: Record<string, string>, gate: RateGate): Promise<RefreshOutcome> {
  const body = { client_id: keys.clientId, client_secret: keys.clientSecret, redirect_uri: keys.redirectUri, ...grant };
  let answer: Awaited<ReturnType<typeof callJson<TokenAnswer>>>;
  try {
    answer = await callJson<TokenAnswer>(`${keys.origin}/oauth2/access_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, { gate, retries: 2 });
  } catch (error) {
    // invalid_client: the integration's keys are wrong or it was deleted in the CRM — as final as a revoked grant.
    if (error instanceof OutboundError && error.failure === 'unauthorized') return { ok: false, reason: hintOf(error.body) || 'invalid_client' };
    throw error;
  }
  if (answer.status === 200 && answer.body?.access_token) return { ok: true, tokens: tokensOf(answer.body) };
  return { ok: false, reason: hintOf(answer.body) || `HTTP ${answer.status}` };
}

/** Install: trades the code amoCRM put in the redirect for tokens. A used, expired or foreign code is refused (AmoRejectedError). */
export async function exchangeCode(keys: AmoAppKeys, code: string): Promise<AmoTokens> {
  const result = await tokenCall(keys, { grant_type: 'authorization_code', code }, gateOf(keys.origin));
  if (!result.ok) throw new AmoRejectedError(`amoCRM refused the authorization code: ${result.reason}`, 400, null);
  return result.tokens;
}

export interface AmoClient {
  account(): Promise<AmoAccount>;
  users(): Promise<AmoUser[]>;
  lead(id: number, options?: { withElements?: boolean }): Promise<AmoLead | null>;
  updateLeads(changes: AmoLeadChange[]): Promise<void>;
  leadFields(): Promise<AmoLeadField[]>;
  leadFieldGroups(): Promise<AmoFieldGroup[]>;
  pipelines(): Promise<AmoPipeline[]>;
  catalogs(): Promise<AmoCatalog[]>;
  catalogFields(catalogId: number): Promise<AmoLeadField[]>;
  /** A catalog's elements a page at a time (never the whole catalog in memory). */
  elementPages(catalogId: number, limit?: number): AsyncGenerator<AmoElement[]>;
  /** Adds up to AMO_BATCH elements; answers their new ids in the order given. */
  addElements(catalogId: number, elements: AmoElementWrite[]): Promise<number[]>;
  updateElements(catalogId: number, elements: (AmoElementWrite & { id: number })[]): Promise<void>;
  linkElements(leadId: number, links: AmoLink[]): Promise<void>;
  /** A common note (text) on the lead, e.g. a document's link; answers the note's id. */
  addLeadNote(leadId: number, text: string): Promise<number>;
}

export function createAmoClient(options: AmoClientOptions): AmoClient {
  const gate = options.gate ?? gateOf(options.origin);
  let tokens = options.tokens;
  let refreshing: Promise<void> | null = null;
  let revoked: string | null = null;

  const revoke = async (reason: string): Promise<never> => {
    if (!revoked) {
      revoked = reason;
      await options.onRevoked(reason);
    }
    throw new AmoRevokedError(`amoCRM refused our access (${revoked}): connect the integration again`);
  };

  const ownLock: TokenLock = (work) => work(tokens, options.onTokens);
  const underLock = options.underLock ?? ownLock;

  const refresh = (spent: string): Promise<void> => {
    // Someone else already swapped the token this call carried: use theirs.
    if (tokens.access_token !== spent) return Promise.resolve();
    refreshing ??= (async () => {
      try {
        const outcome = await underLock(async (stored, store) => {
          if (!stored) return { ok: false, reason: 'the connection was revoked' };
          // Another client (task, process) refreshed while we waited for the lock: its tokens are the live ones.
          if (stored.access_token !== spent) return { ok: true, tokens: stored };
          const result = await tokenCall(options, { grant_type: 'refresh_token', refresh_token: stored.refresh_token }, gate);
          if (result.ok) await store(result.tokens);
          return result;
        });
        if (!outcome.ok) return await revoke(outcome.reason);
        tokens = outcome.tokens;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    if (revoked) await revoke(revoked);
    if (refreshing) await refreshing;
    if (tokens.expires_at - Date.now() < REFRESH_MARGIN_MS) await refresh(tokens.access_token);
    for (let attempt = 0; ; attempt++) {
      const carried = tokens.access_token;
      const init: RequestInit = { method, headers: { authorization: `Bearer ${carried}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) };
      try {
        const answer = await callJson<T>(`${options.origin}${path}`, init, { gate, retries: options.retries, backoffMs: options.backoffMs });
        if (answer.status >= 400) throw new AmoRejectedError(`amoCRM refused ${method} ${path.split('?')[0]}: ${answer.status} ${hintOf(answer.body)}`, answer.status, answer.body);
        return answer;
      } catch (error) {
        if (!(error instanceof OutboundError) || error.failure !== 'unauthorized') throw error;
        // Once: a token the CRM dropped early is refreshed; a fresh one refused means the integration was switched off.
        if (attempt > 0) await revoke('a fresh access token was refused');
        await refresh(carried);
      }
    }
  }

  async function* pages<T>(path: string, key: string, limit = AMO_BATCH): AsyncGenerator<T[]> {
    const size = Math.min(Math.max(1, limit), AMO_BATCH);
    for (let page = 1; ; page++) {
      const joiner = path.includes('?') ? '&' : '?';
      const answer = await call<{ _embedded?: Record<string, T[]>; _links?: { next?: unknown } } | null>('GET', `${path}${joiner}page=${page}&limit=${size}`);
      const items = answer.status === 204 || !answer.body ? [] : (answer.body._embedded?.[key] ?? []);
      if (items.length) yield items;
      if (!answer.body?._links?.next || items.length === 0) return;
    }
  }

  async function all<T>(path: string, key: string): Promise<T[]> {
    const out: T[] = [];
    for await (const page of pages<T>(path, key)) out.push(...page);
    return out;
  }

  const batches = <T>(items: T[]) => {
    if (items.length > AMO_BATCH) throw new RangeError(`amoCRM takes at most ${AMO_BATCH} items per call`);
    return items;
  };

  return {
    account: async () => (await call<AmoAccount>('GET', '/api/v4/account')).body,
    users: () => all<AmoUser>('/api/v4/users', 'users'),
    async lead(id, { withElements = false } = {}) {
      const answer = await call<AmoLead | null>('GET', `/api/v4/leads/${id}${withElements ? '?with=catalog_elements' : ''}`);
      return answer.status === 204 ? null : answer.body;
    },
    async updateLeads(changes) {
      if (changes.length) await call('PATCH', '/api/v4/leads', batches(changes));
    },
    leadFields: () => all<AmoLeadField>('/api/v4/leads/custom_fields', 'custom_fields'),
    leadFieldGroups: () => all<AmoFieldGroup>('/api/v4/leads/custom_fields/groups', 'custom_field_groups'),
    async pipelines() {
      const answer = await call<{ _embedded?: { pipelines?: AmoPipeline[] } } | null>('GET', '/api/v4/leads/pipelines');
      return answer.body?._embedded?.pipelines ?? [];
    },
    catalogs: () => all<AmoCatalog>('/api/v4/catalogs', 'catalogs'),
    catalogFields: (catalogId) => all<AmoLeadField>(`/api/v4/catalogs/${catalogId}/custom_fields`, 'custom_fields'),
    elementPages: (catalogId, limit) => pages<AmoElement>(`/api/v4/catalogs/${catalogId}/elements`, 'elements', limit),
    async addElements(catalogId, elements) {
      if (!elements.length) return [];
      const answer = await call<{ _embedded: { elements: { id: number; request_id: string }[] } }>('POST', `/api/v4/catalogs/${catalogId}/elements`, batches(elements).map((element, index) => ({ ...element, request_id: String(index) })));
      const ids: number[] = [];
      for (const made of answer.body._embedded.elements) ids[Number(made.request_id)] = made.id;
      return ids;
    },
    async updateElements(catalogId, elements) {
      if (elements.length) await call('PATCH', `/api/v4/catalogs/${catalogId}/elements`, batches(elements));
    },
    async linkElements(leadId, links) {
      if (links.length) await call('POST', `/api/v4/leads/${leadId}/link`, batches(links).map((link) => ({ to_entity_id: link.elementId, to_entity_type: 'catalog_elements', metadata: { quantity: link.quantity, catalog_id: link.catalogId } })));
    },
    async addLeadNote(leadId, text) {
      const answer = await call<{ _embedded: { notes: { id: number }[] } }>('POST', '/api/v4/leads/notes', [{ entity_id: leadId, note_type: 'common', params: { text } }]);
      return answer.body._embedded.notes[0]!.id;
    },
  };
}

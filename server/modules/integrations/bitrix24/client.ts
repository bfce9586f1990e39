import { and, eq, ne } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import type { ConnectionRow } from '../../connections/service';
import { callJson, gateFor, OutboundError, type RateGate } from '../outbound';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { openCredentials, storeCredentials, type Bitrix24Credentials } from './credentials';

/**
 * Calls to a connected Bitrix24 portal's REST API: 2 per second per portal (its documented limit; QUERY_LIMIT_EXCEEDED is
 * waited out and retried), an expired access token refreshed once through the OAuth server, and a portal that refuses
 * our refresh token marked 'revoked' and logged once — nothing retries a revoked connection until someone connects again.
 */
export const BITRIX24_PER_SECOND = 2;
export const BATCH_LIMIT = 50;
const OAUTH_SERVER = 'https://oauth.bitrix.info';

export class Bitrix24Error extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The portal no longer accepts our application (it was removed, or its tokens were revoked): connect again. */
export class Bitrix24Revoked extends Error {}

/** batch's result: each command's result (or error), and a list command's total and next, under the command's key. */
export interface BatchAnswer {
  result: Record<string, unknown>;
  result_error: Record<string, { error?: string; error_description?: string }>;
  result_total?: Record<string, number>;
  result_next?: Record<string, number>;
}

export interface Bitrix24ClientOptions {
  /** The first pause after a refusal for rate (default 1 s, as outbound.ts). */
  backoffMs?: number;
  retries?: number;
}

const isLoopback = (origin: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);

/** Real portals refresh through oauth.bitrix.info; a loopback portal (the demo and tests) answers /oauth/token/ itself. */
export function oauthServerOf(origin: string): string {
  return isLoopback(origin) ? origin : OAUTH_SERVER;
}

type RestAnswer = { result?: unknown; error?: string; error_description?: string; total?: number; next?: number };
const limited = (_status: number, body: unknown) => (body as RestAnswer | null)?.error === 'QUERY_LIMIT_EXCEEDED';

export class Bitrix24Client {
  private readonly gate: RateGate;
  private connection: ConnectionRow;

  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig,
    connection: ConnectionRow,
    private readonly options: Bitrix24ClientOptions = {},
  ) {
    this.connection = connection;
    this.gate = gateFor(crmSource('bitrix24', connection.id), BITRIX24_PER_SECOND);
  }

  get source() {
    return crmSource('bitrix24', this.connection.id);
  }

  /** One REST method; the answer's `result` (and `total`/`next` of a list). Throws Bitrix24Error for the portal's refusals. */
  async call<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return (await this.answer<T>(method, params)).result;
  }

  /** One page of a list method: its rows, the list's total and the `start` of the next page (absent on the last). */
  async page<T>(method: string, params: Record<string, unknown>): Promise<{ result: T; total?: number; next?: number }> {
    return this.answer<T>(method, params);
  }

  /** A list method's pages one after another (start = next), until `next` is absent. */
  async *pages<T>(method: string, params: Record<string, unknown>, pick: (result: unknown) => T[]): AsyncGenerator<T[]> {
    let start: number | undefined = 0;
    while (start !== undefined) {
      const page: { result: unknown; next?: number } = await this.answer(method, { ...params, start });
      yield pick(page.result);
      start = page.next;
    }
  }

  /** Up to 50 commands in one call (batch); commands are 'method?query' as Bitrix24 takes them. */
  async batch(commands: Record<string, string>, halt = false): Promise<BatchAnswer> {
    if (Object.keys(commands).length > BATCH_LIMIT) throw new Error(`batch takes at most ${BATCH_LIMIT} commands`);
    return this.call('batch', { halt: halt ? 1 : 0, cmd: commands });
  }

  private async answer<T>(method: string, params: Record<string, unknown>): Promise<{ result: T; total?: number; next?: number }> {
    let credentials = this.credentials();
    for (let refreshed = false; ; refreshed = true) {
      try {
        const { status, body } = await callJson<RestAnswer>(
          `${this.connection.origin}/rest/${method}.json`,
          { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ ...params, auth: credentials.accessToken }), redirect: 'manual' },
          { gate: this.gate, retryable: limited, backoffMs: this.options.backoffMs, retries: this.options.retries },
        );
        if (status >= 400 || body?.error !== undefined) throw new Bitrix24Error(String(body?.error ?? ''), `${method}: ${body?.error_description ?? body?.error ?? `HTTP ${status}`}`, status);
        return { result: body?.result as T, total: body?.total, next: body?.next };
      } catch (error) {
        if (!(error instanceof OutboundError) || error.failure !== 'unauthorized') throw error;
        if (refreshed) throw await this.revoke(`${method}: the portal refused a fresh token`);
        credentials = await this.refresh(credentials);
      }
    }
  }

  private credentials(): Bitrix24Credentials {
    if (this.connection.status === 'revoked') throw new Bitrix24Revoked('The Bitrix24 portal revoked our access: connect it again');
    const credentials = openCredentials(this.config, this.connection);
    if (!credentials) throw new Bitrix24Revoked('The Bitrix24 application is not installed on this portal yet');
    return credentials;
  }

  /**
   * refresh_token grant under a row lock on the connection (SELECT … FOR UPDATE): a refresh token is single-use, so of
   * two tasks or processes refreshing together the second waits, then finds the first one's tokens in the row and uses
   * them instead of spending a token already spent (which the portal would refuse, and we would take for a revocation).
   */
  private async refresh(used: Bitrix24Credentials): Promise<Bitrix24Credentials> {
    const outcome = await this.db.transaction(async (tx): Promise<{ fresh: Bitrix24Credentials } | { refused: string }> => {
      const [row] = await tx.select().from(integrationConnections).where(eq(integrationConnections.id, this.connection.id)).for('update');
      if (!row) throw new Bitrix24Revoked('The Bitrix24 connection was removed');
      this.connection = row;
      const current = this.credentials();
      if (current.accessToken !== used.accessToken) return { fresh: current };
      if (!row.clientId || !row.clientSecret) return { refused: 'No client_id and client_secret to refresh the token with' };
      const query = new URLSearchParams({ grant_type: 'refresh_token', client_id: row.clientId, client_secret: row.clientSecret, refresh_token: current.refreshToken });
      let answer: { status: number; body: { access_token?: string; refresh_token?: string; expires_in?: number; error?: string } };
      try {
        answer = await callJson(`${oauthServerOf(row.origin)}/oauth/token/?${query}`, { method: 'GET', redirect: 'manual' }, { gate: this.gate, backoffMs: this.options.backoffMs, retries: this.options.retries });
      } catch (error) {
        if (error instanceof OutboundError && error.failure === 'unauthorized') return { refused: 'The OAuth server refused our client_id/client_secret' };
        throw error;
      }
      const { access_token, refresh_token, expires_in } = answer.body ?? {};
      if (answer.status !== 200 || !access_token || !refresh_token) return { refused: `The OAuth server refused our refresh token (${answer.body?.error ?? answer.status})` };
      const next = { ...current, accessToken: access_token, refreshToken: refresh_token };
      // Stored before the lock is let go: whoever waits on it reads these.
      await storeCredentials(tx, this.config, row.id, next, expires_in ?? 3600);
      this.connection = { ...row, status: 'connected' };
      return { fresh: next };
    });
    // Marked revoked after the lock is let go (the same row).
    if ('refused' in outcome) throw await this.revoke(outcome.refused);
    return outcome.fresh;
  }

  /** Marks the connection revoked; logs it only the first time, so a loop of failing calls leaves one entry. */
  private async revoke(reason: string): Promise<Bitrix24Revoked> {
    const changed = await this.db
      .update(integrationConnections)
      .set({ status: 'revoked', lastError: reason })
      .where(and(eq(integrationConnections.id, this.connection.id), ne(integrationConnections.status, 'revoked')))
      .returning({ id: integrationConnections.id });
    this.connection = { ...this.connection, status: 'revoked', lastError: reason };
    if (changed.length) await logIntegration(this.db, { accountId: this.connection.accountId, source: this.source, level: 'error', action: 'auth', message: reason });
    return new Bitrix24Revoked(reason);
  }
}

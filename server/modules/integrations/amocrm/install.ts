import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Caller } from '../../../auth/sessions';
import { requireAdmin } from '../../../auth/rights';
import type { Db } from '../../../db/client';
import { accounts, integrationConnections, users } from '../../../db/schema';
import { badRequest, unprocessable } from '../../../http/errors';
import { newToken } from '../../../auth/secrets';
import { normalizeOrigin } from '../../connections/service';
import { firstDelivery } from '../events';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { vaultOf } from '../vaultOf';
import { AmoRejectedError, createAmoClient, exchangeCode } from './client';
import { amoConnection, storeCredentials } from './connection';

/**
 * Spec §6 install, as amoCRM's OAuth authorization-code flow: an admin starts it, amoCRM sends the user back to our
 * redirect route with a code, and we keep the tokens only when the installing user is a user of that CRM account.
 * The state travels sealed (so it cannot be forged or read), names the account, the user and the connection, expires,
 * and is taken once.
 */
export const NOT_A_CRM_USER = 'To install, you must be a user of the CRM platform';
const STATE_MINUTES = 15;

interface InstallState {
  accountId: number;
  userId: number;
  connectionId: number;
  redirectUri: string;
  nonce: string;
  exp: number;
}

export interface InstallStart {
  origin: string;
  client_id: string;
  client_secret: string;
}

const kindOf = (origin: string) => (new URL(origin).hostname.endsWith('kommo.com') ? 'kommo' : 'amocrm');

/** The page amoCRM shows the user to approve the integration (Kommo's for kommo.com accounts). */
function authorizeUrl(kind: 'amocrm' | 'kommo', clientId: string, state: string): string {
  const host = kind === 'kommo' ? 'https://www.kommo.com/oauth' : 'https://www.amocrm.ru/oauth';
  return `${host}?${new URLSearchParams({ client_id: clientId, state, mode: 'post_message' })}`;
}

export async function startInstall(db: Db, config: ServerConfig, caller: Caller, request: InstallStart, redirectUri: string): Promise<{ connection_id: number; url: string; state: string }> {
  requireAdmin(caller);
  const origin = normalizeOrigin(request.origin);
  if (!request.client_id || !request.client_secret) throw badRequest('An amoCRM/Kommo connection needs the integration’s client_id and client_secret');
  const kind = kindOf(origin);
  const values = { kind, clientId: request.client_id, clientSecret: request.client_secret, userId: caller.user.id };
  const [existing] = await db
    .select({ id: integrationConnections.id })
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, caller.account.id), eq(integrationConnections.origin, origin)));
  const [row] = existing
    ? await db.update(integrationConnections).set(values).where(eq(integrationConnections.id, existing.id)).returning({ id: integrationConnections.id })
    : await db
        .insert(integrationConnections)
        .values({ ...values, accountId: caller.account.id, origin, widgetKey: newToken(), status: 'revoked', lastError: 'Not authorized yet' })
        .returning({ id: integrationConnections.id });
  const state: InstallState = { accountId: caller.account.id, userId: caller.user.id, connectionId: row!.id, redirectUri, nonce: randomBytes(12).toString('hex'), exp: Date.now() + STATE_MINUTES * 60_000 };
  const sealed = vaultOf(config).seal(state);
  return { connection_id: row!.id, url: authorizeUrl(kind, request.client_id, sealed), state: sealed };
}

export interface InstallRedirect {
  code?: string;
  state?: string;
  /** The account's host, as amoCRM names it (acme.amocrm.ru). */
  referer?: string;
  error?: string;
}

function openState(config: ServerConfig, text: string | undefined): InstallState {
  if (!text) throw badRequest('The installation link is incomplete: start again from the integration settings');
  try {
    const state = vaultOf(config).open<InstallState>(text);
    if (state.exp > Date.now()) return state;
  } catch {
    // A forged or damaged state opens to nothing.
  }
  throw badRequest('The installation link is no longer valid: start again from the integration settings');
}

/** amoCRM's redirect: checks the state and the account, trades the code, and keeps the tokens for a user of that CRM. */
export async function finishInstall(db: Db, config: ServerConfig, query: InstallRedirect): Promise<{ connection_id: number }> {
  const state = openState(config, query.state);
  const connection = await amoConnection(db, state.accountId, state.connectionId);
  const source = crmSource('amocrm', connection.id);
  if (!(await firstDelivery(db, state.accountId, source, `oauth-state:${state.nonce}`))) throw badRequest('This installation link was already used: start again from the integration settings');
  if (query.error || !query.code) throw unprocessable(`amoCRM did not grant access${query.error ? `: ${query.error}` : ''}`);
  if (query.referer && new URL(connection.origin).host !== query.referer.toLowerCase()) {
    throw unprocessable(`The integration was approved in ${query.referer}, not in ${new URL(connection.origin).host}`);
  }
  const keys = { origin: connection.origin, clientId: connection.clientId ?? '', clientSecret: connection.clientSecret ?? '', redirectUri: state.redirectUri };
  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(keys, query.code);
  } catch (error) {
    if (!(error instanceof AmoRejectedError)) throw error;
    await logIntegration(db, { accountId: state.accountId, source, level: 'error', action: 'install', message: error.message });
    throw unprocessable(error.message);
  }
  // Tokens not yet stored: a user who may not install leaves nothing behind.
  const client = createAmoClient({ ...keys, tokens, onTokens: async () => {}, onRevoked: async () => {} });
  const [installer] = await db.select({ email: users.email }).from(users).where(eq(users.id, state.userId));
  const email = installer?.email?.trim().toLowerCase();
  const crmUsers = await client.users();
  if (!email || !crmUsers.some((user) => user.email?.trim().toLowerCase() === email)) {
    await logIntegration(db, { accountId: state.accountId, source, level: 'error', action: 'install', message: NOT_A_CRM_USER, details: { user_id: state.userId } });
    throw unprocessable(NOT_A_CRM_USER);
  }
  const account = await client.account();
  await storeCredentials(db, config, connection.id, { ...tokens, redirect_uri: state.redirectUri });
  await db
    .update(integrationConnections)
    // The subdomain is what amoCRM's webhooks name the account by.
    .set({ crmAccountId: account.id, kind: kindOf(connection.origin), userId: state.userId, settings: { ...((connection.settings ?? {}) as object), subdomain: account.subdomain } })
    .where(eq(integrationConnections.id, connection.id));
  // The account's variant follows the CRM it is connected to: a Kommo account prices in USD (spec §3 is_kommo).
  await db.update(accounts).set({ isKommo: kindOf(connection.origin) === 'kommo' }).where(eq(accounts.id, state.accountId));
  await logIntegration(db, { accountId: state.accountId, source, level: 'info', action: 'install', message: `Connected to ${account.subdomain} (${account.currency})` });
  return { connection_id: connection.id };
}

/** Disconnect: the tokens are forgotten (the bindings stay for a later connect); widget calls stop with the connection's status. */
export async function disconnectAmo(db: Db, caller: Caller, id: number): Promise<{ success: true }> {
  requireAdmin(caller);
  const connection = await amoConnection(db, caller.account.id, id);
  await db.update(integrationConnections).set({ status: 'revoked', credentials: null, tokenExpiresAt: null, lastError: 'Disconnected' }).where(eq(integrationConnections.id, connection.id));
  await logIntegration(db, { accountId: caller.account.id, source: crmSource('amocrm', connection.id), level: 'info', action: 'disconnect', message: 'Disconnected' });
  return { success: true };
}

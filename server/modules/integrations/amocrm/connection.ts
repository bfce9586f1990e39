import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { notFound, unprocessable } from '../../../http/errors';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { vaultOf } from '../vaultOf';
import { createAmoClient, type AmoClient, type AmoTokens, type TokenLock } from './client';

export type AmoConnectionRow = typeof integrationConnections.$inferSelect;

/** What the vault holds for one amoCRM connection: the tokens and the redirect URI they were granted for (a refresh must name it again). */
export interface AmoCredentials extends AmoTokens {
  redirect_uri: string;
}

export const AMO_KINDS = ['amocrm', 'kommo'] as const;

export const REVOKED_MESSAGE = 'amoCRM refused our access: connect the integration again';

export async function amoConnection(db: Db, accountId: number, id: number): Promise<AmoConnectionRow> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, id), inArray(integrationConnections.kind, [...AMO_KINDS])));
  if (!row) throw notFound('No such amoCRM connection');
  return row;
}

export async function storeCredentials(db: Db | Tx, config: ServerConfig, connectionId: number, credentials: AmoCredentials): Promise<void> {
  await db
    .update(integrationConnections)
    .set({ credentials: vaultOf(config).seal(credentials), tokenExpiresAt: new Date(credentials.expires_at), status: 'connected', lastError: null })
    .where(eq(integrationConnections.id, connectionId));
}

/** Turns the connection 'revoked' and logs it — only the first time, so however many calls meet the refusal, one entry. */
async function markRevoked(db: Db | Tx, row: AmoConnectionRow, reason: string): Promise<void> {
  const changed = await db
    .update(integrationConnections)
    .set({ status: 'revoked', credentials: null, lastError: REVOKED_MESSAGE })
    .where(and(eq(integrationConnections.id, row.id), ne(integrationConnections.status, 'revoked')))
    .returning({ id: integrationConnections.id });
  if (changed.length) await logIntegration(db as Db, { accountId: row.accountId, source: crmSource('amocrm', row.id), level: 'error', action: 'token', message: REVOKED_MESSAGE, details: { reason } });
}

/**
 * The connection row's lock (SELECT … FOR UPDATE) around a refresh: a refresh token works once, so of the tasks and
 * processes that meet an expired token together one refreshes and the others, waiting on the row, read its tokens.
 * New tokens are sealed into the row, and a refusal marks it revoked, before the lock is let go: whoever waited finds
 * either the live tokens or a revoked connection, never the spent refresh token.
 */
function rowLock(db: Db, config: ServerConfig, row: AmoConnectionRow, redirectUri: string): TokenLock {
  return (work) =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(integrationConnections).where(eq(integrationConnections.id, row.id)).for('update');
      const stored = locked && locked.status !== 'revoked' && locked.credentials ? vaultOf(config).open<AmoCredentials>(locked.credentials) : null;
      const outcome = await work(stored, (tokens) => storeCredentials(tx, config, row.id, { ...tokens, redirect_uri: redirectUri }));
      if (!outcome.ok && stored) await markRevoked(tx, row, outcome.reason);
      return outcome;
    });
}

/**
 * The client of one connection: refreshed tokens are sealed into its row under the row's lock; a refused refresh turns
 * the connection 'revoked' with one log entry saying to connect again, however many clients met it (no retry is
 * offered: retrying cannot succeed).
 */
export function amoClientOf(db: Db, config: ServerConfig, row: AmoConnectionRow): AmoClient {
  if (row.status === 'revoked' || !row.credentials || !row.clientId || !row.clientSecret) throw unprocessable(REVOKED_MESSAGE);
  const credentials = vaultOf(config).open<AmoCredentials>(row.credentials);
  return createAmoClient({
    origin: row.origin,
    clientId: row.clientId,
    clientSecret: row.clientSecret,
    redirectUri: credentials.redirect_uri,
    tokens: credentials,
    onTokens: (tokens) => storeCredentials(db, config, row.id, { ...tokens, redirect_uri: credentials.redirect_uri }),
    underLock: rowLock(db, config, row, credentials.redirect_uri),
    onRevoked: (reason) => markRevoked(db, row, reason),
  });
}

import { and, eq, inArray } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { notFound, unprocessable } from '../../../http/errors';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { vaultOf } from '../vaultOf';
import { createAmoClient, type AmoClient, type AmoTokens } from './client';

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

export async function storeCredentials(db: Db, config: ServerConfig, connectionId: number, credentials: AmoCredentials): Promise<void> {
  await db
    .update(integrationConnections)
    .set({ credentials: vaultOf(config).seal(credentials), tokenExpiresAt: new Date(credentials.expires_at), status: 'connected', lastError: null })
    .where(eq(integrationConnections.id, connectionId));
}

/**
 * The client of one connection: refreshed tokens are sealed into its row; a refused refresh turns the connection
 * 'revoked' with a log entry saying to connect again (no retry is offered: retrying cannot succeed).
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
    async onRevoked(reason) {
      await db.update(integrationConnections).set({ status: 'revoked', credentials: null, lastError: REVOKED_MESSAGE }).where(eq(integrationConnections.id, row.id));
      await logIntegration(db, { accountId: row.accountId, source: crmSource('amocrm', row.id), level: 'error', action: 'token', message: REVOKED_MESSAGE, details: { reason } });
    },
  });
}

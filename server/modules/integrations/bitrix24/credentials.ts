import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import type { ConnectionRow } from '../../connections/service';
import { vaultOf } from '../vaultOf';

/**
 * What a Bitrix24 portal gave our application (the install event or an OAuth exchange): the REST tokens and the
 * application token its events carry. Kept only sealed in integration_connections.credentials.
 */
export interface Bitrix24Credentials {
  accessToken: string;
  refreshToken: string;
  /** auth[application_token] of the install event: every later event of this portal must carry the same one. */
  applicationToken: string | null;
}

export function openCredentials(config: ServerConfig, connection: ConnectionRow): Bitrix24Credentials | null {
  if (!connection.credentials) return null;
  return vaultOf(config).open<Bitrix24Credentials>(connection.credentials);
}

/** Stores new tokens sealed; a connection that was revoked or failing is connected again by them. */
export async function storeCredentials(db: Db | Tx, config: ServerConfig, connectionId: number, credentials: Bitrix24Credentials, expiresInSeconds: number): Promise<void> {
  await db
    .update(integrationConnections)
    .set({ credentials: vaultOf(config).seal(credentials), tokenExpiresAt: new Date(Date.now() + expiresInSeconds * 1000), status: 'connected', lastError: null })
    .where(eq(integrationConnections.id, connectionId));
}

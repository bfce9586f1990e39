import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections, orderFiles } from '../../../db/schema';
import type { DownloadFile } from '../../../http/downloads';
import { notFound } from '../../../http/errors';
import { readStored } from '../../orderDocuments/storage';

/**
 * The download link a CRM note carries (amoCRM notes hold text, not our file): signed with the connection's own widget
 * key, so it opens one generated document of that connection's account without a sign-in, and stops working when the
 * connection is removed. Nothing in it can be changed to reach another file or account.
 */
export const FILE_LINK_PREFIX = '/api/integrations/crm-documents/file';

const signatureOf = (key: string, connectionId: number, fileId: number) => createHmac('sha256', key).update(`crm-document:${connectionId}:${fileId}`).digest('base64url');

/** PUBLIC_URL and the path; without PUBLIC_URL (development, tests) the path alone. */
export function fileLink(config: Pick<ServerConfig, 'publicUrl'>, connection: { id: number; widgetKey: string }, fileId: number): string {
  return `${config.publicUrl ?? ''}${FILE_LINK_PREFIX}/${connection.id}/${fileId}/${signatureOf(connection.widgetKey, connection.id, fileId)}`;
}

const NO_FILE = 'No such document';

export async function openLinkedFile(db: Db, config: Pick<ServerConfig, 'dataDir'>, connectionId: number, fileId: number, signature: string): Promise<DownloadFile> {
  const [connection] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, connectionId));
  if (!connection) throw notFound(NO_FILE);
  const expected = Buffer.from(signatureOf(connection.widgetKey, connectionId, fileId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound(NO_FILE);
  const [row] = await db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.id, fileId), eq(orderFiles.accountId, connection.accountId), eq(orderFiles.kind, 'generated')));
  if (!row) throw notFound(NO_FILE);
  const body = await readStored(config, row);
  if (body === null) throw notFound('The file is missing from the server storage');
  return { name: row.name, mime: row.mime, size: row.size, body };
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { importUploads } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { importRefusal, importText } from './messages';

/**
 * Import files between preprocessing and the run: kept in the database (the task may run in another process) per
 * account, under a random key, for a day. Expired ones are removed whenever a new one is stored.
 */

/** The largest import file: 100,000 products of 15 columns are about 6 MB as xlsx, 10 MB as CSV. */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOAD_KEPT_HOURS = 24;
const MB = IMPORT_MAX_BYTES / 1024 / 1024;
export const FILE_TOO_LARGE = importText('importFileTooLarge', { mb: MB });
export const UPLOAD_GONE = importText('importUploadGone', { hours: UPLOAD_KEPT_HOURS });

function uploadRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return importRefusal('importFileTooLarge', { mb: MB }, 413);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return importRefusal('importNotMultipart');
  return importRefusal('importUploadUnreadable');
}

/** The one file of a multipart request, refused (413) past IMPORT_MAX_BYTES. */
export async function receivedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw importRefusal('importNotMultipart');
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200, fieldNameSize: 40 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw importRefusal('importFileTooLarge', { mb: MB }, 413);
      file = { name: part.filename || 'import', bytes };
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  if (!file) throw importRefusal('importNoFile');
  return file;
}

export async function storeUpload(db: Db, owner: { accountId: number; userId: number }, file: { name: string; bytes: Buffer }): Promise<string> {
  await db.delete(importUploads).where(lt(importUploads.expiresAt, new Date()));
  const id = randomUUID();
  await db.insert(importUploads).values({
    id,
    accountId: owner.accountId,
    userId: owner.userId,
    name: file.name.slice(0, 200),
    content: file.bytes,
    expiresAt: new Date(Date.now() + UPLOAD_KEPT_HOURS * 3_600_000),
  });
  return id;
}

/** The account's upload by its key; another account's key is 'gone' like an expired one. */
export async function readUpload(db: Db, accountId: number, id: string): Promise<{ name: string; bytes: Buffer }> {
  const [row] = await db
    .select({ name: importUploads.name, content: importUploads.content })
    .from(importUploads)
    .where(and(eq(importUploads.accountId, accountId), eq(importUploads.id, id), gt(importUploads.expiresAt, new Date())));
  if (!row) throw importRefusal('importUploadGone', { hours: UPLOAD_KEPT_HOURS }, 404);
  return { name: row.name, bytes: Buffer.from(row.content) };
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { importUploads } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';

/**
 * Import files between preprocessing and the run: kept in the database (the task may run in another process) per
 * account, under a random key, for a day. Expired ones are removed whenever a new one is stored.
 */

/** The largest import file: 100,000 products of 15 columns are about 6 MB as xlsx, 10 MB as CSV. */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOAD_KEPT_HOURS = 24;
export const FILE_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into several files and import them one by one.`;
export const NOT_MULTIPART = 'Send the file as multipart/form-data with one file part.';
export const UPLOAD_GONE = `The uploaded file is no longer kept (files are kept for ${UPLOAD_KEPT_HOURS} hours). Upload it again.`;
export const NO_FILE = 'Choose a file to import.';

function uploadRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, FILE_TOO_LARGE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(NOT_MULTIPART);
  return badRequest(`The upload could not be read: ${String((error as Error)?.message ?? error)}`);
}

/** The one file of a multipart request, refused (413) past IMPORT_MAX_BYTES. */
export async function receivedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200, fieldNameSize: 40 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, FILE_TOO_LARGE);
      file = { name: part.filename || 'import', bytes };
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  if (!file) throw badRequest(NO_FILE);
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
  if (!row) throw notFound(UPLOAD_GONE);
  return { name: row.name, bytes: Buffer.from(row.content) };
}

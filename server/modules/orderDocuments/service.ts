import type { FastifyRequest } from 'fastify';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { ORDER_FILE_MAX_BYTES, type OrderFile, type OrderFileKind } from '../../../src/contract/orderDocuments';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { orderFiles, users } from '../../db/schema';
import type { DownloadFile } from '../../http/downloads';
import { HttpError } from '../../http/errors';
import { noRight, refusal, refusalText } from '../../http/refusal';
import type { Actor } from '../orders/actor';
import { orderRowOf } from '../orders/service';
import { discardStored, readStored, storeStream, UnreadablePart, type StoredBytes } from './storage';

/**
 * Who works with an order's files. Staff actors (public false) see and delete every file of the
 * account's orders (the routes check their rights). Public actors see only public-visible files and
 * delete only the ones they uploaded: customerId is the public customer (public_customers.id) that
 * uploads are recorded under. The public-order routes must check that the customer may open the
 * order at all (its share) before calling; these functions check only that it is the account's order.
 */
export type DocumentActor = Pick<Actor, 'accountId' | 'userId' | 'public'> & { customerId?: number | null };

type Config = Pick<ServerConfig, 'dataDir'>;
type FileRow = typeof orderFiles.$inferSelect;

const MB = ORDER_FILE_MAX_BYTES / (1024 * 1024);
export const NOT_YOURS = refusalText('notYourFile');

/* ------------------------------------------------------------------ names and types */

/** Control characters, and bidirectional-text controls (they could make 'fdp.exe' read as 'exe.pdf' in a list). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds, to remove them.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const NAME_LIMIT = 200;

/** The uploader's file name as shown: no directories, no control characters, at most 200 characters (extension kept). */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // Lone surrogates cannot be stored as text: they become U+FFFD.
  const clean = base.replace(HIDDEN, '').replace(LONE_SURROGATE, '\ufffd').trim();
  const chars = [...clean];
  let name = clean;
  if (chars.length > NAME_LIMIT) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 16 ? [...clean.slice(dot)] : [];
    name = chars.slice(0, NAME_LIMIT - extension.length).join('') + extension.join('');
  }
  return name === '' || name === '.' || name === '..' ? 'file' : name;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/** The type the uploader claimed, when it is a plain type/subtype; anything else is stored as octet-stream. */
export function safeMime(raw: string | undefined): string {
  const mime = (raw ?? '').split(';')[0].trim().toLowerCase();
  return MIME.test(mime) ? mime : 'application/octet-stream';
}

/* ------------------------------------------------------------------ reading */

const listShape = {
  id: orderFiles.id,
  orderId: orderFiles.orderId,
  kind: orderFiles.kind,
  name: orderFiles.name,
  mime: orderFiles.mime,
  size: orderFiles.size,
  publicVisible: orderFiles.publicVisible,
  userId: orderFiles.userId,
  customerId: orderFiles.customerId,
  createdAt: orderFiles.createdAt,
  userName: users.name,
};
type ListRow = Omit<FileRow, 'accountId' | 'path' | 'content'> & { userName: string | null };

const mayDelete = (actor: DocumentActor, row: Pick<FileRow, 'customerId'>) => !actor.public || (row.customerId !== null && row.customerId === (actor.customerId ?? null));

function toOrderFile(actor: DocumentActor, row: ListRow): OrderFile {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind === 'generated' ? 'generated' : 'custom',
    name: row.name,
    mime: row.mime,
    size: row.size,
    public_visible: row.publicVisible,
    user_id: row.userId,
    user_name: row.userName,
    customer_id: row.customerId,
    deletable: mayDelete(actor, row),
    created_at: row.createdAt.toISOString(),
  };
}

/** The files an actor may see: the account's, of one kind, public-visible ones only for public actors. */
function visible(actor: DocumentActor, kind: OrderFileKind, ...more: SQL[]): SQL {
  return and(eq(orderFiles.accountId, actor.accountId), eq(orderFiles.kind, kind), ...(actor.public ? [eq(orderFiles.publicVisible, true)] : []), ...more)!;
}

/** orders/custom-doc/list ('custom') and orders/doc/list ('generated'): the order's files, oldest first. */
export async function listOrderFiles(db: Db, _config: Config, actor: DocumentActor, orderId: number, kind: OrderFileKind): Promise<OrderFile[]> {
  await orderRowOf(db, actor.accountId, orderId);
  const rows = await db
    .select(listShape)
    .from(orderFiles)
    .leftJoin(users, eq(users.id, orderFiles.userId))
    .where(visible(actor, kind, eq(orderFiles.orderId, orderId)))
    .orderBy(asc(orderFiles.id));
  return rows.map((row) => toOrderFile(actor, row));
}

/** An order's file opened for a download (server/http/downloads.ts sends it). */
export type OpenedFile = DownloadFile;

/**
 * A file's bytes for a download (orders/custom-doc/download): a file the actor may not see, of another
 * kind or (with orderId) of another order is not found; so is one whose bytes are gone from disk.
 */
export async function openOrderFile(db: Db, config: Config, actor: DocumentActor, id: number, kind: OrderFileKind, orderId?: number): Promise<OpenedFile> {
  const [row] = await db
    .select()
    .from(orderFiles)
    .where(visible(actor, kind, eq(orderFiles.id, id), ...(orderId !== undefined ? [eq(orderFiles.orderId, orderId)] : [])));
  if (!row) throw refusal(404, 'noSuchFile');
  const body = await readStored(config, row);
  if (body === null) throw refusal(404, 'fileMissingInStorage');
  return { name: row.name, mime: row.mime, size: row.size, body };
}

/* ------------------------------------------------------------------ writing */

/** A failure of the multipart parser, as the client should read it (every one a 4xx). */
function uploadRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refusal(413, 'orderFileTooLarge', { mb: MB });
  if (code === 'FST_FILES_LIMIT') return refusal(400, 'oneFileAtATime');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return refusal(400, 'uploadTooManyFields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return refusal(400, 'orderFileNotMultipart');
  if (code === 'FST_PROTO_VIOLATION') return refusal(400, 'uploadForbiddenField');
  const message = String((error as Error)?.message ?? error);
  return refusal(400, 'uploadUnreadable', { reason: message });
}

function parseOrderId(value: unknown): number {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw refusal(400, 'orderIdNotValid');
  return Number(text);
}

function parseFlag(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  throw refusal(400, 'mustBeFlag', { name: 'public_visible' });
}

/**
 * orders/custom-doc/upload (and public-order/custom-doc/upload): reads the multipart request (order_id,
 * one file of at most ORDER_FILE_MAX_BYTES, for staff optionally public_visible), checks the order is
 * the account's and stores the file. A refused upload leaves nothing behind: no row and no file.
 * With options.orderId (an order the caller already checked, e.g. from the query) the form's order_id
 * may be left out and, when given, must be that order: a mismatch is refused before anything is stored.
 */
export async function uploadOrderFile(
  db: Db,
  config: Config,
  actor: DocumentActor,
  request: FastifyRequest,
  options: { orderId?: number; admit?: (size: number) => Promise<void> } = {},
): Promise<OrderFile> {
  if (!request.isMultipart()) throw refusal(400, 'orderFileNotMultipart');
  const fields: Record<string, string> = {};
  let stored: StoredBytes | null = null;
  let file: { name: string; mime: string } | null = null;
  let checkedOrder: number | null = null;
  const checkOrder = async () => {
    if (checkedOrder !== null) return checkedOrder;
    const id = options.orderId !== undefined && fields.order_id === undefined ? options.orderId : parseOrderId(fields.order_id);
    if (options.orderId !== undefined && id !== options.orderId) throw refusal(400, 'orderIdMismatch');
    await orderRowOf(db, actor.accountId, id);
    return (checkedOrder = id);
  };
  try {
    try {
      const parts = request.parts({ limits: { fileSize: ORDER_FILE_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 1000, fieldNameSize: 100 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.valueTruncated) throw refusal(400, 'formFieldTooLong', { field: part.fieldname });
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
          continue;
        }
        // The order is checked before the bytes are stored when order_id came first (it usually does).
        if (fields.order_id !== undefined || options.orderId !== undefined) {
          try {
            await checkOrder();
          } catch (error) {
            part.file.resume();
            throw error;
          }
        }
        const result = await storeStream(config, actor.accountId, part.file);
        if (result.truncated) throw refusal(413, 'orderFileTooLarge', { mb: MB });
        stored = result.stored;
        file = { name: safeFileName(part.filename), mime: safeMime(part.mimetype) };
      }
    } catch (error) {
      if (error instanceof UnreadablePart) throw refusal(400, 'uploadUnreadable', { reason: error.message });
      // A file-system failure while storing is the server's; everything else here is about the request.
      if ((error as { syscall?: string }).syscall) throw error;
      throw uploadRefusal(error);
    }
    // order_id may also have come after the file, when the bytes were stored for options.orderId.
    if (options.orderId !== undefined && fields.order_id !== undefined && parseOrderId(fields.order_id) !== options.orderId) throw refusal(400, 'orderIdMismatch');
    const orderId = await checkOrder();
    if (!file || !stored) throw refusal(400, 'chooseFile');
    if (stored.size === 0) throw refusal(400, 'fileEmpty');
    // A caller's quota is known only now that the size is: refused here, the stored bytes are discarded below.
    await options.admit?.(stored.size);
    const publicVisible = actor.public ? true : (parseFlag(fields.public_visible) ?? true);
    const [row] = await db
      .insert(orderFiles)
      .values({
        accountId: actor.accountId,
        orderId,
        kind: 'custom',
        name: file.name,
        mime: file.mime,
        size: stored.size,
        path: stored.path,
        content: stored.content,
        publicVisible,
        userId: actor.public ? null : actor.userId,
        customerId: actor.public ? (actor.customerId ?? null) : null,
      })
      .returning();
    const [user] = row.userId === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
    return toOrderFile(actor, { ...row, userName: user?.name ?? null });
  } catch (error) {
    if (stored) await discardStored(config, (stored as StoredBytes).path);
    throw error;
  }
}

/**
 * orders/custom-doc/delete ('custom') and orders/doc/delete ('generated'): removes the row, then its
 * bytes on disk. Public actors delete only public-visible files they uploaded themselves.
 */
export async function deleteOrderFile(db: Db, config: Config, actor: DocumentActor, query: { id: number; order_id: number }, kind: OrderFileKind): Promise<{ success: true }> {
  await orderRowOf(db, actor.accountId, query.order_id);
  const [row] = await db
    .select({ id: orderFiles.id, customerId: orderFiles.customerId, path: orderFiles.path })
    .from(orderFiles)
    .where(visible(actor, kind, eq(orderFiles.id, query.id), eq(orderFiles.orderId, query.order_id)));
  if (!row) throw refusal(404, 'noSuchFile');
  if (!mayDelete(actor, row)) throw noRight('notYourFile');
  const [deleted] = await db.delete(orderFiles).where(and(eq(orderFiles.id, row.id), eq(orderFiles.accountId, actor.accountId))).returning({ path: orderFiles.path });
  if (!deleted) throw refusal(404, 'noSuchFile');
  await discardStored(config, deleted.path);
  return { success: true };
}

/**
 * The disk paths of an order's files. Its rows go with the order (ON DELETE CASCADE) but disk files
 * would stay: orders/delete can read these before deleting and pass them to discardStoredPaths after.
 */
export async function storedPathsOfOrder(db: Db, accountId: number, orderId: number): Promise<string[]> {
  const rows = await db.select({ path: orderFiles.path }).from(orderFiles).where(and(eq(orderFiles.accountId, accountId), eq(orderFiles.orderId, orderId)));
  return rows.flatMap((row) => (row.path ? [row.path] : []));
}

export async function discardStoredPaths(config: Config, paths: readonly string[]): Promise<void> {
  for (const path of paths) await discardStored(config, path);
}

import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '../../config';

/**
 * Where the bytes of order files live: on disk under DATA_DIR/files/<account>/<random name> (the
 * client's name is never part of a path), or in the row's bytea `content` when the database is in
 * memory (DATA_DIR 'memory://': tests, throwaway runs), so nothing outlives the database.
 */
export type StoredBytes = { path: string; content: null; size: number } | { path: null; content: Buffer; size: number };

export const inRow = (config: Pick<ServerConfig, 'dataDir'>) => config.dataDir.startsWith('memory://');

const filesRoot = (config: Pick<ServerConfig, 'dataDir'>) => resolve(config.dataDir, 'files');

/** The absolute path of a stored relative path; refuses anything that would leave the files folder. */
export function absolutePath(config: Pick<ServerConfig, 'dataDir'>, stored: string): string {
  const root = filesRoot(config);
  const full = resolve(root, stored);
  if (!full.startsWith(root + sep)) throw new Error(`A stored file path leaves the files folder: ${stored}`);
  return full;
}

/** A file part that could not be read (malformed multipart): the client's fault, not the server's. */
export class UnreadablePart extends Error {}

/**
 * Stores a stream. Returns what was stored and whether the stream was cut at the size limit (busboy
 * truncates it): a truncated file is removed here, so the caller only refuses.
 */
export async function storeStream(
  config: Pick<ServerConfig, 'dataDir'>,
  accountId: number,
  source: Readable & { truncated?: boolean },
): Promise<{ stored: StoredBytes | null; truncated: boolean }> {
  let size = 0;
  const count = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      size += chunk.length;
      yield chunk;
    }
  };
  if (inRow(config)) {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of count(source)) chunks.push(chunk);
    } catch (error) {
      throw new UnreadablePart(String((error as Error).message ?? error));
    }
    if (source.truncated) return { stored: null, truncated: true };
    return { stored: { path: null, content: Buffer.concat(chunks, size), size }, truncated: false };
  }
  const folder = join(filesRoot(config), String(accountId));
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const path = `${accountId}/${randomUUID()}`;
  const full = absolutePath(config, path);
  const target = createWriteStream(full, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, count, target);
  } catch (error) {
    // The file is opened asynchronously: removed before that open finishes, it would be created after
    // the removal and left behind. Destroyed by the pipeline, the stream closes once its open is done.
    if (!target.closed) await new Promise<void>((done) => target.once('close', () => done()));
    await rm(full, { force: true });
    // A failing write (disk full, rights: a system call's error) is the server's; a failing part is the
    // client's. (target.errored cannot tell them apart: the pipeline destroys the file with the part's error.)
    if ((error as { syscall?: string }).syscall) throw error;
    throw new UnreadablePart(String((error as Error).message ?? error));
  }
  if (source.truncated) {
    await rm(full, { force: true });
    return { stored: null, truncated: true };
  }
  return { stored: { path, content: null, size }, truncated: false };
}

/** Removes stored bytes (on disk; bytes in a row go with the row). A file already gone is fine. */
export async function discardStored(config: Pick<ServerConfig, 'dataDir'>, path: string | null): Promise<void> {
  if (path) await rm(absolutePath(config, path), { force: true });
}

/** The bytes of a stored file: a stream from disk, or the row's content; null when the disk file is gone. */
export async function readStored(config: Pick<ServerConfig, 'dataDir'>, row: { path: string | null; content: Buffer | null }): Promise<Readable | Buffer | null> {
  if (!row.path) return row.content ?? Buffer.alloc(0);
  const full = absolutePath(config, row.path);
  try {
    await stat(full);
  } catch {
    return null;
  }
  return createReadStream(full);
}

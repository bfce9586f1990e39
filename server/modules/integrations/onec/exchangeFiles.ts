import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import PizZip from 'pizzip';
import type { ServerConfig } from '../../../config';
import { ExchangeFileError } from './xmlItems';

/**
 * The files 1C uploads during an exchange (mode=file), one folder per account, emptied when 1C starts a new exchange
 * (mode=init). A name is a relative path of plain segments — letters, digits, '_', '-', '.' — so no name reaches
 * outside the folder; a zip is unpacked by the same rule, checked whole before anything is written.
 */

/** What init tells 1C: the largest file (or chunk) it may send in one request. */
export const FILE_LIMIT = 50 * 1024 * 1024;
/** Unpacked size of one exchange's zip: a small zip that unpacks to gigabytes is refused. */
export const UNPACKED_LIMIT = 400 * 1024 * 1024;

const SEGMENT = /^[\p{L}\p{N}_\-.]{1,120}$/u;

const bases = new WeakMap<ServerConfig, string>();

function baseOf(config: ServerConfig): string {
  let base = bases.get(config);
  if (!base) {
    // Throwaway data (memory://) gets throwaway files.
    base = config.dataDir.startsWith('memory://') ? join(tmpdir(), `onec-exchange-${randomUUID()}`) : join(config.dataDir, 'onec-exchange');
    bases.set(config, base);
  }
  return base;
}

export const folderOf = (config: ServerConfig, accountId: number) => join(baseOf(config), String(accountId));

/** The file's path in the account's folder, or null for a name that is not a plain relative path. */
export function safeName(name: string): string | null {
  const segments = name.split('/');
  if (segments.length > 5 || segments.some((segment) => !SEGMENT.test(segment) || /^\.+$/.test(segment))) return null;
  return segments.join('/');
}

export async function startExchange(config: ServerConfig, accountId: number): Promise<void> {
  const folder = folderOf(config, accountId);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
}

/** Appends a chunk: 1C sends a large file as several requests of the same name. */
export async function appendChunk(config: ServerConfig, accountId: number, name: string, body: Readable): Promise<number> {
  const path = join(folderOf(config, accountId), name);
  await mkdir(dirname(path), { recursive: true });
  let size = 0;
  body.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > FILE_LIMIT) body.destroy(new ExchangeFileError(`The request is larger than file_limit (${FILE_LIMIT} bytes)`));
  });
  await pipeline(body, createWriteStream(path, { flags: 'a' }));
  return (await stat(path)).size;
}

export async function existingFile(config: ServerConfig, accountId: number, name: string): Promise<string | null> {
  const path = join(folderOf(config, accountId), name);
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

/** Digests of files as last seen (size, time, inode): each step of an import asks again, and a file only grows by a new upload. */
const digests = new Map<string, { seen: string; digest: string }>();
const DIGESTS_KEPT = 1000;

export async function digestOf(path: string): Promise<string> {
  const info = await stat(path, { bigint: true });
  const seen = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  const known = digests.get(path);
  if (known?.seen === seen) return known.digest;
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  const digest = hash.digest('hex');
  digests.delete(path);
  if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value!);
  digests.set(path, { seen, digest });
  return digest;
}

/**
 * Unpacks every uploaded zip of the folder: every entry's name is checked before one is written, and a zip that
 * turns out broken (or too large) midway takes back what it wrote, so nothing of it is imported.
 */
export async function unpackZips(config: ServerConfig, accountId: number): Promise<void> {
  const folder = folderOf(config, accountId);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith('.zip'));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(folder, name);
    const written: string[] = [];
    try {
      let zip: PizZip;
      try {
        zip = new PizZip(await readFile(path));
      } catch (error) {
        throw new ExchangeFileError(`The zip ${name} is broken: ${(error as Error).message}`);
      }
      const entries = Object.values(zip.files).filter((entry) => !entry.dir);
      for (const entry of entries) if (!safeName(entry.name)) throw new ExchangeFileError(`The zip ${name} holds an unsafe file name: ${entry.name}`);
      let unpacked = 0;
      for (const entry of entries) {
        let bytes: Buffer;
        try {
          bytes = entry.asNodeBuffer();
        } catch (error) {
          throw new ExchangeFileError(`The zip ${name} is broken: ${(error as Error).message}`);
        }
        unpacked += bytes.length;
        if (unpacked > UNPACKED_LIMIT) throw new ExchangeFileError(`The zip ${name} unpacks to more than ${UNPACKED_LIMIT} bytes`);
        const target = join(folder, safeName(entry.name)!);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, bytes);
        written.push(target);
      }
    } catch (error) {
      for (const target of written) await rm(target, { force: true });
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }
}

import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { ServerConfig } from '../../config';
import { discardStored, readStored, storeStream } from '../orderDocuments/storage';
import type { BUILTIN_KINDS } from '../accountDefaults/documents';

/**
 * Where template files live. The account's own storage (the data folder, or the row for an in-memory database) is
 * the one adapter today; a cloud drive (the spec's cloud document service) would be another implementation of
 * this interface, with its own sign-in, and the templates table would keep its file reference in `path`.
 */
export interface StoredTemplateFile {
  path: string | null;
  content: Buffer | null;
}

export interface TemplateStorage {
  save(accountId: number, bytes: Buffer): Promise<StoredTemplateFile>;
  /** null when the bytes are gone. */
  read(file: StoredTemplateFile): Promise<Buffer | null>;
  discard(file: StoredTemplateFile): Promise<void>;
}

export function accountStorage(config: Pick<ServerConfig, 'dataDir'>): TemplateStorage {
  return {
    async save(accountId, bytes) {
      const { stored } = await storeStream(config, accountId, Readable.from([bytes]));
      if (!stored) throw new Error('The template could not be stored');
      return { path: stored.path, content: stored.content };
    },
    async read(file) {
      const body = await readStored(config, file);
      if (body === null) return null;
      if (Buffer.isBuffer(body)) return body;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async discard(file) {
      await discardStored(config, file.path);
    },
  };
}

export type BuiltinKind = (typeof BUILTIN_KINDS)[number];

const BUILTIN = /^(invoice|quote|delivery_note)\.(en|ru)$/;
const cache = new Map<string, Buffer>();

/** A built-in template's bytes (server/modules/documents/builtin/<kind>.<lang>.docx, made by scripts/build-document-templates.mjs; read from the project root, as the server also runs bundled). */
export async function builtinBytes(config: Pick<ServerConfig, 'rootDir'>, key: string): Promise<Buffer> {
  if (!BUILTIN.test(key)) throw new Error(`No built-in template ${key}`);
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = await readFile(join(config.rootDir, 'server', 'modules', 'documents', 'builtin', `${key}.docx`));
    cache.set(key, bytes);
  }
  return bytes;
}

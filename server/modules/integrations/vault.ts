import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../../config';

/**
 * Seals what CRMs give us (OAuth access and refresh tokens, 1C exchange passwords) before it reaches the database, so a
 * leaked dump or backup does not hand out access to customers' CRMs. AES-256-GCM: a wrong key or a changed byte fails
 * to open instead of yielding garbage.
 */
export interface Vault {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
  /** null where open throws: for callers that treat a value sealed under another key as no value (webhooks answer 401/404, not 500). */
  openOrNull<T>(sealed: string): T | null;
}

const VERSION = 'v1';

export function keyFromText(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('INTEGRATION_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** INTEGRATION_KEY, or a key file made once in dataDir (a random key per process for in-memory data). */
export function loadVaultKey(config: Pick<ServerConfig, 'integrationKey' | 'dataDir'>): Buffer {
  if (config.integrationKey) return keyFromText(config.integrationKey);
  if (config.dataDir.startsWith('memory://')) return randomBytes(32);
  const file = join(config.dataDir, 'integration.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // 'wx': two processes starting together must not both write a key; the loser reads the winner's.
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return keyFromText(readFileSync(file, 'utf8').trim());
}

export function createVault(key: Buffer): Vault {
  const vault: Vault = {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open<T>(sealed: string): T {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('vault: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(text) as T;
    },
    openOrNull<T>(sealed: string): T | null {
      try {
        return vault.open<T>(sealed);
      } catch {
        return null;
      }
    },
  };
  return vault;
}

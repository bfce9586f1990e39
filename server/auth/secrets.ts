import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { HttpError } from '../http/errors';
import { refusalText } from '../http/refusal';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** scrypt parameters (N=2^15, r=8, p=1: about 32 MiB and tens of ms per hash). */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 };

export const SERVER_BUSY = refusalText('serverBusyPasswords');

/**
 * scrypt runs on libuv's small thread pool, which also does every file and DNS call; a burst of sign-ins
 * must not take all of it. At most `concurrency` hashes run at once and at most `queue` wait; past that the
 * call is refused at once (503 with Retry-After) instead of making everyone wait. One pool per process,
 * so one limit per process: buildApp sets it from the config.
 */
const hashing = { concurrency: 2, queue: 32, running: 0, waiting: [] as (() => void)[] };

export function limitHashing(limits: { concurrency: number; queue: number }): void {
  hashing.concurrency = Math.max(1, limits.concurrency);
  hashing.queue = Math.max(0, limits.queue);
}

async function boundedScrypt(password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }): Promise<Buffer> {
  if (hashing.running >= hashing.concurrency) {
    if (hashing.waiting.length >= hashing.queue) throw new HttpError(503, SERVER_BUSY, { code: 'serverBusyPasswords' }, 2);
    await new Promise<void>((resolve) => hashing.waiting.push(resolve));
  } else {
    hashing.running += 1;
  }
  try {
    return await scryptAsync(password, salt, keylen, options as never);
  } finally {
    // The slot passes straight to the next waiter, so `running` counts it without a gap.
    const next = hashing.waiting.shift();
    if (next) next();
    else hashing.running -= 1;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await boundedScrypt(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await boundedScrypt(password, Buffer.from(saltText, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of no one's password, made once: checked against when the login is unknown, so that answer takes as long. */
let dummyHash: Promise<string> | null = null;

/** Spends the time of one password check and answers false: for a login that does not exist. */
export async function verifyNoPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A bearer token: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as SHA-256 hashes. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * An eight-digit confirmation code: with at most CODE_GUESSES_PER_HOUR wrong entries per login, finding
 * one of 10^8 takes millennia.
 */
export const CODE_DIGITS = 8;
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** A readable generated password for new accounts and invited users. */
export function newPassword(): string {
  return randomBytes(9).toString('base64url');
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { IMAGE_SIZE_NAMES, type ImageSizeName, type StoredImage, storedImageUrl } from '../../src/contract/productEditor';
import type { Db, Tx } from '../db/client';
import { urlKeys } from '../db/schema';

/**
 * Signed image links. An <img src> cannot send the staff bearer token, and a cookie would not reach a shell framed by
 * a CRM (third-party) nor be safe from other sites' requests; so every answer that shows a product's images (the
 * product, an order's positions) carries, per image and size, a link signed with a server-wide key and valid for a
 * limited time. Only a caller who may read the product gets one; a link names one image in one size and cannot be
 * turned into another; an expired or altered link is refused.
 */

/** The url_keys row of the image links' key (the migration 'image_sizes' makes it). */
export const IMAGE_LINK_KEY = 'image-links';

/**
 * Links stay the same for a window and live one to two windows: a page shown twice in a row asks for the same URLs
 * (the browser's memory cache and the carousel's per-URL state hold), and a leaked link dies within two windows.
 */
export const IMAGE_LINK_WINDOW_SECONDS = 12 * 60 * 60;

let key: Promise<Buffer> | null = null;

/**
 * The signing key: made by the migration that added url_keys (so it exists before any request, and every instance
 * on the database signs and checks alike, across restarts), read once per process. Should the row be gone (a wiped
 * table), the first caller makes a new one.
 */
export function imageLinkKey(db: Db | Tx): Promise<Buffer> {
  key ??= (async () => {
    const read = async () => (await db.select({ key: urlKeys.key }).from(urlKeys).where(eq(urlKeys.name, IMAGE_LINK_KEY)))[0]?.key;
    let stored = await read();
    if (!stored) {
      await db.insert(urlKeys).values({ name: IMAGE_LINK_KEY, key: randomBytes(32).toString('hex') }).onConflictDoNothing();
      stored = await read();
    }
    return Buffer.from(stored!, 'utf8');
  })();
  key.catch(() => {
    key = null;
  });
  return key;
}

/** The expiry of links issued now: the end of the window after the current one (seconds since the epoch). */
export const linkExpiry = (nowMs = Date.now()) => (Math.floor(nowMs / 1000 / IMAGE_LINK_WINDOW_SECONDS) + 2) * IMAGE_LINK_WINDOW_SECONDS;

const signatureOf = (secret: Buffer, id: number, size: ImageSizeName, exp: number) =>
  createHmac('sha256', secret).update(`product-image.${id}.${size}.${exp}`).digest('base64url');

/** The link of one size of an image, relative to the API base. */
export const signedImagePath = (secret: Buffer, id: number, size: ImageSizeName, exp: number) =>
  `product/image/view?id=${id}&size=${size}&exp=${exp}&sig=${signatureOf(secret, id, size, exp)}`;

/** Whether a link is one we issued for this image and size and has not expired. */
export function imageLinkValid(secret: Buffer, link: { id: number; size: ImageSizeName; exp: number; sig: string }, nowMs = Date.now()): boolean {
  if (link.exp * 1000 <= nowMs) return false;
  const expected = Buffer.from(signatureOf(secret, link.id, link.size, link.exp));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const isStoredImage = (entry: unknown): entry is StoredImage =>
  typeof entry === 'object' && entry !== null && Number.isInteger((entry as StoredImage).id) && (entry as StoredImage).url === storedImageUrl((entry as StoredImage).id);

/**
 * Product values as an answer shows them: every uploaded image entry (of any type-15 field) gains its signed size
 * links. Other values, and image entries that are plain URLs from elsewhere, are left as they are.
 */
export function withImageLinks(values: Record<string, unknown>, secret: Buffer, nowMs = Date.now()): Record<string, unknown> {
  let changed = false;
  const exp = linkExpiry(nowMs);
  const result: Record<string, unknown> = {};
  for (const [code, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.some(isStoredImage)) {
      changed = true;
      result[code] = value.map((entry) =>
        isStoredImage(entry) ? { ...entry, sizes: Object.fromEntries(IMAGE_SIZE_NAMES.map((size) => [size, signedImagePath(secret, entry.id, size, exp)])) } : entry,
      );
    } else result[code] = value;
  }
  return changed ? result : values;
}

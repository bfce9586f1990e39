import type { Db } from '../../db/client';
import { mainImagesOf, type ProductImageBytes } from '../products/documentImages';
import { DocumentImage } from './imageModule';

/**
 * Product pictures for documents: the main image of each product in the carousel's m size (300 px: sharp in a
 * table cell of a few centimetres, even printed), turned from the stored WebP into JPEG, or PNG when it has
 * transparency, because older Word cannot show WebP. An image's bytes never change (a new upload is a new id),
 * so each is converted once per process and kept, up to CACHE_BYTES.
 */

const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<number, DocumentImage>();
let cached = 0;

function keep(id: number, image: DocumentImage): void {
  cache.set(id, image);
  cached += image.bytes.length;
  for (const [oldest, old] of cache) {
    if (cached <= CACHE_BYTES) break;
    cache.delete(oldest);
    cached -= old.bytes.length;
  }
}

async function convert(image: ProductImageBytes): Promise<DocumentImage | null> {
  const hit = cache.get(image.id);
  if (hit) {
    // Most recently used last, so the oldest goes first.
    cache.delete(image.id);
    cache.set(image.id, hit);
    return hit;
  }
  // Loaded on the first picture: libvips is not on the way to a started server.
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(image.content, { failOn: 'error', animated: false });
    const { hasAlpha } = await source.metadata();
    const { data, info } = hasAlpha ? await source.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true }) : await source.jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
    const made = new DocumentImage(data, hasAlpha ? 'png' : 'jpeg', info.width, info.height);
    keep(image.id, made);
    return made;
  } catch {
    // A picture that cannot be read leaves its place empty; the document is still made.
    return null;
  }
}

/** The picture of each product that has one, by product id. */
export async function productPictures(db: Db, accountId: number, productIds: readonly number[]): Promise<Map<number, DocumentImage>> {
  const stored = await mainImagesOf(db, accountId, productIds, 'm');
  const pictures = new Map<number, DocumentImage>();
  for (const [productId, image] of stored) {
    const picture = await convert(image);
    if (picture) pictures.set(productId, picture);
  }
  return pictures;
}

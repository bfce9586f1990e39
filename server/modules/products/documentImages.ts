import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, productImages, productImageSizes } from '../../db/schema';
import type { ImageSize } from './imageFormat';
import { readImage } from './images';

/**
 * Product images for generated documents (issue 15): one query for every product of an order instead of one per
 * image. This module owns product_images, so documents read them here.
 */

export interface ProductImageBytes {
  /** The image's id: its bytes never change (a new upload is a new id), so it keys caches. */
  id: number;
  mime: string;
  width: number;
  height: number;
  content: Buffer;
}

/**
 * The main image of each product (the first image of its first image field, in the fields' and the images' order)
 * in a carousel size. Products without an uploaded image are absent (an image field may still hold a plain URL
 * from an import: documents never fetch those).
 */
export async function mainImagesOf(db: Db, accountId: number, productIds: readonly number[], size: ImageSize): Promise<Map<number, ProductImageBytes>> {
  const found = new Map<number, ProductImageBytes>();
  if (productIds.length === 0) return found;
  const rows = await db
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, id: productImages.id, mime: productImageSizes.mime, width: productImageSizes.width, height: productImageSizes.height, content: productImageSizes.content })
    .from(productImages)
    .leftJoin(fields, and(eq(fields.accountId, productImages.accountId), eq(fields.entity, 'product'), eq(fields.code, productImages.field)))
    .leftJoin(productImageSizes, and(eq(productImageSizes.imageId, productImages.id), eq(productImageSizes.size, size)))
    .where(and(eq(productImages.accountId, accountId), inArray(productImages.productId, [...new Set(productIds)])))
    .orderBy(asc(productImages.productId), asc(fields.sort), asc(productImages.sort), asc(productImages.id));
  for (const row of rows) {
    if (row.content && row.mime && row.width && row.height) {
      found.set(row.productId, { id: row.id, mime: row.mime, width: row.width, height: row.height, content: row.content });
      continue;
    }
    // Uploaded before sizes were made: readImage makes and keeps them.
    const made = await readImage(db, accountId, row.id, size);
    found.set(row.productId, { id: row.id, mime: made.mime, width: made.shown.width, height: made.shown.height, content: made.content });
  }
  return found;
}

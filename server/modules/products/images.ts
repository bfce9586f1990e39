import { and, asc, eq, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Product } from '../../../src/contract/stock';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Caller } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { storedImageUrl } from '../../../src/contract/productEditor';
import { fields, productImages, productImageSizes, products } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { refusal, refusalText } from '../../http/refusal';
import { lockProduct } from '../stock/api';
import { nextStamp, requireUnchangedSince } from './freshness';
import { imageFormat, type ImageSize } from './imageFormat';
import { carouselSizes } from './imageSizes';
import { getProduct, productOf } from './service';

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGES_PER_FIELD = 20;
export const NOT_AN_IMAGE = refusalText('notAnImage');
export const IMAGE_TOO_LARGE = refusalText('imageTooLarge');
export const NO_IMAGE_FIELD = refusalText('noImageField');

/** What values[field] holds for each image: the card reads url, width and height; the url is an API path. */
export const imageUrl = storedImageUrl;

async function requireImageField(db: Db | Tx, accountId: number, code: string): Promise<void> {
  const [row] = await db
    .select({ type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.code, code)));
  if (!row || row.type !== FieldType.images) throw refusal(400, 'noImageField');
}

/**
 * Rewrites values[field] from the stored images, in their order; the product gets a new version (updated_at).
 * `loaded` is the version the caller last read: on an older one nothing is written (409), as for a save.
 */
export async function syncField(tx: Tx, accountId: number, productId: number, field: string, loaded?: string): Promise<void> {
  const current = await lockProduct(tx, accountId, productId);
  requireUnchangedSince(current, loaded);
  const rows = await tx
    .select({ id: productImages.id, width: productImages.width, height: productImages.height })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.field, field)))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  const list = rows.map((row) => ({ id: row.id, url: imageUrl(row.id), width: row.width, height: row.height }));
  await tx
    .update(products)
    .set({ values: { ...current.values, [field]: list }, updatedAt: nextStamp(current) })
    .where(eq(products.id, productId));
}

/** A failure of the multipart parser, as the client should read it (every one a 4xx). */
function uploadRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refusal(413, 'imageTooLarge');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return refusal(400, 'imageNotMultipart');
  return refusal(400, 'uploadUnreadable', { reason: String((error as Error)?.message ?? error) });
}

function parseId(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value.trim()) || Number(value) > 2_147_483_647) throw refusal(400, 'productIdNotValid');
  return Number(value);
}

/**
 * product/image/upload: one image (PNG, JPEG, GIF or WebP by its bytes, at most 5 MB and 50 megapixels) added last
 * to a type-15 field of the caller's product, with its carousel sizes made in the request (a few hundred
 * milliseconds for a large photo: cheaper than a queue, and the answer can show the image at once). A refused
 * upload stores nothing. With updated_at, an upload onto a newer version is refused (409). Answers the product.
 */
export async function uploadImage(db: Db, caller: Caller, request: FastifyRequest): Promise<Product> {
  if (!request.isMultipart()) throw refusal(400, 'imageNotMultipart');
  const form: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200, fieldNameSize: 40 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        form[part.fieldname] = String(part.value);
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw refusal(413, 'imageTooLarge');
      bytes = buffer;
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  const accountId = caller.account.id;
  const productId = parseId(form.product_id);
  const field = (form.field ?? '').trim();
  await productOf(db, accountId, productId);
  await requireImageField(db, accountId, field);
  if (!bytes || bytes.length === 0) throw refusal(400, 'chooseImage');
  const format = imageFormat(bytes);
  if (!format || format.width < 1 || format.height < 1) throw refusal(400, 'notAnImage');
  const content = bytes;
  const sized = await carouselSizes(content, format);
  await db.transaction(async (tx) => {
    requireUnchangedSince(await lockProduct(tx, accountId, productId), form.updated_at);
    const [{ last }] = await tx
      .select({ last: max(productImages.sort) })
      .from(productImages)
      .where(and(eq(productImages.productId, productId), eq(productImages.field, field)));
    const held = await tx.$count(productImages, and(eq(productImages.productId, productId), eq(productImages.field, field)));
    if (held >= IMAGES_PER_FIELD) throw refusal(400, 'tooManyImages', { max: IMAGES_PER_FIELD });
    const [image] = await tx
      .insert(productImages)
      .values({ accountId, productId, field, sort: (last ?? 0) + 1, mime: format.mime, width: sized.width, height: sized.height, size: content.length, content })
      .returning({ id: productImages.id });
    await tx.insert(productImageSizes).values(sized.sizes.map((each) => ({ imageId: image.id, ...each })));
    await syncField(tx, accountId, productId, field);
  });
  return getProduct(db, accountId, productId);
}

async function imageOf(db: Db | Tx, accountId: number, id: number) {
  const [row] = await db.select().from(productImages).where(and(eq(productImages.accountId, accountId), eq(productImages.id, id)));
  if (!row) throw refusal(404, 'noSuchImage');
  return row;
}

/**
 * One carousel size of an image, as stored at upload. An image stored before sizes were made gets them on its first
 * read (from the original, which is kept), so old uploads are served resized too.
 */
async function sizeOf(db: Db, image: { id: number; content: Buffer; width: number; height: number }, size: ImageSize) {
  const [row] = await db.select().from(productImageSizes).where(and(eq(productImageSizes.imageId, image.id), eq(productImageSizes.size, size)));
  if (row) return row;
  const made = await carouselSizes(image.content, image);
  await db.insert(productImageSizes).values(made.sizes.map((each) => ({ imageId: image.id, ...each }))).onConflictDoNothing();
  return made.sizes.find((each) => each.size === size)!;
}

/** product/image: the image's bytes in a carousel size, with that size's pixel size (x-image-width/height). */
export async function readImage(db: Db, accountId: number, id: number, size: ImageSize) {
  const image = await imageOf(db, accountId, id);
  const sized = await sizeOf(db, image, size);
  return { id: image.id, mime: sized.mime, content: sized.content, shown: { width: sized.width, height: sized.height } };
}

/** product/image/view: the same, by a signed link that already proved the caller's right to the image (any account). */
export async function readLinkedImage(db: Db, id: number, size: ImageSize) {
  const [image] = await db.select().from(productImages).where(eq(productImages.id, id));
  if (!image) throw refusal(404, 'noSuchImage');
  return readImage(db, image.accountId, id, size);
}

/** product/image/delete: with updated_at, a delete on a newer version of the product is refused (409). */
export async function deleteImage(db: Db, caller: Caller, body: { id: number; updated_at?: string }): Promise<Product> {
  const accountId = caller.account.id;
  const image = await imageOf(db, accountId, body.id);
  await db.transaction(async (tx) => {
    requireUnchangedSince(await lockProduct(tx, accountId, image.productId), body.updated_at);
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    await syncField(tx, accountId, image.productId, image.field);
  });
  return getProduct(db, accountId, image.productId);
}

/** product/image/reorder: ids are every image of the field once, first to last; with updated_at, 409 on a newer version. */
export async function reorderImages(db: Db, caller: Caller, body: { product_id: number; field: string; ids: number[]; updated_at?: string }): Promise<Product> {
  const accountId = caller.account.id;
  await productOf(db, accountId, body.product_id);
  await db.transaction(async (tx) => {
    requireUnchangedSince(await lockProduct(tx, accountId, body.product_id), body.updated_at);
    const rows = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.accountId, accountId), eq(productImages.productId, body.product_id), eq(productImages.field, body.field)));
    const held = new Set(rows.map((row) => row.id));
    if (body.ids.length !== held.size || new Set(body.ids).size !== body.ids.length || body.ids.some((id) => !held.has(id))) throw refusal(400, 'imageOrderIncomplete');
    for (const [index, id] of body.ids.entries()) await tx.update(productImages).set({ sort: index + 1 }).where(eq(productImages.id, id));
    await syncField(tx, accountId, body.product_id, body.field);
  });
  return getProduct(db, accountId, body.product_id);
}

/** A duplicate gets copies of the original's images (its own rows), so changing either never touches the other's. */
export async function copyImages(tx: Tx, accountId: number, fromProductId: number, toProductId: number): Promise<void> {
  const rows = await tx.select().from(productImages).where(and(eq(productImages.accountId, accountId), eq(productImages.productId, fromProductId))).orderBy(asc(productImages.id));
  if (!rows.length) return;
  for (const { id, createdAt: _createdAt, ...row } of rows) {
    const [copy] = await tx.insert(productImages).values({ ...row, productId: toProductId }).returning({ id: productImages.id });
    const sizes = await tx.select().from(productImageSizes).where(eq(productImageSizes.imageId, id));
    if (sizes.length) await tx.insert(productImageSizes).values(sizes.map((size) => ({ ...size, imageId: copy.id })));
  }
  for (const field of new Set(rows.map((row) => row.field))) await syncField(tx, accountId, toProductId, field);
}

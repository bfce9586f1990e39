import { and, asc, eq, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Product } from '../../../src/contract/stock';
import { FieldType } from '../../../src/domain/fieldTypes';
import type { Caller } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { fields, productImages, products } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { lockProduct } from '../stock/api';
import { nextStamp } from './freshness';
import { fitInto, imageFormat, type ImageSize } from './imageFormat';
import { getProduct, productOf } from './service';

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGES_PER_FIELD = 20;
export const NOT_AN_IMAGE = 'Only PNG, JPEG, GIF and WebP images can be uploaded';
export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB';
export const NOT_IMAGE_MULTIPART = 'Send the image as multipart/form-data with the fields product_id, field and file';
export const NO_IMAGE_FIELD = 'No such image field';
export const NO_SUCH_IMAGE = 'No such image';
export const TOO_MANY_IMAGES = `A field holds at most ${IMAGES_PER_FIELD} images`;
export const BAD_ORDER = 'Send every image of the field once, in the new order';

/** What values[field] holds for each image: the card reads url, width and height; the url is an API path. */
export const imageUrl = (id: number) => `product/image?id=${id}`;

async function requireImageField(db: Db | Tx, accountId: number, code: string): Promise<void> {
  const [row] = await db
    .select({ type: fields.type })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.code, code)));
  if (!row || row.type !== FieldType.images) throw badRequest(NO_IMAGE_FIELD);
}

/** Rewrites values[field] from the stored images, in their order; the product gets a new version (updated_at). */
export async function syncField(tx: Tx, accountId: number, productId: number, field: string): Promise<void> {
  const current = await lockProduct(tx, accountId, productId);
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
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, IMAGE_TOO_LARGE);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(NOT_IMAGE_MULTIPART);
  return badRequest(`The upload could not be read: ${String((error as Error)?.message ?? error)}`);
}

function parseId(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value.trim()) || Number(value) > 2_147_483_647) throw badRequest('product_id must be a product id');
  return Number(value);
}

/**
 * product/image/upload: one image (PNG, JPEG, GIF or WebP by its bytes, at most 5 MB) added last to a type-15
 * field of the caller's product. A refused upload stores nothing. Answers the product (its new version).
 */
export async function uploadImage(db: Db, caller: Caller, request: FastifyRequest): Promise<Product> {
  if (!request.isMultipart()) throw badRequest(NOT_IMAGE_MULTIPART);
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
      if (part.file.truncated) throw new HttpError(413, IMAGE_TOO_LARGE);
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
  if (!bytes || bytes.length === 0) throw badRequest('Choose an image to upload');
  const format = imageFormat(bytes);
  if (!format || format.width < 1 || format.height < 1) throw badRequest(NOT_AN_IMAGE);
  const content = bytes;
  await db.transaction(async (tx) => {
    await lockProduct(tx, accountId, productId);
    const [{ last }] = await tx
      .select({ last: max(productImages.sort) })
      .from(productImages)
      .where(and(eq(productImages.productId, productId), eq(productImages.field, field)));
    const held = await tx.$count(productImages, and(eq(productImages.productId, productId), eq(productImages.field, field)));
    if (held >= IMAGES_PER_FIELD) throw badRequest(TOO_MANY_IMAGES);
    await tx.insert(productImages).values({ accountId, productId, field, sort: (last ?? 0) + 1, ...format, size: content.length, content });
    await syncField(tx, accountId, productId, field);
  });
  return getProduct(db, accountId, productId);
}

async function imageOf(db: Db | Tx, accountId: number, id: number) {
  const [row] = await db.select().from(productImages).where(and(eq(productImages.accountId, accountId), eq(productImages.id, id)));
  if (!row) throw notFound(NO_SUCH_IMAGE);
  return row;
}

/**
 * product/image: the image's bytes for a carousel size, with the size it is shown at (x-image-width/height).
 * No resizing library is installed, so every size sends the original; the client sets width and height.
 */
export async function readImage(db: Db, accountId: number, id: number, size: ImageSize) {
  const row = await imageOf(db, accountId, id);
  return { id: row.id, mime: row.mime, content: row.content, shown: fitInto(row.width, row.height, size) };
}

export async function deleteImage(db: Db, caller: Caller, id: number): Promise<Product> {
  const accountId = caller.account.id;
  const image = await imageOf(db, accountId, id);
  await db.transaction(async (tx) => {
    await lockProduct(tx, accountId, image.productId);
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    await syncField(tx, accountId, image.productId, image.field);
  });
  return getProduct(db, accountId, image.productId);
}

/** product/image/reorder: ids are every image of the field once, first to last. */
export async function reorderImages(db: Db, caller: Caller, body: { product_id: number; field: string; ids: number[] }): Promise<Product> {
  const accountId = caller.account.id;
  await productOf(db, accountId, body.product_id);
  await db.transaction(async (tx) => {
    await lockProduct(tx, accountId, body.product_id);
    const rows = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.accountId, accountId), eq(productImages.productId, body.product_id), eq(productImages.field, body.field)));
    const held = new Set(rows.map((row) => row.id));
    if (body.ids.length !== held.size || new Set(body.ids).size !== body.ids.length || body.ids.some((id) => !held.has(id))) throw badRequest(BAD_ORDER);
    for (const [index, id] of body.ids.entries()) await tx.update(productImages).set({ sort: index + 1 }).where(eq(productImages.id, id));
    await syncField(tx, accountId, body.product_id, body.field);
  });
  return getProduct(db, accountId, body.product_id);
}

/** A duplicate gets copies of the original's images (its own rows), so changing either never touches the other's. */
export async function copyImages(tx: Tx, accountId: number, fromProductId: number, toProductId: number): Promise<void> {
  const rows = await tx.select().from(productImages).where(and(eq(productImages.accountId, accountId), eq(productImages.productId, fromProductId)));
  if (!rows.length) return;
  await tx.insert(productImages).values(rows.map(({ id: _id, createdAt: _createdAt, ...row }) => ({ ...row, productId: toProductId })));
  for (const field of new Set(rows.map((row) => row.field))) await syncField(tx, accountId, toProductId, field);
}

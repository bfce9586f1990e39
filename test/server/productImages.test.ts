import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STALE_PRODUCT } from '../../src/contract/productEditor';
import { IMAGE_LINK_WINDOW_SECONDS, imageLinkKey, signedImagePath } from '../../server/auth/imageLinks';
import { fields, productImages, productImageSizes, products } from '../../server/db/schema';
import { fitInto, imageFormat } from '../../server/modules/products/imageFormat';
import { IMAGE_TOO_LARGE, NO_IMAGE_FIELD, NOT_AN_IMAGE, PRODUCT_IMAGE_MAX_BYTES } from '../../server/modules/products/images';
import { carouselSizes, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } from '../../server/modules/products/imageSizes';
import { solidPng } from '../support/png';
import { useTestServer, type TestAccount } from './harness';

/**
 * Images of type-15 product fields (issue 13 §3): upload only real images within the size limit, serve them
 * per account in the carousel's sizes (resized at upload, with the size each is), reorder and delete,
 * each keeping the product's values[field] in step; a refused upload stores nothing.
 */
const server = useTestServer();
const db = () => server.database.db;

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----stockroom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, productId: number, field: string, data: Buffer, type = 'image/png') {
  const { payload, contentType } = multipart([
    { name: 'product_id', value: String(productId) },
    { name: 'field', value: field },
    { name: 'file', filename: 'photo.png', type, data },
  ]);
  const response = await server.app.inject({ method: 'POST', url: '/api/product/image/upload', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() };
}

async function image(token: string, id: number, size?: string) {
  const response = await server.app.inject({ method: 'GET', url: `/api/product/image?id=${id}${size ? `&size=${size}` : ''}`, headers: { authorization: `Bearer ${token}` } });
  return response;
}

/** An account with a product and a type-15 field 'photos'. */
async function withImageField(account: TestAccount) {
  await db().insert(fields).values({ accountId: account.id, entity: 'product', code: 'photos', name: 'Photos', type: 15, data: [] });
  await db().insert(fields).values({ accountId: account.id, entity: 'product', code: 'colour', name: 'Colour', type: 3, data: [] });
  const product = (await server.call('POST', 'product/add', { token: account.token, body: { name: 'Lamp' } })).body;
  return product;
}

const stored = (productId: number) => db().select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sort));
const productRow = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0];
/** The signed links an answer gives each uploaded image: one per size, for that image and size. */
const signedSizes = (id: number) => ({
  m: expect.stringMatching(new RegExp(`^product/image/view\\?id=${id}&size=m&exp=\\d+&sig=[\\w-]+$`)),
  l: expect.stringMatching(new RegExp(`^product/image/view\\?id=${id}&size=l&exp=\\d+&sig=[\\w-]+$`)),
  f: expect.stringMatching(new RegExp(`^product/image/view\\?id=${id}&size=f&exp=\\d+&sig=[\\w-]+$`)),
});

describe('imageFormat and fitInto (pure)', () => {
  it('reads PNG, GIF and JPEG sizes from the bytes and refuses text, SVG and a PNG signature alone', () => {
    expect(imageFormat(solidPng(300, 200))).toEqual({ mime: 'image/png', width: 300, height: 200 });
    const gif = Buffer.from('GIF89a\x0a\x00\x05\x00\x00\x00\x00', 'latin1');
    expect(imageFormat(gif)).toEqual({ mime: 'image/gif', width: 10, height: 5 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x80, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(imageFormat(jpeg)).toEqual({ mime: 'image/jpeg', width: 128, height: 64 });
    expect(imageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageFormat(Buffer.from('hello world, not an image at all'))).toBeNull();
    expect(imageFormat(solidPng(4, 4).subarray(0, 8))).toBeNull();
  });

  it('fits an image into the m, l and f boxes without ever scaling up', () => {
    expect(fitInto(3200, 1600, 'm')).toEqual({ width: 300, height: 150 });
    expect(fitInto(3200, 1600, 'l')).toEqual({ width: 800, height: 400 });
    expect(fitInto(3200, 1600, 'f')).toEqual({ width: 1600, height: 800 });
    expect(fitInto(100, 50, 'f')).toEqual({ width: 100, height: 50 });
  });
});

describe('product/image/upload and product/image', () => {
  it('stores a PNG last in its field, lists it in values[field] with its size, and serves it resized in m, l and f with that size', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const png = solidPng(1000, 500);
    const answer = await upload(account.token, product.id, 'photos', png);
    expect(answer.status).toBe(200);
    const [row] = await stored(product.id);
    expect(answer.body.values.photos).toEqual([{ id: row.id, url: `product/image?id=${row.id}`, width: 1000, height: 500, sizes: signedSizes(row.id) }]);
    expect(row.content.equals(png)).toBe(true);
    expect(answer.body.updated_at).not.toBe(product.updated_at);
    for (const [size, width, height] of [['m', 300, 150], ['l', 800, 400], ['f', 1000, 500]] as const) {
      const response = await image(account.token, row.id, size);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect([Number(response.headers['x-image-width']), Number(response.headers['x-image-height'])]).toEqual([width, height]);
      const read = await sharp(response.rawPayload).metadata();
      expect([read.format, read.width, read.height], size).toEqual(['webp', width, height]);
    }
  });

  it("another account cannot read, delete or reorder the image (404) and cannot upload to the product (404); nothing changes", async () => {
    const owner = await server.newAccount();
    const stranger = await server.newAccount();
    const product = await withImageField(owner);
    await withImageField(stranger);
    const [id] = (await upload(owner.token, product.id, 'photos', solidPng(10, 10))).body.values.photos.map((each: { id: number }) => each.id);
    const before = { images: await stored(product.id), product: await productRow(product.id) };
    expect((await image(stranger.token, id, 'm')).statusCode).toBe(404);
    expect((await server.call('POST', 'product/image/delete', { token: stranger.token, body: { id } })).status).toBe(404);
    expect((await server.call('POST', 'product/image/reorder', { token: stranger.token, body: { product_id: product.id, field: 'photos', ids: [id] } })).status).toBe(404);
    expect((await upload(stranger.token, product.id, 'photos', solidPng(10, 10))).status).toBe(404);
    expect({ images: await stored(product.id), product: await productRow(product.id) }).toEqual(before);
    expect((await image(owner.token, id, 'm')).statusCode).toBe(200);
  });

  it('refuses a non-image (even sent as image/png), an SVG, a field that is not type 15 and a file over 5 MB, each with a clear text; nothing is stored', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const before = await productRow(product.id);
    const text = await upload(account.token, product.id, 'photos', Buffer.from('just some text'), 'image/png');
    expect(text).toEqual({ status: 400, body: { error: NOT_AN_IMAGE, code: 'notAnImage' } });
    const svg = await upload(account.token, product.id, 'photos', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(svg).toEqual({ status: 400, body: { error: NOT_AN_IMAGE, code: 'notAnImage' } });
    expect(await upload(account.token, product.id, 'colour', solidPng(10, 10))).toEqual({ status: 400, body: { error: NO_IMAGE_FIELD, code: 'noImageField' } });
    const huge = Buffer.concat([solidPng(10, 10), Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]);
    expect(await upload(account.token, product.id, 'photos', huge)).toEqual({ status: 413, body: { error: IMAGE_TOO_LARGE, code: 'imageTooLarge' } });
    expect(await stored(product.id)).toEqual([]);
    expect(await productRow(product.id)).toEqual(before);
  });

  it("with 'Separate rights' a member without editing_remains cannot upload (422) but can see the image", async () => {
    const account = await server.newAccount({ separateRights: true });
    const product = await withImageField(account);
    const [id] = (await upload(account.token, product.id, 'photos', solidPng(10, 10))).body.values.photos.map((each: { id: number }) => each.id);
    const member = await server.newMember(account, { editingRemains: false, changeRemains: true });
    expect((await upload(member.token, product.id, 'photos', solidPng(10, 10))).status).toBe(422);
    expect((await server.call('POST', 'product/image/delete', { token: member.token, body: { id } })).status).toBe(422);
    expect((await image(member.token, id, 'l')).statusCode).toBe(200);
    expect(await stored(product.id)).toHaveLength(1);
  });
});

describe('product/image/reorder and delete', () => {
  it('reorders the field by the ids given and deletes one, values[field] following each time; a partial or repeated order is refused', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    for (const width of [10, 20, 30]) await upload(account.token, product.id, 'photos', solidPng(width, 10));
    const ids = (await stored(product.id)).map((row) => row.id);
    const reordered = await server.call('POST', 'product/image/reorder', { token: account.token, body: { product_id: product.id, field: 'photos', ids: [ids[2], ids[0], ids[1]] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.values.photos.map((each: { id: number }) => each.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await stored(product.id)).map((row) => row.id)).toEqual([ids[2], ids[0], ids[1]]);
    for (const bad of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [...ids, 999_999]]) {
      expect((await server.call('POST', 'product/image/reorder', { token: account.token, body: { product_id: product.id, field: 'photos', ids: bad } })).status).toBe(400);
    }
    const removed = await server.call('POST', 'product/image/delete', { token: account.token, body: { id: ids[0] } });
    expect(removed.status).toBe(200);
    expect(removed.body.values.photos.map((each: { id: number }) => each.id)).toEqual([ids[2], ids[1]]);
    expect((await image(account.token, ids[0])).statusCode).toBe(404);
  });
});

describe('product/duplicate with images', () => {
  it("gives the copy its own copies of the images: deleting the copy's image leaves the original's", async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const png = solidPng(30, 20);
    await upload(account.token, product.id, 'photos', png);
    const [original] = await stored(product.id);
    const copy = (await server.call('POST', 'product/duplicate', { token: account.token, body: { id: product.id } })).body;
    const [copied] = await stored(copy.id);
    expect(copied.id).not.toBe(original.id);
    expect(copy.values.photos).toEqual([{ id: copied.id, url: `product/image?id=${copied.id}`, width: 30, height: 20, sizes: signedSizes(copied.id) }]);
    expect(Buffer.compare(copied.content, png)).toBe(0);
    expect(Buffer.compare((await image(account.token, copied.id, 'l')).rawPayload, (await image(account.token, original.id, 'l')).rawPayload)).toBe(0);
    expect((await server.call('POST', 'product/image/delete', { token: account.token, body: { id: copied.id } })).status).toBe(200);
    expect((await stored(product.id)).map((row) => row.id)).toEqual([original.id]);
    expect((await productRow(product.id)).values.photos).toEqual([{ id: original.id, url: `product/image?id=${original.id}`, width: 30, height: 20 }]);
  });
});

/** A real photo-like JPEG turned by EXIF (orientation 6: shown rotated a quarter turn) and carrying a copyright note. */
const turnedJpeg = () =>
  sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret note' } } })
    .toBuffer();

/** A PNG whose header claims 20000 × 20000 pixels (1.6 GB decoded) in a few bytes: a decompression bomb. */
function bombPng(): Buffer {
  const png = solidPng(4, 4);
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  return png;
}

describe('carousel sizes made with sharp at upload', () => {
  it('turns the image by its EXIF orientation and strips its metadata in every size; the original is kept as uploaded', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const jpeg = await turnedJpeg();
    const answer = await upload(account.token, product.id, 'photos', jpeg, 'image/jpeg');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await stored(product.id);
    expect([answer.body.values.photos[0].width, answer.body.values.photos[0].height]).toEqual([500, 1000]);
    expect(row.content.equals(jpeg)).toBe(true);
    for (const [size, width, height] of [['m', 150, 300], ['l', 400, 800], ['f', 500, 1000]] as const) {
      const meta = await sharp((await image(account.token, row.id, size)).rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], size).toEqual(['webp', width, height]);
      expect([meta.exif, meta.orientation, meta.icc, meta.xmp], size).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it('refuses a truncated PNG, a truncated JPEG and a 20000 × 20000 decompression bomb with a clear text; nothing is stored', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const before = await productRow(product.id);
    const sizesBefore = await db().$count(productImageSizes);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const jpeg = await turnedJpeg();
    expect(await upload(account.token, product.id, 'photos', png.subarray(0, Math.floor(png.length / 2)))).toEqual({ status: 400, body: { error: IMAGE_UNREADABLE, code: 'imageUnreadable' } });
    expect(await upload(account.token, product.id, 'photos', jpeg.subarray(0, jpeg.length - 300), 'image/jpeg')).toEqual({ status: 400, body: { error: IMAGE_UNREADABLE, code: 'imageUnreadable' } });
    expect(await upload(account.token, product.id, 'photos', bombPng())).toEqual({ status: 400, body: { error: IMAGE_TOO_MANY_PIXELS, code: 'imageTooManyPixels' } });
    expect(await stored(product.id)).toEqual([]);
    expect(await db().$count(productImageSizes)).toBe(sizesBefore);
    expect(await productRow(product.id)).toEqual(before);
  });

  it('sharp itself refuses more pixels than the limit, even when the header check is passed by (limitInputPixels)', async () => {
    await expect(carouselSizes(bombPng(), { width: 1, height: 1 })).rejects.toMatchObject({ status: 400, message: IMAGE_TOO_MANY_PIXELS });
  });
});

describe('signed image links (product/image/view): what an <img> in the deal card loads without the session', () => {
  const view = (path: string) => server.app.inject({ method: 'GET', url: `/api/${path}` });

  it("the product's answer and its order's positions carry links that serve each size with no token", async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const answer = await upload(account.token, product.id, 'photos', solidPng(1000, 500));
    const [entry] = answer.body.values.photos;
    for (const [size, width] of [['m', 300], ['l', 800], ['f', 1000]] as const) {
      const response = await view(entry.sizes[size]);
      expect(response.statusCode, size).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
    }
    const got = await server.call('GET', 'product/get', { token: account.token, query: { id: product.id } });
    expect(got.body.values.photos[0].sizes).toEqual(signedSizes(entry.id));
    const list = await server.call('POST', 'product/list', { token: account.token, body: {} });
    expect(list.body.data.find((each: { id: number }) => each.id === product.id).values.photos[0].sizes).toEqual(signedSizes(entry.id));
  });

  it("another account's user gets no link and cannot fetch the image: not with their session, nor with a link altered to it, nor with an expired one", async () => {
    const owner = await server.newAccount();
    const stranger = await server.newAccount();
    const product = await withImageField(owner);
    const theirs = await withImageField(stranger);
    const [entry] = (await upload(owner.token, product.id, 'photos', solidPng(40, 20))).body.values.photos;
    const [own] = (await upload(stranger.token, theirs.id, 'photos', solidPng(40, 20))).body.values.photos;
    expect((await server.call('GET', 'product/get', { token: stranger.token, query: { id: product.id } })).status).toBe(404);
    expect((await image(stranger.token, entry.id, 'm')).statusCode).toBe(404);
    // The stranger's own valid link, pointed at the owner's image or another size: the signature no longer fits.
    expect((await view(own.sizes.m.replace(`id=${own.id}&`, `id=${entry.id}&`))).statusCode).toBe(404);
    expect((await view(own.sizes.m.replace('size=m', 'size=f'))).statusCode).toBe(404);
    expect((await view(entry.sizes.m.replace(/sig=[\w-]+/, 'sig=AAAA'))).statusCode).toBe(404);
    const exp = Number(/exp=(\d+)/.exec(entry.sizes.m)![1]);
    expect((await view(entry.sizes.m.replace(`exp=${exp}`, `exp=${exp + IMAGE_LINK_WINDOW_SECONDS}`))).statusCode).toBe(404);
    const key = await imageLinkKey(db());
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await view(signedImagePath(key, entry.id, 'm', past))).statusCode).toBe(404);
    expect((await view(signedImagePath(key, entry.id, 'm', past + 3600))).statusCode).toBe(200);
  });
});

describe('image changes check the version the caller read, like a save', () => {
  it('upload, reorder and delete on a stale updated_at answer 409 and change nothing; on the current one they work', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const first = (await upload(account.token, product.id, 'photos', solidPng(10, 10))).body;
    const stale = product.updated_at;
    const before = { images: await stored(product.id), product: await productRow(product.id) };
    const { payload, contentType } = multipart([
      { name: 'product_id', value: String(product.id) },
      { name: 'field', value: 'photos' },
      { name: 'updated_at', value: stale },
      { name: 'file', filename: 'photo.png', data: solidPng(12, 12) },
    ]);
    const refusedUpload = await server.app.inject({ method: 'POST', url: '/api/product/image/upload', headers: { authorization: `Bearer ${account.token}`, 'content-type': contentType }, payload });
    expect([refusedUpload.statusCode, refusedUpload.json()]).toEqual([409, { error: STALE_PRODUCT, code: 'staleProduct', updated_at: first.updated_at }]);
    const id = first.values.photos[0].id;
    const reorder = await server.call('POST', 'product/image/reorder', { token: account.token, body: { product_id: product.id, field: 'photos', ids: [id], updated_at: stale } });
    expect(reorder).toEqual({ status: 409, body: { error: STALE_PRODUCT, code: 'staleProduct', updated_at: first.updated_at } });
    const remove = await server.call('POST', 'product/image/delete', { token: account.token, body: { id, updated_at: stale } });
    expect(remove).toEqual({ status: 409, body: { error: STALE_PRODUCT, code: 'staleProduct', updated_at: first.updated_at } });
    expect({ images: await stored(product.id), product: await productRow(product.id) }).toEqual(before);
    const removed = await server.call('POST', 'product/image/delete', { token: account.token, body: { id, updated_at: first.updated_at } });
    expect(removed.status).toBe(200);
    expect(removed.body.values.photos).toEqual([]);
  });
});

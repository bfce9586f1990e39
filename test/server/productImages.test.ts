import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fields, productImages, products } from '../../server/db/schema';
import { fitInto, imageFormat } from '../../server/modules/products/imageFormat';
import { IMAGE_TOO_LARGE, NO_IMAGE_FIELD, NOT_AN_IMAGE, PRODUCT_IMAGE_MAX_BYTES } from '../../server/modules/products/images';
import { solidPng } from '../support/png';
import { useTestServer, type TestAccount } from './harness';

/**
 * Images of type-15 product fields (issue 13 §3): upload only real images within the size limit, serve them
 * per account in the carousel's sizes (the original, with the size it is shown at), reorder and delete,
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
    expect(fitInto(3200, 1600, 'm')).toEqual({ width: 160, height: 80 });
    expect(fitInto(3200, 1600, 'l')).toEqual({ width: 640, height: 320 });
    expect(fitInto(3200, 1600, 'f')).toEqual({ width: 1600, height: 800 });
    expect(fitInto(100, 50, 'f')).toEqual({ width: 100, height: 50 });
  });
});

describe('product/image/upload and product/image', () => {
  it('stores a PNG last in its field, lists it in values[field] with its size, and serves it in m, l and f with the shown size', async () => {
    const account = await server.newAccount();
    const product = await withImageField(account);
    const png = solidPng(1000, 500);
    const answer = await upload(account.token, product.id, 'photos', png);
    expect(answer.status).toBe(200);
    const [row] = await stored(product.id);
    expect(answer.body.values.photos).toEqual([{ id: row.id, url: `product/image?id=${row.id}`, width: 1000, height: 500 }]);
    expect(answer.body.updated_at).not.toBe(product.updated_at);
    for (const [size, width, height] of [['m', 160, 80], ['l', 640, 320], ['f', 1000, 500]] as const) {
      const response = await image(account.token, row.id, size);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect([Number(response.headers['x-image-width']), Number(response.headers['x-image-height'])]).toEqual([width, height]);
      expect(Buffer.compare(response.rawPayload, png)).toBe(0);
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
    expect(text).toEqual({ status: 400, body: { error: NOT_AN_IMAGE } });
    const svg = await upload(account.token, product.id, 'photos', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(svg).toEqual({ status: 400, body: { error: NOT_AN_IMAGE } });
    expect(await upload(account.token, product.id, 'colour', solidPng(10, 10))).toEqual({ status: 400, body: { error: NO_IMAGE_FIELD } });
    const huge = Buffer.concat([solidPng(10, 10), Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]);
    expect(await upload(account.token, product.id, 'photos', huge)).toEqual({ status: 413, body: { error: IMAGE_TOO_LARGE } });
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
    expect(copy.values.photos).toEqual([{ id: copied.id, url: `product/image?id=${copied.id}`, width: 30, height: 20 }]);
    expect(Buffer.compare((await image(account.token, copied.id, 'l')).rawPayload, png)).toBe(0);
    expect((await server.call('POST', 'product/image/delete', { token: account.token, body: { id: copied.id } })).status).toBe(200);
    expect((await stored(product.id)).map((row) => row.id)).toEqual([original.id]);
    expect((await productRow(product.id)).values.photos).toEqual([{ id: original.id, url: `product/image?id=${original.id}`, width: 30, height: 20 }]);
  });
});

import multipartPlugin from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_FILE_MAX_BYTES } from '../../src/contract/orderDocuments';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { orderFiles } from '../../server/db/schema';
import { registerErrorHandling } from '../../server/http/errors';
import { deleteOrderFile, listOrderFiles, openOrderFile, uploadOrderFile, type DocumentActor } from '../../server/modules/orderDocuments/service';
import { holdOpens, releaseOpens } from './support/heldOpens';
import { useTestServer, type TestAccount } from './harness';

// For the cut-off upload rule, a new file's open can be held until the storage removes it (support/heldOpens).
vi.mock('node:fs', async (original) => (await import('./support/heldOpens')).heldFs(await original()));
vi.mock('node:fs/promises', async (original) => (await import('./support/heldOpens')).heldFsPromises(await original()));

/**
 * Files of an order: uploads (orders/custom-doc/*) and generated documents (orders/doc/*). The shared
 * server keeps the bytes in the row (in-memory database); a second app on the same database with a
 * data folder on disk checks the disk path: random names under files/<account>/, removed on delete.
 */
const server = useTestServer();

let disk: { app: FastifyInstance; dataDir: string };

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockroom-files-'));
  const config = loadConfig(process.env, { dataDir, logLevel: 'silent', loginRateLimit: 1000 });
  const app = await buildApp({ config, db: server.database.db, logger: process.env.TEST_SERVER_LOG ? { level: process.env.TEST_SERVER_LOG } : false });
  await app.ready();
  disk = { app, dataDir };
});
afterAll(async () => {
  await disk?.app.close();
  if (disk) rmSync(disk.dataDir, { recursive: true, force: true });
});

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body built by hand, parts in the given order (quotes and backslashes of a file name escaped, as in a quoted-string). */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----stockroom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/["\\]/g, '\\$&')}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, parts: Part[], app: FastifyInstance = server.app) {
  const { payload, contentType } = multipart(parts);
  const response = await app.inject({ method: 'POST', url: '/api/orders/custom-doc/upload', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() };
}

async function get(path: string, token: string, query: Record<string, string | number>, app: FastifyInstance = server.app) {
  const response = await app.inject({ method: 'GET', url: `/api/${path}`, headers: { authorization: `Bearer ${token}` }, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) });
  let body: any = response.body;
  try {
    body = response.json();
  } catch {
    // A download is not JSON.
  }
  return { status: response.statusCode, body, raw: response.rawPayload, headers: response.headers };
}

const filePart = (data: Buffer, filename = 'report.pdf', type = 'application/pdf'): Part => ({ name: 'file', filename, type, data });

async function orderOf(account: TestAccount, name = 'With files') {
  const answer = await server.call('POST', 'orders/add', { token: account.token, body: { name } });
  expect(answer.status).toBe(200);
  return answer.body as { id: number };
}

const rowsOf = (accountId: number) => server.database.db.select().from(orderFiles).where(eq(orderFiles.accountId, accountId));
/** The files stored on disk for an account (the folder may not exist yet). */
const onDisk = (accountId: number) => {
  const folder = join(disk.dataDir, 'files', String(accountId));
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('orders/custom-doc: upload, list, download, delete', () => {
  it('an uploaded file is listed, downloads byte for byte with its type and name, and is gone after delete (bytes in the row, in-memory database)', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const data = randomBytes(50_000);
    const uploaded = await upload(account.token, [{ name: 'order_id', value: String(order.id) }, filePart(data)]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toEqual({
      id: expect.any(Number),
      order_id: order.id,
      kind: 'custom',
      name: 'report.pdf',
      mime: 'application/pdf',
      size: data.length,
      public_visible: true,
      user_id: account.ownerId,
      user_name: 'Owner',
      customer_id: null,
      deletable: true,
      created_at: expect.any(String),
    });
    const [row] = await rowsOf(account.id);
    expect(row.path).toBeNull();
    expect(Buffer.from(row.content!).equals(data)).toBe(true);

    const list = await get('orders/custom-doc/list', account.token, { order_id: order.id });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([uploaded.body]);
    // Generated documents are a list of their own.
    expect((await get('orders/doc/list', account.token, { order_id: order.id })).body).toEqual([]);

    const download = await get('orders/custom-doc/download', account.token, { id: uploaded.body.id });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(download.headers['content-length'])).toBe(data.length);
    expect(download.raw.equals(data)).toBe(true);

    const removed = await get('orders/custom-doc/delete', account.token, { id: uploaded.body.id, order_id: order.id });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect(await rowsOf(account.id)).toEqual([]);
    expect((await get('orders/custom-doc/list', account.token, { order_id: order.id })).body).toEqual([]);
    expect((await get('orders/custom-doc/download', account.token, { id: uploaded.body.id })).status).toBe(404);
    expect((await get('orders/custom-doc/delete', account.token, { id: uploaded.body.id, order_id: order.id })).status).toBe(404);
  });

  it('order_id may come after the file; public_visible 0 hides the file from the public order', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const uploaded = await upload(account.token, [filePart(Buffer.from('hello'), 'notes.txt', 'text/plain; charset=utf-8'), { name: 'order_id', value: String(order.id) }, { name: 'public_visible', value: '0' }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({ order_id: order.id, name: 'notes.txt', mime: 'text/plain', size: 5, public_visible: false });
  });

  it('on a data folder on disk: the file is stored under files/<account>/ with a random name, streams back, and delete removes it from disk', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const data = randomBytes(300_000);
    const uploaded = await upload(account.token, [{ name: 'order_id', value: String(order.id) }, filePart(data, 'scan.png', 'image/png')], disk.app);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const [row] = await rowsOf(account.id);
    expect(row.content).toBeNull();
    expect(row.path).toMatch(new RegExp(`^${account.id}/[0-9a-f-]{36}$`));
    const stored = join(disk.dataDir, 'files', row.path!);
    expect(readFileSync(stored).equals(data)).toBe(true);
    expect(onDisk(account.id)).toHaveLength(1);

    const download = await get('orders/custom-doc/download', account.token, { id: row.id, order_id: order.id }, disk.app);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.raw.equals(data)).toBe(true);

    expect((await get('orders/custom-doc/delete', account.token, { id: row.id, order_id: order.id }, disk.app)).body).toEqual({ success: true });
    expect(existsSync(stored)).toBe(false);
    expect(onDisk(account.id)).toEqual([]);
    expect(await rowsOf(account.id)).toEqual([]);
  });

  it('deleting the order removes its files from disk too (rows by cascade, bytes after the order is gone)', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    expect((await upload(account.token, [{ name: 'order_id', value: String(order.id) }, filePart(randomBytes(1000))], disk.app)).status).toBe(200);
    expect(onDisk(account.id)).toHaveLength(1);
    const removed = await disk.app.inject({ method: 'POST', url: '/api/orders/delete', headers: { authorization: `Bearer ${account.token}` }, payload: { id: order.id } });
    expect(JSON.parse(removed.body)).toEqual({ success: true });
    expect(onDisk(account.id)).toEqual([]);
    expect(await rowsOf(account.id)).toEqual([]);
  });

  it(`a file over ${ORDER_FILE_MAX_BYTES / 1024 / 1024} MB is refused with 413 and a clear text, and nothing is written (row or disk); exactly the limit is accepted`, async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const orderId = { name: 'order_id', value: String(order.id) };
    const tooLarge = Buffer.alloc(ORDER_FILE_MAX_BYTES + 1, 7);
    for (const app of [server.app, disk.app]) {
      const refused = await upload(account.token, [orderId, filePart(tooLarge, 'big.bin')], app);
      expect(refused.status).toBe(413);
      expect(refused.body).toEqual({ error: 'The file is larger than 10 MB. Choose a smaller file.', code: 'orderFileTooLarge', params: { mb: 10 } });
      // With order_id after the file the bytes arrive before the order is known: still nothing stays.
      expect((await upload(account.token, [filePart(tooLarge, 'big.bin'), orderId], app)).status).toBe(413);
    }
    expect(await rowsOf(account.id)).toEqual([]);
    expect(onDisk(account.id)).toEqual([]);

    const atLimit = await upload(account.token, [orderId, filePart(Buffer.alloc(ORDER_FILE_MAX_BYTES, 7), 'limit.bin')], disk.app);
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    expect(atLimit.body.size).toBe(ORDER_FILE_MAX_BYTES);
    expect(onDisk(account.id)).toHaveLength(1);
  });

  it('malformed uploads are refused with 400 and a clear text, and nothing is written', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const orderId = { name: 'order_id', value: String(order.id) };
    const data = Buffer.from('content');
    const cases: [string, Part[], string | RegExp][] = [
      ['no file', [orderId], 'Choose a file to upload'],
      ['no order_id', [filePart(data)], 'order_id must be the id of an order'],
      ['order_id not a number', [{ name: 'order_id', value: 'abc' }, filePart(data)], 'order_id must be the id of an order'],
      ['order_id 0', [{ name: 'order_id', value: '0' }, filePart(data)], 'order_id must be the id of an order'],
      ['an empty file', [orderId, filePart(Buffer.alloc(0))], 'The file is empty'],
      ['two files', [orderId, filePart(data), filePart(data, 'second.pdf')], 'Send one file at a time'],
      ['public_visible not a flag', [orderId, { name: 'public_visible', value: 'maybe' }, filePart(data)], "public_visible must be '1' or '0'"],
    ];
    for (const app of [server.app, disk.app]) {
      for (const [label, parts, text] of cases) {
        const answer = await upload(account.token, parts, app);
        expect(answer.status, label).toBe(400);
        expect(answer.body.error, label).toEqual(text);
      }
      const json = await app.inject({ method: 'POST', url: '/api/orders/custom-doc/upload', headers: { authorization: `Bearer ${account.token}` }, payload: { order_id: order.id } });
      expect(json.statusCode).toBe(400);
      expect(json.json().error).toBe('Send the file as multipart/form-data with the fields order_id and file');
      const broken = await app.inject({
        method: 'POST',
        url: '/api/orders/custom-doc/upload',
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'multipart/form-data; boundary=x' },
        payload: `--x\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${order.id}\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunfinished`,
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toMatch(/^The upload could not be read/);
    }
    expect(await rowsOf(account.id)).toEqual([]);
    expect(onDisk(account.id)).toEqual([]);
  });

  it('rule: cut-off uploads never leave a file on disk, one after another or many at once (the removal waits for the file to be open)', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    // A short cut-off part fails before the file behind it is even open: the case that once left files behind.
    const cutOff = () =>
      disk.app.inject({
        method: 'POST',
        url: '/api/orders/custom-doc/upload',
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'multipart/form-data; boundary=x' },
        payload: `--x\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${order.id}\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunfinished`,
      });
    const statuses = new Set<number>();
    // Each file's open is held until the storage removes that file: a removal that does not wait for the open
    // leaves the file on every run (without the hold, only on the runs where the open happened to be slow).
    holdOpens();
    try {
      for (let round = 0; round < 2; round += 1) statuses.add((await cutOff()).statusCode);
      for (const answer of await Promise.all(Array.from({ length: 4 }, cutOff))) statuses.add(answer.statusCode);
    } finally {
      releaseOpens();
    }
    expect([...statuses]).toEqual([400]);
    expect(await rowsOf(account.id)).toEqual([]);
    expect(onDisk(account.id)).toEqual([]);
  });

  it("another account's order or file is not found (404) on every call, and nothing of theirs changes", async () => {
    const mine = await server.newAccount();
    const theirs = await server.newAccount();
    const myOrder = await orderOf(mine);
    const theirOrder = await orderOf(theirs);
    const data = Buffer.from('their secret');
    const their = (await upload(theirs.token, [{ name: 'order_id', value: String(theirOrder.id) }, filePart(data, 'secret.pdf')], disk.app)).body;
    const before = await rowsOf(theirs.id);
    const token = mine.token;

    for (const app of [server.app, disk.app]) {
      for (const parts of [
        [{ name: 'order_id', value: String(theirOrder.id) }, filePart(Buffer.from('mine'))],
        [filePart(Buffer.from('mine')), { name: 'order_id', value: String(theirOrder.id) }],
      ]) {
        const answer = await upload(token, parts, app);
        expect(answer.status).toBe(404);
        expect(answer.body.error).toBe('No such order');
      }
      expect((await get('orders/custom-doc/list', token, { order_id: theirOrder.id }, app)).status).toBe(404);
      expect((await get('orders/doc/list', token, { order_id: theirOrder.id }, app)).status).toBe(404);
      expect((await get('orders/custom-doc/delete', token, { id: their.id, order_id: theirOrder.id }, app)).status).toBe(404);
      expect((await get('orders/custom-doc/delete', token, { id: their.id, order_id: myOrder.id }, app)).status).toBe(404);
      expect((await get('orders/doc/delete', token, { id: their.id, order_id: myOrder.id }, app)).status).toBe(404);
      const download = await get('orders/custom-doc/download', token, { id: their.id }, app);
      expect(download.status).toBe(404);
      expect(download.raw.includes(data)).toBe(false);
    }
    expect(await rowsOf(mine.id)).toEqual([]);
    expect(onDisk(mine.id)).toEqual([]);
    expect(await rowsOf(theirs.id)).toEqual(before);
    expect(onDisk(theirs.id)).toHaveLength(1);
    expect((await get('orders/custom-doc/download', theirs.token, { id: their.id }, disk.app)).raw.equals(data)).toBe(true);
  });

  it('a file name with ../, backslashes, quotes, control and bidi characters stays a harmless name: never a path, safely quoted for the download', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const orderId = { name: 'order_id', value: String(order.id) };
    const cases: [string, string, string][] = [
      ['../../../etc/passwd', 'passwd', `attachment; filename="passwd"; filename*=UTF-8''passwd`],
      ['..\\..\\windows\\win.ini', 'win.ini', `attachment; filename="win.ini"; filename*=UTF-8''win.ini`],
      ['say "hi"; x=1.txt', 'say "hi"; x=1.txt', `attachment; filename="say _hi__ x=1.txt"; filename*=UTF-8''say%20%22hi%22%3B%20x%3D1.txt`],
      ['счёт\u202Etxt.exe', 'счётtxt.exe', `attachment; filename="____txt.exe"; filename*=UTF-8''%D1%81%D1%87%D1%91%D1%82txt.exe`],
      ['..', 'file', `attachment; filename="file"; filename*=UTF-8''file`],
      ['tab\there\u0000\u0007.txt', 'tabhere.txt', `attachment; filename="tabhere.txt"; filename*=UTF-8''tabhere.txt`],
    ];
    for (const [filename, name, disposition] of cases) {
      const uploaded = await upload(account.token, [orderId, filePart(Buffer.from(filename), filename, 'text/html')], disk.app);
      expect(uploaded.status, `${filename}: ${JSON.stringify(uploaded.body)}`).toBe(200);
      expect(uploaded.body.name, filename).toBe(name);
      const download = await get('orders/custom-doc/download', account.token, { id: uploaded.body.id }, disk.app);
      expect(download.headers['content-disposition'], filename).toBe(disposition);
      // Whatever the type, the browser saves it and runs nothing of it.
      expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(download.raw.toString()).toBe(filename);
    }
    const junkType = await upload(account.token, [orderId, filePart(Buffer.from('x'), 'a.bin', 'text/html"><script>')], disk.app);
    expect(junkType.body.mime).toBe('application/octet-stream');
    // Every stored file is a random name directly in the account's folder; nothing was written anywhere else.
    const rows = await rowsOf(account.id);
    expect(rows).toHaveLength(cases.length + 1);
    for (const row of rows) {
      expect(row.path).toMatch(new RegExp(`^${account.id}/[0-9a-f-]{36}$`));
      expect(resolve(disk.dataDir, 'files', row.path!).startsWith(resolve(disk.dataDir, 'files', String(account.id)))).toBe(true);
    }
    expect(readdirSync(disk.dataDir).sort()).toEqual(['files']);
    expect(onDisk(account.id)).toHaveLength(cases.length + 1);
  });

  it('a member without the right to change orders lists and downloads files but cannot upload or delete them (422)', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const file = (await upload(account.token, [{ name: 'order_id', value: String(order.id) }, filePart(Buffer.from('x'))])).body;
    const idle = await server.newMember(account, { activity: false });
    expect((await get('orders/custom-doc/list', idle.token, { order_id: order.id })).body).toHaveLength(1);
    expect((await get('orders/custom-doc/download', idle.token, { id: file.id })).status).toBe(200);
    expect((await upload(idle.token, [{ name: 'order_id', value: String(order.id) }, filePart(Buffer.from('y'))])).status).toBe(422);
    expect((await get('orders/custom-doc/delete', idle.token, { id: file.id, order_id: order.id })).status).toBe(422);
    expect(await rowsOf(account.id)).toHaveLength(1);
  });
});

describe('orders/doc: generated documents', () => {
  it('are listed apart from uploads, downloaded with orders/doc/download and deleted with orders/doc/delete (custom-doc/* does not reach them)', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const [generated] = await server.database.db
      .insert(orderFiles)
      .values({ accountId: account.id, orderId: order.id, kind: 'generated', name: 'Invoice 1.pdf', mime: 'application/pdf', size: 3, content: Buffer.from('pdf'), userId: account.ownerId })
      .returning();
    const list = await get('orders/doc/list', account.token, { order_id: order.id });
    expect(list.body).toEqual([expect.objectContaining({ id: generated.id, kind: 'generated', name: 'Invoice 1.pdf', user_name: 'Owner' })]);
    expect((await get('orders/custom-doc/list', account.token, { order_id: order.id })).body).toEqual([]);
    expect((await get('orders/custom-doc/delete', account.token, { id: generated.id, order_id: order.id })).status).toBe(404);
    expect((await get('orders/custom-doc/download', account.token, { id: generated.id })).status).toBe(404);
    const download = await get('orders/doc/download', account.token, { id: generated.id, order_id: order.id });
    expect([download.status, download.headers['content-type'], download.raw.toString()]).toEqual([200, 'application/pdf', 'pdf']);
    expect((await get('orders/doc/delete', account.token, { id: generated.id, order_id: order.id })).body).toEqual({ success: true });
    expect(await rowsOf(account.id)).toEqual([]);
  });
});

describe('the service for public orders (public actors)', () => {
  it('a public customer sees only public-visible files and deletes only the ones they uploaded', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const { db } = server.database;
    const insert = (values: Partial<typeof orderFiles.$inferInsert>) =>
      db
        .insert(orderFiles)
        .values({ accountId: account.id, orderId: order.id, kind: 'custom', name: 'f.txt', size: 1, content: Buffer.from('x'), ...values })
        .returning()
        .then(([row]) => row);
    const staffShown = await insert({ name: 'staff-shown.txt', userId: account.ownerId, publicVisible: true });
    const staffHidden = await insert({ name: 'staff-hidden.txt', userId: account.ownerId, publicVisible: false });
    const customers = await insert({ name: 'mine.txt', customerId: 77 });
    const config = { dataDir: 'memory://' };
    const customer: DocumentActor = { accountId: account.id, userId: null, public: true, customerId: 77 };
    const stranger: DocumentActor = { accountId: account.id, userId: null, public: true, customerId: 78 };

    const seen = await listOrderFiles(db, config, customer, order.id, 'custom');
    expect(seen.map((file) => [file.name, file.deletable])).toEqual([
      ['staff-shown.txt', false],
      ['mine.txt', true],
    ]);
    await expect(openOrderFile(db, config, customer, staffHidden.id, 'custom')).rejects.toMatchObject({ status: 404 });
    await expect(deleteOrderFile(db, config, customer, { id: staffHidden.id, order_id: order.id }, 'custom')).rejects.toMatchObject({ status: 404 });
    await expect(deleteOrderFile(db, config, customer, { id: staffShown.id, order_id: order.id }, 'custom')).rejects.toMatchObject({ status: 422, message: 'You can delete only the files you uploaded' });
    await expect(deleteOrderFile(db, config, stranger, { id: customers.id, order_id: order.id }, 'custom')).rejects.toMatchObject({ status: 422 });
    await expect(deleteOrderFile(db, config, { ...account, accountId: account.id + 100_000, userId: null, public: true, customerId: 77 }, { id: customers.id, order_id: order.id }, 'custom')).rejects.toMatchObject({ status: 404 });
    expect(await deleteOrderFile(db, config, customer, { id: customers.id, order_id: order.id }, 'custom')).toEqual({ success: true });
    const left = await db.select({ name: orderFiles.name }).from(orderFiles).where(and(eq(orderFiles.accountId, account.id), eq(orderFiles.orderId, order.id)));
    expect(left.map((row) => row.name).sort()).toEqual(['staff-hidden.txt', 'staff-shown.txt']);
  });

  it('an upload for an order the caller already checked (options.orderId): order_id may be left out, and another order in the form is refused before anything is stored', async () => {
    const account = await server.newAccount();
    const order = await orderOf(account);
    const otherOrder = await orderOf(account, 'Not shared');
    const { db } = server.database;
    // A stand-in for a public-order route: the order comes from its query, already checked by the caller.
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(multipartPlugin, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
    const actor: DocumentActor = { accountId: account.id, userId: null, public: true, customerId: 5 };
    app.post('/upload', async (request) => uploadOrderFile(db, { dataDir: disk.dataDir }, actor, request, { orderId: Number((request.query as { order_id: string }).order_id) }));
    const send = async (parts: Part[]) => {
      const { payload, contentType } = multipart(parts);
      const response = await app.inject({ method: 'POST', url: `/upload?order_id=${order.id}`, headers: { 'content-type': contentType }, payload });
      return { status: response.statusCode, body: response.json() };
    };
    try {
      const plain = await send([filePart(Buffer.from('from the customer'), 'photo.jpg', 'image/jpeg')]);
      expect(plain.status, JSON.stringify(plain.body)).toBe(200);
      expect(plain.body).toMatchObject({ order_id: order.id, name: 'photo.jpg', public_visible: true, user_id: null, customer_id: 5, deletable: true });
      for (const parts of [
        [{ name: 'order_id', value: String(otherOrder.id) }, filePart(Buffer.from('x'))],
        [filePart(Buffer.from('x')), { name: 'order_id', value: String(otherOrder.id) }],
      ]) {
        const refused = await send(parts);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe('The order_id of the form differs from the order_id of the address');
      }
      expect((await send([{ name: 'order_id', value: String(order.id) }, filePart(Buffer.from('y'))])).status).toBe(200);
      const rows = await rowsOf(account.id);
      expect(rows.map((row) => row.orderId)).toEqual([order.id, order.id]);
      expect(onDisk(account.id)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batches, products } from '../../../server/db/schema';
import { workbookBytes } from '../../../server/http/xlsxTable';
import { exportStock } from '../../../server/modules/products/stockExport';
import { useTestServer } from '../harness';
import { taskFile } from '../support/taskWaits';
import { importFile, shop, xlsx } from './support';

/**
 * Big exports as tasks (issue 14 §4): product/export/xlsx and product/stock-export answer the file at once for at most
 * config.exportDirectRows products (EXPORT_DIRECT_ROWS), and past that 202 with a task whose result is the same file,
 * downloaded with task/file. The task's product file re-imports with nothing added or changed (round trip).
 */
const server = useTestServer();
const db = () => server.database.db;
const config = () => server.app.ctx.config;
let configured = 0;
beforeAll(() => {
  configured = config().exportDirectRows;
});
afterEach(() => {
  config().exportDirectRows = configured;
});

async function post(token: string, url: string, body: object) {
  return server.app.inject({ method: 'POST', url: `/api/${url}`, headers: { authorization: `Bearer ${token}` }, payload: body });
}

async function sheetValues(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook.worksheets[0].getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
}

const snapshot = async (accountId: number) => ({
  products: await db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id)),
  batches: await db().select().from(batches).where(eq(batches.accountId, accountId)).orderBy(asc(batches.id)),
});

/** 12 products (by name and article: the last row is a second batch of Item 0), prices, a category tree, custom fields and stock in both warehouses. */
const catalogue = () =>
  xlsx([
    ['Name', 'Article', 'Batch', 'Category', 'Unit', 'Price', 'VAT', 'Tags', 'Colour', 'Weight', 'Stock: Main', 'Stock: Shop', 'Cost price'],
    ...Array.from({ length: 12 }, (_, index) => [`Item ${index}`, `A-${index}`, `L${index % 3}`, `Tools / Group ${index % 2}`, 'pcs', 10 + index, 20, 'bench, sale', 'red', index / 10, 1 + index, index % 2, 5]),
    ['Item 0', 'A-0', 'L9', 'Tools / Group 0', 'pcs', 10, 20, 'bench, sale', 'red', 0, 4, null, 6],
  ]);

describe('exports at most EXPORT_DIRECT_ROWS products at once, bigger ones as a task', () => {
  it('product/export/xlsx: small → the file; big → 202 and a task whose file equals it and re-imports unchanged (round trip)', async () => {
    const { account } = await shop(server);
    const first = await importFile(server, account, 'catalogue.xlsx', await catalogue(), { compare: 'name_article' });
    expect(first.outcome.error).toBeUndefined();
    const before = await snapshot(account.id);

    config().exportDirectRows = 12;
    const direct = await post(account.token, 'product/export/xlsx', {});
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toMatch(/spreadsheetml/);

    config().exportDirectRows = 11;
    const started = await post(account.token, 'product/export/xlsx', {});
    expect(started.statusCode).toBe(202);
    const { task_id } = started.json() as { task_id: number };
    expect(task_id).toBeGreaterThan(0);
    const file = await taskFile(server, account.token, task_id);
    expect(file.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const values = await sheetValues(file.bytes);
    // One row per batch number (13) under the header, the same as the file answered at once.
    expect(values).toHaveLength(14);
    expect(values).toEqual(await sheetValues(direct.rawPayload));

    const again = await importFile(server, account, 'exported.xlsx', file.bytes, { compare: 'name_article_batch', mode: 'add_update' });
    expect(again.uploaded.mapping.filter((column) => column.field === null)).toEqual([]);
    expect(again.outcome.error).toBeUndefined();
    expect(again.outcome.counts).toMatchObject({ added: 0, updated: 0, wrong: 0, unchanged: 13 });
    expect(await snapshot(account.id)).toEqual(before);
  }, 120_000);

  it('product/stock-export: the filter and the selection are what is counted; big → a task whose file holds the table', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'catalogue.xlsx', await catalogue(), { compare: 'name_article' });
    config().exportDirectRows = 5;

    // Three products match 'Item 1' (Item 1, Item 10, Item 11): at most 5, so the file comes at once.
    const filtered = await post(account.token, 'product/stock-export', { filter: { search: 'Item 1' }, columns: ['name'] });
    expect(filtered.statusCode).toBe(200);
    expect(await sheetValues(filtered.rawPayload)).toEqual([['Name'], ['Item 1'], ['Item 10'], ['Item 11']]);

    const started = await post(account.token, 'product/stock-export', { sort: { field: 'name', order: 'desc' }, columns: ['name', 'count'] });
    expect(started.statusCode).toBe(202);
    const file = await taskFile(server, account.token, (started.json() as { task_id: number }).task_id);
    expect(file.name).toMatch(/^stock-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const names = Array.from({ length: 12 }, (_, index) => `Item ${index}`).sort().reverse();
    const counts = new Map(names.map((name) => [name, 1 + Number(name.slice(5)) + (Number(name.slice(5)) % 2)]));
    counts.set('Item 0', 1 + 4);
    expect(await sheetValues(file.bytes)).toEqual([['Name', 'In stock'], ...names.map((name) => [name, counts.get(name)])]);

    // Read by key a chunk at a time (here 5 ids a chunk), the rows keep the table's order across chunks.
    const chunked = await workbookBytes(await exportStock(db(), account.id, { sort: { field: 'name', order: 'desc' }, columns: ['name'] }, (error) => { throw error; }, 5));
    expect(await sheetValues(Buffer.from(chunked))).toEqual([['Name'], ...names.map((name) => [name])]);

    // Another user of the account does not get the file.
    const member = await server.newMember(account);
    expect((await server.call('GET', 'task/file', { token: member.token, query: { id: (started.json() as { task_id: number }).task_id } })).status).toBe(404);
  }, 120_000);
});

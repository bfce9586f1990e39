import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, products } from '../../../server/db/schema';
import { saveTemplate } from '../../../server/modules/import/templates';
import { useTestServer } from '../harness';
import { importFile, settingsOf, shop, xlsx } from './support';

/**
 * Export (issue 14 §4) and templates (§3): product/export/xlsx writes the import's own columns, so the file comes back
 * with no change; formula-looking texts stay texts; a template is saved under a name and listed, an empty name saves
 * nothing.
 */
const server = useTestServer();
const db = () => server.database.db;

async function exported(token: string, body: object = {}) {
  const response = await server.app.inject({ method: 'POST', url: '/api/product/export/xlsx', headers: { authorization: `Bearer ${token}` }, payload: body });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toMatch(/products-\d{4}-\d{2}-\d{2}\.xlsx/);
  return response.rawPayload;
}

const snapshot = async (accountId: number) => ({
  products: await db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id)),
  batches: await db().select().from(batches).where(eq(batches.accountId, accountId)).orderBy(asc(batches.id)),
});

describe('product/export/xlsx', () => {
  it('round trip: the exported file re-imports (add and update by name, article and batch) with 0 added and 0 changed values', async () => {
    const { account } = await shop(server);
    const file = await xlsx([
      ['Name', 'Article', 'Batch', 'Category', 'Unit', 'Type', 'Price', 'VAT', 'Tags', 'Colour', 'Weight', 'Made', 'Stock: Main', 'Stock: Shop', 'Cost price'],
      ['Hammer', 'H-1', 'B1', 'Tools / Hand tools', 'pcs', 'product', 100, 20, 'steel, sale', 'red', 1.5, '2025-01-31', 10, 2, 40],
      ['Hammer', 'H-1', 'B2', 'Tools / Hand tools', 'pcs', 'product', 100, 20, 'steel, sale', 'red', 1.5, '2025-01-31', null, 7, 42],
      ['=1+1', '+7', '', '', 'kg', 'product', 0.5, 0, null, '@home', null, null, 3.25, null, null],
      ['Repair', '-R', '', 'Services', 'h', 'service', 1500, null, null, null, null, null, null, null, null],
      ['Spare', '', '', '', 'pcs', 'product', null, null, null, null, null, null, null, null, null],
    ]);
    // By name and article: the second Hammer row is a second batch of the first Hammer.
    const first = await importFile(server, account, 'catalogue.xlsx', file, { compare: 'name_article' });
    expect(first.outcome.error).toBeUndefined();
    expect(first.outcome.counts).toMatchObject({ added: 4, updated: 1 });
    const before = await snapshot(account.id);

    const bytes = await exported(account.token);
    const again = await importFile(server, account, 'exported.xlsx', bytes, { compare: 'name_article_batch', mode: 'add_update' });
    expect(again.uploaded.mapping.filter((column) => column.field === null)).toEqual([]);
    expect(again.outcome.error).toBeUndefined();
    expect(again.outcome.counts).toMatchObject({ added: 0, updated: 0, wrong: 0, unchanged: 5 });
    expect(await snapshot(account.id)).toEqual(before);
  });

  it('formula-looking texts (=, +, -, @) are written as text cells, never as formulas', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Article'], ['=HYPERLINK("http://x","y")', '@SUM(1)'], ['-2+3', '+1']]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(account.token)) as never);
    const sheet = workbook.worksheets[0];
    const cells = [2, 3].flatMap((row) => [sheet.getCell(row, 1), sheet.getCell(row, 2)]);
    expect(cells.map((cell) => cell.type)).toEqual(Array(4).fill(ExcelJS.ValueType.String));
    expect(cells.map((cell) => cell.value)).toEqual(['=HYPERLINK("http://x","y")', '@SUM(1)', '-2+3', '+1']);
  });

  it('exports the columns asked for (the name always) and only the filtered products', async () => {
    const { account } = await shop(server);
    await importFile(server, account, 'a.xlsx', await xlsx([['Name', 'Article', 'Price'], ['Alpha', 'A', 1], ['Beta', 'B', 2]]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(account.token, { columns: ['price:price', 'article'], filter: { search: 'Bet' } })) as never);
    expect(workbook.worksheets[0].getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))).toEqual([
      ['Name', 'Price', 'Article'],
      ['Beta', 2, 'B'],
    ]);
  });
});

describe('templates (account/import-templates)', () => {
  it('saves the mapping and choices under a name, replaces it under the same name, and saves nothing for an empty name', async () => {
    const { account } = await shop(server);
    const settings = settingsOf([{ column: 0, header: 'Name', field: 'name' }], { mode: 'add', compare: 'name', only_positive: true, excluded: ['tags'] });
    expect(await saveTemplate(db(), account.id, '   ', settings)).toBeNull();
    await saveTemplate(db(), account.id, 'Supplier', settings);
    await saveTemplate(db(), account.id, 'Supplier', { ...settings, mode: 'update' });
    const list = await server.call('GET', 'account/import-templates', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Supplier', settings: { ...settings, mode: 'update' } });
    const other = await shop(server);
    expect((await server.call('GET', 'account/import-templates', { token: other.account.token })).body).toEqual([]);
    expect((await server.call('POST', 'account/import-templates/delete', { token: other.account.token, body: { id: list.body[0].id } })).status).toBe(404);
    expect((await server.call('POST', 'account/import-templates/delete', { token: account.token, body: { id: list.body[0].id } })).status).toBe(200);
  });

  it('product/import/start saves the template (empty name: none) and answers the queued task', async () => {
    const { account } = await shop(server);
    const { upload } = await import('./support');
    const uploaded = await upload(server, account.token, 'a.xlsx', await xlsx([['Name'], ['A']]));
    const settings = settingsOf(uploaded.body.mapping);
    const start = await server.call('POST', 'product/import/start', { token: account.token, body: { upload_id: uploaded.body.upload_id, settings, template_name: 'Weekly' } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ task_id: expect.any(Number), template: { name: 'Weekly', settings } });
    const unnamed = await server.call('POST', 'product/import/start', { token: account.token, body: { upload_id: uploaded.body.upload_id, settings, template_name: '' } });
    expect(unnamed.body.template).toBeNull();
  });
});

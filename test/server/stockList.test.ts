import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, categories, fields, products } from '../../server/db/schema';
import { XLSX_TYPE } from '../../server/http/downloads';
import { useTestServer, type TestAccount } from './harness';

/**
 * The stock screen's calls (issue 13 §2, §4 export): product/stock-list, product/stock-totals, product/stock-export
 * and product/archive-many — balances per warehouse choice, every filter, sort with the id as tie-break, paging,
 * the totals of the whole filter, per-account isolation, and the xlsx read back by exceljs and by LibreOffice.
 */
const server = useTestServer();
const db = () => server.database.db;
type Answer = { status: number; body: any };
const post = (account: { token: string }, path: string, body: unknown): Promise<Answer> => server.call('POST', path, { token: account.token, body });

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'stockroom-stock-export-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * An account with Main (the main warehouse) and Second, categories Tools > Drills, price types retail (base) and
 * wholesale, and:
 * - Hammer drill (HD-1, Drills, tag power, retail 100): B1 10 @ 12.5 in Main (3 reserved), B2 5 @ 20 in Second;
 * - Nail box (NB-2, no category, tag bulk, retail 3): N1 100 @ 1 in Main;
 * - Delivery (a service, retail 50): no stock;
 * - Old saw (archived, retail 10): S1 7 @ 2 in Main.
 */
async function catalogue(account: TestAccount) {
  const main = (await post(account, 'warehouse/add', { name: 'Main' })).body;
  const second = (await post(account, 'warehouse/add', { name: 'Second' })).body;
  await db().insert(fields).values([
    { accountId: account.id, entity: 'product', code: 'retail', name: 'Retail price', type: 11, sort: 0 },
    { accountId: account.id, entity: 'product', code: 'wholesale', name: 'Wholesale price', type: 11, sort: 1 },
  ]);
  const [tools] = await db().insert(categories).values({ accountId: account.id, name: 'Tools' }).returning();
  const [drills] = await db().insert(categories).values({ accountId: account.id, name: 'Drills', parentId: tools.id }).returning();
  const price = (cost: number) => ({ cost });
  const add = async (body: Record<string, unknown>) => (await post(account, 'product/add', body)).body;
  const drill = await add({ name: 'Hammer drill', article: 'HD-1', category_id: drills.id, tags: ['power'], values: { retail: price(100), wholesale: price(80) } });
  const nails = await add({ name: 'Nail box', article: 'NB-2', tags: ['bulk'], values: { retail: price(3) } });
  const delivery = await add({ name: 'Delivery', type: 'service', values: { retail: price(50) } });
  const saw = await add({ name: 'Old saw', values: { retail: price(10) } });
  const arrive = async (product: { id: number }, warehouse: { id: number }, batch: string, count: number, cost: number) => {
    const answer = await post(account, 'product/arrival', { product_id: product.id, warehouse_id: warehouse.id, batch, count, cost_price: cost });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const b1 = await arrive(drill, main, 'B1', 10, 12.5);
  await arrive(drill, second, 'B2', 5, 20);
  await arrive(nails, main, 'N1', 100, 1);
  await arrive(saw, main, 'S1', 7, 2);
  // A reservation is an order's business; set straight on the row so this test needs no order.
  await db().update(batches).set({ reserve: '3' }).where(eq(batches.id, b1.id));
  expect((await post(account, 'product/archive', { id: saw.id })).status).toBe(200);
  return { main, second, tools, drills, drill, nails, delivery, saw };
}

const list = async (account: TestAccount, body: Record<string, unknown> = {}) => {
  const answer = await post(account, 'product/stock-list', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const names = async (account: TestAccount, body: Record<string, unknown> = {}) => (await list(account, body)).data.map((row: { name: string }) => row.name);

describe('product/stock-list', () => {
  it('lists goods and services with balances summed over their batches, average cost price, every price type and the batch rows nested; archived products never appear', async () => {
    const account = await server.newAccount();
    const { drill } = await catalogue(account);
    const page = await list(account);
    expect(page.price_fields).toEqual([
      { code: 'retail', name: 'Retail price' },
      { code: 'wholesale', name: 'Wholesale price' },
    ]);
    // Sorted by name by default.
    expect(page.data.map((row: { name: string }) => row.name)).toEqual(['Delivery', 'Hammer drill', 'Nail box']);
    expect(page.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    const row = page.data[1];
    expect(row).toMatchObject({
      id: drill.id,
      type: 'product',
      article: 'HD-1',
      category_name: 'Drills',
      tags: ['power'],
      prices: { retail: 100, wholesale: 80 },
      count: 15,
      reserve: 3,
      available: 12,
      // (10 × 12.5 + 5 × 20) / 15
      cost_price: 15,
      // Two batch rows: no single batch or warehouse to show on the product row.
      batch: null,
      warehouse_name: null,
    });
    expect(row.batches.map((batch: Record<string, unknown>) => [batch.warehouse_name, batch.number, batch.count, batch.reserve, batch.available, batch.cost_price])).toEqual([
      ['Main', 'B1', 10, 3, 7, 12.5],
      ['Second', 'B2', 5, 0, 5, 20],
    ]);
    expect(page.data[2]).toMatchObject({ batch: 'N1', warehouse_name: 'Main', prices: { retail: 3, wholesale: null }, count: 100 });
    expect(page.data[0]).toMatchObject({ type: 'service', count: 0, cost_price: null, batches: [] });
  });

  it('warehouse selector: all warehouses, the main warehouse, one warehouse by id; another account’s warehouse is refused', async () => {
    const account = await server.newAccount();
    const { main, second } = await catalogue(account);
    const drillIn = async (warehouse: unknown) => (await list(account, { warehouse })).data.find((row: { name: string }) => row.name === 'Hammer drill');
    expect((await drillIn('all')).count).toBe(15);
    expect(await drillIn('main')).toMatchObject({ count: 10, reserve: 3, batch: 'B1', warehouse_name: 'Main', cost_price: 12.5 });
    expect(await drillIn(main.id)).toMatchObject({ count: 10 });
    expect(await drillIn(second.id)).toMatchObject({ count: 5, batch: 'B2', warehouse_name: 'Second' });
    const other = await server.newAccount();
    const foreign = (await post(other, 'warehouse/add', { name: 'Theirs' })).body;
    expect((await post(account, 'product/stock-list', { warehouse: foreign.id })).status).toBe(404);
  });

  it('filters: text over name, article and batch; category with its sub-categories; positive balances; price and quantity ranges; tags; type', async () => {
    const account = await server.newAccount();
    const { tools, drills, second } = await catalogue(account);
    expect(await names(account, { filter: { search: 'drill' } })).toEqual(['Hammer drill']);
    expect(await names(account, { filter: { search: 'nb-2' } })).toEqual(['Nail box']);
    expect(await names(account, { filter: { search: 'N1' } })).toEqual(['Nail box']);
    // LIKE wildcards are text.
    expect(await names(account, { filter: { search: '%' } })).toEqual([]);
    expect(await names(account, { filter: { category_id: tools.id } })).toEqual(['Hammer drill']);
    expect(await names(account, { filter: { category_id: drills.id } })).toEqual(['Hammer drill']);
    expect(await names(account, { filter: { positive: true } })).toEqual(['Hammer drill', 'Nail box']);
    expect(await names(account, { warehouse: second.id, filter: { positive: true } })).toEqual(['Hammer drill']);
    expect(await names(account, { filter: { price_min: 10, price_max: 60 } })).toEqual(['Delivery']);
    expect(await names(account, { filter: { price_field: 'wholesale', price_min: 1 } })).toEqual(['Hammer drill']);
    expect(await names(account, { filter: { count_min: 1, count_max: 20 } })).toEqual(['Hammer drill']);
    expect(await names(account, { filter: { count_max: 0 } })).toEqual(['Delivery']);
    expect(await names(account, { filter: { tags: ['bulk', 'nothing'] } })).toEqual(['Nail box']);
    expect(await names(account, { filter: { type: 'service' } })).toEqual(['Delivery']);
    const filtered = await list(account, { filter: { type: 'product', positive: true } });
    expect(filtered.meta.total).toBe(2);
  });

  it('sorts by every column both ways, missing values last', async () => {
    const account = await server.newAccount();
    await catalogue(account);
    const order = async (field: string, direction: 'asc' | 'desc' = 'asc') => names(account, { sort: { field, order: direction } });
    expect(await order('count', 'desc')).toEqual(['Nail box', 'Hammer drill', 'Delivery']);
    expect(await order('available')).toEqual(['Delivery', 'Hammer drill', 'Nail box']);
    expect(await order('reserve', 'desc')).toEqual(['Hammer drill', 'Delivery', 'Nail box']);
    expect(await order('cost_price')).toEqual(['Nail box', 'Hammer drill', 'Delivery']);
    expect(await order('price:retail', 'desc')).toEqual(['Hammer drill', 'Delivery', 'Nail box']);
    // Equal (missing) values follow the id.
    expect(await order('price:wholesale')).toEqual(['Hammer drill', 'Nail box', 'Delivery']);
    expect(await order('article')).toEqual(['Delivery', 'Hammer drill', 'Nail box']);
    expect(await order('category')).toEqual(['Hammer drill', 'Nail box', 'Delivery']);
    // Descending, the id breaks ties descending too.
    expect(await order('type', 'desc')).toEqual(['Delivery', 'Nail box', 'Hammer drill']);
    // A product with several batches sorts by its first batch number and warehouse name.
    expect(await order('batch')).toEqual(['Hammer drill', 'Nail box', 'Delivery']);
    expect(await order('batch', 'desc')).toEqual(['Nail box', 'Hammer drill', 'Delivery']);
    expect(await order('warehouse')).toEqual(['Hammer drill', 'Nail box', 'Delivery']);
    expect(await order('name', 'desc')).toEqual(['Nail box', 'Hammer drill', 'Delivery']);
    expect(await order('created_at')).toEqual(['Hammer drill', 'Nail box', 'Delivery']);
    expect(await order('unit')).toHaveLength(3);
    expect((await post(account, 'product/stock-list', { sort: { field: 'values' } })).status).toBe(400);
  });

  it('pages are stable when many rows share the sort value: the id breaks ties, no row shown twice or skipped', async () => {
    const account = await server.newAccount();
    const ids: number[] = [];
    for (let index = 0; index < 7; index += 1) ids.push((await post(account, 'product/add', { name: 'Same' })).body.id);
    for (const order of ['asc', 'desc'] as const) {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const answer = await list(account, { page, per_page: 3, sort: { field: 'count', order } });
        expect(answer.meta).toMatchObject({ total: 7, last_page: 3, current_page: page });
        seen.push(...answer.data.map((row: { id: number }) => row.id));
      }
      expect(seen).toEqual(order === 'asc' ? ids : [...ids].reverse());
    }
  });

  it('is per account: another account sees none of these rows or totals (its export: see product/stock-export)', async () => {
    const account = await server.newAccount();
    await catalogue(account);
    const other = await server.newAccount();
    expect((await list(other)).data).toEqual([]);
    expect((await post(other, 'product/stock-totals', {})).body).toMatchObject({ count: 0, cost_value: 0, products: 0 });
    expect((await post(other, 'product/stock-totals', { filter: { search: 'drill' } })).body.products).toBe(0);
  });
});

describe('product/stock-totals', () => {
  it('sums the whole filter (not only the page): quantity, cost value Σ count×cost, sale value Σ count×base price', async () => {
    const account = await server.newAccount();
    const { main } = await catalogue(account);
    const totals = async (body: Record<string, unknown>) => (await post(account, 'product/stock-totals', body)).body;
    // 15 + 100; 10×12.5 + 5×20 + 100×1; 15×100 + 100×3. The archived saw counts nowhere.
    expect(await totals({})).toEqual({ count: 115, reserve: 3, available: 112, cost_value: 325, sale_value: 1800, products: 3 });
    expect(await totals({ warehouse: 'main' })).toEqual({ count: 110, reserve: 3, available: 107, cost_value: 225, sale_value: 1300, products: 3 });
    expect(await totals({ warehouse: main.id, filter: { search: 'hammer' } })).toEqual({ count: 10, reserve: 3, available: 7, cost_value: 125, sale_value: 1000, products: 1 });
    expect(await totals({ filter: { positive: true, count_max: 50 } })).toMatchObject({ count: 15, products: 1 });
    // The page size does not change them.
    expect((await list(account, { per_page: 1 })).data).toHaveLength(1);
  });
});

describe('product/archive-many', () => {
  it('archives the selected products (they leave the list); a member without the product-editing right is refused and nothing changes', async () => {
    const account = await server.newAccount({ separateRights: true });
    const { drill, nails } = await catalogue(account);
    const keeper = await server.newMember(account, { editingRemains: false, changeRemains: true });
    const refused = await post(keeper, 'product/archive-many', { ids: [drill.id] });
    expect(refused.status).toBe(422);
    expect((await db().select().from(products).where(eq(products.id, drill.id)))[0].archived).toBe(false);
    const answer = await post(account, 'product/archive-many', { ids: [drill.id, nails.id] });
    expect(answer.body).toEqual({ archived: 2 });
    expect(await names(account)).toEqual(['Delivery']);
  });
});

describe('product/stock-export', () => {
  async function exportFile(account: TestAccount, body: unknown, name: string) {
    const response = await server.app.inject({ method: 'POST', url: '/api/product/stock-export', headers: { authorization: `Bearer ${account.token}` }, payload: body as object });
    const file = join(work, name);
    writeFileSync(file, response.rawPayload);
    return { response, file };
  }

  it('writes the current table (warehouse, filter, sort, visible columns in order) with numbers as numbers and dates as dates; a selection exports only those rows', async () => {
    const account = await server.newAccount();
    const { drill, nails } = await catalogue(account);
    const columns = ['name', 'count', 'cost_price', 'price:retail', 'warehouse', 'created_at', 'no-such-column'];
    const { response, file } = await exportFile(account, { warehouse: 'main', sort: { field: 'count', order: 'desc' }, columns }, 'stock.xlsx');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.xlsx"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual(['Name', 'In stock', 'Cost price', 'Retail price', 'Warehouse', 'Created (UTC)']);
    expect(rows.slice(1).map((row) => row.slice(1, 6))).toEqual([
      ['Nail box', 100, 1, 3, 'Main'],
      ['Hammer drill', 10, 12.5, 100, 'Main'],
      // The service: nothing in stock, no cost price, no warehouse (empty cells).
      ['Delivery', 0, undefined, 50, undefined],
    ]);
    expect(rows[1][6]).toBeInstanceOf(Date);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.###');

    const exportedNames = async (body: unknown, name: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await exportFile(account, body, name)).file);
      return (workbook.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((row) => row[1]);
    };
    expect(await exportedNames({ ids: [nails.id], columns: ['name'] }, 'selected.xlsx')).toEqual(['Name', 'Nail box']);
    // The selection within the current filter: the nail box is selected but filtered out.
    expect(await exportedNames({ ids: [drill.id, nails.id], columns: ['name'], filter: { search: 'drill' } }, 'selected-filtered.xlsx')).toEqual(['Name', 'Hammer drill']);
    // Another account's export of the same call has no line of this one.
    const other = await server.newAccount();
    const theirs = await exportFile(other, { columns: ['name'] }, 'theirs.xlsx');
    const theirBook = new ExcelJS.Workbook();
    await theirBook.xlsx.readFile(theirs.file);
    expect((theirBook.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((row) => row[1])).toEqual(['Name']);

    // LibreOffice opens it: numbers are numbers (not quoted), dates are dates (shown in their format).
    const outDir = mkdtempSync(join(work, 'csv-'));
    const result = spawnSync(
      'soffice',
      [`-env:UserInstallation=file://${join(work, 'lo-profile')}`, '--headless', '--norestore', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,true', '--outdir', outDir, file],
      { encoding: 'utf8', timeout: 180_000, env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } },
    );
    expect(result.error).toBeUndefined();
    const csv = readFileSync(join(outDir, 'stock.csv'), 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe('"Name","In stock","Cost price","Retail price","Warehouse","Created (UTC)"');
    expect(csv[1]).toMatch(/^"Nail box",100,1\.00,3\.00,"Main",\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(csv[2]).toMatch(/^"Hammer drill",10,12\.50,100\.00,"Main",\d{4}-/);
  });
});

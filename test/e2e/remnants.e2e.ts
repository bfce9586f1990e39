import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage } from './browser';

/**
 * The stock screen /remnants against the real server (issue 13 §2, §4 export), in English and in Russian, each on an
 * account of its own seeded here: Main and Second warehouses, a retail price type, Hammer drill (B1 10 in Main, B2 5 in
 * Second), Nail box (N1 100 in Main), the service Delivery and 22 screws with no stock — 25 rows, two pages.
 * Within a language the tests run in order; the table setup test changes the account's columns for the later ones.
 */
const LANGUAGES = [
  { locale: 'en-US', texts: en, title: 'In stock' },
  { locale: 'ru-RU', texts: ru, title: 'В наличии' },
] as const;

async function seed(account: TestAccount): Promise<void> {
  const api = staffApi(account);
  const main = await api<{ id: number }>('/api/warehouse/add', { body: { name: 'Main' } });
  const second = await api<{ id: number }>('/api/warehouse/add', { body: { name: 'Second' } });
  await api('/api/field/add', { body: { name: 'Retail', type: 11, code: 'retail' } });
  const add = (body: Record<string, unknown>) => api<{ id: number }>('/api/product/add', { body });
  const drill = await add({ name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100 } } });
  const nails = await add({ name: 'Nail box', article: 'NB-2', values: { retail: { cost: 3 } } });
  await add({ name: 'Delivery', type: 'service', values: { retail: { cost: 50 } } });
  for (let index = 1; index <= 22; index += 1) await add({ name: `Screw ${String(index).padStart(2, '0')}`, article: `SC-${index}` });
  const arrive = (product: { id: number }, warehouse: { id: number }, batch: string, count: number, cost: number) =>
    api('/api/product/arrival', { body: { product_id: product.id, warehouse_id: warehouse.id, batch, count, cost_price: cost } });
  await arrive(drill, main, 'B1', 10, 12.5);
  await arrive(drill, second, 'B2', 5, 20);
  await arrive(nails, main, 'N1', 100, 1);
}

const table = (page: Page) => page.getByTestId('stock-table');
const productRows = (page: Page) => page.locator('[data-testid="stock-table"] tbody tr[data-product]');
const names = (page: Page) => page.locator('[data-testid="stock-table"] tbody tr[data-product] td[data-column="name"]').allTextContents();
const headers = (page: Page) => page.locator('[data-testid="stock-table"] thead th[data-column]').evaluateAll((cells) => cells.map((cell) => cell.textContent?.replace(/[▲▼]/g, '').trim()));
const query = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

/** The table has settled after the stock-list answer an action causes. */
async function listAfter(page: Page, action: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([page.waitForRequest((req) => req.url().endsWith('/api/product/stock-list') && req.method() === 'POST'), action()]);
  await request.response();
  await page.locator('[data-testid="stock-table"]:not([aria-busy="true"]), .stock-state').first().waitFor();
  return request.postDataJSON() as Record<string, unknown>;
}

describe.each(LANGUAGES)('/remnants in the browser ($locale)', ({ locale, texts, title }) => {
  const L = texts.stock.list;
  let account: TestAccount;
  beforeAll(async () => {
    account = await testAccount(`remnants-${locale}`);
    await seed(account);
  });

  async function open(path = '/remnants'): Promise<Page> {
    const page = await openPage(path, { token: account.token, locale, context: { acceptDownloads: true } });
    await table(page).waitFor();
    return page;
  }

  it('lists the goods with balances, the batch and warehouse of single-batch rows, the totals of the filter and two pages', async () => {
    const page = await open();
    expect(await page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
    expect(await headers(page)).toEqual([L.colName, L.colArticle, L.colBatch, L.colWarehouse, L.colUnit, L.colCount, L.colReserve, L.colAvailable, L.colCostPrice, 'Retail']);
    expect(await productRows(page).count()).toBe(20);
    const nails = page.locator('tr[data-product]', { hasText: 'Nail box' });
    expect(await nails.locator('td[data-column="batch"]').textContent()).toBe('N1');
    expect(await nails.locator('td[data-column="warehouse"]').textContent()).toBe('Main');
    // Totals of the whole filter, not of the page: 10 + 5 + 100 in stock; sale value 15 × 100 + 100 × 3.
    const totals = page.getByTestId('stock-totals');
    expect(await totals.locator('td[data-column="count"]').textContent()).toBe('115');
    expect((await totals.locator('td[data-column="price:retail"]').textContent())?.replace(/\D/g, '')).toBe('180000');
    await listAfter(page, () => page.getByRole('button', { name: L.nextPage }).click());
    expect(await productRows(page).count()).toBe(5);
    expect(query(page).get('page')).toBe('2');
  });

  it('search and filter narrow the list, live in the address (reload keeps them, Back undoes them); the warehouse selector counts one warehouse', async () => {
    const page = await open();
    const body = await listAfter(page, () => page.locator('#stock-search').fill('drill'));
    expect(body).toMatchObject({ filter: { search: 'drill' }, page: 1 });
    expect(await names(page)).toEqual(['Hammer drill']);
    expect(query(page).get('q')).toBe('drill');
    await page.reload();
    await table(page).waitFor();
    expect(await names(page)).toEqual(['Hammer drill']);
    expect(await page.locator('#stock-search').inputValue()).toBe('drill');
    await listAfter(page, () => page.locator('#stock-search').fill(''));

    await page.getByRole('button', { name: L.filter, exact: true }).click();
    await page.getByLabel(L.positiveOnly).check();
    await listAfter(page, () => page.getByRole('button', { name: L.apply }).click());
    expect(await names(page)).toEqual(['Hammer drill', 'Nail box']);
    expect(query(page).get('pos')).toBe('1');
    expect(await page.getByRole('button', { name: L.filtersActive.replace('{{count}}', '1') }).isVisible()).toBe(true);

    await listAfter(page, () => page.locator('#stock-warehouse').selectOption({ label: 'Second' }));
    expect(await names(page)).toEqual(['Hammer drill']);
    expect(await page.locator('tr[data-product] td[data-column="count"]').textContent()).toBe('5');
    await listAfter(page, () => page.goBack());
    expect(await names(page)).toEqual(['Hammer drill', 'Nail box']);
    await listAfter(page, () => page.goBack());
    expect(await productRows(page).count()).toBe(20);
  });

  it('sorts by a column header, ascending then descending, and expands a product to its batch rows', async () => {
    const page = await open();
    const sortButton = page.getByRole('button', { name: texts.stock.list.sortBy.replace('{{name}}', L.colCount) });
    await listAfter(page, () => sortButton.click());
    expect(query(page).get('sort')).toBe('count');
    await listAfter(page, () => sortButton.click());
    expect(query(page).get('dir')).toBe('desc');
    expect((await names(page)).slice(0, 2)).toEqual(['Nail box', 'Hammer drill']);
    expect(await page.locator('th[data-column="count"]').getAttribute('aria-sort')).toBe('descending');

    await page.getByRole('button', { name: L.expand.replace('{{name}}', 'Hammer drill') }).click();
    const batchRows = page.locator('tr[data-batch]');
    expect(await batchRows.count()).toBe(2);
    expect(await batchRows.locator('td[data-column="batch"]').allTextContents()).toEqual(['B1', 'B2']);
    expect(await batchRows.locator('td[data-column="count"]').allTextContents()).toEqual(['10', '5']);
    await page.getByRole('button', { name: L.collapse.replace('{{name}}', 'Hammer drill') }).click();
    expect(await batchRows.count()).toBe(0);
  });

  it('table setup hides and orders columns, saved for the account: a reload shows the same columns', async () => {
    const page = await open();
    await page.getByRole('button', { name: texts.stock.tableSetup }).click();
    const setup = page.getByTestId('stock-table-setup');
    await setup.getByLabel(L.colArticle, { exact: true }).uncheck();
    // From eighth (after category and type, hidden) to second.
    for (let step = 0; step < 6; step += 1) await setup.getByRole('button', { name: L.moveUp.replace('{{name}}', L.colCount) }).click();
    await page.getByRole('button', { name: texts.app.save }).click();
    await setup.waitFor({ state: 'detached' });
    const expected = [L.colName, L.colCount, L.colBatch, L.colWarehouse, L.colUnit, L.colReserve, L.colAvailable, L.colCostPrice, 'Retail'];
    expect(await headers(page)).toEqual(expected);
    await page.reload();
    await table(page).waitFor();
    await expect.poll(() => headers(page)).toEqual(expected);
  });

  it('selects rows (one by one and the whole page) and exports the selection in the visible columns as xlsx that exceljs reads', async () => {
    const page = await open('/remnants?pos=1');
    await page.getByRole('checkbox', { name: L.selectRow.replace('{{name}}', 'Hammer drill') }).check();
    expect(await page.getByText(texts.plural.selectedRows.one.replace('{{count}}', '1')).isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: L.selectPage }).check();
    expect(await page.getByText(texts.plural.selectedRows.few.replace('{{count}}', '2')).isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.stock.export }).click()]);
    expect(download.suggestedFilename()).toMatch(/^stock-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const rows = (workbook.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((row) => row.slice(1));
    // The columns as the table setup left them (server headers are English); quantities are numbers.
    expect(rows[0].slice(0, 2)).toEqual(['Name', 'In stock']);
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['Hammer drill', 15],
      ['Nail box', 100],
    ]);
    await page.getByRole('checkbox', { name: L.selectPage }).uncheck();
    expect(await page.getByText(texts.plural.selectedRows.few.replace('{{count}}', '2')).count()).toBe(0);
  });
});

import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { Product, Warehouse } from '../../src/contract/stock';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage } from './browser';

/**
 * The product import overlay (issue 14 §3) in English and in Russian: opened from the stock screen's toolbar and
 * from the home menu, a file uploaded, the proposed mapping checked and changed, the duplicate comparison chosen, the
 * dry run's counts and wrong rows shown — and nothing written by it. Start (a task) is in the second test.
 */
let account: TestAccount;
let api: <T>(path: string, body?: unknown) => Promise<T>;
let main: Warehouse;

beforeAll(async () => {
  account = await testAccount('import');
  api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
  main = await api<Warehouse>('warehouse/add', { name: 'Main' });
  await api('field/add', { name: 'Retail', code: 'retail', type: 11 });
});

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en, header: ['Name', 'Quantity', 'Retail', 'Shelf'] },
  { lang: 'ru', locale: 'ru-RU', texts: ru, header: ['Наименование', 'Количество', 'Retail', 'Полка'] },
] as const;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Goods');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function openImport(page: Page, texts: (typeof LANGUAGES)[number]['texts'], from: 'toolbar' | 'menu') {
  if (from === 'toolbar') {
    await page.getByRole('toolbar', { name: texts.stock.ops.operations }).getByRole('button', { name: texts.stock.import, exact: true }).click();
  } else {
    await page.getByRole('button', { name: texts.home.menu, exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: texts.home.import }).click();
  }
  const dialog = page.getByRole('dialog', { name: texts.import.title });
  await dialog.waitFor();
  return dialog;
}

async function uploadAndCheck(page: Page, lang: (typeof LANGUAGES)[number], from: 'toolbar' | 'menu') {
  const { texts, header } = lang;
  const dialog = await openImport(page, texts, from);
  const file = await workbook([[...header], [`Hammer ${lang.lang}`, 5, 100, 'A1'], [`Saw ${lang.lang}`, 2, 'cheap', 'A2'], [`Level ${lang.lang}`, 1, 30, 'B1']]);
  await dialog.locator('input[type=file]').setInputFiles({ name: `goods-${lang.lang}.xlsx`, mimeType: 'application/octet-stream', buffer: file });
  const field = (column: string) => dialog.getByLabel(fill(texts.import.fieldOf, { column }), { exact: true });
  await field(header[0]).waitFor();
  // The proposal: names and quantities by their headers in the page's language, the price type by its own name.
  expect(await field(header[0]).inputValue()).toBe('name');
  expect(await field(header[1]).inputValue()).toBe('quantity');
  expect(await field(header[2]).inputValue()).toBe('price:retail');
  expect(await field(header[3]).inputValue()).toBe('');
  await dialog.getByLabel(texts.import.compare).selectOption('name');
  await dialog.getByLabel(texts.import.warehouse).selectOption(String(main.id));
  expect(await dialog.getByRole('button', { name: texts.import.start, exact: true }).isDisabled()).toBe(true);
  await dialog.getByRole('button', { name: texts.import.check, exact: true }).click();
  const result = dialog.getByRole('region', { name: texts.import.dryRun });
  await result.getByText(fill(texts.import.added, { count: 2 })).waitFor();
  await result.getByText(fill(texts.import.wrong, { count: 1 })).waitFor();
  const wrong = result.getByRole('row').filter({ hasText: 'Retail' });
  expect(await wrong.getByRole('cell').allTextContents()).toEqual(['3', 'Retail', fill(texts.serverErrors.importNotANumber, { text: 'cheap' })]);
  return dialog;
}

describe('product import in Chromium against the real server', () => {
  for (const lang of LANGUAGES) {
    it(`${lang.lang}: upload, mapping proposed from the headers, choices, dry run with its counts and wrong rows; nothing written`, async () => {
      const page = await openPage('/remnants', { token: account.token, locale: lang.locale });
      await uploadAndCheck(page, lang, lang.lang === 'en' ? 'toolbar' : 'menu');
      const found = await api<{ data: Product[] }>('product/list', { filter: { search: lang.lang } });
      expect(found.data.filter((product) => product.name.endsWith(` ${lang.lang}`))).toEqual([]);
    });

    it(`${lang.lang}: a file that is not a spreadsheet is refused in the page's language, and the dialog stays to pick another`, async () => {
      const page = await openPage('/remnants', { token: account.token, locale: lang.locale });
      const dialog = await openImport(page, lang.texts, 'toolbar');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'photo.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('GIF89a\u0000\u0001 not a workbook') });
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(lang.texts.serverErrors.importNotSpreadsheet);
      expect(await dialog.locator('input[type=file]').isDisabled()).toBe(false);
    });

    it(`${lang.lang}: Start runs the import as a task: the notice, then the products and their stock`, async () => {
      const page = await openPage('/remnants', { token: account.token, locale: lang.locale });
      const dialog = await uploadAndCheck(page, lang, 'toolbar');
      await dialog.getByLabel(lang.texts.import.skipWrong).check();
      await dialog.getByLabel(lang.texts.import.templateName, { exact: true }).fill(`Weekly ${lang.lang}`);
      await dialog.getByRole('button', { name: lang.texts.import.check, exact: true }).click();
      await dialog.getByRole('button', { name: lang.texts.import.start, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(lang.texts.import.started).waitFor();
      await expect
        .poll(async () => (await api<{ data: Product[] }>('product/list', { filter: { search: lang.lang } })).data.map((product) => [product.name, product.count]).sort())
        .toEqual([[`Hammer ${lang.lang}`, 5], [`Level ${lang.lang}`, 1]]);
      expect((await api<{ name: string }[]>('account/import-templates')).map((template) => template.name)).toContain(`Weekly ${lang.lang}`);
      // The task center lists the import as finished, with its counts (issue 14 §2).
      await page.getByRole('button', { name: lang.texts.home.menu, exact: true }).click();
      await page.getByRole('menuitem', { name: lang.texts.home.tasks }).click();
      const center = page.getByRole('dialog', { name: lang.texts.tasks.title });
      const item = center.locator('.tasks-item').first();
      await expect.poll(() => item.textContent()).toContain(lang.texts.tasks.successful);
      expect(await item.textContent()).toContain(lang.texts.tasks.countNames.added);
    });
  }
});

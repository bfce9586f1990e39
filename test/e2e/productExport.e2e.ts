import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { ImportPreprocessing } from '../../src/contract/import';
import { testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * The stock page's product export (issue 14 §4, product/export/xlsx) in English and in Russian: its toolbar button
 * downloads every product field of the listed products — the file product/export/xlsx answers — and the import reads
 * that file back with every column mapped.
 */
let account: TestAccount;

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en },
  { lang: 'ru', locale: 'ru-RU', texts: ru },
] as const;

const post = (path: string, body: BodyInit, json = true) =>
  fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${account.token}`, ...(json && { 'content-type': 'application/json' }) }, body });

async function sheetRows(bytes: Buffer | ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  return (workbook.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((row) => row.slice(1));
}

beforeAll(async () => {
  account = await testAccount('product-export', { demo: true });
});

describe('the stock page’s product export button', () => {
  for (const { lang, locale, texts } of LANGUAGES) {
    it(`${lang}: Export for import downloads the product/export/xlsx file of the table, and the import maps every column of it`, async () => {
      const page = await openPage('/remnants', { token: account.token, locale });
      const toolbar = page.getByRole('toolbar', { name: texts.stock.ops.operations });
      const button = toolbar.getByRole('button', { name: texts.stock.productExport.button, exact: true });
      expect(await button.getAttribute('title')).toBe(texts.stock.productExport.hint);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const bytes = readFileSync((await download.path()) as string);
      const rows = await sheetRows(bytes);

      // The table's default order is by name: the same call with that sort answers the same rows.
      const direct = await post('product/export/xlsx', JSON.stringify({ warehouse: 'all', sort: { field: 'name', order: 'asc' } }));
      expect(direct.status).toBe(200);
      const expected = await sheetRows(await direct.arrayBuffer());
      expect(rows[0]).toEqual(expected[0]);
      expect(rows.length).toBeGreaterThan(2);
      expect([...rows].sort()).toEqual([...expected].sort());

      const form = new FormData();
      form.append('file', new Blob([bytes]), 'products.xlsx');
      const preview = (await (await post('product/import/preprocessing', form, false)).json()) as ImportPreprocessing;
      expect(preview.mapping.filter((column) => column.field === null)).toEqual([]);
    });
  }
});

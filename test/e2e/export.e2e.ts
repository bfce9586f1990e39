import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { ImportPreprocessing, ImportStarted } from '../../src/contract/import';
import type { TaskItem } from '../../src/contract/tasks';
import { TASK_STATUS } from '../../src/domain/taskStatus';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * A big export from the stock screen (issue 14 §4) in English and in Russian: more products than the server answers
 * at once (EXPORT_DIRECT_ROWS, 5,000 unless the env lowers it for a quicker run) make Export start a task — the
 * information notice shows, the task is in the task center at once, and its download link gives the whole table.
 */
let account: TestAccount;
let api: <T>(path: string, body?: unknown) => Promise<T>;
const products = Number(process.env.EXPORT_DIRECT_ROWS || 5000) + 1;

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en },
  { lang: 'ru', locale: 'ru-RU', texts: ru },
] as const;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The catalogue comes in through the import (a CSV of `products` rows), as a user's would. */
async function importCatalogue(): Promise<void> {
  const csv = ['Name;Article;Quantity', ...Array.from({ length: products }, (_, index) => `Export item ${String(index).padStart(5, '0')};E-${index};${1 + (index % 7)}`)].join('\r\n');
  const form = new FormData();
  form.append('file', new Blob([csv]), 'catalogue.csv');
  const response = await fetch(`${baseUrl}/api/product/import/preprocessing`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
  expect(response.status).toBe(200);
  const preview = (await response.json()) as ImportPreprocessing;
  const started = await api<ImportStarted>('product/import/start', { upload_id: preview.upload_id, settings: { mapping: preview.mapping, mode: 'add_update', compare: 'name_article' } });
  const task = await until(async () => (await api<TaskItem[]>('task/list')).find((item) => item.id === started.task_id && item.status !== TASK_STATUS.open));
  expect(task).toMatchObject({ status: TASK_STATUS.finished, error: null, counts: { added: products } });
}

beforeAll(async () => {
  account = await testAccount('export');
  api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
  await api('warehouse/add', { name: 'Main' });
  await importCatalogue();
}, 300_000);

describe('a big export from the stock screen runs as a task', () => {
  for (const { lang, locale, texts } of LANGUAGES) {
    it(`${lang}: Export shows the notice, the task is in the task center, and its download link gives the whole table`, async () => {
      const page = await openPage('/remnants', { token: account.token, locale });
      await page.getByRole('button', { name: texts.stock.export, exact: true }).click();
      await page.getByText(texts.stock.exportStarted.startedHeader, { exact: true }).waitFor();
      await page.getByText(texts.stock.exportStarted.started, { exact: true }).waitFor();
      await page.getByRole('button', { name: texts.tasks.openCenter }).first().click();
      const center = page.getByRole('dialog', { name: texts.tasks.title });
      await center.waitFor();
      const name = `stock-${new Date().toISOString().slice(0, 10)}.xlsx`;
      const link = center.getByRole('button', { name: fill(texts.tasks.download, { name }) }).first();
      await link.waitFor({ timeout: 120_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(name);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
      const rows = (workbook.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((row) => row.slice(1));
      // The header, then every product in the screen's order (by name).
      expect(rows).toHaveLength(products + 1);
      expect(rows[0][0]).toBe('Name');
      expect(rows.slice(1, 3).map((row) => row[0])).toEqual(['Export item 00000', 'Export item 00001']);
      expect(rows[products][0]).toBe(`Export item ${String(products - 1).padStart(5, '0')}`);
    });
  }
});

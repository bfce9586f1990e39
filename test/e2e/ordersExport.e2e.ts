import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * A big export from the orders screen (issue 14 §4, the stock export's rule) in English and in Russian: more orders
 * than the server answers at once (EXPORT_DIRECT_ROWS, 5,000 unless the env lowers it) make Export start a task —
 * the information notice shows, the task is in the task center at once, and its download link gives every order.
 */
let account: TestAccount;
const count = Number(process.env.EXPORT_DIRECT_ROWS || 5000) + 1;

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en },
  { lang: 'ru', locale: 'ru-RU', texts: ru },
] as const;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

beforeAll(async () => {
  account = await testAccount('orders-export');
  const response = await fetch(`${baseUrl}/e2e/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: account.id, count, prefix: 'Bulk order' }),
  });
  expect(response.status).toBe(200);
}, 180_000);

describe('a big export from the orders screen runs as a task', () => {
  for (const { lang, locale, texts } of LANGUAGES) {
    it(`${lang}: Export shows the notice, the task is in the task center, and its download link gives every order`, async () => {
      const page = await openPage('/orders', { token: account.token, locale });
      await page.locator('tbody tr[data-order-id]').first().waitFor();
      await page.getByRole('button', { name: texts.orders.export, exact: true }).click();
      await page.getByText(texts.orders.exportStarted.startedHeader, { exact: true }).waitFor();
      await page.getByText(texts.orders.exportStarted.started, { exact: true }).waitFor();
      await page.getByRole('button', { name: texts.tasks.openCenter }).first().click();
      const center = page.getByRole('dialog', { name: texts.tasks.title });
      await center.waitFor();
      const name = `orders-${new Date().toISOString().slice(0, 10)}.xlsx`;
      const link = center.getByRole('button', { name: fill(texts.tasks.download, { name }) }).first();
      await link.waitFor({ timeout: 120_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(name);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
      const names = (workbook.worksheets[0].getSheetValues().slice(2) as unknown[][]).map((row) => row[2]);
      // Every order, in the list's order (newest first).
      expect(names).toHaveLength(count);
      expect(names[0]).toBe(`Bulk order ${String(count).padStart(5, '0')}`);
      expect(names[count - 1]).toBe('Bulk order 00001');
    });
  }
});

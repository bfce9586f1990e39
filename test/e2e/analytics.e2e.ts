import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from './account';
import { hashPath, openPage, shots } from './browser';

// /analytics (issue 16 §2) on this file's own account with the demo data (orders made today, some in the success stage,
// and their stock movements). The chart's drawn data (data-chart) and the table's total (data-total) must agree for
// every period, interval and grouping; the export runs as a task and its file downloads from the task center.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('analytics', { demo: true });
});

const TEXTS = {
  en: {
    locale: 'en-US', nav: 'Analytics', sales: 'Sales report', customers: 'Customer report', movement: 'Movement of goods', byContact: 'Group by contact',
    exportButton: 'Export to Excel', exportStarted: 'The export has started. You will find the file in the task list.', openCenter: 'Open the task center', center: 'Task center',
    successful: 'Successful', stages: 'Only orders in success stages count', sortBySum: 'Sort by Sum', total: 'Total',
  },
  ru: {
    locale: 'ru-RU', nav: 'Аналитика', sales: 'Отчёт по продажам', customers: 'Отчёт по клиентам', movement: 'Движение товаров', byContact: 'Группировать по контактам',
    exportButton: 'Выгрузить в Excel', exportStarted: 'Выгрузка началась. Файл появится в списке задач.', openCenter: 'Открыть центр задач', center: 'Центр задач',
    successful: 'Выполнена', stages: 'Учитываются только сделки в успешных этапах', sortBySum: 'Сортировать по столбцу «Сумма»', total: 'Итого',
  },
} as const;
type Lang = keyof typeof TEXTS;

interface Drawn {
  labels: string[];
  points: { period: string; values: number[] }[];
}

const settled = (page: Page) => page.locator('.analytics-table-wrap[aria-busy="false"]').waitFor();
const cents = (value: number) => Math.round(value * 100);

async function chartOf(page: Page): Promise<Drawn> {
  return JSON.parse((await page.getByTestId('analytics-chart').getAttribute('data-chart')) ?? '{}') as Drawn;
}
async function totalOf(page: Page): Promise<Record<string, number>> {
  return JSON.parse((await page.getByTestId('analytics-total').getAttribute('data-total')) ?? '{}') as Record<string, number>;
}
async function rowsOf(page: Page): Promise<Record<string, unknown>[]> {
  const rows = await page.locator('[data-testid="analytics-table"] tbody tr[data-row]').evaluateAll((items) => items.map((item) => item.getAttribute('data-row') ?? '{}'));
  return rows.map((row) => JSON.parse(row) as Record<string, unknown>);
}

/** The chart's total line sums to the table's total sum, and the table's rows sum to it too (one page of rows here). */
async function expectChartMatchesTable(page: Page, what: string) {
  await settled(page);
  await expect.poll(async () => (await chartOf(page)).points?.length ?? 0, { message: what }).toBeGreaterThan(0);
  const chart = await chartOf(page);
  const total = await totalOf(page);
  const chartSum = chart.points.reduce((sum, point) => sum + cents(point.values[0] ?? 0), 0);
  expect(chartSum, what).toBe(cents(total.sum));
  const rows = await rowsOf(page);
  expect(rows.reduce((sum, row) => sum + cents(Number(row.sum)), 0), what).toBe(cents(total.sum));
  return { chart, total, rows };
}

describe('analytics in the browser', () => {
  for (const lang of ['en', 'ru'] as const satisfies readonly Lang[]) {
    const texts = TEXTS[lang];

    it(`${lang}: the navigation opens /analytics; sales, customers and movement; period, interval and grouping change; chart and table agree`, async () => {
      const page = await openPage('/orders', { token: account.token, locale: texts.locale });
      await page.getByRole('navigation').getByRole('link', { name: texts.nav, exact: true }).click();
      await expect.poll(() => hashPath(page)).toBe('/analytics');

      // Sales, this month, by days: the demo's successful orders of today.
      await page.getByRole('tab', { name: texts.sales }).waitFor();
      const first = await expectChartMatchesTable(page, 'sales month by day');
      expect(first.total.sum).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('analytics-stages').textContent()).toContain(texts.stages);
      // Money in the account's currency, written the language's way (ru: comma decimals, space thousands).
      const shown = await page.getByTestId('analytics-total').locator('td[data-kind="money"]').first().textContent();
      expect(shown).toMatch(lang === 'ru' ? /\d,\d{2}\s\S+$/ : /\d\.\d{2}\s\S+$/);

      for (const [preset, interval] of [['year', 'month'], ['today', 'day'], ['quarter', 'year']] as const) {
        await page.getByTestId('analytics-preset').selectOption(preset);
        await page.getByTestId('analytics-interval').selectOption(interval);
        await expectChartMatchesTable(page, `sales ${preset} by ${interval}`);
      }
      // Sorting by sum: the rows come in that order.
      await page.getByRole('button', { name: texts.sortBySum }).click();
      await settled(page);
      await expect.poll(async () => (await rowsOf(page)).map((row) => Number(row.sum)).join()).toBe((await rowsOf(page)).map((row) => Number(row.sum)).sort((x, y) => x - y).join());
      await page.screenshot({ path: join(shots, `analytics-sales-${lang}.png`) });

      // Customers, by company then by contact: the same total as the sales report, the chart still agrees.
      await page.getByRole('tab', { name: texts.customers }).click();
      const byCompany = await expectChartMatchesTable(page, 'customers by company');
      await page.getByLabel(texts.byContact).check();
      await expect.poll(async () => (await rowsOf(page)).every((row) => row.company_id === null)).toBe(true);
      const byContact = await expectChartMatchesTable(page, 'customers by contact');
      expect(cents(byContact.total.sum)).toBe(cents(byCompany.total.sum));

      // Movement: the ledger rows and their total (quantity and sum over every row).
      await page.getByRole('tab', { name: texts.movement }).click();
      await settled(page);
      await expect.poll(async () => (await rowsOf(page)).length).toBeGreaterThan(0);
      const movementTotal = await totalOf(page);
      expect(movementTotal.event_date).toBe(texts.total);
      await page.screenshot({ path: join(shots, `analytics-movement-${lang}.png`) });
    });

    it(`${lang}: the export starts a task with the notice; the file downloads from the task center with the filters at the top`, async () => {
      const page = await openPage('/analytics', { token: account.token, locale: texts.locale });
      await settled(page);
      await page.getByRole('button', { name: texts.exportButton }).click();
      const notice = page.locator('.ui-notification', { hasText: texts.exportStarted });
      await notice.waitFor();
      await notice.getByRole('button', { name: texts.openCenter }).click();
      const center = page.getByRole('dialog', { name: texts.center });
      await center.waitFor();
      const item = center.locator('.tasks-item').filter({ hasText: 'analytics-sales.xlsx' }).first();
      await expect.poll(() => item.locator('.tasks-item__status').textContent(), { timeout: 30_000 }).toBe(texts.successful);
      const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /analytics-sales-.*\.xlsx/ }).click()]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.getRow(1).values).toEqual([undefined, 'Report', 'Sales report']);
      expect(String(sheet.getRow(2).getCell(1).value)).toBe('Period');
      expect(String(sheet.getRow(3).getCell(1).value)).toBe('Counted stages');
    });
  }
});

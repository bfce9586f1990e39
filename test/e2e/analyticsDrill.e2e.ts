import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from './account';
import { openPage } from './browser';

// The drill-down on /analytics (issue 16 §1): a sales row opens the orders its product sold in, a customer row the
// products that customer bought, with the report's filters, so the detail's figures add up to the row's; closing it
// and changing the report put it away. On this file's own demo account (orders made today, some successful).
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('analyticsDrill', { demo: true });
});

const TEXTS = {
  en: { locale: 'en-US', customers: 'Customer report', movement: 'Movement of goods', productOrders: 'Orders with', customerProducts: 'Products bought by', close: 'Close the details', open: 'Show the details of' },
  ru: { locale: 'ru-RU', customers: 'Отчёт по клиентам', movement: 'Движение товаров', productOrders: 'Сделки с товаром', customerProducts: 'Товары, купленные', close: 'Закрыть подробности', open: 'Подробнее:' },
} as const;

const settled = (page: Page) => page.locator('.analytics-table-wrap[aria-busy="false"]').waitFor();
const cents = (value: unknown) => Math.round(Number(value) * 100);
const rowsIn = async (page: Page, selector: string) =>
  (await page.locator(`${selector} tbody tr[data-row]`).evaluateAll((items) => items.map((item) => item.getAttribute('data-row') ?? '{}'))).map((row) => JSON.parse(row) as Record<string, unknown>);

describe('analytics drill-down in the browser', () => {
  for (const lang of ['en', 'ru'] as const) {
    const texts = TEXTS[lang];
    it(`${lang}: a product row opens its orders and a customer row its products; the detail adds up to the row`, async () => {
      const page = await openPage('/analytics', { token: account.token, locale: texts.locale });
      await settled(page);
      await expect.poll(async () => (await rowsIn(page, '[data-testid="analytics-table"]')).length).toBeGreaterThan(0);
      const [product] = await rowsIn(page, '[data-testid="analytics-table"]');
      await page.getByRole('button', { name: `${texts.open} ${product.name}`, exact: false }).first().click();
      const drill = page.getByTestId('analytics-drill');
      await page.locator('[data-testid="analytics-drill"][aria-busy="false"]').waitFor();
      const quoted = lang === 'en' ? `“${product.name}”` : `«${product.name}»`;
      await expect.poll(() => drill.getByRole('heading').textContent()).toBe(`${texts.productOrders} ${quoted}`);
      const orders = await rowsIn(page, '[data-testid="analytics-drill"]');
      expect(orders.length).toBe(Number(product.leads));
      expect(orders.reduce((sum, row) => sum + cents(row.sum), 0)).toBe(cents(product.sum));
      expect(orders.reduce((sum, row) => sum + cents(row.prib), 0)).toBe(cents(product.prib));
      await drill.getByRole('button', { name: texts.close }).click();
      await expect.poll(() => page.getByTestId('analytics-drill').count()).toBe(0);

      await page.getByRole('tab', { name: texts.customers }).click();
      await settled(page);
      await expect.poll(async () => (await rowsIn(page, '[data-testid="analytics-table"]')).length).toBeGreaterThan(0);
      const [customer] = await rowsIn(page, '[data-testid="analytics-table"]');
      await page.locator('[data-testid="analytics-table"] .analytics-drill-open').first().click();
      await page.locator('[data-testid="analytics-drill"][aria-busy="false"]').waitFor();
      await expect.poll(() => page.getByTestId('analytics-drill').getByRole('heading').textContent()).toContain(texts.customerProducts);
      const products = await rowsIn(page, '[data-testid="analytics-drill"]');
      expect(products.length).toBeGreaterThan(0);
      expect(products.reduce((sum, row) => sum + cents(row.sum), 0)).toBe(cents(customer.sum));
      expect(products.reduce((sum, row) => sum + Number(row.poz), 0)).toBe(Number(customer.poz));

      // Another report puts the detail away; movement rows open none.
      await page.getByRole('tab', { name: texts.movement }).click();
      await settled(page);
      await expect.poll(() => page.getByTestId('analytics-drill').count()).toBe(0);
      expect(await page.locator('[data-testid="analytics-table"] .analytics-drill-open').count()).toBe(0);
    });
  }
});

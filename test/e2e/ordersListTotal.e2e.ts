import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { ORDER_SEARCH_TOTAL_CAP as SEARCH_TOTAL_CAP } from '../../src/contract/orders';
import { testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * The orders screen's search over more orders than the server counts (issue 20 §3): the pager says "1–20 of more
 * than 1,000", its page buttons reach past the cap, and the page there shows the exact count with Next closed.
 * In English and Russian, on one account seeded here with 1,005 "Totals order NNNNN" orders (the tests only read it).
 */
const OVER = SEARCH_TOTAL_CAP + 5;
const LANGUAGES = [
  { locale: 'en-US', texts: en, capped: '1–20 of more than 1,000', last: '1001–1005 of 1005' },
  { locale: 'ru-RU', texts: ru, capped: '1–20 из более чем 1\u202F000', last: '1001–1005 из 1005' },
] as const;

let account: TestAccount;

beforeAll(async () => {
  account = await testAccount('orders-list-total');
  const response = await fetch(`${baseUrl}/e2e/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: account.id, count: OVER, prefix: 'Totals order' }),
  });
  expect(response.status).toBe(200);
}, 180_000);

const shownText = (page: Page) => page.locator('.orders-pager > span').first().textContent();
const names = (page: Page) => page.locator('[data-testid="orders-table"] tbody tr[data-order-id]').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));

describe.each(LANGUAGES)('orders search over the count cap ($locale)', ({ locale, texts, capped, last }) => {
  it('rule: a search matching more than the cap says "more than 1,000", and the page past the cap shows the last orders, the exact count and no Next', async () => {
    const page = await openPage('/orders', { token: account.token, locale });
    await page.locator('tbody tr[data-order-id]').first().waitFor();
    await page.getByLabel(texts.orders.search, { exact: true }).fill('Totals order');
    await expect.poll(() => shownText(page)).toBe(capped);
    const lastPage = String(SEARCH_TOTAL_CAP / 20 + 1);
    await page.getByRole('button', { name: texts.orders.page.replace('{{page}}', lastPage), exact: true }).click();
    await expect.poll(() => shownText(page)).toBe(last);
    const shown = await names(page);
    expect(shown).toHaveLength(5);
    expect(shown.every((row) => row.includes('Totals order 0000'))).toBe(true);
    expect(await page.getByRole('button', { name: texts.orders.nextPage, exact: true }).isEnabled()).toBe(false);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { STOCK_COUNT_CAP } from '../../src/contract/stockList';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage } from './browser';

/**
 * A search over more products than the stock list counts (issue 13: the search-filtered page within its budget):
 * the pager says "1–20 of 1,000+" and "Page 1" without a last page, Next pages forward through and past the cap,
 * and the real last page shows the exact count with Next closed. In English and Russian, on one account seeded here
 * with 1,005 "Gauge NNNN" products (the tests only read it) and one other product the search leaves out.
 */
const OVER = STOCK_COUNT_CAP + 5;
const LANGUAGES = [
  { locale: 'en-US', texts: en, capped: '1–20 of 1,000+', second: '21–40 of 1,000+', last: '1,001–1,005 of 1,005' },
  { locale: 'ru-RU', texts: ru, capped: '1–20 из 1\u202F000+', second: '21–40 из 1\u202F000+', last: '1\u202F001–1\u202F005 из 1\u202F005' },
] as const;

const gauge = (index: number) => `Gauge ${String(index).padStart(4, '0')}`;
let account: TestAccount;

beforeAll(async () => {
  account = await testAccount('stock-search-cap');
  const api = staffApi(account);
  const indexes = Array.from({ length: OVER }, (_, index) => index + 1);
  // A few at a time: the server is the real one, and the machine is shared.
  for (let start = 0; start < indexes.length; start += 25) {
    await Promise.all(indexes.slice(start, start + 25).map((index) => api('/api/product/add', { body: { name: gauge(index), article: `GA-${index}` } })));
  }
  await api('/api/product/add', { body: { name: 'Other thing' } });
}, 300_000);

const pager = (page: Page) => page.getByTestId('stock-pager');
const names = (page: Page) => page.locator('[data-testid="stock-table"] tbody tr[data-product] td[data-column="name"]').allTextContents();

describe.each(LANGUAGES)('stock search over the count cap ($locale)', ({ locale, texts, capped, second, last }) => {
  const L = texts.stock.list;

  it('rule: a search matching more than the cap shows the capped count, no last page, and pages forward', async () => {
    const page = await openPage('/remnants?q=gauge', { token: account.token, locale });
    await expect.poll(() => pager(page).textContent()).toContain(capped);
    const pagerText = (await pager(page).textContent()) ?? '';
    expect(pagerText).toContain(L.pageOnly.replace('{{page}}', '1'));
    // No "Page 1 of N": the last page is not known.
    expect(pagerText).not.toContain(L.pageOf.split('{{last}}')[0].replace('{{page}}', '1'));
    expect(await names(page)).toEqual(Array.from({ length: 20 }, (_, index) => gauge(index + 1)));
    await page.getByRole('button', { name: L.nextPage }).click();
    await expect.poll(() => pager(page).textContent()).toContain(second);
    expect(await names(page)).toEqual(Array.from({ length: 20 }, (_, index) => gauge(index + 21)));
    expect(await page.getByRole('button', { name: L.previousPage }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: L.nextPage }).isEnabled()).toBe(true);
  });

  it('rule: past the cap the real last page shows the exact count and closes Next', async () => {
    const page = await openPage('/remnants?q=gauge&page=51', { token: account.token, locale });
    await expect.poll(() => pager(page).textContent()).toContain(last);
    expect(await pager(page).textContent()).toContain(L.pageOf.replace('{{page}}', '51').replace('{{last}}', '51'));
    expect(await names(page)).toEqual([1001, 1002, 1003, 1004, 1005].map(gauge));
    expect(await page.getByRole('button', { name: L.nextPage }).isEnabled()).toBe(false);
  });
});

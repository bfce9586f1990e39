import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { STOCK_COUNT_CAP } from '../../src/contract/stockList';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage } from './browser';

/**
 * A search over more products than the stock list's page counts (issue 13: the search-filtered page within its
 * budget): the page itself only knows that another follows (it reads one row past itself), and the pager takes the
 * exact count from the totals call of the same search: "1–20 of 1,005", "Page 1 of 51". Next pages forward through
 * and past the count cap, and the last page closes Next. In English and Russian, on one account seeded here with
 * 1,005 "Gauge NNNN" products (the tests only read it) and one other product the search leaves out.
 */
const OVER = STOCK_COUNT_CAP + 5;
const LANGUAGES = [
  { locale: 'en-US', texts: en, first: '1–20 of 1,005', second: '21–40 of 1,005', last: '1,001–1,005 of 1,005' },
  { locale: 'ru-RU', texts: ru, first: '1–20 из 1\u202F005', second: '21–40 из 1\u202F005', last: '1\u202F001–1\u202F005 из 1\u202F005' },
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

describe.each(LANGUAGES)('stock search over the count cap ($locale)', ({ locale, texts, first, second, last }) => {
  const L = texts.stock.list;

  it('rule: a search matching more than a page shows the exact count of the search (from its totals) and its last page, and pages forward', async () => {
    const page = await openPage('/remnants?q=gauge', { token: account.token, locale });
    await expect.poll(() => pager(page).textContent()).toContain(first);
    expect(await pager(page).textContent()).toContain(L.pageOf.replace('{{page}}', '1').replace('{{last}}', '51'));
    expect(await names(page)).toEqual(Array.from({ length: 20 }, (_, index) => gauge(index + 1)));
    await page.getByRole('button', { name: L.nextPage }).click();
    await expect.poll(() => pager(page).textContent()).toContain(second);
    expect(await names(page)).toEqual(Array.from({ length: 20 }, (_, index) => gauge(index + 21)));
    expect(await page.getByRole('button', { name: L.previousPage }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: L.nextPage }).isEnabled()).toBe(true);
  });

  it('rule: past the count cap the last page shows the exact count and closes Next', async () => {
    const page = await openPage('/remnants?q=gauge&page=51', { token: account.token, locale });
    await expect.poll(() => pager(page).textContent()).toContain(last);
    expect(await pager(page).textContent()).toContain(L.pageOf.replace('{{page}}', '51').replace('{{last}}', '51'));
    expect(await names(page)).toEqual([1001, 1002, 1003, 1004, 1005].map(gauge));
    expect(await page.getByRole('button', { name: L.nextPage }).isEnabled()).toBe(false);
  });
});

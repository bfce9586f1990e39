import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { DealProduct, OrderWithPositions } from '../../src/contract/orders';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage as openStaffPage } from './browser';

// Issue 19 §5 in the browser, English and Russian: count texts by the language's plural rules, numbers and
// sums as the language writes them (1 234,50 ₽ / 1,234.50 ₽), dates the same in lists and inputs
// (dd.mm.yyyy HH:mm / the en-US format), and a decimal field that takes the Russian decimal comma.

let account: TestAccount;
/** Orders holding 1, 2 and 5 positions. */
const orders: Record<number, number> = {};
beforeAll(async () => {
  account = await testAccount('locale-formats', { demo: true });
  const api = staffApi(account);
  const drills = (await api<DealProduct[]>('/api/orders/get-products-autocomplete?q=drill')).filter(
    (item) => item.type === 'product' && item.warehouses.some((store) => store.available >= 1),
  );
  expect(drills.length).toBeGreaterThanOrEqual(5);
  for (const size of [1, 2, 5]) {
    const order = await api<OrderWithPositions>('/api/orders/add', { body: { name: `Plural ${size}` } });
    for (const product of drills.slice(0, size)) {
      await api('/api/orders/product/add', { body: { order_id: order.id, product: product.warehouses.find((store) => store.available >= 1)!.identifier, quantity: 1 } });
    }
    orders[size] = order.id;
  }
});

const LANGUAGES = [
  {
    lang: 'en',
    locale: 'en-US',
    texts: en,
    counts: { 1: '1 position', 2: '2 positions', 5: '5 positions' },
    sum: /^\d{1,3}(,\d{3})*\.\d{2}\u00a0₽$/,
    dateTime: /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/,
    date: '03/15/2024',
  },
  {
    lang: 'ru',
    locale: 'ru-RU',
    texts: ru,
    counts: { 1: '1 позиция', 2: '2 позиции', 5: '5 позиций' },
    sum: /^\d{1,3}(\u202f\d{3})*,\d{2}\u00a0₽$/,
    dateTime: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
    date: '15.03.2024',
  },
] as const;

const open = (path: string, locale: string): Promise<Page> => openStaffPage(path, { token: account.token, locale });

describe.each(LANGUAGES)('numbers, dates and counts in $lang (issue 19 §5)', ({ locale, texts, counts, sum, dateTime, date }) => {
  it('rule: the deal counts its positions by the language’s plural rules', async () => {
    for (const size of [1, 2, 5] as const) {
      const page = await open(`/addToDeal?order_id=${orders[size]}`, locale);
      await page.locator('article.product-card').first().waitFor();
      await expect.poll(() => page.locator('.deal-products__count').textContent()).toBe(counts[size]);
      await page.context().close();
    }
  });

  it('rule: the deal’s sums are written as the language writes numbers, with the currency sign', async () => {
    const page = await open(`/addToDeal?order_id=${orders[5]}`, locale);
    await page.locator('article.product-card').first().waitFor();
    await expect.poll(() => page.locator('.deal-totals [data-total="sum"]').textContent()).toMatch(sum);
    expect(await page.locator('.product-card__sum').first().textContent()).toMatch(new RegExp(sum.source.replace('^', '')));
  });

  it('rule: the orders list writes sums and the creation moment as the language does', async () => {
    const page = await open('/orders', locale);
    const created = page.locator('td[data-column="order_created_at"]').first();
    await created.waitFor();
    expect(await created.textContent()).toMatch(dateTime);
    // The list's sum column is a number without the sign: the same digits and separators as the deal's.
    expect(await page.locator('td[data-column="order_sum"]').first().textContent()).toMatch(new RegExp(sum.source.replace('\\u00a0₽', '')));
  });

  it('rule: date inputs show the same format as the lists; a decimal field takes the language’s decimal separator', async () => {
    const page = await open('/qwe', locale);
    const section = (control: string) => page.getByTestId(`gallery-${control}`);
    await section('date').waitFor();
    expect(await section('date').locator('input.ui-input--date').inputValue()).toBe(date);
    expect(await section('datetime').locator('input.ui-input--datetime').inputValue()).toMatch(dateTime);
    const decimal = section('decimal').locator('input.ui-input--number').first();
    await decimal.click();
    await decimal.press('ControlOrMeta+a');
    await page.keyboard.type(locale === 'ru-RU' ? '7,25' : '7.25');
    await decimal.press('Tab');
    // Read as 7.25 and written back in the language's form; a field that drops the comma would hold 725.
    await expect.poll(() => decimal.inputValue()).toBe(locale === 'ru-RU' ? '7,25' : '7.25');
    expect(texts.plural.positions.one).toContain('{{count}}');
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderList, OrderWithPositions } from '../../src/contract/orders';
import type { Product } from '../../src/contract/stock';
import { staffApi, testAccount, type TestAccount } from './account';
import { hashPath, openPage } from './browser';

// /archive and archiving an order, on this file's own account with the demo data. Each test makes its own orders.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('archive', { demo: true });
});

const api = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, body === undefined ? {} : { body });

const TEXTS = {
  en: {
    locale: 'en-US', archiveOrder: 'Archive order', archived: 'Order has been successfully archived', search: 'Search the archive', searchButton: 'Search',
    ordersTab: 'Orders', productsTab: 'Products/Services', unarchive: (name: string) => `Un-archive ${name}`, searchOrders: 'Search orders', actions: (name: string) => `Actions: ${name}`, nav: 'Archive',
  },
  ru: {
    locale: 'ru-RU', archiveOrder: 'Архивировать заказ', archived: 'Заказ успешно отправлен в архив', search: 'Поиск по архиву', searchButton: 'Поиск',
    ordersTab: 'Заказы', productsTab: 'Товары/Услуги', unarchive: (name: string) => `Вернуть из архива: ${name}`, searchOrders: 'Поиск заказов', actions: (name: string) => `Действия: ${name}`, nav: 'Архив',
  },
} as const;
type Lang = keyof typeof TEXTS;

const isListed = async (name: string, archived: boolean) => (await api<OrderList>('orders/list', { filter: { archived, search: name, pipeline_id: -1 } })).data.some((order) => order.name === name);

/** /archive's tab, searched for `name`: the row found (the list settled). */
async function findInArchive(page: Page, lang: Lang, tab: string, name: string) {
  const texts = TEXTS[lang];
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('searchbox', { name: texts.search }).fill(name);
  await page.getByRole('button', { name: texts.searchButton, exact: true }).click();
  const row = page.getByTestId('archive-row').filter({ hasText: name });
  await row.waitFor();
  return row;
}

/** Un-archives the row's item from /archive: it leaves the tab. */
async function unarchiveFrom(page: Page, lang: Lang, tab: string, name: string) {
  const row = await findInArchive(page, lang, tab, name);
  await row.getByRole('button', { name: TEXTS[lang].unarchive(name) }).click();
  await row.waitFor({ state: 'detached' });
}

describe('archive in the browser', () => {
  for (const lang of ['en', 'ru'] as const) {
    const texts = TEXTS[lang];

    it(`${lang}: an order archived from the orders list leaves it, is found in /archive and comes back when un-archived`, async () => {
      const name = `From list ${lang} ${Date.now()}`;
      await api<OrderWithPositions>('orders/add', { name });
      const page = await openPage('/orders', { token: account.token, locale: texts.locale });
      await page.getByLabel(texts.searchOrders).fill(name);
      const row = page.locator('[data-testid="orders-table"] tbody tr').filter({ hasText: name });
      await row.waitFor();
      // The searched list has settled (a re-render closes an open row menu), and so has any scroll (RowMenu closes on scroll).
      await expect.poll(() => page.locator('[data-testid="orders-table"] tbody tr').count()).toBe(1);
      await page.locator('[data-testid="orders-table"]:not([aria-busy="true"])').waitFor();
      await row.scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await row.getByRole('button', { name: texts.actions(name) }).click();
      await page.getByRole('menuitem', { name: texts.archiveOrder }).click();
      await page.locator('.ui-notification', { hasText: texts.archived }).waitFor();
      await row.waitFor({ state: 'detached' });
      expect(await isListed(name, false)).toBe(false);
      expect(await isListed(name, true)).toBe(true);

      // The main navigation offers the archive.
      await page.getByRole('navigation').getByRole('link', { name: texts.nav, exact: true }).click();
      await expect.poll(() => hashPath(page)).toBe('/archive');
      await unarchiveFrom(page, lang, texts.ordersTab, name);
      expect(await isListed(name, false)).toBe(true);
      expect(await isListed(name, true)).toBe(false);
    });

    it(`${lang}: an order archived from the deal's header goes to the archive (the deal returns to the list); opened from /archive it can be returned`, async () => {
      const name = `From deal ${lang} ${Date.now()}`;
      const order = await api<OrderWithPositions>('orders/add', { name });
      const page = await openPage(`/addToDeal?order_id=${order.id}`, { token: account.token, locale: texts.locale });
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: texts.archiveOrder }).click();
      await page.locator('.ui-notification', { hasText: texts.archived }).waitFor();
      await expect.poll(() => hashPath(page)).toBe('/orders');
      expect(await isListed(name, true)).toBe(true);

      await page.goto(page.url().replace(/#.*$/, '#/archive'));
      const row = await findInArchive(page, lang, texts.ordersTab, name);
      await row.getByRole('link', { name }).click();
      await expect.poll(() => hashPath(page)).toBe('/addToDeal');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: lang === 'en' ? 'Return from the archive' : 'Вернуть из архива' }).click();
      await page.getByRole('button', { name: texts.archiveOrder }).waitFor();
      expect(await isListed(name, false)).toBe(true);
    });
  }

  it('en and ru: an archived product is listed in Products/Services and un-archived from there', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const name = `Archived tool ${lang} ${Date.now()}`;
      const product = await api<Product>('product/add', { name, article: `AT-${lang}` });
      await api<Product>('product/archive', { id: product.id });
      const page = await openPage('/archive', { token: account.token, locale: TEXTS[lang].locale });
      await unarchiveFrom(page, lang, TEXTS[lang].productsTab, name);
      expect((await api<{ data: Product[] }>('product/list', { filter: { search: name } })).data.map((item) => item.id)).toEqual([product.id]);
    }
  });
});

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { DealProduct, OrderWithPositions } from '../../src/contract/orders';
import type { Product } from '../../src/contract/stock';
import { formatAmount } from '../../src/i18n/numbers';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage as openStaffPage } from './browser';

// Issue 19 §2, the deal's products tab: card edits stay in the position, totals with the currency, the list
// view as a table, the unsaved indicator and a Save no notification covers. Every flow in English and Russian.

let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('deal-cards', { demo: true });
});

const api = <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => staffApi(account)<T>(`/api/${path}`, init);

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en },
  { lang: 'ru', locale: 'ru-RU', texts: ru },
] as const;

/** A drill stocked with at least five units in one warehouse, and two orders holding one unit of it each. */
async function twoOrdersOfOneGood(): Promise<{ product: DealProduct; first: OrderWithPositions; second: OrderWithPositions }> {
  const drills = await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('drill')}`);
  const product = drills.find((item) => item.type === 'product' && item.warehouses.some((store) => store.available >= 5));
  expect(product, 'a drill with five in stock').toBeDefined();
  const identifier = product!.warehouses.find((store) => store.available >= 5)!.identifier;
  const orderOf = async (name: string) => {
    const order = await api<OrderWithPositions>('orders/add', { body: { name } });
    return api<OrderWithPositions>('orders/product/add', { body: { order_id: order.id, product: identifier, quantity: 1 } });
  };
  return { product: product!, first: await orderOf('Cards A'), second: await orderOf('Cards B') };
}

/** The sum as the screen writes it: the language's digits (issue 19 §5: 1 234,50 / 1,234.50) and the rouble sign (the demo account's currency). */
const moneyIn = (lang: 'en' | 'ru', value: number) => `${formatAmount(value, lang)}\u00A0₽`;
const fill = (template: string, params: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key]);

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const brandOf = (scope: Locator) => scope.getByLabel('Brand', { exact: true });

async function openDeal(orderId: number, locale: string): Promise<Page> {
  const page = await openStaffPage(`/addToDeal?order_id=${orderId}`, { token: account.token, locale });
  await page.locator('article.product-card').first().waitFor();
  return page;
}

describe.each(LANGUAGES)('the deal products tab in $lang (issue 19 §2)', ({ lang, locale, texts }) => {
  const money = (value: number) => moneyIn(lang, value);
  it('rule: a card edit (a field, the quantity) belongs to this order’s position: the catalogue product and another order of it keep theirs; the card and the tab show sums with the currency', async () => {
    const { product, first, second } = await twoOrdersOfOneGood();
    const catalogueBefore = await api<Product>(`product/get?id=${product.id}`);
    const page = await openDeal(first.id, locale);
    const card = page.locator('article.product-card').first();
    const price = first.positions[0].price;
    // Unique per order: an earlier run's value in the catalogue cannot hide a write.
    const ownBrand = `Only in deal #${first.id}`;

    const brand = brandOf(card);
    await brand.fill(ownBrand);
    await brand.press('Tab');
    await card.getByLabel(new RegExp(`^${texts.order.count}`)).fill('3');
    // Unsaved: the words beside Save and the dot on the products tab.
    await page.locator('.deal-save__status', { hasText: texts.order.unsavedChanges }).waitFor();
    await page.getByRole('tab', { name: new RegExp(texts.order.tabProducts) }).locator('.deal-tabs__dot').waitFor();
    // The line total and the order total follow the draft, with the currency.
    await expect.poll(() => card.locator('.product-card__sum').textContent()).toBe(fill(texts.order.lineTotal, { sum: money(price * 3) }));
    await expect.poll(() => page.locator('.deal-totals [data-total="sum"]').textContent()).toBe(money(price * 3));
    expect(await page.locator('.deal-totals [data-total="cost"]').textContent()).toMatch(/₽$/);
    expect(await page.locator('.deal-totals [data-total="profit"]').textContent()).toMatch(/₽$/);

    await page.getByRole('button', { name: texts.app.save, exact: true }).click();
    await page.locator('.deal-save__status', { hasText: texts.app.saved }).waitFor();
    expect(await page.locator('.deal-tabs__dot').count()).toBe(0);

    const saved = await api<OrderWithPositions>(`orders/order?order_id=${first.id}`);
    expect(saved.positions[0]).toMatchObject({ count: 3, fields: { brand: ownBrand } });
    expect((await api<Product>(`product/get?id=${product.id}`)).values).toEqual(catalogueBefore.values);
    expect((await api<OrderWithPositions>(`orders/order?order_id=${second.id}`)).positions[0].fields.brand).toBe(catalogueBefore.values.brand);
    // After a reload the card shows the position's value, and the order's totals as stored.
    await page.reload();
    await expect.poll(() => brandOf(page.locator('article.product-card').first()).inputValue()).toBe(ownBrand);
    expect(await page.locator('.deal-totals [data-total="sum"]').textContent()).toBe(money(saved.sum));
    expect(await page.locator('.deal-totals [data-total="profit"]').textContent()).toBe(money(saved.profit));
  });

  it('rule: list view is a table, one row per position (name, article, warehouse, price type, price, quantity, units, sum, delete) edited from the keyboard; at 390 px only the table scrolls sideways', async () => {
    const { product, first } = await twoOrdersOfOneGood();
    const page = await openDeal(first.id, locale);
    await page.getByRole('button', { name: texts.order.listView, exact: true }).click();
    const table = page.locator('table.deal-table');
    await table.waitFor();
    expect(await page.locator('article.product-card').count()).toBe(0);
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['product', 'article', 'warehouse', 'priceType', 'price', 'count', 'units', 'positionSum', 'actions'].map((key) => texts.order[key as keyof typeof texts.order]));
    const row = table.locator('tbody tr');
    expect(await row.count()).toBe(first.positions.length);
    const position = first.positions[0];
    const cells = await row.first().locator('th, td').allTextContents();
    expect([cells[0], cells[1], cells[2], cells[6], cells[7]]).toEqual([product.name, product.article, position.warehouse_name, position.unit, money(position.price)]);
    await row.first().getByRole('button', { name: fill(texts.order.deletePosition, { name: product.name }) }).waitFor();

    // The keyboard reaches the quantity and a typed count moves the row's sum and the total.
    const count = row.first().getByLabel(new RegExp(`^${texts.order.count}`));
    await count.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await expect.poll(() => row.first().locator('.position-row__sum').textContent()).toBe(money(position.price * 2));
    await expect.poll(() => page.locator('.deal-totals [data-total="sum"]').textContent()).toBe(money(position.price * 2));
    await page.getByRole('tab', { name: new RegExp(texts.order.tabProducts) }).locator('.deal-tabs__dot').waitFor();

    await page.setViewportSize({ width: 390, height: 800 });
    // The deal screen's own parts (the shell's menu is the shell's: issue 19 §5) end inside the viewport; the table scrolls in its box.
    const widths = await page.evaluate(() => {
      const box = document.querySelector('.deal-table-scroll') as HTMLElement;
      const outside = [...document.querySelectorAll('.deal-screen, .deal-screen *')].filter((el) => !box.contains(el) || el === box);
      return { widest: Math.max(...outside.map((el) => el.getBoundingClientRect().right)), box: box.clientWidth, table: box.scrollWidth };
    });
    expect(widths.widest).toBeLessThanOrEqual(390);
    expect(widths.table).toBeGreaterThan(widths.box);
  });

  it('rule: while a notification shows, Save stays uncovered (bounding boxes), with the unsaved changes kept and said', async () => {
    const { first } = await twoOrdersOfOneGood();
    const page = await openDeal(first.id, locale);
    await page.locator('article.product-card').first().getByLabel(new RegExp(`^${texts.order.count}`)).fill('2');
    // Someone else changes the order: the save is refused (409) and its notification comes up.
    await api('orders/update', { body: { id: first.id, version: first.version, name: 'Changed elsewhere' } });
    const save = page.getByRole('button', { name: texts.app.save, exact: true });
    await save.click();
    const notification = page.locator('.ui-notification--shown').first();
    await notification.waitFor();
    for (const size of [{ width: 1200, height: 800 }, { width: 390, height: 800 }]) {
      await page.setViewportSize(size);
      await save.scrollIntoViewIfNeeded();
      const [saveBox, noteBox] = [await save.boundingBox(), await notification.boundingBox()];
      expect(saveBox && noteBox, 'Save and the notification are both shown').toBeTruthy();
      expect(boxesOverlap(saveBox!, noteBox!), `Save ${JSON.stringify(saveBox)} under the notification ${JSON.stringify(noteBox)} at ${size.width} px`).toBe(false);
    }
    await page.locator('.deal-save__status', { hasText: texts.order.unsavedChanges }).waitFor();
    await page.getByRole('tab', { name: new RegExp(texts.order.tabProducts) }).locator('.deal-tabs__dot').waitFor();
  });
});

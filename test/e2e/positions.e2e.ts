import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderWithPositions } from '../../src/contract/orders';
import type { Pipeline } from '../../src/contract/pipelines';
import type { PositionList } from '../../src/contract/positionList';
import type { Product, Warehouse } from '../../src/contract/stock';
import { staffApi, testAccount, type TestAccount } from './account';
import { hashPath, openPage } from './browser';

// /positions on this file's own account without demo data, so the list holds only what these tests make.
let account: TestAccount;
let warehouses: { main: Warehouse; south: Warehouse };
let reservedStage: number;
beforeAll(async () => {
  account = await testAccount('positions');
  warehouses = { main: await api<Warehouse>('warehouse/add', { name: 'Main' }), south: await api<Warehouse>('warehouse/add', { name: 'South', code: 'south' }) };
  await api('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const [system] = (await api<Pipeline[]>('orders/pipelines/list')).filter((pipeline) => pipeline.is_system);
  reservedStage = system.statuses.find((stage) => stage.is_reserve)!.id;
});

const api = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, body === undefined ? {} : { body });

const TEXTS = {
  en: {
    locale: 'en-US', warehouse: 'Warehouse', anyWarehouse: 'All warehouses', newPosition: 'New position', order: 'Order', product: 'Product', quantity: 'Quantity', add: 'Add to order',
    added: 'The product has been added to the order', cancelFor: (name: string, order: string) => `Cancel position ${name} in ${order}`, confirm: 'Cancel position', cancelled: 'The position has been cancelled', openOrder: (name: string) => `Open order ${name}`,
  },
  ru: {
    locale: 'ru-RU', warehouse: 'Склад', anyWarehouse: 'Все склады', newPosition: 'Новая позиция', order: 'Заказ', product: 'Товар', quantity: 'Количество', add: 'Добавить в заказ',
    added: 'Товар добавлен в заказ', cancelFor: (name: string, order: string) => `Отменить позицию ${name} в заказе ${order}`, confirm: 'Отменить позицию', cancelled: 'Позиция отменена', openOrder: (name: string) => `Открыть заказ ${name}`,
  },
} as const;

/** A product with 10 in Main and 5 in South, and an order in the reservation stage holding 3 from Main and 2 from South. */
async function holdings(tag: string) {
  const product = await api<Product>('product/add', { name: `Drill ${tag}`, article: `DR-${tag}`, values: { retail: { cost: 100 } } });
  await api('product/arrival', { product_id: product.id, warehouse_id: warehouses.main.id, batch: `M-${tag}`, count: 10, cost_price: 40 });
  await api('product/arrival', { product_id: product.id, warehouse_id: warehouses.south.id, batch: `S-${tag}`, count: 5, cost_price: 40 });
  const order = await api<OrderWithPositions>('orders/add', { name: `Holder ${tag}`, status_id: reservedStage });
  await api('orders/product/add', { order_id: order.id, product: `${product.id}%%%${warehouses.main.code}`, quantity: 3 });
  await api('orders/product/add', { order_id: order.id, product: `${product.id}%%%south`, quantity: 2 });
  const other = await api<OrderWithPositions>('orders/add', { name: `Buyer ${tag}`, status_id: reservedStage });
  return { product, order, other };
}

const reserveOf = async (productId: number) => (await api<Product>(`product/get?id=${productId}`)).reserve;
const rows = (page: Page, text: string) => page.getByTestId('position-row').filter({ hasText: text });

/** Runs an action and waits for the positions list it causes to be shown. */
async function listAfter(page: Page, action: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([page.waitForRequest((req) => req.url().endsWith('/api/orders/positions/list')), action()]);
  await request.response();
  await page.locator('.positions-table:not([aria-busy="true"]), .positions-state').first().waitFor();
  return request.postDataJSON() as Record<string, unknown>;
}

/** Chooses a suggestion in a Suggest box (the field labelled `label`, within `scope`). */
async function suggest(scope: ReturnType<Page['locator']>, label: string, text: string, option: string) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: new RegExp(option) }).click();
}

describe('/positions in the browser', () => {
  for (const lang of ['en', 'ru'] as const) {
    const texts = TEXTS[lang];

    it(`${lang}: the list filters by warehouse, and a row opens its order`, async () => {
      const tag = `${lang}${Date.now()}`;
      const { product, order } = await holdings(tag);
      const page = await openPage('/positions', { token: account.token, locale: texts.locale });
      await rows(page, product.name).first().waitFor();
      await expect.poll(() => rows(page, product.name).count()).toBe(2);
      const body = await listAfter(page, () => page.getByLabel(texts.warehouse, { exact: true }).selectOption({ label: 'South' }));
      expect(body).toMatchObject({ page: 1, filter: { warehouse_id: warehouses.south.id } });
      await expect.poll(() => rows(page, product.name).count()).toBe(1);
      const south = rows(page, product.name).first();
      expect(await south.textContent()).toContain(`S-${tag}`);
      expect(await south.textContent()).toContain('South');
      await south.getByRole('link', { name: texts.openOrder(order.name) }).click();
      await expect.poll(() => hashPath(page)).toBe('/addToDeal');
      expect(page.url()).toContain(`order_id=${order.id}`);
      await page.getByRole('heading', { level: 1, name: order.name }).waitFor();
    });

    it(`${lang}: 'new position' adds a product to a chosen order (it reserves), and 'cancel position' releases the reservation after confirmation`, async () => {
      const tag = `${lang}n${Date.now()}`;
      const { product, other } = await holdings(tag);
      expect(await reserveOf(product.id)).toBe(5);
      const page = await openPage('/positions', { token: account.token, locale: texts.locale });
      await rows(page, product.name).first().waitFor();

      await page.getByRole('button', { name: texts.newPosition }).click();
      const dialog = page.getByRole('dialog');
      await suggest(dialog, texts.order, other.name, other.name);
      await suggest(dialog, texts.product, product.name, product.name);
      await dialog.getByLabel(texts.warehouse, { exact: true }).selectOption({ label: 'Main' });
      await dialog.getByLabel(texts.quantity).fill('4');
      await listAfter(page, () => dialog.getByRole('button', { name: texts.add }).click());
      await page.locator('.ui-notification', { hasText: texts.added }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => rows(page, other.name).count()).toBe(1);
      expect(await reserveOf(product.id)).toBe(9);

      await rows(page, other.name).getByRole('button', { name: texts.cancelFor(product.name, other.name) }).click();
      const confirm = page.getByRole('alertdialog');
      expect(await confirm.textContent()).toContain(product.name);
      await listAfter(page, () => confirm.getByRole('button', { name: texts.confirm }).click());
      await page.locator('.ui-notification', { hasText: texts.cancelled }).waitFor();
      await expect.poll(() => rows(page, other.name).count()).toBe(0);
      expect(await reserveOf(product.id)).toBe(5);
      const left = await api<PositionList>('orders/positions/list', { filter: { product_id: product.id } });
      expect(left.data.map((row) => row.order_id)).not.toContain(other.id);
    });
  }
});

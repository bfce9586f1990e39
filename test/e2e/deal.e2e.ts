import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DealProduct, OrderWithPositions } from '../../src/contract/orders';
import { baseUrl, openPage, openUrl, shots } from './browser';
import { DEMO_LOGIN } from './fixtures';

/** The staff API as the demo admin, to pick products and check what the screen did. */
async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${DEMO_LOGIN.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

const orderIdOf = (page: Page) => Number(/order_id=(\d+)/.exec(page.url())?.[1]);
const card = (page: Page, name: string) => page.locator('article.product-card', { has: page.getByRole('heading', { name: new RegExp(name) }) });

/** Adds a product through the add-product panel: search by its article, choose it, the warehouse (goods), then Add. */
async function addProduct(page: Page, product: DealProduct, warehouseName?: string) {
  const before = await page.locator('article.product-card').count();
  await page.getByRole('combobox', { name: 'Product name or article' }).fill(product.article);
  await page.locator('.deal-add [role="option"]').filter({ has: page.getByText(product.name, { exact: true }) }).click();
  await page.getByText(`Chosen: ${product.name}`).waitFor();
  if (warehouseName) {
    await page.locator('.deal-add').getByRole('combobox', { name: 'Warehouse' }).click();
    await page.locator('.deal-add [role="option"]', { hasText: warehouseName }).click();
  }
  await page.locator('.deal-add').getByRole('button', { name: 'Add' }).click();
  await expect.poll(() => page.locator('article.product-card').count()).toBe(before + 1);
}

describe('the deal screen in Chromium against the real server', () => {
  it('creates an order, adds a good from a chosen warehouse and a service, caps a count, saves, reloads, reserves, shares read-only', async () => {
    // A good held in two warehouses (so the choice matters) with a few units in the second one, and a service.
    const drills = await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('drill')}`);
    const good = drills.find((product) => product.type === 'product' && product.warehouses.length === 2 && product.warehouses[1].available >= 2);
    const services = await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('Delivery')}`);
    const service = services.find((product) => product.type === 'service');
    expect(good, 'a drill stocked in both warehouses').toBeDefined();
    expect(service, 'a delivery service').toBeDefined();
    const second = good!.warehouses[1];

    // Sign in as the demo admin and open the deal screen with no order_id: an order is created.
    const page = await openPage('/addToDeal');
    await page.waitForFunction(() => /order_id=\d+/.test(location.hash));
    const orderId = orderIdOf(page);
    await page.getByRole('heading', { level: 1, name: `New order #${orderId}` }).waitFor();
    await page.getByText('No products in this order yet.').waitFor();

    await addProduct(page, good!, second.name);
    await addProduct(page, service!);
    const added = await api<OrderWithPositions>(`orders/order?order_id=${orderId}`);
    expect(added.positions.map((position) => [position.product_id, position.warehouse_code, position.count])).toEqual([
      [good!.id, second.code, 1],
      [service!.id, null, 1],
    ]);

    // A count beyond what the warehouse has is capped, and the card says so.
    const goodCard = card(page, good!.name);
    const count = goodCard.getByLabel(/^Quantity/);
    await count.fill(String(second.available + 25));
    await expect.poll(() => count.inputValue()).toBe(String(second.available));
    await goodCard.getByText(`Only ${second.available} available: the quantity was lowered`).waitFor();
    await page.getByText('Unsaved changes').first().waitFor();

    // Move the order to the reservation stage, then save.
    await page.locator('.deal-details').getByRole('combobox', { name: 'Status' }).click();
    await page.locator('.deal-details [role="option"]', { hasText: 'Reserved' }).click();
    await page.screenshot({ path: join(shots, 'deal-unsaved.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.deal-save__status', { hasText: 'Saved' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // Reloaded, the order shows what was saved; the stock is reserved for it.
    await page.reload();
    await card(page, good!.name).waitFor();
    expect(await card(page, good!.name).getByLabel(/^Quantity/).inputValue()).toBe(String(second.available));
    await card(page, good!.name).getByText(`Reserved: ${second.available}`).waitFor();
    expect(await page.locator('.deal-details').getByRole('combobox', { name: 'Status' }).textContent()).toContain('Reserved');
    const saved = await api<OrderWithPositions>(`orders/order?order_id=${orderId}`);
    expect(saved.stock_state).toBe('reserved');
    expect(saved.positions.find((position) => position.product_id === good!.id)).toMatchObject({ count: second.available, reserved: second.available });
    const stocked = await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent(good!.article)}`);
    expect(stocked.find((product) => product.id === good!.id)?.warehouses.find((store) => store.code === second.code)?.available).toBe(0);
    await page.screenshot({ path: join(shots, 'deal-light.png'), fullPage: true });

    // Make the order public; the link opens in a fresh browser with read-only cards and no staff-only fields.
    await page.getByRole('button', { name: 'Make order public' }).click();
    const go = page.getByRole('link', { name: 'Go to the public order' });
    await go.waitFor();
    const link = (await go.getAttribute('href'))!;
    expect(link).toMatch(new RegExp(`/#/publicOrder\\?order_id=${orderId}&public_token=`));

    const visitor = await openUrl(link.replace(baseUrl, ''));
    const publicCard = card(visitor, good!.name);
    await publicCard.waitFor();
    await publicCard.getByLabel('Brand').waitFor();
    expect(await visitor.locator('article.product-card').count()).toBe(2);
    // Staff-only fields (public_order_visible 0, visible 1) are absent: Notes, Last checked, the wholesale price type.
    expect(await visitor.getByText('Notes', { exact: true }).count()).toBe(0);
    expect(await visitor.getByText('Last checked', { exact: true }).count()).toBe(0);
    expect(await visitor.getByText(/Wholesale price/).count()).toBe(0);
    expect(await visitor.getByText('Cost price').count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Make order public' }).count()).toBe(0);
    // Read-only: price type, price and the fields.
    expect(await publicCard.getByLabel('Brand').isDisabled()).toBe(true);
    expect(await publicCard.getByLabel(/^Price,/).isDisabled()).toBe(true);
    expect(await publicCard.getByRole('combobox', { name: 'Price type' }).getAttribute('aria-disabled')).toBe('true');
    expect(await visitor.locator('article.product-card--capped').count()).toBe(0);
    await visitor.screenshot({ path: join(shots, 'public-order-light.png'), fullPage: true });

    // Both screens in the dark theme.
    await visitor.goto(`${baseUrl}/?test=dark#/publicOrder?order_id=${orderId}`);
    await card(visitor, good!.name).getByLabel('Brand').waitFor();
    expect(await visitor.locator('html').getAttribute('class')).toContain('theme-dark');
    await visitor.screenshot({ path: join(shots, 'public-order-dark.png'), fullPage: true });
    await page.goto(`${baseUrl}/?test=dark#/addToDeal?order_id=${orderId}`);
    await card(page, good!.name).getByLabel('Brand').waitFor();
    await page.screenshot({ path: join(shots, 'deal-dark.png'), fullPage: true });
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('article.product-card--list').first().waitFor();
    await page.screenshot({ path: join(shots, 'deal-list-dark.png'), fullPage: true });
  });

  it('leaving with unsaved changes asks; staying keeps the typed count', async () => {
    const order = await api<OrderWithPositions>('orders/add', { method: 'POST', body: {} });
    const [product] = (await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('hammer')}`)).filter((item) => item.type === 'product' && (item.available ?? 0) >= 3);
    await api<OrderWithPositions>('orders/product/add', { method: 'POST', body: { order_id: order.id, product: product.warehouses.find((store) => store.available >= 3)!.identifier, quantity: 1 } });
    const page = await openPage(`/addToDeal?order_id=${order.id}`);
    const count = card(page, product.name).getByLabel(/^Quantity/);
    await count.fill('2');
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('You have unsaved changes. Leave without saving?').waitFor();
    await page.screenshot({ path: join(shots, 'deal-leave-confirmation.png') });
    await dialog.getByRole('button', { name: 'Stay on the order' }).click();
    expect(await count.inputValue()).toBe('2');
    expect(new URL(page.url()).hash).toBe(`#/addToDeal?order_id=${order.id}`);
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/orders'));
  });
});

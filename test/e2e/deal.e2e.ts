import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealProduct, OrderList, OrderWithPositions } from '../../src/contract/orders';
import type { Pipeline } from '../../src/contract/pipelines';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, openPage as openStaffPage, openUrl } from './browser';

// This file's own account with the demo catalogue and orders.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('deal', { demo: true });
});

const openPage = (path: string) => openStaffPage(path, { token: account.token });

/** The staff API as the admin, to pick products, change orders behind the screen's back and check what it did. */
const api = <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => staffApi(account)<T>(`/api/${path}`, init);

/** A new order holding one unit of a good with at least three in stock (so its count can be raised). */
async function orderWithGood(): Promise<{ order: OrderWithPositions; product: DealProduct }> {
  const order = await api<OrderWithPositions>('orders/add', { method: 'POST', body: {} });
  const [product] = (await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('hammer')}`)).filter((item) => item.type === 'product' && (item.available ?? 0) >= 3);
  const withGood = await api<OrderWithPositions>('orders/product/add', { method: 'POST', body: { order_id: order.id, product: product.warehouses.find((store) => store.available >= 3)!.identifier, quantity: 1 } });
  return { order: withGood, product };
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

    // Sign in as the demo admin and open the deal screen with no order_id: a new order, stored by its first position.
    const page = await openPage('/addToDeal');
    await page.getByRole('heading', { level: 1, name: 'New order', exact: true }).waitFor();
    await page.getByText('No products in this order yet.').waitFor();

    await addProduct(page, good!, second.name);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/order_id=\d+/);
    const orderId = orderIdOf(page);
    await page.getByRole('heading', { level: 1, name: `New order #${orderId}` }).waitFor();
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
    await page.locator('.deal-details').getByRole('combobox', { name: 'Stage' }).click();
    await page.locator('.deal-details [role="option"]', { hasText: 'Reserved' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.deal-save__status', { hasText: 'Saved' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    // Reloaded, the order shows what was saved; the stock is reserved for it.
    await page.reload();
    await card(page, good!.name).waitFor();
    expect(await card(page, good!.name).getByLabel(/^Quantity/).inputValue()).toBe(String(second.available));
    await card(page, good!.name).getByText(`Reserved: ${second.available}`).waitFor();
    expect(await page.locator('.deal-details').getByRole('combobox', { name: 'Stage' }).textContent()).toContain('Reserved');
    const saved = await api<OrderWithPositions>(`orders/order?order_id=${orderId}`);
    expect(saved.stock_state).toBe('reserved');
    expect(saved.positions.find((position) => position.product_id === good!.id)).toMatchObject({ count: second.available, reserved: second.available });
    const stocked = await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent(good!.article)}`);
    expect(stocked.find((product) => product.id === good!.id)?.warehouses.find((store) => store.code === second.code)?.available).toBe(0);

    // Make the order public; the link opens in a fresh browser with read-only cards and no staff-only fields.
    await page.getByRole('button', { name: 'Make order public' }).click();
    const go = page.getByRole('link', { name: 'Go to the public order' });
    await go.waitFor();
    const link = (await go.getAttribute('href'))!;
    expect(link).toMatch(new RegExp(`/#/publicOrder\\?order_id=${orderId}&public_token=`));

    const visitor = await openUrl(link.replace(baseUrl, ''));
    // The customer's own page (issue 19 §3): the order's lines, not the staff cards; no staff-only fields.
    await visitor.locator('.po-line', { hasText: good!.name }).waitFor({ timeout: 30_000 });
    expect(await visitor.locator('.po-line').count()).toBe(2);
    expect(await visitor.locator('article.product-card').count()).toBe(0);
    // Staff-only fields (public_order_visible 0, visible 1) are absent: Notes, Last checked, the wholesale price type.
    expect(await visitor.getByText('Notes', { exact: true }).count()).toBe(0);
    expect(await visitor.getByText('Last checked', { exact: true }).count()).toBe(0);
    expect(await visitor.getByText(/Wholesale price/).count()).toBe(0);
    expect(await visitor.getByText('Cost price').count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Make order public' }).count()).toBe(0);
  });

  it('rule: Create order then Back, Back stores no order and returns where the user started; a position stores the order once and Back returns to the list', async () => {
    const ordersTotal = async () => (await api<OrderList>('orders/list', { method: 'POST', body: { page: 1, per_page: 1 } })).meta.total;
    const before = await ordersTotal();
    const page = await openPage('/clients');
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    // Opened and left untouched: Back to the list, Back again to where the user started; nothing stored.
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByText('No products in this order yet.').waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/clients');
    expect(await ordersTotal()).toBe(before);

    // A position is the first change: the order is stored once, with it, and its id replaces the address.
    const services = await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('Delivery')}`);
    const service = services.find((product) => product.type === 'service');
    expect(service, 'a delivery service').toBeDefined();
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByRole('heading', { level: 1, name: 'New order', exact: true }).waitFor();
    await addProduct(page, service!);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/addToDeal\?order_id=\d+$/);
    const stored = await api<OrderWithPositions>(`orders/order?order_id=${orderIdOf(page)}`);
    expect(stored.positions.map((position) => [position.product_id, position.count])).toEqual([[service!.id, 1]]);
    expect(await ordersTotal()).toBe((before ?? 0) + 1);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await ordersTotal()).toBe((before ?? 0) + 1);
  });

  it('leaving with unsaved changes asks; staying keeps the typed count', async () => {
    const { order, product } = await orderWithGood();
    const page = await openPage(`/addToDeal?order_id=${order.id}`);
    const count = card(page, product.name).getByLabel(/^Quantity/);
    await count.fill('2');
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('You have unsaved changes. Leave without saving?').waitFor();
    await dialog.getByRole('button', { name: 'Stay on the order' }).click();
    expect(await count.inputValue()).toBe('2');
    expect(new URL(page.url()).hash).toBe(`#/addToDeal?order_id=${order.id}`);
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/orders/);
  });

  it("rule: the browser's Back with unsaved changes is undone and asked about; staying keeps the typed count, leaving goes back", async () => {
    const { order, product } = await orderWithGood();
    const page = await openPage('/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.evaluate((id) => (location.hash = `#/addToDeal?order_id=${id}`), order.id);
    const count = card(page, product.name).getByLabel(/^Quantity/);
    await count.fill('2');
    await page.getByText('Unsaved changes').first().waitFor();

    await page.goBack();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('You have unsaved changes. Leave without saving?').waitFor();
    expect(new URL(page.url()).hash).toBe(`#/addToDeal?order_id=${order.id}`);
    await dialog.getByRole('button', { name: 'Stay on the order' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect([new URL(page.url()).hash, await count.inputValue()]).toEqual([`#/addToDeal?order_id=${order.id}`, '2']);

    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // Nothing was saved: the order still holds one unit.
    expect((await api<OrderWithPositions>(`orders/order?order_id=${order.id}`)).positions.map((position) => position.count)).toEqual([1]);
  });

  it('rule: a stale save (409, the order changed meanwhile) keeps what was typed; reloading keeps it on top of the new order, and it saves', async () => {
    const { order, product } = await orderWithGood();
    const page = await openPage(`/addToDeal?order_id=${order.id}`);
    const count = () => card(page, product.name).getByLabel(/^Quantity/);
    await count().fill('3');
    await page.getByText('Unsaved changes').first().waitFor();
    // A colleague renames the order meanwhile: the version the screen read is now stale.
    const renamed = await api<OrderWithPositions>('orders/update', { method: 'POST', body: { id: order.id, version: order.version, name: 'Renamed by a colleague' } });

    const [refused] = await Promise.all([page.waitForResponse((res) => res.url().endsWith('/api/orders/update')), page.getByRole('button', { name: 'Save', exact: true }).click()]);
    expect(refused.status()).toBe(409);
    const conflict = page.locator('.deal-conflict');
    await conflict.getByText('Your changes are kept.', { exact: false }).waitFor();
    expect([await count().inputValue(), await page.locator('.deal-save__status').textContent()]).toEqual(['3', 'Unsaved changes']);
    // The server kept the colleague's change and not ours.
    expect((await api<OrderWithPositions>(`orders/order?order_id=${order.id}`)).positions.map((position) => position.count)).toEqual([1]);

    await conflict.getByRole('button', { name: 'Reload and keep my changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Renamed by a colleague' }).waitFor();
    await expect.poll(() => conflict.count()).toBe(0);
    expect(await count().inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.deal-save__status', { hasText: 'Saved' }).waitFor();
    const saved = await api<OrderWithPositions>(`orders/order?order_id=${order.id}`);
    expect([saved.name, saved.positions.map((position) => position.count), saved.version > renamed.version]).toEqual(['Renamed by a colleague', [3], true]);
  });

  it('rule: a product card is at most 700px high on the staff screen (taller content scrolls inside it)', async () => {
    const { order, product } = await orderWithGood();
    // The card's own content is shorter than the cap: a 1500 px block inside it stands for a long one.
    const withTallContent = async (page: Page) => {
      const tall = card(page, product.name);
      await tall.getByLabel(/^Quantity/).waitFor({ timeout: 30_000 });
      return tall.evaluate((element) => {
        const block = document.createElement('div');
        // Not shrunk by the card's flex layout: it takes its full height, as long content would.
        block.style.minHeight = '1500px';
        block.style.flexShrink = '0';
        element.append(block);
        return { height: Math.round(element.getBoundingClientRect().height), scrolls: element.scrollHeight > element.clientHeight };
      });
    };
    const staff = await withTallContent(await openPage(`/addToDeal?order_id=${order.id}`));
    expect(staff.height).toBeLessThanOrEqual(700);
    expect(staff.scrolls).toBe(true);
  });

  it('rule: a shared order that is no longer active (moved to a stage that blocks products) is read-only for the customer, with no save', async () => {
    const { order, product } = await orderWithGood();
    const share = await api<{ path: string }>('orders/public/link', { method: 'POST', body: { order_id: order.id } });
    const visitor = await openUrl(share.path);
    const count = visitor.getByLabel(`Quantity of ${product.name}`);
    // The link's token is exchanged for a session before the order loads: two round trips on a cold page.
    await count.waitFor({ timeout: 30_000 });
    // Active: the customer may change the count.
    expect(await visitor.getByText('This order can no longer be changed: the seller is already processing it.').count()).toBe(0);

    const pipelines = await api<Pipeline[]>('orders/pipelines/list');
    const blocking = pipelines.flatMap((pipeline) => pipeline.statuses).find((status) => status.blocks_products);
    expect(blocking, 'a demo stage that blocks products').toBeDefined();
    await api('orders/update', { method: 'POST', body: { id: order.id, version: order.version, pipeline_id: blocking!.pipeline_id, status_id: blocking!.id } });

    await visitor.reload();
    await visitor.getByText('This order can no longer be changed: the seller is already processing it.').waitFor();
    await visitor.locator('.po-line', { hasText: product.name }).waitFor();
    // No quantity controls, no save, no adding.
    expect([await count.count(), await visitor.getByRole('button', { name: `One more of ${product.name}` }).count(), await visitor.getByRole('button', { name: 'Save', exact: true }).count()]).toEqual([0, 0, 0]);
  });
});

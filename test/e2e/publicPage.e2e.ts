import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage, openPage } from './browser';

/**
 * Issue 19 §3: the public order as a customer sees it — a clean customer page, not the staff deal screen greyed
 * out; the list, profile and sign-in pages in the same style at phone width; and staff see who changed the order.
 * Every flow in English and Russian.
 */

let account: TestAccount;
let customerToken: string;
let orderId: number;
let offered: { id: number; name: string }[];
const ORDER_NAME = 'Garden tools for the dacha';

const staff = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, body === undefined ? {} : { body });

async function publicCall<T>(path: string, body?: unknown, token = customerToken): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

type PublicOrder = { id: number; sum: number; status_name: string | null; positions: { id: number; name: string; count: number; product_id: number }[] };

beforeAll(async () => {
  account = await testAccount('public-page', { demo: true });
  const login = await fetch(`${baseUrl}/api/public-order/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: account.customer!.email, password: account.customer!.password }),
  });
  customerToken = ((await login.json()) as { access_token: string }).access_token;
  // A fresh order of this account shared with its customer, with one product in stock and a document for them.
  const order = await staff<{ id: number }>('orders/add', { name: ORDER_NAME });
  orderId = order.id;
  await staff('orders/public/link', { order_id: orderId, email: account.customer!.email });
  const catalogue = await publicCall<{ products: { data: { id: number; name: string; availability: string | null }[] } }>('public-order/categories/list?per_page=50');
  offered = catalogue.products.data.filter((product) => product.availability === 'in_stock');
  expect(offered.length).toBeGreaterThan(1);
  await publicCall('public-order/order/position/add', { order_id: orderId, product: String(offered[0].id), quantity: 1 });
  const form = new FormData();
  form.append('order_id', String(orderId));
  form.append('file', new Blob(['Invoice for the garden tools']), 'Invoice-garden.txt');
  const upload = await fetch(`${baseUrl}/api/orders/custom-doc/upload?order_id=${orderId}`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
  expect(upload.status).toBe(200);
});

const LANGUAGES = [
  {
    lang: 'en',
    locale: 'en-US',
    inStock: 'In stock',
    total: 'Total',
    add: (name: string) => `Add ${name} to the order`,
    more: (name: string) => `One more of ${name}`,
    less: (name: string) => `One less of ${name}`,
    remove: (name: string) => `Remove ${name} from the order`,
    download: 'Download Invoice-garden.txt',
    changedByCustomer: /^Changed by the customer .+, /,
    signIn: 'Sign in',
  },
  {
    lang: 'ru',
    locale: 'ru-RU',
    inStock: 'В наличии',
    total: 'Итого',
    add: (name: string) => `Добавить в заказ: ${name}`,
    more: (name: string) => `На одну больше: ${name}`,
    less: (name: string) => `На одну меньше: ${name}`,
    remove: (name: string) => `Удалить из заказа: ${name}`,
    download: 'Скачать Invoice-garden.txt',
    changedByCustomer: /^Изменён: покупатель .+, \d\d\.\d\d\.\d{4} \d\d:\d\d$/,
    signIn: 'Войти',
  },
] as const;

/** A page of the customer, signed in (the public token stored as the shell stores it) in the browser's language. */
async function customerPage(path: string, options: BrowserContextOptions): Promise<Page> {
  const page = await newPage(options);
  await page.addInitScript((token) => {
    localStorage.setItem('POTOKEN', token);
    localStorage.setItem('POAuth', '1');
  }, customerToken);
  await page.goto(`${baseUrl}/#${path}`);
  return page;
}

/** Whether the page is wider than its viewport (a horizontal scroll). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const language of LANGUAGES) {
  describe(`the customer's order page (${language.lang})`, () => {
    it('rule: a clean customer page — title, number, status, items with availability only, total with the currency, documents; no staff card, cost, stock count or warehouse', async () => {
      const order = await publicCall<PublicOrder>(`public-order/order?order_id=${orderId}`);
      const page = await customerPage(`/publicOrder?order_id=${orderId}`, { locale: language.locale, acceptDownloads: true });
      await page.getByRole('heading', { level: 1, name: ORDER_NAME }).waitFor();
      // Not the staff deal screen greyed out.
      expect(await page.locator('.deal-screen, article.product-card, .deal-tabs').count()).toBe(0);
      if (order.status_name) expect(await page.locator('.po-status').textContent()).toContain(order.status_name);
      expect(await page.locator('.po-meta').textContent()).toContain(String(orderId));
      const line = page.locator('.po-line', { hasText: offered[0].name });
      await line.waitFor();
      expect(await line.locator('.po-availability').textContent()).toBe(language.inStock);
      expect(await page.locator('.po-total').textContent()).toContain(language.total);
      expect(await page.locator('.po-total').textContent()).toContain('₽');
      // Nothing internal in the page: no warehouse names, cost or stock counts.
      const warehouses = await staff<{ name: string }[]>('warehouse/list');
      const text = await page.locator('main').textContent();
      for (const warehouse of warehouses) expect(text).not.toContain(warehouse.name);
      expect(text).not.toMatch(/cost|себестоим|profit|прибыл|reserved|резерв/i);
      // The document the seller shared downloads.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: language.download }).click()]);
      expect(download.suggestedFilename()).toBe('Invoice-garden.txt');
    });

    it('rule: the customer changes a quantity and adds and removes an offered product; the server holds the change and staff see "changed by the customer"', async () => {
      const before = await publicCall<PublicOrder>(`public-order/order?order_id=${orderId}`);
      const first = before.positions.find((position) => position.product_id === offered[0].id)!;
      const page = await customerPage(`/publicOrder?order_id=${orderId}`, { locale: language.locale });
      // Between 1 and 2 (the demo stock may hold no more): '+' from 1, '−' back from 2.
      const next = first.count === 1 ? 2 : 1;
      await page.getByRole('button', { name: next === 2 ? language.more(first.name) : language.less(first.name) }).click();
      await expect.poll(async () => (await publicCall<PublicOrder>(`public-order/order?order_id=${orderId}`)).positions.find((position) => position.id === first.id)?.count).toBe(next);
      await expect.poll(() => page.getByRole('textbox', { name: new RegExp(first.name) }).inputValue()).toBe(String(next));
      // A typed quantity is sent on Enter.
      const quantity = page.getByRole('textbox', { name: new RegExp(first.name) });
      await quantity.fill(String(3 - next));
      await quantity.press('Enter');
      await expect.poll(async () => (await publicCall<PublicOrder>(`public-order/order?order_id=${orderId}`)).positions.find((position) => position.id === first.id)?.count).toBe(3 - next);

      const extra = offered[1];
      await page.getByRole('button', { name: language.add(extra.name) }).click();
      await page.locator('.po-line', { hasText: extra.name }).waitFor();
      await page.getByRole('button', { name: language.remove(extra.name) }).click();
      await expect.poll(() => page.locator('.po-line', { hasText: extra.name }).count()).toBe(0);
      const after = await publicCall<PublicOrder>(`public-order/order?order_id=${orderId}`);
      expect(after.positions.map((position) => position.product_id)).toEqual([offered[0].id]);

      // Staff see in the deal header that the customer changed it last, and when.
      const staffPage = await openPage(`/addToDeal?order_id=${orderId}`, { token: account.token, locale: language.locale });
      const note = staffPage.locator('.deal-last-change');
      await note.waitFor();
      expect(await note.textContent()).toMatch(language.changedByCustomer);
    });

    it('rule: at phone width (390 px) the order, list, profile and sign-in pages have no horizontal scroll; the order\'s items and total are not cut off', async () => {
      const phone = { locale: language.locale, viewport: { width: 390, height: 844 } };
      for (const path of [`/publicOrder?order_id=${orderId}`, '/availablePublicOrderList', '/publicOrderProfile']) {
        const page = await customerPage(path, phone);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
        if (path.startsWith('/publicOrder?')) {
          // The items are not cut off: each line, its quantity control and sum, and the total lie inside the viewport.
          const boxes = await page.locator('.po-line, .po-line .po-quantity, .po-line .po-line__sum, .po-total').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
          expect(boxes.length).toBeGreaterThanOrEqual(4);
          for (const right of boxes) expect(right).toBeLessThanOrEqual(390);
        }
      }
      const signIn = await newPage(phone);
      await signIn.goto(`${baseUrl}/#/publicOrderAuth`);
      await signIn.getByRole('button', { name: language.signIn, exact: true }).waitFor();
      expect(await overflow(signIn), '/publicOrderAuth').toBeLessThanOrEqual(0);
    });
  });
}

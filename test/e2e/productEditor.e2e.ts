import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { OrderWithPositions } from '../../src/contract/orders';
import type { StockDocument } from '../../src/contract/stockOperations';
import type { Batch, Product, ProductList, Warehouse } from '../../src/contract/stock';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';
import { solidPng } from '../support/png';

/**
 * The product editor overlay (issue 13 §3) against the real server, in English and Russian: create, edit, a
 * stale save refused with 409 and reloaded keeping the user's input, the history tab, an image upload, duplicate, archive, and
 * leaving with unsaved input asks first. The editor opens from the stock screen's 'New product' (or a product's
 * name). The History tab names every movement kind (transit ones too); the deal screen's card shows an uploaded image
 * by its signed link, which another account's user cannot open with their session.
 */
let account: TestAccount;
let stranger: TestAccount;
let warehouse: Warehouse;
let second: Warehouse;
beforeAll(async () => {
  account = await testAccount('product-editor');
  stranger = await testAccount('product-editor-stranger');
  warehouse = await api<Warehouse>('warehouse/add', { name: 'E2E main' });
  second = await api<Warehouse>('warehouse/add', { name: 'E2E second' });
  await api('field/add', { name: 'Photos', type: 15, code: 'photos' });
});

/** product/image/upload as the account's admin (multipart), answering the product. */
async function uploadPhoto(productId: number, png: Buffer): Promise<Product> {
  const form = new FormData();
  form.append('product_id', String(productId));
  form.append('field', 'photos');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${baseUrl}/api/product/image/upload`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Product;
}

const api = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, { body });
const find = async (name: string) => (await api<ProductList>('product/list', { filter: { search: name } })).data.filter((product) => product.name === name);
const archivedCopies = async (name: string) => (await api<ProductList>('product/list', { filter: { search: name, archived: true } })).data;

const LANGS = [
  ['English', 'en-US', en.stock.editor, en.app],
  ['Russian', 'ru-RU', ru.stock.editor, ru.app],
] as const;

async function openRemnants(locale: string): Promise<Page> {
  const page = await openPage('/remnants', { token: account.token, locale });
  // The shell follows the saved choice first: the browser's language decides only for a fresh page.
  if (locale.startsWith('ru')) {
    await page.evaluate(() => localStorage.setItem('lang', 'ru'));
    await page.reload();
  }
  return page;
}

describe.each(LANGS)('product editor in %s', (_name, locale, texts, app) => {
  it('rule: create, edit, a stale save (409) reloads keeping my input, history shows the arrival, an uploaded image shows, duplicate has no stock, archive', async () => {
    const page = await openRemnants(locale);
    await page.getByRole('button', { name: texts.add }).click();
    const editor = page.getByRole('dialog', { name: texts.newTitle });
    const name = `Drill ${locale} ${Date.now()}`;
    await editor.getByLabel(texts.name, { exact: true }).fill(name);
    await editor.getByLabel(texts.article, { exact: true }).fill('D-1');
    await editor.getByRole('button', { name: app.save, exact: true }).click();
    const editing = page.getByRole('dialog', { name: texts.editTitle });
    await editing.waitFor();
    await expect.poll(async () => (await find(name)).length).toBe(1);
    const [created] = await find(name);
    expect(created).toMatchObject({ article: 'D-1', count: 0 });

    // Edit: the article changes, nothing else.
    await editing.getByLabel(texts.article, { exact: true }).fill('D-2');
    await editing.getByRole('button', { name: app.save, exact: true }).click();
    await expect.poll(async () => (await api<Product>(`product/get?id=${created.id}`)).article).toBe('D-2');

    // Someone else renames it; my description save is refused, my input stays, and reload keeps it on top.
    await api('product/update', { id: created.id, name: `${name} elsewhere` });
    await editing.getByLabel(texts.description, { exact: true }).fill('my note');
    await editing.getByRole('button', { name: app.save, exact: true }).click();
    await editing.getByText(texts.conflict).waitFor();
    expect(await editing.getByLabel(texts.description, { exact: true }).inputValue()).toBe('my note');
    expect((await api<Product>(`product/get?id=${created.id}`)).description).toBe('');
    await editing.getByRole('button', { name: texts.keepInput }).click();
    await editing.getByText(texts.conflict).waitFor({ state: 'detached' });
    expect(await editing.getByLabel(texts.name, { exact: true }).inputValue()).toBe(`${name} elsewhere`);
    expect(await editing.getByLabel(texts.description, { exact: true }).inputValue()).toBe('my note');
    await editing.getByRole('button', { name: app.save, exact: true }).click();
    await expect.poll(async () => (await api<Product>(`product/get?id=${created.id}`)).description).toBe('my note');
    expect((await api<Product>(`product/get?id=${created.id}`)).name).toBe(`${name} elsewhere`);

    // History: an arrival made elsewhere shows on the tab.
    await api('product/arrival', { product_id: created.id, warehouse_id: warehouse.id, batch: 'B-7', count: 5, comment: 'e2e arrival' });
    await editing.getByRole('tab', { name: texts.history }).click();
    const row = editing.getByRole('row').filter({ hasText: 'e2e arrival' });
    await row.waitFor();
    expect(await row.textContent()).toContain(texts.kinds.arrival);
    expect(await row.textContent()).toContain('B-7');

    // An image: uploaded, listed on the product and shown from the account's own image route.
    await editing.getByRole('tab', { name: texts.details }).click();
    await editing.getByLabel(texts.imageUpload).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: solidPng(320, 160) });
    const thumbnail = editing.getByRole('img', { name: texts.imageAlt.replace('{{n}}', '1') });
    await thumbnail.waitFor();
    // The m size (at most 300 px, made at upload), shown in the 160 px thumbnail box.
    await expect.poll(() => thumbnail.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.width, element.height])).toEqual([300, 160, 80]);
    expect((await api<Product>(`product/get?id=${created.id}`)).values.photos).toHaveLength(1);

    // Duplicate: the editor moves to '… (copy)', which has no stock; the original keeps its 5.
    await editing.getByRole('tab', { name: texts.details }).click();
    await editing.getByRole('button', { name: texts.duplicate }).click();
    const copyName = `${name} elsewhere (copy)`;
    await expect.poll(async () => editing.getByLabel(texts.name, { exact: true }).inputValue()).toBe(copyName);
    const [copy] = await find(copyName);
    expect(copy).toMatchObject({ count: 0, batches: [] });
    expect((await api<Product>(`product/get?id=${created.id}`)).count).toBe(5);

    // Archive the copy from the editor: the editor closes and the copy leaves the active list.
    await editing.getByRole('button', { name: texts.archive }).click();
    await editing.waitFor({ state: 'detached' });
    expect(await find(copyName)).toEqual([]);
    expect((await archivedCopies(copyName)).map((product) => product.id)).toEqual([copy.id]);
  });

  it('rule: the History tab names every movement kind, the two-step move too: sent, received, cancelled', async () => {
    const name = `Transit ${locale} ${Date.now()}`;
    const product = await api<Product>('product/add', { name });
    const batch = await api<Batch>('product/arrival', { product_id: product.id, warehouse_id: warehouse.id, batch: 'T-1', count: 4, comment: 'e2e in' });
    const send = (comment: string) => api<StockDocument>('stock/move', { from_warehouse_id: warehouse.id, to_warehouse_id: second.id, mode: 'transit', comment, lines: [{ batch_id: batch.id, count: 1 }] });
    await api('stock/transit/receive', { id: (await send('e2e received')).id });
    await api('stock/transit/cancel', { id: (await send('e2e cancelled')).id });
    const page = await openRemnants(locale);
    await page.getByRole('button', { name, exact: true }).click();
    const editing = page.getByRole('dialog', { name: texts.editTitle });
    await editing.getByRole('tab', { name: texts.history }).click();
    await editing.getByRole('row').filter({ hasText: 'e2e in' }).waitFor();
    const kinds = await editing.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLTableRowElement).cells[1].textContent));
    for (const kind of ['arrival', 'transit_sent', 'transit_received', 'transit_cancelled'] as const) expect(kinds, kind).toContain(texts.kinds[kind]);
    for (const kind of kinds) expect(kind).not.toMatch(/^[a-z_]+$/);
  });

  it("rule: the deal screen's card shows the product's uploaded image (signed m link); another account's user cannot fetch it", async () => {
    const product = await api<Product>('product/add', { name: `Pictured ${locale} ${Date.now()}` });
    await api('product/arrival', { product_id: product.id, warehouse_id: warehouse.id, batch: 'P-1', count: 3 });
    const pictured = await uploadPhoto(product.id, solidPng(900, 450, [200, 40, 40]));
    const [entry] = pictured.values.photos as { id: number; sizes: Record<'m' | 'l' | 'f', string> }[];
    const order = await api<OrderWithPositions>('orders/add', { name: `Deal ${locale}` });
    await api('orders/product/add', { order_id: order.id, product: `${product.id}%%%${warehouse.code}`, quantity: 1 });

    const page = await openPage(`/addToDeal?order_id=${order.id}`, { token: account.token, locale });
    const image = page.locator('article.product-card .ui-carousel__image').first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBe(300);
    expect(await image.getAttribute('src')).toBe(`/api/${entry.sizes.m}`);

    // Another account: its session opens neither the image nor the product; the image route wants a session of the owner's account.
    const strangerApi = (path: string) => fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect((await strangerApi(`product/image?id=${entry.id}&size=m`)).status).toBe(404);
    expect((await strangerApi(`product/get?id=${product.id}`)).status).toBe(404);
    // A link that is not the one issued (another size under the m signature) opens nothing.
    expect((await fetch(`${baseUrl}/api/${entry.sizes.m.replace('size=m', 'size=f')}`)).status).toBe(404);
  });

  it('rule: leaving with unsaved input asks first (Esc and Close); staying keeps the input, leaving stores nothing', async () => {
    const page = await openRemnants(locale);
    await page.getByRole('button', { name: texts.add }).click();
    const editor = page.getByRole('dialog', { name: texts.newTitle });
    const name = `Unsaved ${locale} ${Date.now()}`;
    await editor.getByLabel(texts.name, { exact: true }).fill(name);
    await editor.getByLabel(texts.name, { exact: true }).press('Tab');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: texts.unsavedTitle });
    await ask.waitFor();
    await ask.getByRole('button', { name: texts.stay }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await editor.getByLabel(texts.name, { exact: true }).inputValue()).toBe(name);
    await editor.getByRole('button', { name: app.close, exact: true }).last().click();
    await ask.waitFor();
    await ask.getByRole('button', { name: texts.leave }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await find(name)).toEqual([]);
  });
});

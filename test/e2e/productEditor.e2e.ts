import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { Product, ProductList, Warehouse } from '../../src/contract/stock';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage } from './browser';
import { solidPng } from '../support/png';

/**
 * The product editor overlay (issue 13 §3) against the real server, in English and Russian: create, edit, a
 * stale save refused with 409 and reloaded keeping the user's input, the history tab, an image upload, duplicate, archive, and
 * leaving with unsaved input asks first. The editor opens from the stock screen's 'New product'.
 */
let account: TestAccount;
let warehouse: Warehouse;
beforeAll(async () => {
  account = await testAccount('product-editor');
  warehouse = await api<Warehouse>('warehouse/add', { name: 'E2E main' });
  await api('field/add', { name: 'Photos', type: 15, code: 'photos' });
});

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
    await expect.poll(() => thumbnail.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.width, element.height])).toEqual([320, 160, 80]);
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

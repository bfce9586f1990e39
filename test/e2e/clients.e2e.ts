import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyList, Contact, ContactList } from '../../src/contract/customers';
import type { OrderFile } from '../../src/contract/orderDocuments';
import type { OrderList } from '../../src/contract/orders';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage as openStaffPage } from './browser';
import { screenLuminance } from './pixels';

// This file's own account with the demo customers and orders.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('clients', { demo: true });
});

const openPage = (hash: string, options: { dark?: boolean } = {}): Promise<Page> => openStaffPage(hash, { ...options, token: account.token, context: { acceptDownloads: true } });

/** The staff API as the admin: to make enough rows to page through and to check what the screens did. */
const api = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, { body });

const rows = (page: Page) => page.locator('.clients-table tbody th[scope="row"]');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const dialog = (page: Page) => page.getByRole('dialog');

/** Enough customers of a kind that ten a page makes at least two pages. */
async function atLeastEleven(kind: 'contact' | 'company'): Promise<number> {
  const { meta } = await api<ContactList | CompanyList>(`${kind}/list`, { per_page: 1 });
  for (let index = meta.total ?? 0; index < 11; index += 1) await api(`${kind}/add`, { name: `Paging ${kind} ${index + 1}` });
  return (await api<ContactList | CompanyList>(`${kind}/list`, { per_page: 1 })).meta.total ?? 0;
}

async function pageThrough(page: Page, total: number) {
  await page.getByRole('combobox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  const last = Math.ceil(total / 10);
  await pager(page).getByText(`Page 1 of ${last}`).waitFor();
  await expect.poll(() => rows(page).count()).toBe(10);
  const firstPage = await rows(page).allTextContents();
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await pager(page).getByText(`Page 2 of ${last}`).waitFor();
  const secondPage = await rows(page).allTextContents();
  expect(secondPage.length).toBe(Math.min(10, total - 10));
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  if (last > 2) {
    await pager(page).getByRole('button', { name: 'Last page' }).click();
    await pager(page).getByText(`Page ${last} of ${last}`).waitFor();
  }
  // On the last page there is no next or last link to follow.
  expect(await pager(page).getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  expect(await pager(page).getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);
  await pager(page).getByRole('button', { name: 'First page' }).click();
  await pager(page).getByText(`Page 1 of ${last}`).waitFor();
  expect(await rows(page).allTextContents()).toEqual(firstPage);
}

async function fillField(scope: ReturnType<Page['locator']>, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press('Tab');
}

describe('/clients in Chromium against the real server', () => {
  it('the admin pages through contacts and companies (ten a page, by the links); the dark theme is far darker in pixels', async () => {
    const contacts = await atLeastEleven('contact');
    const companies = await atLeastEleven('company');
    const page = await openPage('/clients');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).waitFor();
    await rows(page).first().waitFor();
    const lightContacts = await screenLuminance(page, 'clients-contacts-light');
    await pageThrough(page, contacts);

    await page.getByRole('tab', { name: 'Company' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/clients?tab=company');
    await page.getByRole('columnheader', { name: 'Tax ID' }).waitFor();
    await pageThrough(page, companies);
    // The tab is in the address: a reload opens it again.
    await page.reload();
    await page.getByRole('tab', { name: 'Company', selected: true }).waitFor();
    await rows(page).first().waitFor();

    const dark = await openPage('/clients', { dark: true });
    await rows(dark).first().waitFor();
    expect(await screenLuminance(dark, 'clients-contacts-dark')).toBeLessThan(lightContacts - 80);
  });

  it('adds a contact (with the edit texts), edits it, links it to a company from its card, and deletes it', async () => {
    const page = await openPage('/clients');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Add contact' }).click();
    const form = dialog(page);
    await form.getByRole('heading', { name: 'New contact' }).waitFor();
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Empty field').waitFor();
    await fillField(form, 'Name', 'Zo');
    await form.getByText('Minimum of 3 characters').waitFor();
    await fillField(form, 'E-mail', 'zoe@example');
    await form.getByText('Email invalid').waitFor();
    await fillField(form, 'Name', 'Zoe Browser');
    await fillField(form, 'E-mail', 'zoe@example.com');
    await fillField(form, 'Phone', '+7 900 123-45-67');
    await form.getByRole('radio', { name: '3 of 5' }).check({ force: true });
    await form.getByRole('button', { name: 'Add' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // The list reloaded with the new contact; find it by search.
    await page.getByLabel('Search contacts').fill('Zoe Browser');
    await expect.poll(() => rows(page).allTextContents()).toEqual(['Zoe Browser']);
    const [stored] = (await api<ContactList>('contact/list', { filter: { search: 'Zoe Browser' } })).data;
    expect(stored).toMatchObject({ name: 'Zoe Browser', email: 'zoe@example.com', phone: '+7 900 123-45-67', rating: 3 });

    await page.getByRole('button', { name: 'Edit Zoe Browser' }).click();
    await fillField(dialog(page), 'Phone', '+7 900 765-43-21');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.locator('.clients-table tbody').getByText('+7 900 765-43-21').waitFor();

    // The card: link a company found by name.
    const [acme] = (await api<CompanyList>('company/list', { filter: { search: 'Stroymaster' } })).data;
    await page.getByRole('button', { name: 'Open the card of Zoe Browser' }).click();
    const card = dialog(page);
    await card.getByRole('heading', { name: 'Zoe Browser' }).waitFor();
    await card.getByText('No linked companies.').waitFor();
    await card.getByRole('combobox', { name: 'Link a company' }).fill('Stroy');
    await card.getByRole('option', { name: /Stroymaster LLC/ }).click();
    await card.getByRole('button', { name: 'Unlink Stroymaster LLC' }).waitFor();
    const linked = await api<Contact>(`contact/get?id=${stored.id}`);
    expect(linked.companies).toEqual([{ id: acme.id, name: 'Stroymaster LLC' }]);
    await card.getByRole('button', { name: 'Close' }).click();
    await page.locator('.clients-table tbody tr', { hasText: 'Zoe Browser' }).getByText('Stroymaster LLC').waitFor();

    await page.getByRole('button', { name: 'Delete Zoe Browser' }).click();
    // The one confirm dialog (an alert dialog): Cancel, then the action.
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete it?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Nothing found').waitFor();
    expect((await api<ContactList>('contact/list', { filter: { search: 'Zoe Browser' } })).data).toEqual([]);
  });

  it('a card shows the order history, each order linking to its deal screen', async () => {
    const { data } = await api<ContactList>('contact/list', { filter: { search: 'Ivan Petrov' } });
    const page = await openPage('/clients');
    await page.getByRole('button', { name: 'Open the card of Ivan Petrov' }).click();
    const history = dialog(page).locator('.customer-card__orders');
    await history.waitFor();
    const orders = await api<{ data: { id: number }[] }>(`contact/orders?id=${data[0].id}&per_page=10`);
    expect(await history.locator('tbody a').count()).toBe(orders.data.length);
    await history.locator('tbody a').first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/addToDeal?order_id=${orders.data[0].id}`);
  });
});

describe("the deal's client and documents tabs in Chromium against the real server", () => {
  /** An existing demo order with a contact (so the tab shows a customer first), not one shared with the public customer. */
  async function demoOrderId(): Promise<number> {
    const list = await api<OrderList>('orders/list', { per_page: 50 });
    // The last such order of the page: the first rows are the ones other browser tests tend to use.
    const order = list.data.filter((each) => each.contacts.length > 0 && each.company !== null && !each.public).at(-1);
    expect(order, 'a demo order (not shared) with a contact and a company').toBeDefined();
    return order!.id;
  }

  it('on an order’s client tab a new contact is created and linked, and then appears under /clients', async () => {
    const orderId = await demoOrderId();
    const page = await openPage(`/addToDeal?order_id=${orderId}`);
    await page.getByRole('tab', { name: 'Client' }).click();
    const contactBox = page.locator('section[data-kind="contact"]');
    await contactBox.locator('.deal-client__name').waitFor();

    await contactBox.getByRole('button', { name: 'Change' }).click();
    await contactBox.getByRole('button', { name: 'Create a contact' }).click();
    await fillField(contactBox, 'Name', 'Deal Newcomer');
    await fillField(contactBox, 'E-mail', 'newcomer@');
    await contactBox.getByText('Email invalid').waitFor();
    await fillField(contactBox, 'E-mail', 'newcomer@example.com');
    await contactBox.getByRole('button', { name: 'Create a contact' }).click();
    await contactBox.locator('.deal-client__name', { hasText: 'Deal Newcomer' }).waitFor();
    const order = await api<{ contacts: { id: number; name: string }[] }>(`orders/order?order_id=${orderId}`);
    expect(order.contacts.map((each) => each.name)).toEqual(['Deal Newcomer']);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
    // The customer change was saved at once: leaving asks nothing (no unsaved changes).
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/clients/);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByLabel('Search contacts').fill('Deal Newcomer');
    await expect.poll(() => rows(page).allTextContents()).toEqual(['Deal Newcomer']);
  });

  it('the documents tab uploads a file, lists it, downloads the same bytes and deletes it', async () => {
    const orderId = await demoOrderId();
    const page = await openPage(`/addToDeal?order_id=${orderId}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'Uploaded files' }).waitFor();
    const bytes = Buffer.from(`Delivery note for order ${orderId}\n${'0123456789'.repeat(200)}\n\u00e9\u4e2d\u0000\u00ff`, 'utf8');
    await page.getByTestId('documents-file-input').setInputFiles({ name: 'delivery-note.txt', mimeType: 'text/plain', buffer: bytes });
    const row = page.locator('.deal-documents__table tbody tr', { hasText: 'delivery-note.txt' });
    await row.waitFor();
    const listed = await api<OrderFile[]>(`orders/custom-doc/list?order_id=${orderId}`);
    const stored = listed.find((file) => file.name === 'delivery-note.txt');
    expect(stored).toMatchObject({ size: bytes.length, public_visible: true });

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download delivery-note.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('delivery-note.txt');
    expect(readFileSync(await download.path()).equals(bytes)).toBe(true);

    // Opened in a new tab as plain text.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button', { name: 'Open delivery-note.txt' }).click()]);
    await tab.waitForURL(/^blob:/);
    // biome-ignore lint/performance/useDomNodeTextContent: the text as the reader sees it in the opened tab.
    expect(await tab.evaluate(() => document.body.innerText)).toContain(`Delivery note for order ${orderId}`);
    await tab.close();

    await row.getByRole('button', { name: 'Delete delivery-note.txt' }).click();
    // The one confirm dialog (an alert dialog): Cancel, then the action.
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete it?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    const after = await api<OrderFile[]>(`orders/custom-doc/list?order_id=${orderId}`);
    expect(after.map((file) => file.name)).not.toContain('delivery-note.txt');
  });

  it('rule: a file over 10 MB is refused in the browser with a clear text; nothing is sent and nothing stored', async () => {
    const orderId = await demoOrderId();
    const page = await openPage(`/addToDeal?order_id=${orderId}`);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/custom-doc/upload')) uploads.push(request.url());
    });
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'Uploaded files' }).waitFor();
    const input = page.getByTestId('documents-file-input');
    // Ten megabytes go to the browser over its debugging pipe: slow on a busy machine.
    await input.setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }, { timeout: 60_000 });
    await page.getByText('huge.bin is larger than 10 MB. Choose a smaller file.').waitFor();
    // A file within the limit chosen next is sent and listed: the big one was refused, not the tab broken.
    await input.setInputFiles({ name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('within the limit') });
    await page.locator('.deal-documents__table tbody tr', { hasText: 'small.txt' }).waitFor();
    expect(uploads).toHaveLength(1);
    const names = (await api<OrderFile[]>(`orders/custom-doc/list?order_id=${orderId}`)).map((file) => file.name);
    expect(names).toContain('small.txt');
    expect(names).not.toContain('huge.bin');
  });
});

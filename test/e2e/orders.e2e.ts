import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';
import { screenLuminance } from './pixels';

// The orders page against the real server, on this file's own account with the demo data (30 orders: 20 in
// the system pipeline, 10 in 'Wholesale'), so no other file's orders change the counts. Within the file the
// tests run in order and later ones build on earlier ones.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('orders', { demo: true });
});

async function openOrders(options: { dark?: boolean } = {}): Promise<Page> {
  const page = await openPage('/orders', { ...options, token: account.token, context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  await waitForList(page);
  return page;
}

/** The list has settled: rows or 'Nothing found', nothing loading. */
async function waitForList(page: Page): Promise<void> {
  await page.locator('[data-testid="orders-table"]:not([aria-busy="true"]), .orders-state:has-text("Nothing found")').first().waitFor();
}

const headers = (page: Page) => page.locator('[data-testid="orders-table"] thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim()));
const rows = (page: Page) => page.locator('[data-testid="orders-table"] tbody tr');
const shownText = (page: Page) => page.locator('.orders-pager > span').first().textContent();
const pipelineCombo = (page: Page) => page.getByRole('combobox', { name: 'Pipeline' });

/** Runs an action and waits for the orders/list answer it causes, then for the table to settle. */
async function listAfter(page: Page, action: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([page.waitForRequest((req) => req.url().endsWith('/api/orders/list') && req.method() === 'POST'), action()]);
  await request.response();
  await waitForList(page);
  return request.postDataJSON() as Record<string, unknown>;
}

/** Opens a row's '⋯' actions menu. */
async function openRowMenu(page: Page, row: ReturnType<typeof rows>) {
  // Any scroll closes an open row menu (RowMenu), and a scroll's event fires a frame after it: bring the row into
  // view and let that frame pass first, or the click's own scrolling can close the menu it opened.
  await row.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await row.getByRole('button', { name: /^Actions: / }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function choosePipeline(page: Page, name: string): Promise<Record<string, unknown>> {
  await pipelineCombo(page).click();
  return listAfter(page, () => page.getByRole('option', { name, exact: true }).click());
}

describe('/orders in the browser', () => {
  it('the admin sees the seeded orders of the system pipeline in the default columns', async () => {
    const page = await openOrders();
    expect(await page.getByRole('heading', { level: 1, name: 'Orders' }).isVisible()).toBe(true);
    expect(await headers(page)).toEqual(['No.', 'Name', 'Stage', 'Created', 'Contact', 'Company', 'Sum', 'Profit', 'Public', 'Payment', 'Actions']);
    expect(await rows(page).count()).toBe(20);
    expect(await shownText(page)).toBe('1–20 of 20');
    expect(await pipelineCombo(page).textContent()).not.toContain('All');
    // A seeded order without a name shows the default name; sums are grouped numbers with two decimals (English: 1,234.50).
    expect(await page.getByRole('link', { name: /^New order #\d+$/ }).count()).toBeGreaterThan(0);
    expect(await page.locator('td[data-column="order_sum"]').first().textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it("'All' pipelines lists every order on two pages; the choice survives a reload", async () => {
    const page = await openOrders();
    const body = await choosePipeline(page, 'All');
    expect(body).toMatchObject({ page: 1, filter: { pipeline_id: -1 } });
    expect(await shownText(page)).toBe('1–20 of 30');
    const second = await listAfter(page, () => page.getByRole('button', { name: 'Page 2', exact: true }).click());
    expect(second).toMatchObject({ page: 2 });
    expect(await rows(page).count()).toBe(10);
    expect(await shownText(page)).toBe('21–30 of 30');
    await listAfter(page, () => page.getByRole('button', { name: 'Previous page' }).click());
    expect(await shownText(page)).toBe('1–20 of 30');

    await page.reload();
    await waitForList(page);
    expect(await pipelineCombo(page).textContent()).toContain('All');
    expect(await shownText(page)).toBe('1–20 of 30');

    const wholesale = await choosePipeline(page, 'Wholesale');
    expect((wholesale.filter as { pipeline_id: number }).pipeline_id).toBeGreaterThan(0);
    expect(await shownText(page)).toBe('1–10 of 10');
    await choosePipeline(page, 'All');
  });

  it('search finds an order by name and says "Nothing found" when nothing matches', async () => {
    const page = await openOrders();
    // Other tests of this file add orders: the full list is whatever it was before the search.
    const unfiltered = await shownText(page);
    const search = page.getByLabel('Search orders');
    const found = await listAfter(page, () => search.fill('Order 1001'));
    expect(found).toMatchObject({ page: 1, filter: { search: 'Order 1001' } });
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().getByRole('link').textContent()).toBe('Order 1001');
    await listAfter(page, () => search.fill('no such order'));
    expect(await page.locator('.orders-state').textContent()).toBe('Nothing found');
    await listAfter(page, () => search.press('Escape'));
    expect(await shownText(page)).toBe(unfiltered);
  });

  it('hide final stages sends hide_final and leaves out orders in success and unsuccessful stages', async () => {
    const page = await openOrders();
    const before = Number((await shownText(page))?.split(' of ')[1]);
    const body = await listAfter(page, () => page.getByLabel('Hide final stages').check());
    expect(body).toMatchObject({ filter: { hide_final: true } });
    const after = Number((await shownText(page))?.split(' of ')[1]);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    await page.reload();
    await waitForList(page);
    expect(await page.getByLabel('Hide final stages').isChecked()).toBe(true);
    await listAfter(page, () => page.getByLabel('Hide final stages').uncheck());
    expect(await shownText(page)).toBe(`1–20 of ${before}`);
  });

  it('the filter finds a contact by name and lists only their orders; taking the contact out lists all again', async () => {
    const page = await openOrders();
    const contact = (await page.locator('td[data-column="contact_name"]').filter({ hasText: /\S/ }).first().textContent())!.split(',')[0].trim();
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByTestId('orders-filters');
    await filters.getByRole('combobox', { name: 'Contact' }).fill(contact.slice(0, 4));
    const body = await listAfter(page, () => filters.getByRole('option', { name: new RegExp(`^${contact}`) }).first().click());
    expect((body.filter as { contact_id?: number }).contact_id).toBeGreaterThan(0);
    const cells = await page.locator('td[data-column="contact_name"]').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.length).toBeLessThan(20);
    expect(cells.every((cell) => cell.includes(contact))).toBe(true);
    await listAfter(page, () => filters.getByRole('button', { name: `Remove ${contact} from the filter` }).click());
    expect(await shownText(page)).toBe('1–20 of 20');
  });

  it('column settings: hide a column, show another, move one; saved with orders/table-config and kept after a reload', async () => {
    const page = await openOrders();
    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page.getByRole('dialog', { name: 'Table settings' });
    await panel.waitFor();
    await panel.getByLabel('Stage', { exact: true }).uncheck();
    await panel.getByLabel('Tags', { exact: true }).check();
    // Keyboard: the arrow buttons keep the focus on the moved column.
    await panel.getByRole('button', { name: 'Move Sum up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const [saved] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/orders/table-config') && res.request().method() === 'POST'),
      panel.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await panel.waitFor({ state: 'detached' });
    const expected = ['No.', 'Name', 'Created', 'Sum', 'Contact', 'Company', 'Profit', 'Tags', 'Public', 'Payment', 'Actions'];
    expect(await headers(page)).toEqual(expected);
    await page.reload();
    await waitForList(page);
    // The saved columns load beside the list (not before it): the defaults may show for a moment.
    await expect.poll(() => headers(page)).toEqual(expected);
  });

  it('export downloads an xlsx workbook (a zip that ExcelJS reads) of the listed orders', async () => {
    const page = await openOrders();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders');
    expect(sheet?.getRow(1).getCell(1).value).toBe('ID');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Name');
    // Every test starts with a fresh browser profile: the system pipeline's 20 orders are listed and exported.
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(20);
  });

  it('make public copies the link; the order is then public and can be unlinked', async () => {
    const page = await openOrders();
    const row = rows(page).filter({ has: page.locator('td[data-column="order_public"]', { hasText: /^$/ }) }).first();
    const id = await row.getAttribute('data-order-id');
    const menu = await openRowMenu(page, row);
    const [linked] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/orders/public/link')),
      menu.getByRole('menuitem', { name: 'Public order', exact: true }).click(),
    ]);
    expect(linked.status()).toBe(200);
    const linkDialog = page.getByRole('dialog', { name: 'Public order link' });
    await linkDialog.waitFor();
    const url = await linkDialog.getByLabel('Link to the public order').inputValue();
    expect(url.startsWith(`${baseUrl}/#/publicOrder?order_id=${id}&public_token=`)).toBe(true);
    expect(await linkDialog.getByRole('status').textContent()).toBe('Text copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await linkDialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    const sameRow = page.locator(`tbody tr[data-order-id="${id}"]`);
    await sameRow.locator('td[data-column="order_public"]', { hasText: '✓' }).waitFor();
    const publicMenu = await openRowMenu(page, sameRow);
    expect(await publicMenu.getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining(['Link', 'Unlink']));
    await publicMenu.getByRole('menuitem', { name: 'Unlink' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await listAfter(page, () => confirm.getByRole('button', { name: 'Unlink' }).click());
    expect(await sameRow.locator('td[data-column="order_public"]').textContent()).toBe('');
    const menuAfter = await openRowMenu(page, sameRow);
    expect(await menuAfter.getByRole('menuitem').allTextContents()).toContain('Public order');
  });

  it('refund of a sold order asks first and then is no longer offered', async () => {
    const page = await openOrders();
    await choosePipeline(page, 'All');
    // Sold: an order whose goods a write-off stage wrote off; only its menu offers Refund.
    let id: string | null = null;
    for (let index = 0; index < (await rows(page).count()) && id === null; index += 1) {
      const menu = await openRowMenu(page, rows(page).nth(index));
      if ((await menu.getByRole('menuitem').allTextContents()).includes('Refund')) {
        id = await rows(page).nth(index).getAttribute('data-order-id');
        await menu.getByRole('menuitem', { name: 'Refund' }).click();
      } else {
        await page.keyboard.press('Escape');
      }
    }
    expect(id).not.toBeNull();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Return the goods of this order to stock?');
    const [refund] = await Promise.all([page.waitForResponse((res) => res.url().includes('/api/orders/refund')), confirm.getByRole('button', { name: 'Refund' }).click()]);
    expect(refund.status()).toBe(200);
    // The question stays until the list has been read again after the refund.
    await confirm.waitFor({ state: 'detached' });
    await waitForList(page);
    const after = await openRowMenu(page, page.locator(`tbody tr[data-order-id="${id}"]`));
    expect(await after.getByRole('menuitem').allTextContents()).not.toContain('Refund');
  });

  it('create order and the order name lead to the deal screen', async () => {
    const page = await openOrders();
    const link = rows(page).first().getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#\/addToDeal\?order_id=\d+$/);
    await link.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(href);
    await page.goBack();
    await waitForList(page);
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/addToDeal/);
  });

  it('the orders page with its table settings open follows the dark theme: far darker in pixels than the light one', async () => {
    const luminance = async (dark: boolean) => {
      const page = await openOrders({ dark });
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('dialog', { name: 'Table settings' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('theme-dark'))).toBe(dark);
      return screenLuminance(page, `orders-table-settings-${dark ? 'dark' : 'light'}`);
    };
    const [light, dark] = [await luminance(false), await luminance(true)];
    expect(dark).toBeLessThan(light - 80);
  });
});

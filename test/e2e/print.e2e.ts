import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage } from './browser';
import { pdfTexts } from './pdfText';

/**
 * Issue 19 §5, printing, in English and Russian: the order and the lists print as their content (no menu, no
 * toolbars, no notifications; tables at the full width), and the PDF Chromium prints holds the order's
 * positions; the deal's Print prints the page when the order has no invoice and opens the invoice when it has one.
 */
let account: TestAccount;
let order: { id: number; positions: { name: string }[] };
beforeAll(async () => {
  account = await testAccount('print', { demo: true });
  const api = staffApi(account);
  const { data } = await api<{ data: { id: number }[] }>('/api/orders/list', { body: { page: 1, per_page: 10 } });
  for (const { id } of data) {
    const full = await api<typeof order>(`/api/orders/order?order_id=${id}`);
    if (full.positions.length > 0) {
      order = full;
      break;
    }
  }
  expect(order, 'a demo order with positions').toBeTruthy();
});

/** A page in `lang` whose window.print only counts its calls (a headless print dialog would never close). */
async function pageIn(lang: 'en' | 'ru', path: string): Promise<Page> {
  const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  await page.addInitScript((chosen) => {
    localStorage.setItem('lang', chosen);
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  }, lang);
  await page.goto(`${baseUrl}/?token=${account.token}#${path}`);
  return page;
}

/** Which of the selectors still show something under the print media (each must match an element on screen first). */
async function shownInPrint(page: Page, selectors: readonly string[]): Promise<string[]> {
  for (const selector of selectors) expect(await page.locator(selector).first().isVisible(), `${selector} shows on screen`).toBe(true);
  await page.emulateMedia({ media: 'print' });
  const shown: string[] = [];
  for (const selector of selectors) if (await page.locator(selector).first().isVisible()) shown.push(selector);
  return shown;
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

const LANGS = [
  ['English', 'en', en],
  ['Russian', 'ru', ru],
] as const;

describe.each(LANGS)('printing in %s', (_name, lang, texts) => {
  it("rule: the order prints without menu, actions, tabs or notifications, and the PDF holds the order's positions; Print prints the page when there is no invoice", async () => {
    const page = await pageIn(lang, `/addToDeal?order_id=${order.id}`);
    const print = page.getByRole('button', { name: texts.print.print, exact: true });
    await print.waitFor();
    await page.locator('article.product-card, .deal-table').first().waitFor();
    await print.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await shownInPrint(page, ['.shell-header', '.deal-header__actions', '.deal-tabs__list'])).toEqual([]);
    expect(await page.locator('.ui-notifications').evaluate((area) => getComputedStyle(area).display)).toBe('none');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const printed = pdfTexts(await page.pdf({ format: 'A4', printBackground: true })).map(squeeze);
    for (const position of order.positions) {
      expect(printed.some((text) => text.includes(squeeze(position.name))), `"${position.name}" in the PDF`).toBe(true);
    }
  });

  it('rule: the orders list prints its table at the full page width, without the toolbars', async () => {
    const page = await pageIn(lang, '/orders');
    await page.locator('tbody tr').first().waitFor();
    expect(await shownInPrint(page, ['.shell-header', '.orders-head__buttons', '.orders-toolbar'])).toEqual([]);
    const widths = await page.evaluate(() => {
      const table = document.querySelector('main table') as HTMLElement;
      const main = document.querySelector('main') as HTMLElement;
      const style = getComputedStyle(main);
      // The content box of main: the page width less the app's own padding.
      return { table: table.getBoundingClientRect().width, main: main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) };
    });
    // clientWidth is rounded to whole pixels: 2 px of slack.
    expect(widths.table).toBeGreaterThanOrEqual(widths.main - 2);
  });

  it("rule: an order with an invoice among its documents: Print opens the invoice in a new tab and does not print the page", async () => {
    const form = new FormData();
    form.append('order_id', String(order.id));
    form.append('file', new Blob(['%PDF-1.4\n% e2e invoice\n'], { type: 'application/pdf' }), lang === 'ru' ? 'Счёт e2e.pdf' : 'Invoice e2e.pdf');
    const uploaded = await fetch(`${baseUrl}/api/orders/custom-doc/upload?order_id=${order.id}`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
    expect(uploaded.status).toBe(200);
    const { id: fileId } = (await uploaded.json()) as { id: number };
    try {
      const page = await pageIn(lang, `/addToDeal?order_id=${order.id}`);
      const print = page.getByRole('button', { name: texts.print.print, exact: true });
      await print.waitFor();
      const [tab] = await Promise.all([page.context().waitForEvent('page'), print.click()]);
      await expect.poll(() => tab.url()).toMatch(/^blob:/);
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);
    } finally {
      await staffApi(account)(`/api/orders/custom-doc/delete?id=${fileId}&order_id=${order.id}`);
    }
  });
});

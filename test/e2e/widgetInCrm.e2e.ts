import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { connectCrm, staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage } from './browser';

/**
 * The widget as people meet it in the CRM's deal card (issue 19 §4), on the demo CRM page at the CRM's
 * origin (hostUrl) with Stockroom at baseUrl, in English and in Russian: the card tab follows an add made in
 * the right column, 'Open Stockroom' opens the deal, counts read as the units say, nothing is wider than
 * the CRM's right column, and every text is in the CRM's language.
 */
const hostUrl = inject('hostUrl');
type Lang = 'en' | 'ru';

/** amoCRM's right column is about this wide; the demo page's is wider, so the tests narrow it to this. */
const CRM_PANEL_WIDTH = 300;
const NARROW_PANEL_CSS = `.crm-card { grid-template-columns: minmax(0, 1fr) ${CRM_PANEL_WIDTH}px !important; }`;

let account: TestAccount;
const api = <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => staffApi(account)<T>(path, init);

interface Created {
  id: number;
  name: string;
}
/** The products this file makes: one the tests add to deals, and two never added (their stock stays as received): whole units (pcs), a fractional unit (kg). */
const made: Record<'added' | 'whole' | 'fraction', Created> = {} as never;
let warehouseIds: { main: number; far: number };
const LONG_WAREHOUSE = 'Распределительныйцентрсеверногоберегазарекойимостомномерсемнадцать';

async function product(name: string, unit: string, stock: { warehouse: number; count: number }[]): Promise<Created> {
  const added = await api<Created>('/api/product/add', { body: { type: 'product', name, unit } });
  for (const { warehouse, count } of stock) await api('/api/product/arrival', { body: { product_id: added.id, warehouse_id: warehouse, count } });
  return added;
}

beforeAll(async () => {
  account = await testAccount('widget-in-crm', { demo: true });
  await connectCrm(account, hostUrl);
  // The account's warehouses carry Russian names: data, so the language walk below meets no English word in them either.
  const warehouses = await api<{ id: number; code: string }[]>('/api/warehouse/list');
  const main = warehouses.find((warehouse) => warehouse.code === 'main') as { id: number };
  for (const warehouse of warehouses) await api('/api/warehouse/update', { body: { id: warehouse.id, name: warehouse.code === 'main' ? 'Основной склад' : `Склад ${warehouse.id}` } });
  const far = await api<{ id: number }>('/api/warehouse/add', { body: { name: LONG_WAREHOUSE, code: 'far' } });
  warehouseIds = { main: main.id, far: far.id };
  made.added = await product('Добавляемыйтовар', 'pcs', [{ warehouse: main.id, count: 100 }]);
  made.whole = await product('Счётныйтовар', 'pcs', [{ warehouse: main.id, count: 25 }]);
  made.fraction = await product('Весовойтовар', 'kg', [{ warehouse: main.id, count: 2.5 }]);
});

let nextLead = 9600;

/** The demo CRM page in `lang` for a deal of its own (no order yet unless given); window.open is recorded instead of opening tabs. */
async function openDemo(lang: Lang, options: { hostCss?: string; lead?: number } = {}): Promise<{ page: Page; right: Locator; tab: Locator; lead: number }> {
  const lead = options.lead ?? (nextLead += 1);
  const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  await page.addInitScript(() => {
    const opened: string[] = [];
    const open = (url: string) => {
      opened.push(String(url));
      return null;
    };
    Object.assign(window, { openedUrls: opened, open });
  });
  const query = new URLSearchParams({ app: baseUrl, token: account.token, lead: String(lead), account: String(account.id), lang });
  await page.goto(`${hostUrl}/demo/host.html?${query}`);
  if (options.hostCss) await page.addStyleTag({ content: options.hostCss });
  const right = page.locator('[data-testid="crm-right-column"] [data-testid="stockroom-widget"]');
  const tab = page.locator('[data-testid="crm-card-tab"] [data-testid="stockroom-widget"]');
  for (const widget of [right, tab]) {
    await widget.and(page.locator('[data-ready="true"]')).waitFor();
    // Settled: the deal summary of the (still empty) deal is shown.
    await widget.locator('[data-testid="widget-deal-html"]').waitFor();
  }
  return { page, right, tab, lead };
}

async function search(widget: Locator, text: string): Promise<Locator> {
  await widget.locator('[data-testid="widget-search"]').fill(text);
  const row = widget.locator('[data-testid="widget-results"] [data-testid="widget-product"]').filter({ hasText: text }).first();
  await row.waitFor();
  return row;
}

async function addFromRightColumn(right: Locator, name: string): Promise<void> {
  const row = await search(right, name);
  await row.locator('[data-testid="widget-add"]').click();
  await row.locator('[data-testid="widget-added"]').waitFor();
}

/** The texts in a value (its strings, at any depth; not the keys of its objects). */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

/** Words (two letters or more) of texts; placeholders such as {{places}} are not words anyone reads. */
function wordsOf(texts: unknown): Set<string> {
  const all = stringsOf(texts).join(' ').replace(/\{\{\w+\}\}/g, ' ');
  return new Set((all.match(/\p{L}{2,}/gu) ?? []).map((word) => word.toLowerCase()));
}

/** What the widget shows of a language: its own texts, and those of the deal summary the server renders for it. */
const dictionary = (table: typeof en) => wordsOf([table.widget, table.order.positions, table.order.count, table.order.price, table.order.warehouse, table.order.sum, table.errors.nothingFound]);

/** Every text node and readable attribute in the widget's shadow root. */
function shownTexts(widget: Locator): Promise<string[]> {
  return widget.evaluate((root) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode as Node | null; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '');
      else for (const name of ['placeholder', 'aria-label', 'title']) texts.push((node as Element).getAttribute(name) ?? '');
    }
    return texts.filter((text) => text.trim());
  });
}

for (const lang of ['en', 'ru'] as const) {
  describe(`the widget in the CRM's deal card (${lang})`, () => {
    it('rule: after an add in the right column the card tab lists the product at once, and Open Stockroom in either widget opens this deal', async () => {
      const { page, right, tab, lead } = await openDemo(lang);
      await addFromRightColumn(right, made.added.name);
      await right.locator('[data-testid="widget-deal-html"]').filter({ hasText: made.added.name }).waitFor();
      // Nobody touched the card tab: it learns of the add by itself.
      await tab.locator('[data-testid="widget-deal-html"]').filter({ hasText: made.added.name }).waitFor();

      const { order_id: orderId } = await api<{ order_id: number | null }>(`/integration/widget/config?leadId=${lead}`);
      expect(orderId).toEqual(expect.any(Number));
      await right.locator('[data-testid="widget-open-app"]').click();
      await tab.locator('[data-testid="widget-open-app"]').click();
      const dealAddress = `${baseUrl}/#/addToDeal?order_id=${orderId}`;
      await expect.poll(() => page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls)).toEqual([dealAddress, dealAddress]);
    });

    it('rule: counts read as the units say: whole units without decimals, a fractional unit with its own', async () => {
      const lead = (nextLead += 1);
      const { right } = await openDemo(lang, { lead });
      const stockOf = async (name: string) => (await search(right, name)).locator('[data-testid="widget-stock"]').allTextContents();
      expect(await stockOf(made.whole.name)).toEqual(['Основной склад: 25 pcs']);
      expect(await stockOf(made.fraction.name)).toEqual(['Основной склад: 2.5 kg']);

      await addFromRightColumn(right, made.added.name);
      expect(await right.locator('[data-testid="widget-results"] [data-testid="widget-added"] li').allTextContents()).toEqual([`${made.added.name} — 1 pcs (Основной склад)`]);
      const summary = right.locator('[data-testid="widget-deal-html"]');
      await summary.filter({ hasText: made.added.name }).waitFor();
      expect(await summary.locator('tbody td').nth(1).textContent()).toBe('1 pcs');
    });

    it(`rule: nothing is wider than a ${CRM_PANEL_WIDTH} px CRM column: long product and warehouse names wrap`, async () => {
      // Its own product per run: the add below takes from its stock.
      const long = await product(`Оченьдлинноеназваниетовара${'безпробелов'.repeat(6)}${lang}`, 'pcs', [
        { warehouse: warehouseIds.main, count: 1200 },
        { warehouse: warehouseIds.far, count: 3 },
      ]);
      const { right } = await openDemo(lang, { hostCss: NARROW_PANEL_CSS });
      expect(await right.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(CRM_PANEL_WIDTH);
      // Added from the long-named warehouse: the deal summary holds the long name and the long warehouse too.
      await right.locator('[data-testid="wire-select"]').selectOption('far');
      await addFromRightColumn(right, long.name);
      await right.locator('[data-testid="widget-deal-html"]').filter({ hasText: long.name }).waitFor();
      const row = right.locator('[data-testid="widget-results"] [data-testid="widget-product"]').filter({ hasText: long.name });
      expect(await row.locator('[data-testid="widget-stock"]').count()).toBe(2);

      const overflowing = await right.evaluate((root) => {
        const edge = root.getBoundingClientRect().right;
        const lines = [root, ...root.querySelectorAll('[data-testid="widget-stock"], .sr-item, [data-testid="widget-deal-html"], table')];
        return lines
          .filter((line) => line.scrollWidth > line.clientWidth || line.getBoundingClientRect().right > edge + 0.5)
          .map((line) => `${line.className || line.tagName}: ${line.scrollWidth} > ${line.clientWidth}`);
      });
      expect(overflowing).toEqual([]);
    });

    it(`rule: every text of the widget, table headers included, is in the CRM's language (${lang})`, async () => {
      // A position in the deal, so the summary is a table with headers; data (names, units, categories) is not interface text.
      const lead = (nextLead += 1);
      await api(`/integration/widget/add-product?productId=${made.added.id}&leadId=${lead}`);
      const { right } = await openDemo(lang, { lead });
      await right.locator('[data-testid="widget-deal-html"] th').first().waitFor();
      await search(right, made.added.name);
      const shown = wordsOf(await shownTexts(right));
      const catalogue = await api<{ data: { name: string; article: string; unit: string }[] }>('/integration/widget/products-v2?page=1');
      const categories = await api<unknown>('/integration/widget/categories');
      const warehouses = await api<{ name: string }[]>('/api/warehouse/list');
      const data = wordsOf([catalogue.data.map(({ name, article, unit }) => [name, article, unit]), categories, warehouses.map(({ name }) => name), 'pcs']);
      const [own, other] = lang === 'ru' ? [dictionary(ru), dictionary(en)] : [dictionary(en), dictionary(ru)];
      // Words both languages share (the product's name, Stockroom) say nothing about the language.
      const foreign = [...other].filter((word) => !own.has(word) && !data.has(word));
      // The walk would see the table headers: their words are among those looked for.
      expect(foreign).toEqual(expect.arrayContaining([...wordsOf(lang === 'ru' ? [en.order.count, en.order.price] : [ru.order.count, ru.order.price])]));
      expect([...shown].filter((word) => foreign.includes(word))).toEqual([]);
      expect(await right.locator('th').allTextContents()).toEqual([lang === 'ru' ? ru : en].flatMap((table) => [table.order.positions, table.order.count, table.order.price, table.order.warehouse]));
    });
  });
}

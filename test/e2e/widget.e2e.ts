import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { connectCrm, staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage } from './browser';
import { screenLuminance } from './pixels';

/**
 * dist/widget.js on the demo CRM page (/demo/host.html), opened at the CRM's origin (hostUrl, connected
 * to the demo account) while Stockroom is at baseUrl: widget.js, script.js's widget and every widget call
 * go cross-origin, as they do from amoCRM. The demo page loads widget/host/amocrm/script.js through an
 * AMD define and calls its callbacks; a second widget plays the card tab.
 */
const hostUrl = inject('hostUrl');

// This file's own account with the demo catalogue: the products it adds and the orders of its leads stay here.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('widget', { demo: true });
  await connectCrm(account, hostUrl);
});

/** A deal id of its own per test, so tests never meet on one order. */
let nextLead = 9100;

type HostEvent = { type: string; payload: Record<string, unknown> };

async function openDemo(options: { lead?: number; theme?: 'dark'; hostCss?: string; page?: Page } = {}): Promise<{ page: Page; right: Locator; tab: Locator; lead: number }> {
  const lead = options.lead ?? (nextLead += 1);
  const page = options.page ?? (await newPage());
  const query = new URLSearchParams({ app: baseUrl, token: account.token, lead: String(lead), account: String(account.id), ...(options.theme ? { theme: options.theme } : {}) });
  await page.goto(`${hostUrl}/demo/host.html?${query}`);
  if (options.hostCss) await page.addStyleTag({ content: options.hostCss });
  const right = page.locator('[data-testid="crm-right-column"] [data-testid="stockroom-widget"]');
  const tab = page.locator('[data-testid="crm-card-tab"] [data-testid="stockroom-widget"]');
  await right.and(page.locator('[data-ready="true"]')).waitFor();
  await tab.and(page.locator('[data-ready="true"]')).waitFor();
  return { page, right, tab, lead };
}

const hostEvents = (page: Page) => page.evaluate(() => (window as unknown as { hostEvents: HostEvent[] }).hostEvents);

/** The staff API and the integration host, called as a test would check the server. */
const api = <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => staffApi(account)<T>(path, init);

interface Product {
  id: number;
  name: string;
  type: string;
  warehouses: { code: string; available: number; identifier: string }[];
}

/** A seeded product in stock in the main warehouse whose name is unique enough to search for. */
async function stockedProduct(skip: number[] = []): Promise<Product> {
  const found = await api<Product[]>('/integration/widget/autocomplete?q=drill');
  const product = found.find((item) => !skip.includes(item.id) && item.warehouses.some((store) => store.code === 'main' && store.available >= 2));
  if (!product) throw new Error('no seeded drill in stock in the main warehouse');
  return product;
}

async function search(widget: Locator, text: string): Promise<Locator> {
  await widget.locator('[data-testid="widget-search"]').fill(text);
  const row = widget.locator('[data-testid="widget-results"] [data-testid="widget-product"]').filter({ hasText: text }).first();
  await row.waitFor();
  return row;
}

describe('the deal-card widget on the demo CRM page', () => {
  it('loads through script.js (AMD, callbacks) and finds a seeded product by search; in the host\'s dark theme it is far darker in pixels', async () => {
    const { page, right } = await openDemo();
    const events = await hostEvents(page);
    expect(events.filter((event) => event.type === 'ready').map((event) => event.payload)).toEqual([{ app: 'widget' }, { app: 'widget' }]);
    const row = await search(right, 'drill');
    expect(await row.textContent()).toMatch(/drill/i);
    // Stock per warehouse as the unit reads it: seeded counts are whole pieces, so no decimals (narrow-space thousands).
    expect(await row.locator('[data-testid="widget-stock"]').first().textContent()).toMatch(/: \d[\d\u202F]* pcs$/);
    // The full app is framed on the advanced-settings part of the page.
    await page.frameLocator('#work-area-stockroom iframe').locator('body').waitFor();
    const light = await screenLuminance(right, 'widget-demo-light');

    const dark = await openDemo({ theme: 'dark', page });
    await search(dark.right, 'drill');
    expect(await dark.right.getAttribute('class')).toContain('sr-widget-dark');
    expect(await screenLuminance(dark.right, 'widget-demo-dark')).toBeLessThan(light - 60);
  });

  it('adding with a warehouse makes the position id%%%main on the deal order, and asks the host to refresh', async () => {
    const { page, right, lead } = await openDemo();
    const product = await stockedProduct();
    await right.locator('[data-testid="wire-select"]').selectOption('main');
    const row = await search(right, product.name);
    await row.locator('[data-testid="widget-add"]').click();
    await right.locator('[data-testid="widget-added"]').waitFor();
    expect(await right.locator('[data-testid="widget-added"]').textContent()).toContain(product.name);

    const positions = await api<{ data: { identifier: string; count: number }[] }>(`/integration/widget/products/filtered?leadId=${lead}`);
    expect(positions.data).toEqual([expect.objectContaining({ identifier: `${product.id}%%%main`, count: 1 })]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { hostRefreshes: number }).hostRefreshes)).toBeGreaterThanOrEqual(1);
    const refresh = (await hostEvents(page)).find((event) => event.type === 'refreshCard');
    expect(refresh?.payload).toEqual({ leadId: lead });
    // The deal card (host) and the widget's own summary both show the new position.
    await page.locator('[data-testid="crm-card-products"]').filter({ hasText: product.name }).waitFor();
    await right.locator('[data-testid="widget-deal-html"]').filter({ hasText: product.name }).waitFor();
  });

  it('the add button is disabled while the request is in flight', async () => {
    const { page, right } = await openDemo();
    const product = await stockedProduct();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/integration/widget/add-product**', async (route) => {
      await held;
      await route.continue();
    });
    const row = await search(right, product.name);
    const add = row.locator('[data-testid="widget-add"]');
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    await expect.poll(() => add.isDisabled()).toBe(true);
    // Every add button of this widget waits with it.
    expect(await right.locator('[data-testid="widget-add"]:not([disabled])').count()).toBe(0);
    expect(await add.textContent()).toBe('Adding…');
    release();
    await right.locator('[data-testid="widget-added"]').waitFor();
    expect(await add.isEnabled()).toBe(true);
  });

  it('two widgets of one lead keep the wire in step, refuse a conflicting second source, and a second tab follows', async () => {
    const { page, right, tab, lead } = await openDemo();
    const rightWire = right.locator('[data-testid="wire-select"]');
    const tabWire = tab.locator('[data-testid="wire-select"]');
    await rightWire.selectOption('main');
    await expect.poll(() => tabWire.inputValue()).toBe('main');

    await tabWire.selectOption('second');
    const refused = tab.locator('[data-testid="wire-refused"]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('the right column');
    expect(await rightWire.inputValue()).toBe('main');
    await expect.poll(() => tabWire.inputValue()).toBe('main');

    // Another tab of the browser on the same deal learns the wire (BroadcastChannel).
    const second = await page.context().newPage();
    const other = await openDemo({ lead, page: second });
    await expect.poll(() => other.right.locator('[data-testid="wire-select"]').inputValue()).toBe('main');
  });

  it('a hostile product name renders as text, in the results and in the deal summary', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await api('/api/product/add', { method: 'POST', body: { type: 'service', name: `${hostile} repair`, unit: 'hour' } });
    const { page, right } = await openDemo();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const row = await search(right, 'onerror');
    expect(await row.textContent()).toContain(`${hostile} repair`);
    await row.locator('[data-testid="widget-add"]').click();
    await right.locator('[data-testid="widget-deal-html"]').filter({ hasText: hostile }).waitFor();
    expect(await right.locator('img').count()).toBe(0);
    expect(await page.locator('[data-testid="crm-card-products"] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('a message from a foreign origin is ignored; the same message from the host page is obeyed', async () => {
    const { page, right, lead } = await openDemo();
    const leadsAsked: string[] = [];
    page.on('request', (request) => {
      const leadId = new URL(request.url()).searchParams.get('leadId');
      if (leadId !== null) leadsAsked.push(leadId);
    });
    // A frame of another origin (sandboxed: its origin is 'null') tells the widget to go away and to open lead 1,
    // then sends the page a marker (globalSetup's /e2e/foreign.html): messages from one frame arrive in order,
    // so once the page has the marker the widget has had both orders.
    await page.evaluate(() => {
      const done = new Promise<void>((resolve) => addEventListener('message', (event) => event.data?.tag === 'e2e-foreign-done' && resolve()));
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.src = '/e2e/foreign.html';
      document.body.append(frame);
      return done;
    });
    expect(await right.count()).toBe(1);
    // The host page itself opens another lead: the widget asks for that lead (never for lead 1).
    const next = lead + 1000;
    await page.evaluate((leadId) => window.postMessage({ tag: 'stockroom-bridge', v: 1, kind: 'event', type: 'leadChanged', payload: { leadId } }, location.origin), next);
    await expect.poll(() => leadsAsked).toContain(String(next));
    expect(leadsAsked).not.toContain('1');
    expect(await right.locator('[data-testid="widget-search"]').isVisible()).toBe(true);

    await page.evaluate(() => window.postMessage({ tag: 'stockroom-bridge', v: 1, kind: 'event', type: 'destroy', payload: null }, location.origin));
    await right.waitFor({ state: 'detached' });
  });

  it("host CSS (* { all: unset }) does not break the widget: it still looks and works the same", async () => {
    const { right } = await openDemo({ hostCss: '* { all: unset !important; }' });
    const row = await search(right, 'drill');
    const input = right.locator('[data-testid="widget-search"]');
    const looks = await input.evaluate((element) => {
      const style = getComputedStyle(element);
      return { display: style.display, border: style.borderTopStyle, height: element.getBoundingClientRect().height };
    });
    expect(looks).toEqual({ display: 'block', border: 'solid', height: expect.any(Number) });
    expect(looks.height).toBeGreaterThanOrEqual(30);
    const add = row.locator('[data-testid="widget-add"]');
    expect(await add.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(47, 111, 237)');
  });
});

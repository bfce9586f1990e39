import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { launchContext } from './chromium';

const baseUrl = inject('baseUrl');

let context: BrowserContext | null = null;
afterEach(async () => {
  await context?.close();
  context = null;
});

describe('dist/widget.js on a host page', () => {
  it('mounts into the element the host gives, inside a shadow root, and unmounts cleanly', async () => {
    context = await launchContext();
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/e2e/host.html?app=${encodeURIComponent(baseUrl)}&path=/qwe`);
    await page.addScriptTag({ url: `${baseUrl}/widget.js` });
    const mounted = await page.evaluate(async () => {
      const host = document.createElement('div');
      host.id = 'deal-card-widget';
      document.body.append(host);
      const unmount = window.StockroomWidget!.mount(host);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const text = host.shadowRoot?.querySelector('[data-testid="stockroom-widget"]')?.textContent ?? null;
      const leaked = document.querySelector('[data-testid="stockroom-widget"]') !== null;
      unmount();
      const left = host.shadowRoot?.childElementCount ?? -1;
      return { text, leaked, left };
    });
    expect(mounted).toEqual({ text: 'Product search', leaked: false, left: 0 });
  });
});

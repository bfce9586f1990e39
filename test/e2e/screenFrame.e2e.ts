import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from './account';
import { openPage } from './browser';

// One frame for the eight main screens (src/ui/PageHeader.tsx): the same title size and place, and filter bars
// built from the src/ui controls. On this file's own account with the demo data, in light and in dark.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('screen-frame', { demo: true });
});

/** Each main screen's address and the id of its title. */
const SCREENS = [
  { path: '/orders', title: 'orders-title' },
  { path: '/documents', title: 'documents-registry-title' },
  { path: '/remnants', title: 'remnants-title' },
  { path: '/analytics', title: 'analytics-title' },
  { path: '/archive', title: 'archive-title' },
  { path: '/clients', title: 'clients-title' },
  { path: '/deals', title: 'deals-title' },
  { path: '/objects', title: 'facilities-title' },
] as const;

interface Frame {
  fontSize: number;
  top: number;
  left: number;
  /** Every visible text input and select in the main area: its classes and height. */
  controls: { tag: string; name: string; classes: string; height: number }[];
}

/** The shown screen's title box and the visible text inputs and selects of the main area. */
async function frameOf(page: Page, path: string, titleId: string): Promise<Frame> {
  // Moving by the hash keeps the signed-in session and the theme the page was opened with.
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, path);
  const title = page.locator(`#main h1#${titleId}`);
  await title.waitFor();
  // Every main screen has at least one text field; once it is there the filter bar has rendered.
  await page.locator('#main .ui-input').first().waitFor();
  return page.evaluate((id) => {
    const heading = document.getElementById(id)!;
    const box = heading.getBoundingClientRect();
    const visible = (element: HTMLElement) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const controls = [...document.querySelectorAll<HTMLElement>('#main input, #main select')]
      .filter((element) => !['checkbox', 'radio', 'hidden', 'file'].includes((element as HTMLInputElement).type) && visible(element))
      .map((element) => ({
        tag: element.tagName.toLowerCase(),
        name: element.getAttribute('aria-label') ?? element.id ?? '',
        classes: element.className,
        height: element.getBoundingClientRect().height,
      }));
    return { fontSize: Number.parseFloat(getComputedStyle(heading).fontSize), top: box.top, left: box.left, controls };
  }, titleId);
}

describe('one frame for every main screen', () => {
  for (const [lang, locale, dark] of [
    ['en', 'en-US', false],
    ['ru', 'ru-RU', false],
    ['en', 'en-US', true],
  ] as const) {
    it(`rule: ${lang}${dark ? ' (dark)' : ''}: the eight main screens put the same-sized title at the same place (±2 px), and every text input and select of their main area is a src/ui control of the Orders search field's height`, async () => {
      const page = await openPage('/orders', { token: account.token, locale, dark });
      const orders = await frameOf(page, SCREENS[0].path, SCREENS[0].title);
      const searchHeight = (await page.locator('#main .orders-search .ui-input').boundingBox())!.height;
      for (const screen of SCREENS) {
        const frame = screen.path === '/orders' ? orders : await frameOf(page, screen.path, screen.title);
        const where = `${screen.path} (${lang}${dark ? ', dark' : ''})`;
        expect(frame.fontSize, `${where}: title size`).toBe(orders.fontSize);
        expect(Math.abs(frame.top - orders.top), `${where}: title top ${frame.top} vs ${orders.top}`).toBeLessThanOrEqual(2);
        expect(Math.abs(frame.left - orders.left), `${where}: title left ${frame.left} vs ${orders.left}`).toBeLessThanOrEqual(2);
        expect(frame.controls.length, `${where}: controls found`).toBeGreaterThan(0);
        const raw = frame.controls.filter((control) => !control.classes.split(' ').includes('ui-input') || Math.abs(control.height - searchHeight) > 2);
        expect(raw, `${where}: raw or odd-sized controls`).toEqual([]);
      }
    });
  }
});

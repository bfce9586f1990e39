import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { OrderWithPositions } from '../../src/contract/orders';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage as openStaffPage } from './browser';

// Issue 19 §5: at phone width (390 px) no screen is wider than the viewport; wide tables scroll in their own
// box, the home menu opens and its entries work, and the deal's cards stay inside the screen. English and Russian.

const PHONE = { width: 390, height: 844 };

let account: TestAccount;
let orderId: number;
beforeAll(async () => {
  account = await testAccount('phone-width', { demo: true });
  const api = staffApi(account);
  const order = await api<OrderWithPositions>('/api/orders/add', { body: { name: 'Phone width' } });
  const [product] = (await api<{ type: string; warehouses: { identifier: string; available: number }[] }[]>('/api/orders/get-products-autocomplete?q=drill')).filter(
    (item) => item.type === 'product' && item.warehouses.some((store) => store.available >= 1),
  );
  await api('/api/orders/product/add', { body: { order_id: order.id, product: product.warehouses.find((store) => store.available >= 1)!.identifier, quantity: 1 } });
  orderId = order.id;
});

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en },
  { lang: 'ru', locale: 'ru-RU', texts: ru },
] as const;

/** Every main screen of the shell, with something on it that shows it has drawn its data. */
const SCREENS = () => [
  { path: '/remnants', ready: 'table tbody tr' },
  { path: '/orders', ready: 'table tbody tr' },
  { path: `/addToDeal?order_id=${orderId}`, ready: 'article.product-card' },
  { path: '/clients', ready: '.clients-table tbody tr' },
  { path: '/archive', ready: 'main h1' },
  { path: '/positions', ready: 'table tbody tr' },
  { path: '/objects', ready: 'main h1' },
  { path: '/profile', ready: 'main h1' },
  { path: '/accountSettings', ready: 'main h1' },
];

const openPhone = (path: string, locale: string): Promise<Page> => openStaffPage(path, { token: account.token, locale, context: { viewport: PHONE, isMobile: true, hasTouch: true } });

/** The page's scroll width, and the elements sticking out past the right edge (to name the culprit when red). */
function overflow(page: Page) {
  return page.evaluate((width) => {
    const culprits: { name: string; right: number }[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Inside a box that scrolls sideways is fine: that box is the table's own scroller.
      let scroller: Element | null = element.parentElement;
      let contained = false;
      while (scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll|hidden)/.test(style.overflowX) && scroller.getBoundingClientRect().right <= width + 0.5) {
          contained = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (!contained) culprits.push({ name: `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`, right: Math.round(box.right) });
    }
    // The innermost elements sticking out furthest name the cause.
    culprits.sort((a, b) => b.right - a.right);
    return { scrollWidth: document.documentElement.scrollWidth, culprits: culprits.slice(-6).map((item) => `${item.name}:${item.right}`) };
  }, PHONE.width);
}

describe.each(LANGUAGES)('the shell at 390 px in $lang (issue 19 §5)', ({ locale, texts }) => {
  it('rule: no main screen is wider than a 390 px phone (document scrollWidth ≤ 390)', async () => {
    const widths: Record<string, Awaited<ReturnType<typeof overflow>>> = {};
    for (const screen of SCREENS()) {
      const page = await openPhone(screen.path, locale);
      await page.locator(screen.ready).first().waitFor();
      // Late content (totals, images) settles before measuring.
      await page.waitForLoadState('networkidle');
      widths[screen.path] = await overflow(page);
      await page.context().close();
    }
    const tooWide = Object.entries(widths).filter(([, measure]) => measure.scrollWidth > PHONE.width);
    expect(tooWide, JSON.stringify(widths)).toEqual([]);
  });

  it('rule: a wide table scrolls inside its own box, not the page', async () => {
    const page = await openPhone('/clients', locale);
    const table = page.locator('.clients-table').first();
    await table.locator('tbody tr').first().waitFor();
    const inner = await table.evaluate((element) => {
      let box: HTMLElement | null = element.parentElement;
      while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      return box ? { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, right: box.getBoundingClientRect().right } : null;
    });
    expect(inner, 'the table has a scrolling box of its own').not.toBeNull();
    expect(inner!.right).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('rule: the home menu is reachable at 390 px: it opens inside the screen and an entry works', async () => {
    const page = await openPhone('/orders', locale);
    const menuButton = page.getByRole('button', { name: texts.home.menu, exact: true });
    await menuButton.click();
    const menu = page.getByRole('menu');
    const box = await menu.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await menu.getByRole('menuitem', { name: texts.home.userSettings }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/profile');
    // The main navigation's every link can be reached too (scrolled to if need be) and followed.
    const nav = page.getByRole('navigation', { name: texts.nav.label });
    const clients = nav.getByRole('link', { name: texts.nav.clients });
    await clients.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/clients');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('rule: the deal’s product cards are not cut off at 390 px (every card box inside the viewport)', async () => {
    const page = await openPhone(`/addToDeal?order_id=${orderId}`, locale);
    const cards = page.locator('article.product-card');
    await cards.first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const card of await cards.all()) {
      const box = await card.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

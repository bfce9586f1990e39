import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, newPage } from './browser';
import { EXPIRED_TOKEN, FIXED_LOGIN_TOKEN } from './fixtures';
import { screenLuminance } from './pixels';

// This file's own account (no demo data: the shell's screens need none), so signing in and out here
// touches no session another file uses.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('shell');
});

async function open(url: string, options: BrowserContextOptions = {}): Promise<{ page: Page; requests: string[] }> {
  const page = await newPage(options);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${baseUrl}${url}`);
  return { page, requests };
}

const hashOf = (page: Page) => new URL(page.url()).hash;

describe('sign-in screen', () => {
  it('renders in English by default', async () => {
    const { page } = await open('/#/authorization', { locale: 'en-US' });
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('E-mail or phone').isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('renders in Russian for a Russian browser', async () => {
    const { page } = await open('/#/authorization', { locale: 'ru-RU' });
    await page.getByRole('tab', { name: 'Вход' }).waitFor();
    expect(await page.getByLabel('E-mail или телефон').isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
  });

  it("a wrong password shows 'Invalid username or password'; the right one signs in and leaves the page", async () => {
    const { page } = await open('/#/authorization');
    await page.getByLabel('E-mail or phone').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('form .auth-message-error', { hasText: 'Invalid username or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/orders');
    // The real server issued a fresh random session token.
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toMatch(/^[\w-]{32,}$/);
    await page.getByRole('button', { name: 'Menu' }).waitFor();
  });
});

describe('navigation guard in the browser', () => {
  it('an unauthenticated visit of /orders goes to /authorization', async () => {
    const { page } = await open('/#/orders');
    await expect.poll(() => hashOf(page)).toBe('#/authorization');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
  });

  it('an expired account is locked to /Error_is_expired with the spec text', async () => {
    const { page } = await open(`/?token=${EXPIRED_TOKEN}#/orders`);
    await page.getByText('Attention! The subscription period of the service has come to an end.', { exact: false }).waitFor();
    expect(hashPath(page)).toBe('/Error_is_expired');
  });

  it("an account whose login is fixed shows the spec's warning, which can be dismissed", async () => {
    const { page } = await open(`/?token=${FIXED_LOGIN_TOKEN}#/`);
    const warning = page.getByTestId('login-fixed-warning');
    await warning.getByText('Attention! The login to the product from this account is fixed. Make sure that only one user uses this account.').waitFor();
    await warning.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => warning.count()).toBe(0);
  });

  it('log out from the home menu ends the session on the server, clears it and returns to sign-in (keyboard only)', async () => {
    // A session of this test's own: signing out revokes it, and the file's other tests go on with theirs.
    const token = await newSession(account);
    const { page } = await open(`/?token=${token}#/qwe-missing`);
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => hashOf(page)).toBe('#/authorization');
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    const after = await fetch(`${baseUrl}/api/account/config`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(403);
  });
});

describe('tokens in the address', () => {
  it('?token=… is saved and stripped from the address bar', async () => {
    const { page } = await open(`/?token=${account.token}#/qwe`);
    await page.getByTestId('gallery-checkbox').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBe(account.token);
    expect(page.url()).not.toContain('token=');
    expect(hashPath(page)).toBe('/qwe');
  });
});

describe('themes and the gallery', () => {
  const controls = ['checkbox', 'decimal', 'whole', 'text', 'textarea', 'select', 'multiselect', 'date', 'datetime', 'dropdown', 'carousel', 'notifications', 'navbar'];

  it('/qwe renders every control', async () => {
    const { page } = await open(`/?token=${account.token}#/qwe`);
    for (const control of controls) await page.getByTestId(`gallery-${control}`).waitFor();
    const section = (control: string) => page.getByTestId(`gallery-${control}`);
    const count = (control: string, selector: string) => section(control).locator(selector).count();

    // Each section holds its real controls, so an empty section fails.
    expect(await count('checkbox', 'input[type="checkbox"]')).toBe(2);
    expect(await section('checkbox').locator('input[type="checkbox"]').first().isChecked()).toBe(true);
    expect(await section('checkbox').locator('input[type="checkbox"]').nth(1).isDisabled()).toBe(true);
    expect(await count('decimal', 'input.ui-input--number[inputmode="decimal"]')).toBe(2);
    expect(await section('decimal').locator('input.ui-input--number').first().inputValue()).toBe('12.5');
    expect(await count('whole', 'input[type="number"][step="1"]')).toBe(1);
    expect(await section('whole').locator('input[type="number"]').inputValue()).toBe('3');
    expect(await count('text', 'input[type="text"]')).toBe(2);
    const area = section('textarea').locator('textarea');
    expect([await area.getAttribute('cols'), await area.getAttribute('rows'), await area.isVisible()]).toEqual(['30', '10', true]);
    for (const [control, toggles] of [['select', 2], ['multiselect', 1], ['dropdown', 2], ['notifications', 1]] as const) {
      expect(await count(control, '[role="combobox"][aria-haspopup="listbox"]'), control).toBe(toggles);
      expect(await section(control).locator('[role="combobox"]').first().isVisible(), control).toBe(true);
    }
    expect(await section('date').locator('input.ui-input--date').inputValue()).toBe('03/15/2024');
    expect(await section('datetime').locator('input.ui-input--datetime').inputValue()).toBe('03/15/2024, 09:30 AM');

    // The dropdown's button opens its list.
    const dropdown = section('dropdown').locator('[role="combobox"]').first();
    await dropdown.click();
    expect(await dropdown.getAttribute('aria-expanded')).toBe('true');
    expect(await section('dropdown').locator('[role="option"]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // The carousel counts its pictures and moves on.
    const counter = section('carousel').locator('.ui-carousel__counter [aria-hidden="true"]');
    expect(await counter.textContent()).toBe('1 / 3');
    await section('carousel').locator('button.ui-carousel__next').click();
    expect(await counter.textContent()).toBe('2 / 3');

    // The navigation bar with its links.
    const nav = section('navbar').locator('nav');
    expect(await nav.isVisible()).toBe(true);
    expect(await nav.locator('a').count()).toBe(3);

    // The notification area of the shell shows what the gallery's button sends.
    expect(await page.locator('.ui-notifications').count()).toBe(1);
    await section('notifications').locator('button.gallery-button').click();
    await page.locator('.ui-notifications .ui-notification').first().waitFor();
  });

  it('?test=dark switches the theme: the class, the computed colours, and the screen is darker in pixels', async () => {
    const light = await open(`/?token=${account.token}#/qwe`);
    await light.page.getByTestId('gallery-checkbox').waitFor();
    const lightBg = await light.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const { page } = await open(`/?token=${account.token}&test=dark#/qwe`);
    await page.getByTestId('gallery-checkbox').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('theme-dark'))).toBe(true);
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBg).not.toBe(lightBg);
    // What a person sees: the whole gallery, light against dark (the pictures are kept in test-output/e2e).
    const [lightLuminance, darkLuminance] = [await screenLuminance(light.page, 'gallery-light-en'), await screenLuminance(page, 'gallery-dark-en')];
    expect(lightLuminance).toBeGreaterThan(180);
    expect(darkLuminance).toBeLessThan(90);
  });

  /** The gallery in Russian: the language, visible Russian texts, and the theme in force. */
  async function russianGallery(page: Page, theme: 'light' | 'dark') {
    await page.getByTestId('gallery-select').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.getByRole('heading', { level: 1, name: 'Галерея элементов' }).isVisible()).toBe(true);
    expect(await page.getByTestId('gallery-textarea').getByRole('heading', { name: 'Многострочный текст' }).isVisible()).toBe(true);
    expect(await page.getByTestId('gallery-navbar').getByRole('link', { name: 'Заказы' }).isVisible()).toBe(true);
    const themeState = await page.evaluate(() => ({
      darkClass: document.documentElement.classList.contains('theme-dark'),
      bgVariable: getComputedStyle(document.documentElement).getPropertyValue('--color-bg').trim(),
      body: getComputedStyle(document.body).backgroundColor,
    }));
    expect(themeState).toEqual(
      theme === 'dark'
        ? { darkClass: true, bgVariable: '#161a22', body: 'rgb(22, 26, 34)' }
        : { darkClass: false, bgVariable: '#ffffff', body: 'rgb(255, 255, 255)' },
    );
  }

  it('/qwe in Russian and dark', async () => {
    const { page } = await open(`/?token=${account.token}&test=dark#/qwe`, { locale: 'ru-RU' });
    await russianGallery(page, 'dark');
  });

  it('/qwe in Russian and light', async () => {
    const { page } = await open(`/?token=${account.token}#/qwe`, { locale: 'ru-RU' });
    await russianGallery(page, 'light');
  });

  // The 400 ms between them is a timing rule, pinned with fake timers in test/shell/demoNotifications.test.ts;
  // a wall-clock gap measured here would depend on how busy the machine is.
  it('?test=notifications plays the four sample notifications, one of each type, in order', async () => {
    const { page } = await open('/?test=notifications#/authorization');
    // Record each notification as it enters the page: they hide themselves after 8 s, and a busy machine may
    // be slower than that between two looks.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const kindOf = (note: Element) => [...note.classList].find((name) => name.startsWith('ui-notification--') && name !== 'ui-notification--shown') ?? '';
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof Element && node.matches('.ui-notification')) seen.push(kindOf(node));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('demo-notifications').click();
    const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    await expect.poll(seen).toEqual(['ui-notification--info', 'ui-notification--success', 'ui-notification--warning', 'ui-notification--error']);
  });
});

describe('lazy screens', () => {
  it('screen chunks load only on navigation', async () => {
    const { page, requests } = await open(`/?token=${account.token}#/authorization`);
    await page.waitForFunction(() => location.hash !== '#/authorization' || document.querySelector('.auth-screen'));
    await page.waitForLoadState('networkidle');
    const scripts = () => requests.filter((path) => path.endsWith('.js'));
    const before = scripts();
    expect(before.some((path) => path.includes('GalleryScreen'))).toBe(false);
    await page.evaluate(() => (location.hash = '#/qwe'));
    await page.getByTestId('gallery-checkbox').waitFor();
    const after = scripts();
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.filter((path) => path.includes('GalleryScreen'))).toHaveLength(1);
  });

  it('the first load of the sign-in page fetches no other screen', async () => {
    const { page, requests } = await open('/#/authorization');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const screens = requests.filter((path) => /Screen-[\w-]+\.js$/.test(path));
    expect(screens.map((path) => path.replace(/^.*\/(\w+Screen)-.*$/, '$1'))).toEqual(['AuthorizationScreen']);
  });
});

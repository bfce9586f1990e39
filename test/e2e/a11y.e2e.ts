import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { type AxeFinding, seriousFindings } from './axe';
import { baseUrl, newPage } from './browser';

/**
 * Issue 19 §5: axe-core finds nothing serious or critical on any screen (contrast of at least 4.5:1 among its
 * rules), in the light and the dark theme, in English and Russian.
 */
let account: TestAccount;
let orderId: number;
let publicPath: string;
beforeAll(async () => {
  account = await testAccount('a11y', { demo: true });
  const api = staffApi(account);
  orderId = (await api<{ data: { id: number }[] }>('/api/orders/list', { body: { page: 1, per_page: 1 } })).data[0].id;
  publicPath = (await api<{ path: string }>('/api/orders/public/link', { body: { order_id: orderId } })).path;
});

const STAFF_SCREENS = ['/remnants', '/orders', 'deal', '/clients', '/archive', '/positions', '/objects', '/profile'] as const;

/** A page in the chosen language (the saved choice, as the language switch leaves it) that axe can be injected into. */
async function pageIn(lang: 'en' | 'ru'): Promise<Page> {
  const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US', bypassCSP: true, viewport: { width: 1280, height: 900 } });
  await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
  return page;
}

/** Loaded: the lazy screen is in and nothing spins or says it is busy any more. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('main, section, form, [role="dialog"]') !== null && document.querySelector('.shell-spinner, [aria-busy="true"]') === null);
}

const query = (dark: boolean, token?: string) => `/?${new URLSearchParams({ ...(token ? { token } : {}), ...(dark ? { test: 'dark' } : {}) })}`;

async function findingsAt(page: Page, url: string): Promise<AxeFinding[]> {
  await page.goto(`${baseUrl}${url}`);
  await settle(page);
  return seriousFindings(page);
}

const LANGS = [
  ['English', 'en', en],
  ['Russian', 'ru', ru],
] as const;

describe.each(LANGS)('axe in %s', (_name, lang, texts) => {
  describe.each([
    ['light', false],
    ['dark', true],
  ] as const)('%s theme', (_theme, dark) => {
    it('rule: every staff screen and the product editor overlay have no serious or critical axe finding', async () => {
      const page = await pageIn(lang);
      const found: Record<string, AxeFinding[]> = {};
      // The first load takes the token from the address; later ones find it saved.
      let first = true;
      for (const screen of STAFF_SCREENS) {
        const path = screen === 'deal' ? `/addToDeal?order_id=${orderId}` : screen;
        // A fresh document each time (a different query), so no screen is measured with another's leftovers.
        const url = `${query(dark, first ? account.token : undefined)}${first ? '' : `&screen=${encodeURIComponent(screen)}`}#${path}`;
        first = false;
        const findings = await findingsAt(page, url);
        if (findings.length > 0) found[screen] = findings;
      }
      await page.goto(`${baseUrl}${query(dark)}&screen=editor#/remnants`);
      await settle(page);
      await page.getByRole('button', { name: texts.stock.editor.add }).click();
      await page.getByRole('dialog', { name: texts.stock.editor.newTitle }).waitFor();
      await settle(page);
      const editor = await seriousFindings(page);
      if (editor.length > 0) found['product editor'] = editor;
      expect(found).toEqual({});
    });

    it('rule: the sign-in page and a public order have no serious or critical axe finding', async () => {
      const found: Record<string, AxeFinding[]> = {};
      const signIn = await findingsAt(await pageIn(lang), `${query(dark)}#/authorization`);
      if (signIn.length > 0) found['sign-in'] = signIn;
      const visitor = await pageIn(lang);
      // The link's own address (its public token in the hash), with the theme flag in the page query.
      await visitor.goto(`${baseUrl}${query(dark)}${publicPath.replace(/^\/(\?[^#]*)?/, '')}`);
      await visitor.waitForFunction(() => localStorage.getItem('POTOKEN') !== null);
      await settle(visitor);
      const publicOrder = await seriousFindings(visitor);
      if (publicOrder.length > 0) found['public order'] = publicOrder;
      expect(found).toEqual({});
    });
  });
});

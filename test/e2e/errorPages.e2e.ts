import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { connectCrm, testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, newPage } from './browser';
import { EXPIRED_TOKEN } from './fixtures';

/**
 * Issue 19 §5: the error pages (subscription expired, token not valid, too many users, not installed) and the
 * 404 page say what happened and what to do, and lead back to the start or to sign-in — in English and Russian.
 */
const hostUrl = inject('hostUrl');
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('error pages');
  await connectCrm(account, hostUrl);
});

const LANGS = [
  ['English', 'en', en],
  ['Russian', 'ru', ru],
] as const;

/** A browser whose saved language is `lang`, at `url` on the app. */
async function openIn(lang: 'en' | 'ru', url: string): Promise<Page> {
  const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
  await page.goto(`${baseUrl}${url}`);
  return page;
}

async function expectTexts(where: Page | Frame, heading: string, lines: readonly string[]): Promise<void> {
  await where.getByRole('heading', { name: heading }).waitFor();
  for (const line of lines) await where.getByText(line, { exact: true }).waitFor();
}

describe.each(LANGS)('error pages in %s', (_name, lang, texts) => {
  const pages = texts.errors.pages;

  it('rule: the 404 page says nothing is at the address, what to do, and its link leads to the start page', async () => {
    const page = await openIn(lang, `/?token=${account.token}#/no-such-page`);
    await expectTexts(page, texts.app.notFound, [pages.notFoundText, pages.notFoundTodo]);
    await page.getByRole('link', { name: pages.toStart }).click();
    await expect.poll(() => hashPath(page)).toBe('/orders');
  });

  it('rule: the expired page says the subscription ended and what to do; its button signs out to the sign-in page', async () => {
    const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
    await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
    // The expired session is shared with shell.e2e.ts: its sign-out is answered here so it stays valid there.
    await page.route('**/api/auth/logout', (route) => route.fulfill({ json: { success: true } }));
    await page.goto(`${baseUrl}/?token=${EXPIRED_TOKEN}#/orders`);
    await expect.poll(() => hashPath(page)).toBe('/Error_is_expired');
    await expectTexts(page, texts.warnings.expiredTitle, [texts.warnings.subscriptionEnded, texts.errorPages.expiredTodo]);
    await page.getByRole('button', { name: texts.errorPages.signInOther }).click();
    await expect.poll(() => hashPath(page)).toBe('/authorization');
    await page.getByRole('tab', { name: texts.auth.tabSignIn }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
  });

  it('rule: the too-many-users page says what to do and leads to the start page', async () => {
    const page = await openIn(lang, `/?token=${account.token}#/many-accounts`);
    await expectTexts(page, texts.warnings.manyAccountsTitle, [texts.warnings.usersExceeded, texts.errorPages.manyUsersTodo]);
    await page.getByRole('button', { name: texts.errorPages.signInOther }).waitFor();
    await page.getByRole('link', { name: pages.toStart }).click();
    await expect.poll(() => hashPath(page)).toBe('/orders');
  });

  it('rule: the not-installed page says how to install and leads to sign-in', async () => {
    const page = await openIn(lang, `/?token=${account.token}#/Error_is_not_installed`);
    await expectTexts(page, texts.warnings.notInstalledTitle, [texts.warnings.notInstalled, texts.errors.mustBeCrmUser, texts.errorPages.notInstalledTodo]);
    // The sign-out is answered here: this file's session stays for the next tests.
    await page.route('**/api/auth/logout', (route) => route.fulfill({ json: { success: true } }));
    await page.getByRole('button', { name: texts.errorPages.toSignIn }).click();
    await expect.poll(() => hashPath(page)).toBe('/authorization');
    await page.getByRole('tab', { name: texts.auth.tabSignIn }).waitFor();
  });

  it('rule: the token-not-valid page in a CRM frame says to reopen the app, and its button leads to sign-in', async () => {
    const page = await newPage();
    const query = new URLSearchParams({ app: baseUrl, account: String(account.id), token: 'revoked-token', path: '/orders', lang });
    await page.goto(`${hostUrl}/e2e/host.html?${query}`);
    const app = await (await page.waitForSelector('iframe#app')).contentFrame();
    if (!app) throw new Error('the app frame did not load');
    await app.getByTestId('token-not-valid').waitFor();
    await expectTexts(app, texts.warnings.tokenNotValidTitle, [texts.warnings.tokenNotValid, texts.errorPages.tokenTodo]);
    await app.getByRole('button', { name: texts.errorPages.toSignIn }).click();
    await expect.poll(() => new URL(app.url()).hash).toBe('#/authorization');
    await app.getByRole('tab', { name: texts.auth.tabSignIn }).waitFor();
  });
});

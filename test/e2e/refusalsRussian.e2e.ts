import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { DealProduct, OrderWithPositions } from '../../src/contract/orders';
import { staffApi, testAccount, type TestAccount } from './account';
import { openPage, openUrl } from './browser';
import { codeIn, mailTo } from './outbox';

/**
 * The refusals of the orders and sign-in modules carry codes (server/http/refusal.ts), so the shell says them in the
 * user's language: a stale order save (shown by the failure notice) and a wrong code in the password reset (shown by
 * the sign-in form, which before this showed the server's English text), each provoked from the screens in English and in Russian. In
 * Russian the English text is not shown.
 */

let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('refusals-ru', { demo: true });
});

const api = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, body === undefined ? {} : { method: 'POST', body });

type Texts = typeof en;
const LANGUAGES: [name: string, locale: string, texts: Texts][] = [
  ['English', 'en-US', en],
  ['Russian', 'ru-RU', ru as Texts],
];

/** The code's text with its figures filled in, numbers written the language's way. */
const fill = (text: string, params: Record<string, string | number>, locale: string) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'number' ? value.toLocaleString(locale) : value;
  });

/** A new order holding one unit of a good with at least three in stock. */
async function orderWithGood(): Promise<{ order: OrderWithPositions; product: DealProduct }> {
  const order = await api<OrderWithPositions>('orders/add', {});
  const [product] = (await api<DealProduct[]>(`orders/get-products-autocomplete?q=${encodeURIComponent('hammer')}`)).filter((item) => item.type === 'product' && (item.available ?? 0) >= 3);
  const warehouse = product.warehouses.find((store) => store.available >= 3)!;
  const withGood = await api<OrderWithPositions>('orders/product/add', { order_id: order.id, product: warehouse.identifier, quantity: 1 });
  return { order: withGood, product };
}

const quantityOf = (page: Page, texts: Texts, name: string) =>
  page.locator('article.product-card', { has: page.getByRole('heading', { name: new RegExp(name) }) }).getByLabel(new RegExp(`^${texts.order.count}`));

/** The notification or form line showing the text; in Russian, the English one nowhere. */
async function shows(page: Page, texts: Texts, code: keyof Texts['serverErrors'], figures: Record<string, string | number>, locale: string) {
  await page.getByText(fill(texts.serverErrors[code], figures, locale), { exact: false }).first().waitFor();
  if (texts !== en) expect(await page.getByText(fill(en.serverErrors[code], figures, 'en-US'), { exact: false }).count()).toBe(0);
}

describe('coded refusals of orders and sign-in in the user’s language', () => {
  for (const [language, locale, texts] of LANGUAGES) {
    it(`rule: a stale order save ('staleOrder') is shown in ${language}`, async () => {
      const { order, product } = await orderWithGood();
      const page = await openPage(`/addToDeal?order_id=${order.id}`, { token: account.token, locale });
      await quantityOf(page, texts, product.name).fill('2');
      await page.getByText(texts.order.unsavedChanges).first().waitFor();
      // A colleague renames the order meanwhile: the version this screen read is stale.
      await api('orders/update', { id: order.id, version: order.version, name: 'Renamed meanwhile' });
      const [refused] = await Promise.all([page.waitForResponse((res) => res.url().endsWith('/api/orders/update')), page.getByRole('button', { name: texts.app.save, exact: true }).click()]);
      expect(refused.status()).toBe(409);
      await shows(page, texts, 'staleOrder', {}, locale);
    });

    it(`rule: a wrong code when resetting the password ('wrongCode', shown by the sign-in form itself) is shown in ${language}`, async () => {
      const page = await openUrl('/#/authorization', { locale });
      await page.getByRole('form', { name: texts.auth.ownPassword }).getByLabel(texts.auth.login, { exact: true }).fill(account.email);
      await page.getByRole('button', { name: texts.auth.forgotPassword, exact: true }).click();
      const recovery = page.getByRole('form', { name: texts.auth.tabRecovery });
      await recovery.getByLabel(texts.auth.login, { exact: true }).fill(account.email);
      await recovery.getByRole('button', { name: texts.auth.sendCode, exact: true }).click();
      const reset = page.getByRole('form', { name: texts.auth.resetPassword });
      await reset.waitFor();
      const sent = codeIn(await mailTo(account.email));
      await reset.getByLabel(texts.auth.code, { exact: true }).fill(sent === '00000000' ? '11111111' : '00000000');
      await reset.getByLabel(texts.auth.newPassword, { exact: true }).fill('a new password 1');
      const [refused] = await Promise.all([page.waitForResponse((res) => res.url().endsWith('/api/auth/restore-end')), reset.getByRole('button', { name: texts.auth.resetPassword, exact: true }).click()]);
      expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([422, 'wrongCode']);
      await shows(page, texts, 'wrongCode', {}, locale);
    });
  }
});

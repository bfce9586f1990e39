import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, newPage } from './browser';
import { EXPIRED_TOKEN } from './fixtures';

/**
 * Issue 17 §4–§6 in the browser, in English and Russian: the business-process scenario decides what the public
 * page offers; disabling a public customer ends their open page's session; an expired account is locked to
 * /Error_is_expired with the spec's text and sees the tariffs with a meter per limit there.
 * The settings panels themselves are tested in test/shell/features/business (the settings frame that opens
 * them is built beside this work); the server's rules in test/server/businessProcesses, publicCustomerAccess, tariffs.
 */
let account: TestAccount;
let customerId: number;
let orderId: number;
const staff = <T>(path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, { body });

beforeAll(async () => {
  account = await testAccount('business', { demo: true });
  const customers = await staff<{ data: { id: number; email: string | null }[] }>('orders/public/customers/list');
  customerId = customers.data.find((customer) => customer.email === account.customer!.email)!.id;
  const order = await staff<{ id: number }>('orders/add', { name: 'Business e2e order' });
  orderId = order.id;
  await staff('orders/public/link', { order_id: orderId, customer_id: customerId });
});

const LANGS = [
  ['English', 'en', en],
  ['Russian', 'ru', ru],
] as const;

async function customerToken(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/public-order/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: account.customer!.email, password: account.customer!.password }),
  });
  const answer = (await response.json()) as { access_token: string };
  return answer.access_token;
}

/** The customer's page of the shared order, in `lang`, with a fresh public session. */
async function customerPage(lang: 'en' | 'ru'): Promise<Page> {
  const token = await customerToken();
  const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  await page.addInitScript(([chosen, saved]) => {
    localStorage.setItem('lang', chosen);
    localStorage.setItem('POTOKEN', saved);
  }, [lang, token] as const);
  await page.goto(`${baseUrl}/#/publicOrder?order_id=${orderId}`);
  return page;
}

describe.each(LANGS)('business processes and tariffs in %s', (_name, lang, texts) => {
  it('rule: the scenario decides the public page’s offer — tagged-only hides an untagged product from the customer (who carries b2b); all offers it again', async () => {
    const products = await staff<{ data: { name: string; tags: string[]; archived?: boolean }[] }>('product/list', { per_page: 100 });
    const untagged = products.data.find((product) => product.tags.length === 0 && !product.archived)!.name;
    const search = async (page: Page) => {
      await page.locator('#po-offer-search').waitFor();
      await page.locator('#po-offer-search').fill(untagged);
    };

    await staff('orders/public/settings', { product_visibility: 'tagged' });
    const hidden = await customerPage(lang);
    await search(hidden);
    await hidden.getByText(texts.publicOrder.page.nothingOffered, { exact: true }).waitFor();
    expect(await hidden.locator('.po-offer__item', { hasText: untagged }).count()).toBe(0);

    await staff('orders/public/settings', { product_visibility: 'all' });
    const shown = await customerPage(lang);
    await search(shown);
    await shown.locator('.po-offer__item', { hasText: untagged }).first().waitFor();
  });

  it('rule: disabling a public customer ends their open page’s session — the next call sends them to the public sign-in', async () => {
    const page = await customerPage(lang);
    await page.locator('.po-offer__item').first().waitFor();
    await staff('orders/public/customers/disable', { id: customerId });
    try {
      await page.locator('#po-offer-search').fill('a');
      await expect.poll(() => hashPath(page), { timeout: 10_000 }).toBe('/publicOrderAuth');
      expect(await page.evaluate(() => localStorage.getItem('POTOKEN'))).toBeNull();
      // Signing in again is refused while they are disabled.
      const login = await fetch(`${baseUrl}/api/public-order/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: account.customer!.email, password: account.customer!.password }),
      });
      expect(login.status).toBe(422);
    } finally {
      await staff('orders/public/customers/enable', { id: customerId });
    }
  });

  it("rule: an expired account is locked to /Error_is_expired with the spec's text, and the tariffs there show a meter per limit and the plans' buttons", async () => {
    const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
    await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
    await page.goto(`${baseUrl}/?token=${EXPIRED_TOKEN}#/orders`);
    await expect.poll(() => hashPath(page)).toBe('/Error_is_expired');
    await page.getByText(texts.warnings.subscriptionEnded, { exact: true }).waitFor();
    await page.getByRole('heading', { name: texts.tariffs.metersTitle }).waitFor();
    for (const label of [texts.tariffs.users, texts.tariffs.positions, texts.tariffs.contactsCompanies, texts.tariffs.ordersPerMonth]) {
      await page.locator('.tariff-meter', { hasText: label }).first().waitFor();
    }
    expect(await page.locator('.tariff-meter').count()).toBe(4);
    await page.locator('[data-plan="business"]').getByRole('button', { name: texts.tariffs.requestInvoice }).waitFor();
    await page.locator('[data-plan="start"]').getByRole('button', { name: texts.tariffs.connect }).waitFor();
    // Guarded: another address still leads back here.
    await page.goto(`${baseUrl}/?token=${EXPIRED_TOKEN}#/remnants`);
    await expect.poll(() => hashPath(page)).toBe('/Error_is_expired');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { OneCSettings } from '../../src/contract/onec';
import { importXml, OneCClient, offersXml, type Transport } from '../fakes/onec';
import { staffApi, testAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * The 1C screen (/integrations/1c, issue 18 §3 and §5) in English and Russian against the real server: switched on,
 * given a password, 1C (the fake client) signs in over HTTP and runs an exchange, the warehouse it named is mapped to
 * ours on the sync tab, and the document settings change — each read back from the server.
 */

type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

const overHttp: Transport = async (request) => {
  const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers: request.headers, body: request.body ? new Uint8Array(request.body) : undefined });
  return { status: response.status, body: await response.text() };
};

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

for (const { lang, locale, texts } of LANGS) {
  const onec = texts.integrations.onec;
  describe(`1C settings screen (${lang})`, () => {
    it('rule: switched on with a password, 1C signs in and exchanges; its warehouse is mapped on the sync tab; document settings are kept', async () => {
      const account = await testAccount(`onec-${lang}`);
      const api = staffApi(account);
      const ours = await api<{ id: number; name: string }>('/api/warehouse/add', { body: { name: `Shop ${lang}` } });
      const page = await openPage('/integrations/1c', { token: account.token, locale });
      await page.getByText(onec.statusOff).waitFor();
      await page.getByRole('button', { name: texts.integrations.activate, exact: true }).click();
      await page.getByText(onec.statusOn).waitFor();
      const address = await page.getByLabel(onec.address).inputValue();
      expect(address).toBe(`${new URL(page.url()).origin}/exchange/1c/${account.id}`);
      await page.getByLabel(onec.password).fill('e2e-1c-password');
      await page.getByRole('button', { name: onec.save, exact: true }).click();
      await page.getByText(onec.passwordSet).waitFor();

      const settings = await api<OneCSettings>('/api/integrations/1c/settings');
      const client = new OneCClient(overHttp, settings.exchange_path, settings.login, 'e2e-1c-password');
      const catalogue = { products: 3, warehouses: [{ id: 'wh-e2e', name: 'Склад 1С', count: () => 2 }], priceTypes: [{ id: 'pt-e2e', name: 'Розничная', price: () => 10 }] };
      const answers = await client.catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
      expect(answers).toEqual({ 'import.xml': 'success', 'offers.xml': 'success' });

      await tab(page, texts.integrations.tabSync).click();
      const select = page.getByLabel(`${onec.ourWarehouse}: Склад 1С`);
      await select.selectOption(String(ours.id));
      await expect.poll(async () => (await api<OneCSettings>('/api/integrations/1c/settings')).warehouses).toEqual({ 'wh-e2e': ours.id });

      await tab(page, texts.integrations.tabDocuments).click();
      await page.getByLabel(onec.onlySuccessful).check();
      await expect.poll(async () => (await api<OneCSettings>('/api/integrations/1c/settings')).documents).toEqual({ send_orders: true, only_successful: true });

      await tab(page, texts.integrations.tabGeneral).click();
      await page.getByRole('button', { name: texts.integrations.deactivate, exact: true }).click();
      await page.getByText(onec.statusOff).waitFor();
      expect(await new OneCClient(overHttp, settings.exchange_path, settings.login, 'e2e-1c-password').checkauth()).toMatch(/^failure\n/);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { AmoSettings } from '../../src/contract/amocrm';
import { startFakeAmo, type FakeAmo } from '../fakes/amocrmServer';
import { staffApi, testAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * The amoCRM General panel (/integrations/amocrm, issue 18 §1) in English and Russian against the real server and the
 * fake amoCRM account: an admin binds the deal fields and maps a stage to an order state; both are read back from the
 * server, and the webhook address the panel shows is the one amoCRM must call.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = `${baseUrl}/api/integrations/amocrm/oauth`;
});
afterAll(() => amo.close());

for (const { lang, locale, texts } of LANGS) {
  const amoTexts = texts.integrations.amocrm;
  describe(`amoCRM General panel (${lang})`, () => {
    it('rule: the deal field bindings and the stage mapping chosen on the panel are saved and shown again', async () => {
      const account = await testAccount(`amocrm-${lang}`);
      const api = staffApi(account);
      amo.users.push({ id: 800 + amo.users.length, name: 'Owner', email: account.email });
      const started = await api<{ connection_id: number; state: string }>('/api/integrations/amocrm/install', { body: { origin: amo.origin, client_id: amo.clientId, client_secret: amo.clientSecret } });
      const back = await fetch(`${baseUrl}/api/integrations/amocrm/oauth?${new URLSearchParams({ code: amo.issueCode(), state: started.state, referer: new URL(amo.origin).host })}`, { redirect: 'manual' });
      expect(back.headers.get('location')).toContain(`connected=${started.connection_id}`);

      const page = await openPage('/integrations/amocrm', { token: account.token, locale });
      await page.getByLabel(amoTexts.bindCostPrice, { exact: true }).selectOption({ label: 'Cost price' });
      await page.getByLabel(amoTexts.bindProfit, { exact: true }).selectOption({ label: 'Profit' });
      await page.getByLabel(amoTexts.bindVatSum, { exact: true }).selectOption({ label: 'VAT sum' });
      await page.getByLabel('Sales: Reserved', { exact: true }).selectOption('1');
      await page.getByLabel(amoTexts.createOrders).check();
      await page.getByRole('button', { name: amoTexts.save, exact: true }).click();
      const read = () => api<AmoSettings>(`/api/integrations/amocrm/settings?connection_id=${started.connection_id}`);
      await expect.poll(async () => (await read()).stage_mapping).toEqual({ '40002': 1 });
      const settings = await read();
      expect(settings).toMatchObject({ bindings: { cost_price: 9101, profit: 9102, vat_sum: 9103, budget: null, products: null }, create_orders: true });
      expect(await page.getByLabel(amoTexts.webhookUrl).inputValue()).toBe(settings.webhook_url);

      await page.reload();
      await expect.poll(() => page.getByLabel(amoTexts.bindProfit, { exact: true }).inputValue()).toBe('9102');
      expect(await page.getByLabel('Sales: Reserved', { exact: true }).inputValue()).toBe('1');
      expect(await page.getByLabel(amoTexts.createOrders).isChecked()).toBe(true);
    });
  });
}

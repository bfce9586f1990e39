import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { startFakePortal, type FakePortal } from '../fakes/bitrix24';
import { staffApi, testAccount } from './account';
import { hashPath, openPage } from './browser';
import { connectedPortal, dealUpdated } from './bitrix24Portal';

/**
 * The /deals screen (issue 18 §4) in English and Russian: deals arrive the real way — the fake portal's ONCRMDEALUPDATE
 * events, synced by tasks — and the screen lists them, searches by name, filters to those with problems (a deal no
 * order is linked to), and links a deal to its order.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

for (const { lang, locale, texts } of LANGS) {
  describe(`Deals screen (${lang})`, () => {
    let portal: FakePortal;
    beforeAll(async () => {
      portal = await startFakePortal();
    });
    afterAll(() => portal.close());

    it('rule: the synced deals are listed; search narrows by name; "with problems" shows only the deal without an order; a deal links to its order', async () => {
      const account = await testAccount(`deals-${lang}`);
      const api = staffApi(account);
      await connectedPortal(account, portal);
      const order = await api<{ id: number; name: string }>('/api/orders/add', { body: { lead_id: 5101 } });
      portal.addDeal({ ID: '5101', TITLE: `Shelves for Acme ${lang}`, STAGE_ID: 'PREPARATION', OPPORTUNITY: '1500.00' });
      portal.addDeal({ ID: '5102', TITLE: `Orphan deal ${lang}`, STAGE_ID: 'NEW', OPPORTUNITY: '10.00' });
      for (const id of [5101, 5102]) expect((await dealUpdated(portal, id, `${id}`)).status).toBe(200);
      await expect.poll(async () => (await api<{ meta: { total: number } }>('/api/deals/list')).meta.total).toBe(2);

      const page = await openPage('/deals', { token: account.token, locale });
      const rows = page.locator('.deals-table tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => page.getByRole('row', { name: new RegExp(`Shelves for Acme ${lang}`) }).count()).toBe(1);

      await page.getByLabel(texts.deals.search).fill('Orphan');
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(`Orphan deal ${lang}`)]);
      await page.getByLabel(texts.deals.search).fill('');
      await expect.poll(() => rows.count()).toBe(2);

      await page.getByLabel(texts.deals.withProblems).check();
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(texts.deals.noOrder)]);
      expect(await rows.first().textContent()).toContain(`Orphan deal ${lang}`);
      await page.getByLabel(texts.deals.withProblems).uncheck();
      await expect.poll(() => rows.count()).toBe(2);

      const link = page.getByRole('row', { name: new RegExp(`Shelves for Acme ${lang}`) }).getByRole('link', { name: order.name || `#${order.id}`, exact: true });
      await link.click();
      await expect.poll(() => hashPath(page)).toBe('/addToDeal');
      expect(new URL(page.url()).hash).toContain(`order_id=${order.id}`);
    });
  });
}

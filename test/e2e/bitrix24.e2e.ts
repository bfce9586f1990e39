import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { Bitrix24SettingsAnswer } from '../../src/contract/bitrix24';
import { startFakePortal, type FakePortal } from '../fakes/bitrix24';
import { staffApi, testAccount } from './account';
import { openPage } from './browser';
import { installOn } from './bitrix24Portal';

/**
 * The /integrations/bitrix24 screen (issue 18 §2) in English and Russian against the real server and a fake portal:
 * an admin connects the portal, is shown the install address, the portal installs the application, a catalogue sync is
 * started from the Product synchronization tab and lands, and Disconnect asks before it removes the connection.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

for (const { lang, locale, texts } of LANGS) {
  const b24 = texts.integrations.bitrix24;
  describe(`Bitrix24 settings screen (${lang})`, () => {
    let portal: FakePortal;
    beforeAll(async () => {
      portal = await startFakePortal();
    });
    afterAll(() => portal.close());

    it('rule: connect shows the install address, the install connects the portal, a sync started on the screen lands, disconnect asks first', async () => {
      const account = await testAccount(`bitrix24-${lang}`);
      const api = staffApi(account);
      const read = () => api<Bitrix24SettingsAnswer>('/api/integrations/bitrix24/settings');
      const page = await openPage('/integrations/bitrix24', { token: account.token, locale });
      await expect.poll(() => page.getByText(b24.notConnected).count()).toBe(1);
      const installAddress = await page.getByLabel(b24.installAddress).inputValue();
      expect(installAddress).toMatch(/\/api\/integrations\/bitrix24\/install$/);

      await page.getByLabel(b24.address).fill(portal.origin);
      await page.getByLabel(b24.memberId).fill(portal.memberId);
      await page.getByLabel(b24.clientId).fill(portal.appCode);
      await page.getByLabel(b24.clientSecret).fill(portal.appSecret);
      await page.getByRole('button', { name: b24.connect, exact: true }).click();
      await expect.poll(() => page.getByText(b24.notInstalled, { exact: false }).count()).toBe(1);
      expect((await read()).connection).toMatchObject({ origin: portal.origin, member_id: portal.memberId, installed: false });

      expect((await installOn(portal)).status).toBe(200);
      await page.reload();
      await expect.poll(() => page.getByText(`${b24.connected} — ${portal.origin}`).count()).toBe(1);

      // Product synchronization: no comparison, from the portal to the warehouse, started as a task.
      portal.catalog.addProduct(`Hammer ${lang}`, { article: `H-${lang}` });
      await page.getByRole('tab', { name: texts.integrations.tabSync }).click();
      await page.getByLabel(b24.comparison).selectOption('none');
      await expect.poll(async () => (await read()).comparison_mode).toBe('none');
      await page.getByLabel(b24.direction).selectOption('crm_to_warehouse');
      await page.getByRole('button', { name: b24.start, exact: true }).click();
      await expect
        .poll(async () => (await api<{ type?: string; title: string; status: number; counts: Record<string, number> | null }[]>('/api/task/list')).find((task) => task.title === 'Bitrix24 → warehouse')?.counts?.added)
        .toBe(1);
      const list = await api<{ data: { name: string; article: string }[] }>('/api/product/list', { body: { filter: { search: 'Hammer' } } });
      expect(list.data.map((product) => [product.name, product.article])).toEqual([[`Hammer ${lang}`, `H-${lang}`]]);

      // Disconnect asks; cancelling keeps the connection, confirming removes it.
      await page.getByRole('tab', { name: texts.integrations.tabGeneral }).click();
      await page.getByRole('button', { name: b24.disconnect, exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await expect.poll(() => dialog.getByText(portal.origin, { exact: false }).count()).toBe(1);
      await dialog.getByRole('button', { name: b24.disconnect, exact: true }).click();
      await expect.poll(async () => (await read()).connection).toBeNull();
      await expect.poll(() => page.getByText(b24.notConnected).count()).toBe(1);
    });
  });
}

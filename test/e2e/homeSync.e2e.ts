import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { startFakeAmo, type FakeAmo } from '../fakes/amocrmServer';
import { startFakePortal, type FakePortal } from '../fakes/bitrix24';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, openPage } from './browser';
import { connectedPortal } from './bitrix24Portal';

/**
 * The home menu's synchronisation entries (spec §2 'Home menu', issue 18 §5) in English and Russian against the real
 * server: each starts the sync of the integration the account connected — Bitrix24 (fake portal) for one account,
 * amoCRM (fake account) for another — as a task the task center shows, with the spec's 'Attention! Account data is
 * being downloaded…' on the first run only; an account with nothing connected is told so and led to the settings.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

interface Task {
  id: number;
  type: string;
  title: string;
  status: number;
  counts: Record<string, number> | null;
}

let amo: FakeAmo;
// A portal per run: its catalogue is the one account's, so what lands is exactly what it holds.
const portals: FakePortal[] = [];
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = `${baseUrl}/api/integrations/amocrm/oauth`;
});
afterAll(async () => {
  await amo.close();
  await Promise.all(portals.map((portal) => portal.close()));
});

async function connectAmo(account: TestAccount): Promise<void> {
  const api = staffApi(account);
  amo.users.push({ id: 900 + amo.users.length, name: 'Owner', email: account.email });
  const started = await api<{ connection_id: number; state: string }>('/api/integrations/amocrm/install', { body: { origin: amo.origin, client_id: amo.clientId, client_secret: amo.clientSecret } });
  const back = await fetch(`${baseUrl}/api/integrations/amocrm/oauth?${new URLSearchParams({ code: amo.issueCode(), state: started.state, referer: new URL(amo.origin).host })}`, { redirect: 'manual' });
  expect(back.headers.get('location')).toContain(`connected=${started.connection_id}`);
}

for (const { lang, locale, texts } of LANGS) {
  const home = texts.home;
  const sync = texts.integrations.homeSync;
  const syncEntry = async (page: Page, label: string) => {
    await page.getByRole('button', { name: home.menu, exact: true }).click();
    await page.getByRole('group', { name: home.sync }).getByRole('menuitem', { name: label, exact: true }).click();
  };
  const finished = async (account: TestAccount, type: string) => {
    const api = staffApi(account);
    let tasks: Task[] = [];
    await expect
      .poll(async () => {
        tasks = (await api<Task[]>('/api/task/list')).filter((task) => task.type === type);
        return tasks.length > 0 && tasks.every((task) => task.status !== 0);
      })
      .toBe(true);
    return tasks;
  };

  describe(`home menu synchronisation (${lang})`, () => {
    it('rule: an account connected to Bitrix24 — CRM to warehouse starts the Bitrix24 sync as a task in the task center, the first run with the spec attention', async () => {
      const account = await testAccount(`homesync-b24-${lang}`);
      const portal = await startFakePortal();
      portals.push(portal);
      await connectedPortal(account, portal);
      portal.catalog.addProduct(`Saw ${lang}`, { article: `S-${lang}` });
      const page = await openPage('/orders', { token: account.token, locale });

      await syncEntry(page, home.syncCrmToWarehouse);
      await expect.poll(() => page.getByText(sync.firstSync).count()).toBe(1);
      const center = page.getByRole('dialog', { name: texts.tasks.title });
      await expect.poll(() => center.getByText(texts.tasks.titles.bitrixToWarehouse).count()).toBeGreaterThan(0);
      const [first] = await finished(account, 'bitrix24-sync-in');
      expect(first).toMatchObject({ title: 'Bitrix24 → warehouse', counts: { added: 1 } });
      const products = await staffApi(account)<{ data: { name: string; article: string }[] }>('/api/product/list', { body: { filter: { search: 'Saw' } } });
      expect(products.data.map((product) => [product.name, product.article])).toEqual([[`Saw ${lang}`, `S-${lang}`]]);
      // Nothing was asked of amoCRM, whose fake this account never connected.
      expect((await staffApi(account)<Task[]>('/api/task/list')).filter((task) => task.type.startsWith('amocrm'))).toEqual([]);

      // The second run is no first download: the ordinary notice, not the attention.
      await page.keyboard.press('Escape');
      await page.reload();
      await syncEntry(page, home.syncCrmToWarehouse);
      await expect.poll(() => page.getByText(sync.startedText).count()).toBe(1);
      expect(await page.getByText(sync.firstSync).count()).toBe(0);
      expect(await finished(account, 'bitrix24-sync-in')).toHaveLength(2);
    });

    it('rule: an account connected to amoCRM — both CRM entries start the amoCRM syncs (catalog in, products out) as tasks', async () => {
      const account = await testAccount(`homesync-amo-${lang}`);
      await connectAmo(account);
      amo.addElement(7001, `Bolt ${lang}`, { sku: `B-${lang}` });
      const page = await openPage('/orders', { token: account.token, locale });

      await syncEntry(page, home.syncCrmToWarehouse);
      await expect.poll(() => page.getByText(sync.firstSync).count()).toBe(1);
      await expect.poll(() => page.getByRole('dialog', { name: texts.tasks.title }).getByText(texts.tasks.titles.amoToWarehouse).count()).toBeGreaterThan(0);
      const [incoming] = await finished(account, 'amocrm-sync-in');
      expect(incoming!.counts?.added).toBeGreaterThanOrEqual(1);
      const products = await staffApi(account)<{ data: { name: string }[] }>('/api/product/list', { body: { filter: { search: `Bolt ${lang}` } } });
      expect(products.data.map((product) => product.name)).toEqual([`Bolt ${lang}`]);

      await page.keyboard.press('Escape');
      const before = [...amo.elements.values()].filter((element) => element.name === `Gear ${lang}`).length;
      await staffApi(account)('/api/product/add', { body: { name: `Gear ${lang}`, article: `G-${lang}` } });
      await syncEntry(page, home.syncWarehouseToCrm);
      await expect.poll(() => page.getByText(sync.firstSync).count()).toBeGreaterThan(0);
      const [outgoing] = await finished(account, 'amocrm-sync-out');
      expect(outgoing!.title).toBe('Warehouse → amoCRM');
      expect([...amo.elements.values()].filter((element) => element.name === `Gear ${lang}`)).toHaveLength(before + 1);
      expect((await staffApi(account)<Task[]>('/api/task/list')).filter((task) => task.type.startsWith('bitrix24'))).toEqual([]);
    });

    it('rule: an account with 1C switched on — the accounting entry starts the 1C stock sync as a task in the task center', async () => {
      const account = await testAccount(`homesync-1c-${lang}`);
      await staffApi(account)('/api/account/genezis-enable');
      const page = await openPage('/orders', { token: account.token, locale });
      await syncEntry(page, home.syncAccounting);
      await expect.poll(() => page.getByText(sync.firstSync).count()).toBe(1);
      await expect.poll(() => page.getByRole('dialog', { name: texts.tasks.title }).getByText(texts.tasks.titles.onecSync).count()).toBeGreaterThan(0);
      // No exchange from 1C has come yet, so the run ends saying so — but it is the 1C task that ran, and only it.
      const tasks = await finished(account, 'onec-sync');
      expect(tasks.map((task) => task.title)).toEqual(['Stock sync with 1C']);
      expect((await staffApi(account)<Task[]>('/api/task/list')).map((task) => task.type)).toEqual(['onec-sync']);
    });

    it('rule: nothing connected — the entries explain it and lead to the integration settings; no task is started', async () => {
      const account = await testAccount(`homesync-none-${lang}`);
      const page = await openPage('/orders', { token: account.token, locale });
      await syncEntry(page, home.syncWarehouseToCrm);
      await expect.poll(() => page.getByText(sync.noCrm, { exact: true }).count()).toBe(1);
      expect(await page.getByText(sync.noCrmText).count()).toBe(1);
      await syncEntry(page, home.syncAccounting);
      await expect.poll(() => page.getByText(sync.noAccounting, { exact: true }).count()).toBe(1);
      expect(await staffApi(account)<Task[]>('/api/task/list')).toEqual([]);
      await page.getByRole('button', { name: sync.openSettings }).first().click();
      await expect.poll(() => hashPath(page)).toBe('/integrations/amocrm');
    });
  });
}

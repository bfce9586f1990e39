import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, newContext, openPage } from './browser';
import { codeIn, mailTo } from './outbox';

/**
 * The settings overlay (its sections by address and with Back), the users screen (add, invite an existing user,
 * rights and status taking effect on the member's own session in a second browser), and the language switch,
 * each in English and Russian against the real server. The accounts are this file's own.
 */

type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? '');
const search = (page: Page) => new URL(page.url()).hash.split('?')[1] ?? '';
const sectionOf = (page: Page) => new URLSearchParams(search(page)).get('settings');

let admin: TestAccount;
beforeAll(async () => {
  admin = await testAccount('settings');
});

for (const { lang, locale, texts } of LANGS) {
  const open = (path: string, token = admin.token) => openPage(path, { token, locale });
  const dialog = (page: Page) => page.getByRole('dialog', { name: texts.settings.title });
  const sectionButton = (page: Page, label: string) => dialog(page).getByRole('navigation').getByRole('button', { name: label, exact: true });
  const panel = (page: Page, label: string) => dialog(page).getByRole('region', { name: label, exact: true });

  describe(`settings overlay (${lang})`, () => {
    it('rule: each section has its own address; Back goes to the section shown before, then closes the overlay', async () => {
      const page = await open('/orders');
      await page.getByRole('button', { name: texts.home.menu }).click();
      await page.getByRole('menuitem', { name: texts.home.settings, exact: true }).click();
      await panel(page, texts.settings.general).waitFor();
      await expect.poll(() => sectionOf(page)).toBe('general');
      expect(hashPath(page)).toBe('/orders');

      await sectionButton(page, texts.settings.users).click();
      await panel(page, texts.settings.users).getByRole('table').waitFor();
      expect(sectionOf(page)).toBe('users');
      await sectionButton(page, texts.settings.archive).click();
      await panel(page, texts.settings.archive).waitFor();
      expect(sectionOf(page)).toBe('archive');

      await page.goBack();
      await panel(page, texts.settings.users).waitFor();
      expect(sectionOf(page)).toBe('users');
      await page.goBack();
      await panel(page, texts.settings.general).waitFor();
      await page.goBack();
      await dialog(page).waitFor({ state: 'detached' });
      expect([hashPath(page), sectionOf(page)]).toEqual(['/orders', null]);
    });

    it('rule: opening an address with ?settings=<id> opens the overlay on that section; Escape closes it and the address forgets it', async () => {
      for (const [id, label] of [
        ['users', texts.settings.users],
        ['general', texts.settings.general],
        ['archive', texts.settings.archive],
      ] as const) {
        const page = await open(`/remnants?settings=${id}`);
        await panel(page, label).waitFor();
        expect(await sectionButton(page, label).getAttribute('aria-current')).toBe('page');
        await page.keyboard.press('Escape');
        await dialog(page).waitFor({ state: 'detached' });
        expect([hashPath(page), sectionOf(page)]).toEqual(['/remnants', null]);
        await page.context().close();
      }
    });

    it("rule: the archive section opens the /archive screen on the tab chosen; the general section keeps /accountSettings' form", async () => {
      const page = await open('/orders?settings=archive');
      await panel(page, texts.settings.archive).getByRole('link', { name: texts.archive.tabOrders }).click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(hashPath(page)).toBe('/archive');
      await page.getByRole('tab', { name: texts.archive.tabOrders, selected: true }).waitFor();

      await page.goto(`${baseUrl}/?token=${admin.token}#/orders?settings=general`);
      const general = panel(page, texts.settings.general);
      await general.getByLabel(texts.settings.accountName).waitFor();
      await general.getByRole('combobox', { name: texts.settings.startPage }).waitFor();
      await general.getByLabel(texts.settings.separateRights).waitFor();
    });

    it('rule: at phone width the section list is a select that switches sections by address too', async () => {
      const context = await newContext({ locale, viewport: { width: 390, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/?token=${admin.token}#/orders?settings=general`);
      const select = dialog(page).getByRole('combobox', { name: texts.settings.sections });
      await select.selectOption('users');
      await panel(page, texts.settings.users).waitFor();
      expect(sectionOf(page)).toBe('users');
      expect(await sectionButton(page, texts.settings.general).isVisible()).toBe(false);
    });
  });

  describe(`users and rights (${lang})`, () => {
    it("rule: the admin invites a new user by name and e-mail ('{name} invited to the account'); an existing user gives 'Such a user already exists.' and is invited by the offer; the list reloads each time", async () => {
      const page = await open('/usersConfiguration');
      await page.getByRole('heading', { name: texts.settings.users, level: 1 }).waitFor();
      const name = `Nina ${lang} ${Date.now()}`;
      const email = `nina-${lang}-${Date.now()}@e2e.local`;
      await page.getByLabel(texts.users.name, { exact: true }).fill(name);
      await page.getByLabel(texts.users.email, { exact: true }).fill(email);
      await page.getByRole('button', { name: texts.settings.addUser }).last().click();
      await page.locator('.ui-notification', { hasText: fill(texts.success.invited, { name }) }).waitFor();
      await page.getByRole('row').filter({ hasText: email }).getByText(texts.rights.invited).waitFor();

      const other = await testAccount(`settings-other-${lang}`);
      await page.getByLabel(texts.users.name, { exact: true }).fill('Already There');
      await page.getByLabel(texts.users.email, { exact: true }).fill(other.email);
      await page.getByRole('button', { name: texts.settings.addUser }).last().click();
      await page.getByText(texts.errors.userExists).first().waitFor();
      await page.getByRole('button', { name: texts.users.link }).click();
      await page.locator('.ui-notification', { hasText: fill(texts.success.invited, { name: 'Already There' }) }).waitFor();
      await page.getByRole('row').filter({ hasText: other.email }).getByText(texts.rights.invited).waitFor();
    });

    it("rule: rights and status changes take effect on the member's own session: losing 'editing product' removes the add button after reload; disabling sends them to sign-in", async () => {
      // The member joins the way a person does: invited, address proved by a recovery code, then accepted.
      const email = `member-${lang}-${Date.now()}@e2e.local`;
      const name = `Mark ${lang}`;
      const added = await staffApi(admin)<{ user: { id: number } }>('/api/account/user/add', { body: { name, email } });
      await fetch(`${baseUrl}/api/auth/restore?login=${encodeURIComponent(email)}`);
      const code = codeIn(await mailTo(email));
      await fetch(`${baseUrl}/api/auth/restore-end`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, code, password: 'member password 1' }) });
      const login = (await (await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, password: 'member password 1' }) })).json()) as { access_token: string };
      await staffApi({ token: login.access_token })(`/api/account/user/accept?account_id=${admin.id}`);

      const adminPage = await open('/usersConfiguration');
      const row = adminPage.getByRole('row').filter({ hasText: name });
      const editing = row.getByRole('checkbox', { name: fill(texts.users.rightFor, { right: texts.rights.editingRemains, name }) });
      await editing.click();
      await expect.poll(() => editing.isChecked()).toBe(true);

      const memberPage = await open('/remnants', login.access_token);
      const addFirst = memberPage.getByRole('button', { name: texts.stock.list.addFirstProduct });
      await addFirst.waitFor();
      // Not an admin: no users section in the settings overlay.
      await memberPage.goto(`${baseUrl}/?token=${login.access_token}#/remnants?settings=users`);
      await panel(memberPage, texts.settings.general).waitFor();
      expect(await sectionButton(memberPage, texts.settings.users).count()).toBe(0);

      await editing.click();
      await expect.poll(async () => (await staffApi(admin)<{ user: { editing_remains: boolean } }>(`/api/account/user/${added.user.id}`)).user.editing_remains).toBe(false);
      await memberPage.goto(`${baseUrl}/#/remnants`);
      await memberPage.reload();
      await memberPage.getByTestId('stock-empty').waitFor();
      expect(await addFirst.count()).toBe(0);

      await row.getByRole('checkbox', { name: fill(texts.users.enabledFor, { name }) }).click();
      await row.getByText(texts.rights.disabled).waitFor();
      await memberPage.reload();
      await expect.poll(() => hashPath(memberPage)).toBe('/authorization');
    });
  });
}

describe('the language switch', () => {
  it('rule: choosing Русский in the home menu reloads the whole app in Russian; the settings overlay and the users screen show no English text of theirs', async () => {
    const page = await openPage('/usersConfiguration', { token: admin.token, locale: 'en-US' });
    await page.getByRole('heading', { name: en.settings.users, level: 1 }).waitFor();
    await page.getByRole('button', { name: en.home.menu }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: ru.settings.users, level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
    // The server keeps the choice for the signed-in user.
    expect((await staffApi(admin)<{ user: { lang: string } }>('/api/account/config')).user.lang).toBe('ru');

    // English texts of these screens: those that differ from their Russian and are words, not names or codes.
    const pairs = [
      [en.settings, ru.settings],
      [en.users, ru.users],
      [en.rights, ru.rights],
      [en.home, ru.home],
      [en.nav, ru.nav],
      // A refusal these screens meet says its code, so its English text must not show either.
      [en.serverErrors, ru.serverErrors],
    ] as [Record<string, string>, Record<string, string>][];
    const forbidden = pairs
      .flatMap(([english, russian]) => Object.keys(english).filter((key) => english[key] !== russian[key]).map((key) => english[key].replace(/\{\{\w+\}\}/g, '').trim()))
      .filter((text) => text.length > 3 && /[a-z]{3}/.test(text));
    // The account's own data (its name, its admin's name) is no interface text.
    const shown = async () => ((await page.locator('body').textContent()) ?? '').replaceAll(`Admin of ${admin.name}`, '').replaceAll(admin.name, '');
    for (const text of forbidden) expect(await shown(), text).not.toContain(text);

    // A refusal on this screen is said in Russian too: correcting an invitation to a taken address.
    const typo = `lang-typo-${Date.now()}@e2e.local`;
    await staffApi(admin)('/api/account/user/add', { body: { name: 'Typo', email: typo } });
    await page.reload();
    await page.getByRole('button', { name: ru.users.editFor.replace('{{name}}', typo) }).click();
    const edit = page.getByRole('dialog', { name: ru.settings.editUser });
    await edit.getByLabel(ru.users.email, { exact: true }).fill(admin.email);
    await edit.getByRole('button', { name: ru.app.save, exact: true }).click();
    await edit.getByText(ru.errors.userExists).waitFor();
    await edit.getByRole('button', { name: ru.app.cancel, exact: true }).click();
    await edit.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/#/orders?settings=general`);
    await page.getByRole('dialog', { name: ru.settings.title }).getByRole('region', { name: ru.settings.general }).waitFor();
    const overlayText = await shown();
    for (const text of forbidden) expect(overlayText, text).not.toContain(text);

    // Back to English for the rest of the file's account.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: ru.home.menu }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('button', { name: en.home.menu }).waitFor();
  });
});

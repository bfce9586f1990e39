import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, openPage } from './browser';
import { codeIn, mailTo } from './outbox';

/**
 * Every section of the settings overlay reached the way a person reaches it — Menu → Settings → the section —
 * in English and Russian against the real server: each opens, shows its content, and one of its actions works
 * (issue 17; the panels' own rules are in their feature tests and the server's). A member who is not an admin
 * sees none of the admin-only sections.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));

/** A member who joined the way a person does (invited, address proved by a recovery code, accepted), and their session. */
async function joinedMember(admin: TestAccount, name: string): Promise<{ id: number; email: string; token: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@e2e.local`;
  const added = await staffApi(admin)<{ user: { id: number } }>('/api/account/user/add', { body: { name, email } });
  await fetch(`${baseUrl}/api/auth/restore?login=${encodeURIComponent(email)}`);
  const code = codeIn(await mailTo(email));
  const json = { 'content-type': 'application/json' };
  await fetch(`${baseUrl}/api/auth/restore-end`, { method: 'POST', headers: json, body: JSON.stringify({ login: email, code, password: 'member password 1' }) });
  const login = (await (await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ login: email, password: 'member password 1' }) })).json()) as { access_token: string };
  await staffApi({ token: login.access_token })(`/api/account/user/accept?account_id=${admin.id}`);
  return { id: added.user.id, email, token: login.access_token };
}

for (const { lang, locale, texts } of LANGS) {
  const dialog = (page: Page) => page.getByRole('dialog', { name: texts.settings.title });
  const sectionButton = (page: Page, label: string) => dialog(page).getByRole('navigation').getByRole('button', { name: label, exact: true });
  const notice = (page: Page, text: string) => page.locator('.ui-notification', { hasText: text }).first();

  /** Menu → Settings, then the section by its button; the section's panel. */
  async function openSection(page: Page, label: string): Promise<Locator> {
    if (!(await dialog(page).isVisible())) {
      await page.getByRole('button', { name: texts.home.menu }).click();
      await page.getByRole('menuitem', { name: texts.home.settings, exact: true }).click();
      await dialog(page).waitFor();
    }
    await sectionButton(page, label).click();
    // The frame's region for the section (a panel may hold a region of the same name inside).
    const panel = dialog(page).getByRole('region', { name: label, exact: true }).first();
    await panel.waitFor();
    return panel;
  }

  describe(`settings sections through the frame (${lang})`, () => {
    it('rule: business processes — the scenario is chosen and saved; the tags table lists the account’s tags', async () => {
      const admin = await testAccount(`sections-business-${lang}`);
      const api = staffApi(admin);
      await api('/api/product/add', { body: { name: 'Tagged drill', tags: ['b2b'] } });
      const page = await openPage('/orders', { token: admin.token, locale });
      const panel = await openSection(page, texts.settings.businessProcesses);
      await panel.getByRole('heading', { name: texts.business.sectionTitle }).waitFor();
      await panel.getByRole('rowheader', { name: 'b2b', exact: true }).waitFor();
      // The choice is the server's: the radio shows it once saved, so it is clicked, not checked.
      const tagged = panel.getByRole('radio', { name: new RegExp(`^${texts.business.scenarioTagged}`) });
      await tagged.click();
      await notice(page, texts.business.scenarioSaved).waitFor();
      await expect.poll(() => tagged.isChecked()).toBe(true);
      await expect.poll(async () => (await api<{ product_visibility: string }>('/api/orders/public/settings')).product_visibility).toBe('tagged');
    });

    it('rule: license — meters and plans show; an invoice is requested and downloaded; Connect moves the account onto the free plan after asking', async () => {
      const admin = await testAccount(`sections-license-${lang}`);
      const page = await openPage('/orders', { token: admin.token, locale });
      const panel = await openSection(page, texts.settings.license);
      await panel.getByRole('heading', { name: texts.tariffs.metersTitle }).waitFor();
      expect(await panel.locator('[data-meter]').count()).toBe(4);
      await panel.locator('[data-plan="business"]').getByText(texts.tariffs.purchased).waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), panel.locator('[data-plan="corporate"]').getByRole('button', { name: texts.tariffs.requestInvoice }).click()]);
      expect(download.suggestedFilename()).toMatch(/^invoice-\d+\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
      expect(JSON.stringify(workbook.worksheets[0].getSheetValues())).toContain('Corporate');
      await notice(page, texts.tariffs.invoiceRequested).waitFor();
      await panel.getByRole('heading', { name: texts.tariffs.invoicesTitle }).waitFor();
      // The invoice listed is downloaded again from the list.
      const [again] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: texts.tariffs.downloadInvoice }).first().click()]);
      expect(again.suggestedFilename()).toBe(download.suggestedFilename());

      await panel.locator('[data-plan="start"]').getByRole('button', { name: texts.tariffs.connect }).click();
      const ask = page.getByRole('alertdialog');
      await ask.getByText(fill(texts.tariffConnect.question, { name: 'Start' })).waitFor();
      await ask.getByRole('button', { name: texts.tariffs.connect, exact: true }).click();
      await notice(page, fill(texts.tariffConnect.connected, { name: 'Start' })).waitFor();
      await panel.locator('[data-plan="start"]').getByText(texts.tariffs.purchased).waitFor();
      await panel.getByText(fill(texts.tariffs.current, { name: 'Start' })).waitFor();
      const plans = await staffApi(admin)<{ current: { code: string } }>('/api/account/tariffs');
      expect(plans.current.code).toBe('start');
    });

    it('rule: public customers — a customer is invited by e-mail, the one with a password gets a reset, and one is disabled', async () => {
      const admin = await testAccount(`sections-customers-${lang}`, { demo: true });
      const page = await openPage('/orders', { token: admin.token, locale });
      const panel = await openSection(page, texts.settings.publicCustomers);
      const demoRow = panel.getByRole('row').filter({ hasText: admin.customer!.email });
      await demoRow.getByText(texts.business.statusActive).waitFor();

      const email = `invited-${lang}-${Date.now()}@e2e.local`;
      await panel.getByLabel(texts.business.customerName, { exact: true }).fill('Olga');
      await panel.getByLabel(texts.business.customerEmail, { exact: true }).fill(email);
      await panel.getByRole('button', { name: texts.business.invite, exact: true }).last().click();
      await notice(page, fill(texts.business.invited, { name: 'Olga' })).waitFor();
      await panel.getByRole('row').filter({ hasText: email }).getByText(texts.business.statusNoPassword).waitFor();
      expect(codeIn(await mailTo(email))).toMatch(/^\d{8}$/);

      await demoRow.getByRole('button', { name: texts.business.resetPassword }).click();
      const customers = await staffApi(admin)<{ data: { name: string; email: string | null }[] }>('/api/orders/public/customers/list');
      const demoName = customers.data.find((customer) => customer.email === admin.customer!.email)!.name;
      await notice(page, fill(texts.business.passwordReset, { name: demoName })).waitFor();
      await demoRow.getByRole('button', { name: texts.business.disable, exact: true }).click();
      await demoRow.getByText(texts.business.statusDisabled).waitFor();
      const login = await fetch(`${baseUrl}/api/public-order/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: admin.customer!.email, password: admin.customer!.password }) });
      expect((await login.json()).access_token).toBeUndefined();
    });

    it('rule: archive, product categories, product properties, customer fields, entity settings, documents and general each open with their content; categories, properties and customer fields each add one', async () => {
      const admin = await testAccount(`sections-entities-${lang}`);
      const api = <T>(path: string) => staffApi(admin)<T>(`/api/${path}`);
      const page = await openPage('/orders', { token: admin.token, locale });

      const general = await openSection(page, texts.settings.general);
      await general.getByLabel(texts.settings.accountName).waitFor();
      const entity = await openSection(page, texts.settings.entitySettings);
      await entity.getByRole('tab', { name: texts.settings.tabOrders }).waitFor();
      await entity.getByRole('button', { name: texts.entitySettings.addPipeline }).waitFor();
      const documents = await openSection(page, texts.settings.documents);
      await documents.getByRole('heading', { name: texts.documents.templatesTitle }).waitFor();

      const categories = await openSection(page, texts.settings.productCategories);
      await categories.getByText(texts.entitySettings.noCategories).waitFor();
      await categories.getByRole('button', { name: texts.entitySettings.addCategory, exact: true }).click();
      const addCategory = page.getByRole('dialog', { name: texts.entitySettings.addCategory });
      await addCategory.getByLabel(texts.entitySettings.categoryName).fill('Tools');
      await addCategory.getByRole('button', { name: texts.app.save, exact: true }).click();
      await categories.locator('li[data-category="Tools"]').waitFor();
      expect((await api<{ name: string }[]>('category/list')).map((category) => category.name)).toContain('Tools');

      const addField = async (panel: Locator, name: string) => {
        await panel.getByRole('button', { name: texts.entitySettings.addField, exact: true }).click();
        const editor = page.getByRole('dialog', { name: texts.entitySettings.addField });
        await editor.getByLabel(texts.entitySettings.name, { exact: true }).fill(name);
        await editor.getByLabel(texts.entitySettings.type, { exact: true }).selectOption('1');
        await editor.getByRole('button', { name: texts.app.save, exact: true }).click();
        await editor.waitFor({ state: 'detached' });
        await panel.getByRole('cell', { name }).or(panel.getByRole('rowheader', { name })).first().waitFor();
      };
      const properties = await openSection(page, texts.settings.productProperties);
      await addField(properties, 'Voltage');
      expect((await api<{ name: string }[]>('field/list')).map((field) => field.name)).toContain('Voltage');

      const customers = await openSection(page, texts.settings.customerFieldSettings);
      await customers.getByRole('tab', { name: texts.settings.tabContacts }).waitFor();
      await addField(customers, 'Birthday note');
      expect((await api<{ name: string }[]>('contact/field/list')).map((field) => field.name)).toContain('Birthday note');

      const archive = await openSection(page, texts.settings.archive);
      await archive.getByRole('link', { name: texts.archive.tabOrders }).click();
      await expect.poll(() => hashPath(page)).toBe('/archive');
    });

    it("rule: users — an admin edits a member's e-mail; a taken one gives 'Such a user already exists.' and changes nothing", async () => {
      const admin = await testAccount(`sections-users-${lang}`);
      const member = await joinedMember(admin, `Mark ${lang}`);
      const other = await testAccount(`sections-users-other-${lang}`);
      const page = await openPage('/orders', { token: admin.token, locale });
      const panel = await openSection(page, texts.settings.users);
      await panel.getByRole('button', { name: fill(texts.users.editFor, { name: `Mark ${lang}` }) }).click();
      const edit = page.getByRole('dialog', { name: texts.settings.editUser });
      const email = edit.getByLabel(texts.users.email, { exact: true });
      await email.fill(other.email.toUpperCase());
      await edit.getByRole('button', { name: texts.app.save, exact: true }).click();
      await edit.getByText(texts.errors.userExists).waitFor();
      expect((await staffApi(admin)<{ user: { email: string } }>(`/api/account/user/${member.id}`)).user.email).toBe(member.email);

      const moved = `moved-${lang}-${Date.now()}@e2e.local`;
      await email.fill(` ${moved.toUpperCase()} `);
      await edit.getByRole('button', { name: texts.app.save, exact: true }).click();
      await edit.waitFor({ state: 'detached' });
      await panel.getByRole('row').filter({ hasText: moved }).waitFor();
      expect((await staffApi(admin)<{ user: { email: string } }>(`/api/account/user/${member.id}`)).user.email).toBe(moved);
      // Their own row: the e-mail is theirs to change in the profile, so the dialog only shows it.
      await panel.getByRole('button', { name: fill(texts.users.editFor, { name: `Admin of ${admin.name}` }) }).click();
      const own = page.getByRole('dialog', { name: texts.settings.editUser });
      expect(await own.getByLabel(texts.users.email, { exact: true }).count()).toBe(0);
    });

    it('rule: a member who is not an admin sees only the sections open to everyone; the admin-only ones are neither listed nor opened by address', async () => {
      const admin = await testAccount(`sections-member-${lang}`);
      const member = await joinedMember(admin, `Nora ${lang}`);
      const page = await openPage('/orders', { token: member.token, locale });
      await openSection(page, texts.settings.general);
      const listed = await dialog(page).getByRole('navigation').getByRole('button').allTextContents();
      expect(listed).toEqual([texts.settings.general, texts.settings.archive, texts.settings.productCategories, texts.settings.productProperties, texts.settings.publicCustomers]);
      for (const id of ['businessProcesses', 'entitySettings', 'documents', 'users', 'license', 'customerFields']) {
        await page.goto(`${baseUrl}/#/orders?settings=${id}`);
        await dialog(page).getByRole('region', { name: texts.settings.general, exact: true }).waitFor();
      }
    });
  });
}

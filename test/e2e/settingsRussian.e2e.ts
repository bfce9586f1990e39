import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, openPage } from './browser';
import { codeIn, mailTo } from './outbox';
import { EXPIRED_TOKEN } from './fixtures';

/**
 * Issue 17: every settings screen in Russian with no English left, and no raw locale key in either language. One
 * shared server and browser (globalSetup, browser.ts): the Russian walk opens every section registered in
 * shell/features/settings/sections.ts, every tab in it and the dialogs that open without changing anything, and the
 * tariffs screen; it fails on any Latin word shown that is not on the allow-list below. Refusals the server sends
 * while a section is open are shown in Russian (the server's code, serverErrors.<code>).
 */

/** The sections as registered, read from the registry itself, so a new section is walked without touching this file. */
const SECTION_IDS = [...readFileSync('shell/features/settings/sections.ts', 'utf8').matchAll(/\{ id: '(\w+)'/g)].map((match) => match[1]);

/**
 * Latin words a Russian screen may show, each with why: brand and product names, file formats, codes and units that
 * are written the same in Russian, and the test account's own data (its name, the seeded plan names).
 */
const LATIN_ALLOWED = new Set([
  // Brands and products: written in Latin letters in Russian too.
  // A language's own name in a language chooser (English · Русский).
  'English',
  'amoCRM', 'Kommo', 'Bitrix24', 'Telegram', 'Excel', 'LibreOffice', 'Word', 'Google', 'YooKassa', 'Stripe', 'Checkout',
  // File formats, protocols, codes and currencies.
  'CSV', 'csv', 'XLSX', 'xlsx', 'xls', 'DOCX', 'docx', 'PDF', 'pdf', 'API', 'ID', 'URL', 'http', 'https', 'mailto', 'tel', 'USD', 'RUB', 'EUR', 'KZT', 'UAH', 'BYN', 'e-mail', 'E-mail',
  // The test account's name ('E2E ru-walk 1') and the tariff plans' names (data of the seed, not interface texts).
  'E2E', 'ru', 'walk', 'Start', 'Business', 'Corporate', 'Trial',
]);

/** A raw locale key on screen (`settings.title`): a namespace of en.json, a dot and a key. */
const RAW_KEY = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[a-zA-Z][\\w.]*\\b`);

/** What a person sees or hears in `root`: its text and the accessible names, placeholders and titles of what is visible. */
async function shownText(root: Locator): Promise<string> {
  return root.evaluate((node) => {
    // biome-ignore lint/performance/useDomNodeTextContent: only what is rendered counts (a closed panel's text is not shown)
    const parts = [(node as HTMLElement).innerText];
    for (const element of node.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
      if (!element.getClientRects().length) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** The Latin words in a text but emails, addresses and allowed words, each with a little context. */
function englishIn(text: string): string[] {
  // Addresses, template tags ({#positions} … {/positions}) and codes (materials_string, _string) are not words of a language.
  const cleaned = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/\b(?:https?:\/\/|\/#\/)\S*/g, ' ')
    .replace(/\{[^{}\s]*\}/g, ' ')
    .replace(/\w*_\w*/g, ' ');
  const found: string[] = [];
  // A word joined to Cyrillic letters is a Russian brand's spelling (ЮKassa), not English.
  for (const match of cleaned.matchAll(/(?<![А-Яа-яЁёA-Za-z0-9_])[A-Za-z][A-Za-z0-9’'-]*(?![А-Яа-яЁё])/g)) {
    const word = match[0].replace(/[’'-]+$/, '');
    if (word.length < 2 || LATIN_ALLOWED.has(word) || /\d/.test(word)) continue;
    found.push(`${word} in “${cleaned.slice(Math.max(0, match.index - 30), match.index + word.length + 30).replace(/\s+/g, ' ')}”`);
  }
  return found;
}

/**
 * The account's own data (the demo seed writes English names: fields and their codes, stages, categories, templates,
 * customers, users), read from the API: these strings are what the account typed, not interface texts, so they are
 * taken out of what is checked, longest first.
 */
const DATA_CALLS = ['orders/pipelines/list', 'account/users', 'document/list', 'orders/field/list', 'field/list', 'category/list', 'orders/public/customers/list', 'contact/field/list', 'company/field/list'];
async function accountData(account: TestAccount): Promise<string[]> {
  const strings = new Set<string>([account.name]);
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.trim().length > 1) strings.add(value.trim());
    else if (value && typeof value === 'object') for (const item of Object.values(value)) collect(item);
  };
  for (const call of DATA_CALLS) {
    const response = await fetch(`${baseUrl}/api/${call}`, { headers: { authorization: `Bearer ${account.token}` } });
    if (response.ok) collect(await response.json());
  }
  return [...strings].sort((a, b) => b.length - a.length);
}
const withoutData = (text: string, data: string[]) => data.reduce((rest, value) => rest.replaceAll(value, ' '), text);

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));

/** The settings dialog, its open panel settled: no loading status, nothing busy. */
const settingsDialog = (page: Page, texts: typeof en) => page.getByRole('dialog', { name: texts.settings.title });
async function settled(page: Page, texts: typeof en, id: string): Promise<Locator> {
  const panel = settingsDialog(page, texts).locator(`section[data-section="${id}"]`);
  await panel.waitFor();
  await expect.poll(() => panel.locator(`[role="status"]:has-text("${texts.app.loading}"), [aria-busy="true"]`).count()).toBe(0);
  // A panel loads its data after its chunk: give it the moment its first answer takes.
  await page.waitForLoadState('networkidle');
  return panel;
}

/** Every section, each of its tabs, and the dialogs its add buttons open (closed again with Escape): what each showed. */
async function walkSections(page: Page, texts: typeof en): Promise<{ where: string; text: string }[]> {
  const seen: { where: string; text: string }[] = [];
  const dialog = settingsDialog(page, texts);
  await dialog.waitFor();
  for (const id of SECTION_IDS) {
    await dialog.locator('nav').getByRole('button').nth(SECTION_IDS.indexOf(id)).click();
    const panel = await settled(page, texts, id);
    seen.push({ where: id, text: await shownText(dialog) });
    const tabs = panel.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index += 1) {
      await tabs.nth(index).click();
      await page.waitForLoadState('networkidle');
      seen.push({ where: `${id} tab ${index + 1}`, text: await shownText(dialog) });
      // The add buttons of a tab open an editor that changes nothing until saved.
      const adds = panel.getByRole('button', { name: new RegExp(`^(${[texts.entitySettings.addField, texts.entitySettings.addCategory].join('|')})$`) });
      for (let add = 0; add < (await adds.count()); add += 1) {
        if (!(await adds.nth(add).isVisible())) continue;
        await adds.nth(add).click();
        const editor = page.getByRole('dialog').last();
        await editor.waitFor();
        seen.push({ where: `${id} tab ${index + 1} dialog`, text: await shownText(editor) });
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
      }
    }
  }
  return seen;
}

/** A member who joined the way a person does (invited, address proved by a code, accepted), and their session. */
async function joinedMember(admin: TestAccount, name: string): Promise<{ id: number; token: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@e2e.local`;
  const added = await staffApi(admin)<{ user: { id: number } }>('/api/account/user/add', { body: { name, email } });
  await fetch(`${baseUrl}/api/auth/restore?login=${encodeURIComponent(email)}`);
  const code = codeIn(await mailTo(email));
  const json = { 'content-type': 'application/json' };
  await fetch(`${baseUrl}/api/auth/restore-end`, { method: 'POST', headers: json, body: JSON.stringify({ login: email, code, password: 'member password 1' }) });
  const login = (await (await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ login: email, password: 'member password 1' }) })).json()) as { access_token: string };
  await staffApi({ token: login.access_token })(`/api/account/user/accept?account_id=${admin.id}`);
  return { id: added.user.id, token: login.access_token };
}

describe('settings in Russian: no English left, refusals in Russian (issue 17)', () => {
  it('rule: every registered settings section, its tabs and its add dialogs show no English word and no raw locale key in Russian', async () => {
    expect(SECTION_IDS.length).toBeGreaterThan(10);
    const admin = await testAccount('ru-walk', { demo: true });
    const page = await openPage(`/orders?settings=${SECTION_IDS[0]}`, { token: admin.token, locale: 'ru-RU' });
    const seen = await walkSections(page, ru as typeof en);
    expect(seen.length).toBeGreaterThanOrEqual(SECTION_IDS.length);
    const data = await accountData(admin);
    expect(data.length).toBeGreaterThan(20);
    const english = seen.flatMap(({ where, text }) => englishIn(withoutData(text, data)).map((word) => `${where}: ${word}`));
    expect(english).toEqual([]);
    expect(seen.filter(({ text }) => RAW_KEY.test(text)).map(({ where, text }) => `${where}: ${RAW_KEY.exec(text)?.[0]}`)).toEqual([]);
  });

  it('rule: the tariffs screen an expired account is locked to shows no English word in Russian', async () => {
    const page = await openPage('/Error_is_expired', { token: EXPIRED_TOKEN, locale: 'ru-RU' });
    await page.getByText(ru.serverErrors.subscriptionEnded).first().waitFor().catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const text = await shownText(page.locator('body'));
    expect(text).toMatch(/[а-яё]{3}/i);
    expect(englishIn(text)).toEqual([]);
    expect(RAW_KEY.exec(text)?.[0]).toBeUndefined();
  });

  it('rule: in English no section, tab or add dialog shows a raw locale key (settings.xxx)', async () => {
    const admin = await testAccount('en-walk', { demo: true });
    const page = await openPage(`/orders?settings=${SECTION_IDS[0]}`, { token: admin.token, locale: 'en-US' });
    const seen = await walkSections(page, en);
    expect(seen.filter(({ text }) => RAW_KEY.test(text)).map(({ where, text }) => `${where}: ${RAW_KEY.exec(text)?.[0]}`)).toEqual([]);
  });

  it('rule: refusals in the sections are shown in Russian — users: an existing user; public customers: an e-mail taken; general: a right taken away meanwhile (adminOnly)', async () => {
    const admin = await testAccount('ru-refusals', { demo: true });
    const page = await openPage('/orders?settings=users', { token: admin.token, locale: 'ru-RU' });
    const dialog = settingsDialog(page, ru as typeof en);

    // Users: adding the admin's own e-mail — 'Such a user already exists.' in Russian.
    const users = await settled(page, ru as typeof en, 'users');
    await users.getByLabel(ru.users.name, { exact: true }).first().fill('Повтор');
    await users.getByLabel(ru.users.email, { exact: true }).first().fill(admin.email);
    await users.locator('form.users-add button[type="submit"]').click();
    await dialog.getByText(ru.serverErrors.userExists).or(dialog.getByText(ru.errors.userExists)).first().waitFor();

    // Public customers: inviting an e-mail a customer already has — serverErrors.customerExists in Russian.
    await dialog.locator('nav').getByRole('button', { name: ru.settings.publicCustomers, exact: true }).click();
    const customers = await settled(page, ru as typeof en, 'publicCustomers');
    await customers.getByLabel(ru.business.customerName, { exact: true }).fill('Ольга');
    await customers.getByLabel(ru.business.customerEmail, { exact: true }).fill(admin.customer!.email);
    await customers.getByRole('button', { name: ru.business.invite, exact: true }).last().click();
    await page.getByText(ru.serverErrors.customerExists).first().waitFor();
    expect(await page.getByText(en.serverErrors.customerExists).count()).toBe(0);

    // General: an admin member loses the admin right while the section is open; saving is refused with adminOnly, in Russian.
    const member = await joinedMember(admin, 'Member Admin');
    await staffApi(admin)('/api/account/user/update', { body: { id: member.id, admin: true } });
    const memberPage = await openPage('/orders?settings=general', { token: member.token, locale: 'ru-RU' });
    const general = await settled(memberPage, ru as typeof en, 'general');
    await staffApi(admin)('/api/account/user/update', { body: { id: member.id, admin: false } });
    await general.getByLabel(ru.settings.accountName).fill('Новое имя');
    await general.getByRole('button', { name: ru.app.save, exact: true }).click();
    await memberPage.getByText(ru.serverErrors.adminOnly).first().waitFor();
    expect(await memberPage.getByText(en.serverErrors.adminOnly).count()).toBe(0);
    expect(fill(ru.serverErrors.adminOnly, {})).toMatch(/[а-яё]/i);
  });
});

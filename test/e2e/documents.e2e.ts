import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PizZip from 'pizzip';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { DocumentTemplate, GeneratedDocument, RegistryRequest } from '../../src/contract/documents';
import type { OrderList } from '../../src/contract/orders';
import { ensureDebianPackage } from '../support/debianPackage';
import { docxText, makeDocx } from '../support/docxFiles';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage, openPage } from './browser';

/**
 * Documents from templates in Chromium against the real server (issue 15), in English and Russian, each on an account
 * of its own with the demo data: a template uploaded in the settings section, documents generated on the deal's
 * documents tab (number and date shown; the docx read back with pizzip, the PDF with pdftotext), the last one changed,
 * the /documents registry with its filters (empty ones never sent) and the zip, and the public order page showing only
 * the document whose template is visible in the public order.
 */

beforeAll(() => {
  ensureDebianPackage('/usr/lib/libreoffice/program/libswlo.so', 'libreoffice-writer-nogui', 'LibreOffice Writer');
  ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext');
});

type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts, title: (n: number, date: string) => `Contract No. ${n} of ${date}`, invoice: (n: number, date: string) => `Invoice No. ${n} of ${date}` },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts, title: (n: number, date: string) => `Договор № ${n} от ${date}`, invoice: (n: number, date: string) => `Счёт № ${n} от ${date}` },
] as const;

const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? '');
const two = (value: number) => String(value).padStart(2, '0');
/** The documents' date (dd.mm.yyyy, UTC: the server's way). */
const today = () => {
  const now = new Date();
  return `${two(now.getUTCDate())}.${two(now.getUTCMonth() + 1)}.${now.getUTCFullYear()}`;
};

const TEMPLATE_LINES = [
  'Title: {document.title}',
  'Order: {order.name}',
  'Buyer: {company.name} / {contact.name}',
  '{#positions}Line {n}: {name} x {quantity}{/positions}',
  'Seller: {seller.name}',
  'Formed by: {employee.name}',
];

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'e2e-documents-'));
  try {
    writeFileSync(join(folder, 'document.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(folder, 'document.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

for (const { lang, locale, texts, title, invoice } of LANGS) {
  const d = texts.documents;
  describe(`documents in the browser (${lang})`, () => {
    let account: TestAccount;
    let api: <T>(path: string, body?: unknown) => Promise<T>;
    let order: OrderList['data'][number];
    let otherCompany: string;
    const templateName = `Supply contract ${lang}`;

    beforeAll(async () => {
      account = await testAccount(`documents-${lang}`, { demo: true });
      api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
      const list = await api<OrderList>('orders/list', { per_page: 50 });
      // A demo order shared with the public customer, with a company and a contact (the registry filters use them).
      order = list.data.find((each) => each.public && each.company !== null && each.contacts.length > 0)!;
      expect(order, 'a shared demo order with a company and a contact').toBeDefined();
      otherCompany = list.data.find((each) => each.company !== null && each.company.id !== order.company!.id)!.company!.name;
    });

    const documentsOf = () => api<GeneratedDocument[]>(`orders/doc/documents?order_id=${order.id}`);
    const generatedRow = (page: Page, name: string) => page.locator('.deal-documents__table tbody tr', { hasText: name });

    it('rule: a template uploaded in the settings section fills on the deal; number and date shown; docx, PDF and change last read back', async () => {
      // The settings section: the seller's name and the document language, then a new template (docx, public).
      const settings = await openPage('/orders?settings=documents', { token: account.token, locale });
      const panel = settings.getByRole('dialog', { name: texts.settings.title }).getByRole('region', { name: texts.settings.documents, exact: true });
      const requisites = panel.getByRole('form', { name: d.requisitesTitle });
      await requisites.getByLabel(d.language).selectOption(lang);
      await requisites.getByLabel(d.placeholders.seller_name).fill(`Seller ${lang} One`);
      await requisites.getByRole('button', { name: d.save }).click();
      await panel.getByRole('status').filter({ hasText: d.saved }).waitFor();
      await panel.getByRole('button', { name: d.addTemplate }).click();
      const form = panel.getByRole('form', { name: d.addTemplate });
      await form.getByLabel(d.name, { exact: true }).fill(templateName);
      await form.getByLabel(d.templateFile).setInputFiles({ name: 'contract.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: makeDocx(TEMPLATE_LINES) });
      await form.getByLabel(d.type).selectOption('contract');
      await form.getByLabel(d.downloadType).selectOption('docx');
      await form.getByLabel(d.publicVisibleTemplate).check();
      await form.getByRole('button', { name: d.save }).click();
      await panel.locator('tr', { hasText: templateName }).waitFor();
      const templates = await api<DocumentTemplate[]>('document/list');
      const mine = templates.find((template) => template.name === templateName)!;
      expect(mine).toMatchObject({ type: 'contract', download_type: 'docx', public_visible: true, builtin: null });
      const builtinInvoice = templates.find((template) => template.type === 'invoice' && template.builtin)!;

      // The deal's documents tab: generate from the new template; the list shows its number and date.
      const page = await openPage(`/addToDeal?order_id=${order.id}`, { token: account.token, locale });
      await page.getByRole('tab', { name: texts.order.tabDocuments }).click();
      const generate = page.getByRole('region', { name: d.generateTitle });
      await generate.getByLabel(d.template, { exact: true }).selectOption(String(mine.id));
      await generate.getByRole('button', { name: d.generate, exact: true }).click();
      const contractName = `${title(1, today())}.docx`;
      const contractRow = generatedRow(page, contractName);
      await contractRow.waitFor();
      const [first] = await documentsOf();
      expect(first).toMatchObject({ name: contractName, number: 1, template_id: mine.id, status: 'formed' });

      // The docx downloads with every placeholder filled.
      const [docx] = await Promise.all([page.waitForEvent('download'), contractRow.getByRole('button', { name: fill(d.downloadOf, { name: contractName }) }).click()]);
      expect(docx.suggestedFilename()).toBe(contractName);
      const text = docxText(await bytesOf(docx));
      expect(text).toContain(`Title: ${title(1, today())}`);
      expect(text).toContain(`Order: ${order.name}`);
      expect(text).toContain(`Buyer: ${order.company!.name} / ${order.contacts[0].name}`);
      expect(text).toMatch(/Line 1: \S/);
      expect(text).toContain(`Seller: Seller ${lang} One`);
      expect(text).toContain(`Formed by: Admin of ${account.name}`);
      expect(text).not.toMatch(/\{[a-z#/]/);

      // The built-in invoice downloads as a PDF that a PDF reader opens, with its number, date and seller (its own heading,
      // in the language the built-ins were made in).
      await generate.getByLabel(d.template, { exact: true }).selectOption(String(builtinInvoice.id));
      await generate.getByRole('button', { name: d.generate, exact: true }).click();
      const invoiceName = `${invoice(1, today())}.pdf`;
      const invoiceRow = generatedRow(page, invoiceName);
      await invoiceRow.waitFor({ timeout: 60_000 });
      const [pdf] = await Promise.all([page.waitForEvent('download'), invoiceRow.getByRole('button', { name: fill(d.downloadOf, { name: invoiceName }) }).click()]);
      const pdfBytes = await bytesOf(pdf);
      expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
      const read = pdfText(pdfBytes);
      expect(read).toMatch(new RegExp(`(No\\.|№) 1 (of|от) ${today().replace(/\./g, '\\.')}`));
      expect(read).toContain(`Seller ${lang} One`);

      // Change last: the contract is made again with the new seller name, under the same number, replacing the old file.
      await api('document/settings', { lang, requisites: { name: `Seller ${lang} Two` } });
      await generate.getByLabel(d.template, { exact: true }).selectOption(String(mine.id));
      await generate.getByRole('button', { name: d.changeLast }).click();
      await expect.poll(async () => (await documentsOf()).filter((each) => each.template_id === mine.id).map((each) => [each.number, each.id !== first.id])).toEqual([[1, true]]);
      await expect.poll(() => generatedRow(page, contractName).count()).toBe(1);
      const [changed] = await Promise.all([page.waitForEvent('download'), generatedRow(page, contractName).getByRole('button', { name: fill(d.downloadOf, { name: contractName }) }).click()]);
      expect(docxText(await bytesOf(changed))).toContain(`Seller: Seller ${lang} Two`);
    });

    it('rule: the /documents registry filters by template, employee, company and contact (empty filters not sent) and zips the chosen documents', async () => {
      const page = await openPage('/documents', { token: account.token, locale });
      const asked: RegistryRequest[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/document/registry')) asked.push(JSON.parse(request.postData() ?? '{}') as RegistryRequest);
      });
      const rows = page.locator('.documents-table tbody tr');
      const names = () => rows.locator('th').allTextContents();
      const all = [`${invoice(1, today())}.pdf`, `${title(1, today())}.docx`];
      await expect.poll(async () => (await names()).sort()).toEqual([...all].sort());
      expect(await rows.first().textContent()).toContain(order.company!.name);

      const templates = await api<DocumentTemplate[]>('document/list');
      const mine = templates.find((template) => template.name === templateName)!;
      const filters = page.getByRole('search');
      await filters.getByLabel(d.templateName, { exact: true }).selectOption(String(mine.id));
      await expect.poll(names).toEqual([`${title(1, today())}.docx`]);
      await filters.getByLabel(d.templateName, { exact: true }).selectOption('');
      await expect.poll(async () => (await names()).length).toBe(2);

      const pick = async (label: string, typed: string, choice: string) => {
        await filters.getByRole('combobox', { name: label, exact: true }).fill(typed);
        await filters.getByRole('listbox', { name: label }).getByRole('button', { name: choice, exact: true }).click();
      };
      const unpick = (name: string) => filters.getByRole('button', { name: fill(d.removeFilter, { name }) }).click();

      // Employee: the account's admin formed both.
      const admin = `Admin of ${account.name}`;
      await pick(d.employee, 'Admin', admin);
      await expect.poll(() => asked.at(-1)?.filter).toEqual({ user_id: expect.any(Number) });
      await expect.poll(async () => (await names()).length).toBe(2);
      await unpick(admin);

      // Company: another company has no documents; the order's company has both.
      await pick(d.company, otherCompany.slice(0, 4), otherCompany);
      await expect.poll(async () => (await page.getByText(d.noDocuments).count())).toBe(1);
      await unpick(otherCompany);
      await pick(d.company, order.company!.name.slice(0, 4), order.company!.name);
      await expect.poll(async () => (await names()).length).toBe(2);
      await pick(d.contact, order.contacts[0].name.slice(0, 3), order.contacts[0].name);
      await expect.poll(() => asked.at(-1)?.filter).toEqual({ company_id: order.company!.id, contact_id: order.contacts[0].id });
      await expect.poll(async () => (await names()).length).toBe(2);
      // Every request left the unset filters out: no empty strings or nulls.
      for (const request of asked) expect(Object.values(request.filter ?? {}).filter((value) => value === '' || value === null)).toEqual([]);

      await page.getByRole('checkbox', { name: d.selectAll }).check();
      const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: d.downloadZip }).click()]);
      const files = Object.keys(new PizZip(await bytesOf(zip)).files).sort();
      expect(files).toEqual([...all].sort());
    });

    it('rule: the public order page lists and downloads the document of a public template, not the others', async () => {
      const login = await fetch(`${baseUrl}/api/public-order/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: account.customer!.email, password: account.customer!.password }),
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const page = await newPage({ locale });
      await page.addInitScript(([chosen, saved]) => {
        localStorage.setItem('lang', chosen);
        localStorage.setItem('POTOKEN', saved);
      }, [lang, access_token] as const);
      await page.goto(`${baseUrl}/#/publicOrder?order_id=${order.id}`);
      const section = page.getByRole('region', { name: texts.publicOrder.page.documents });
      const contractName = `${title(1, today())}.docx`;
      await section.getByText(contractName).waitFor();
      // The built-in invoice is not visible in the public order.
      expect(await section.getByText(`${invoice(1, today())}.pdf`).count()).toBe(0);
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: fill(texts.publicOrder.page.downloadNamed, { name: contractName }) }).click()]);
      expect(docxText(await bytesOf(download))).toContain(`Order: ${order.name}`);
    });
  });
}

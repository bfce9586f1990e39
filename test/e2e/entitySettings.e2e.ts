import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, newPage, openPage } from './browser';

/**
 * Entity settings (issue 17 §3) in Chromium against the real server, in English and in Russian: fields of several
 * types with options added on the orders and contacts tabs, a taken code refused on screen, reordering with the
 * move buttons, a delete that says how many records hold the field, the new contact field in the contact form of
 * the app itself; categories added, moved under another and deleted after confirmation; stage rules refused on
 * screen. Until the settings frame (another branch) shows these panels as its sections, they are mounted on a
 * test-only page (fixtures/entitySettingsMount.tsx) served beside the app, so their calls reach the same server.
 */
const LANGUAGES = [
  { lang: 'en', locale: 'en-US', texts: en },
  { lang: 'ru', locale: 'ru-RU', texts: ru },
] as const;
type Texts = (typeof LANGUAGES)[number]['texts'];

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

let mountScript = '';

/** The mount page, bundled once with the app's own rules for CSS text (`?raw`). */
beforeAll(async () => {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./fixtures/entitySettingsMount.tsx', import.meta.url))],
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'raw-text',
        setup(build) {
          build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: fileURLToPath(new URL(args.path.replace(/\?raw$/, ''), `file://${args.resolveDir}/`)), namespace: 'raw' }));
          build.onLoad({ filter: /.*/, namespace: 'raw' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
        },
      },
    ],
  });
  mountScript = result.outputFiles[0].text;
}, 120_000);

async function openPanel(account: TestAccount, locale: string, lang: string, panel = 'entitySettings'): Promise<Page> {
  const page = await newPage({ locale });
  await page.route(`${baseUrl}/e2e-entity-settings.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: mountScript }));
  await page.route(`${baseUrl}/e2e-entity-settings?**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body><div id="root"></div><script type="module" src="/e2e-entity-settings.js"></script></body></html>` }),
  );
  await page.goto(`${baseUrl}/e2e-entity-settings?token=${account.token}&lang=${lang}&panel=${panel}`);
  return page;
}

/** Adds a field through the field editor of the table shown. */
async function addField(page: Page, texts: Texts, field: { name: string; code?: string; type: number; options?: { name: string; value: string; heading?: boolean }[] }) {
  await page.getByRole('button', { name: texts.entitySettings.addField, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.entitySettings.addField });
  await dialog.getByLabel(texts.entitySettings.name, { exact: true }).fill(field.name);
  if (field.code) await dialog.getByLabel(texts.entitySettings.code, { exact: true }).fill(field.code);
  await dialog.getByLabel(texts.entitySettings.type, { exact: true }).selectOption(String(field.type));
  if (field.options) {
    await dialog.getByLabel(texts.entitySettings.plainOptions).uncheck();
    for (const [index, option] of field.options.entries()) {
      await dialog.getByRole('button', { name: texts.entitySettings.addOption, exact: true }).click();
      await dialog.getByLabel(texts.entitySettings.optionName, { exact: true }).nth(index).fill(option.name);
      await dialog.getByLabel(texts.entitySettings.optionValue, { exact: true }).nth(index).fill(option.value);
      if (option.heading) await dialog.getByLabel(texts.entitySettings.optionGroup).nth(index).check();
    }
  }
  await dialog.getByRole('button', { name: texts.app.save, exact: true }).click();
  return dialog;
}

const rowCodes = (page: Page) => page.locator('tr[data-field-code]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field-code')));

describe('entity settings in Chromium against the real server', () => {
  for (const { lang, locale, texts } of LANGUAGES) {
    it(`${lang}: order fields of several types with options, a taken code refused, reorder, delete asking with the record count; a contact field in the app's contact form`, async () => {
      const account = await testAccount(`entity-fields-${lang}`);
      const api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
      const page = await openPanel(account, locale, lang);
      await page.getByRole('tab', { name: texts.settings.tabOrders }).waitFor();

      const sizes = [
        { name: lang === 'en' ? 'Sizes' : 'Размеры', value: 'group', heading: true },
        { name: 'S', value: 's' },
        { name: 'L', value: 'l' },
      ];
      await (await addField(page, texts, { name: 'Size', code: 'size', type: 5, options: sizes })).waitFor({ state: 'detached' });
      await (await addField(page, texts, { name: 'Note', code: 'note', type: 3 })).waitFor({ state: 'detached' });
      await (await addField(page, texts, { name: 'Rush', code: 'rush', type: 9 })).waitFor({ state: 'detached' });
      await expect.poll(() => rowCodes(page)).toEqual(['size', 'note', 'rush']);
      const stored = await api<{ code: string; type: number; data: unknown[] }[]>('orders/field/list');
      expect(stored.map((field) => [field.code, field.type])).toEqual([
        ['size', 5],
        ['note', 3],
        ['rush', 9],
      ]);
      expect(stored[0].data).toEqual([{ name: sizes[0].name, value: 'group', optgroup: true }, { name: 'S', value: 's' }, { name: 'L', value: 'l' }]);

      // Rule: a taken code is refused on screen with a clear message, and nothing is added.
      const refused = await addField(page, texts, { name: 'Other', code: 'size', type: 3 });
      await refused.getByRole('alert').getByText(fill(texts.entitySettings.codeTaken, { code: 'size' })).waitFor();
      await refused.getByRole('button', { name: texts.app.cancel, exact: true }).click();
      expect((await api<unknown[]>('orders/field/list')).length).toBe(3);

      // Rule: reorder with the move buttons; the server keeps the new order.
      await page.getByRole('button', { name: fill(texts.entitySettings.moveUp, { name: 'Rush' }) }).click();
      await expect.poll(() => rowCodes(page)).toEqual(['size', 'rush', 'note']);
      await expect.poll(async () => (await api<{ code: string }[]>('orders/field/list')).map((field) => field.code)).toEqual(['size', 'rush', 'note']);

      // Rule: deleting a field that holds data says how many records use it; cancelling keeps it.
      await api('orders/add', { name: 'Order', fields: { size: 's' } });
      await page.getByRole('button', { name: fill(texts.entitySettings.delete, { name: 'Size' }) }).click();
      const ask = page.getByRole('alertdialog');
      await ask.getByText(fill(texts.entitySettings.deleteFieldUsed, { name: 'Size', records: fill(texts.entitySettings.records.one, { count: 1 }) })).waitFor();
      await ask.getByRole('button', { name: texts.app.cancel, exact: true }).click();
      expect((await api<{ code: string }[]>('orders/field/list')).map((field) => field.code)).toContain('size');
      // Rule: an option chosen in a record cannot be removed; the editor says so with the count and nothing changes.
      await page.getByRole('button', { name: fill(texts.entitySettings.edit, { name: 'Size' }) }).click();
      const editor = page.getByRole('dialog', { name: texts.entitySettings.editField });
      await editor.getByRole('button', { name: fill(texts.entitySettings.removeOption, { name: 'S' }), exact: true }).click();
      await editor.getByRole('button', { name: texts.app.save, exact: true }).click();
      await editor.getByRole('alert').getByText(fill(texts.serverErrors.optionsInUse, { names: "'S'", count: 1 })).waitFor();
      await editor.getByRole('button', { name: texts.app.cancel, exact: true }).click();
      expect((await api<{ code: string; data: unknown[] }[]>('orders/field/list')).find((field) => field.code === 'size')?.data).toHaveLength(3);
      // A field with no data asks too, without a count; confirming deletes it and the table reloads.
      await page.getByRole('button', { name: fill(texts.entitySettings.delete, { name: 'Note' }) }).click();
      await ask.getByText(fill(texts.entitySettings.deleteFieldEmpty, { name: 'Note' })).waitFor();
      await ask.getByRole('button', { name: texts.app.delete, exact: true }).click();
      await expect.poll(() => rowCodes(page)).toEqual(['size', 'rush']);

      // A contact field added on the contacts tab shows in the app's own contact form.
      await page.getByRole('tab', { name: texts.settings.tabContacts }).click();
      await page.getByText(texts.entitySettings.noFields).waitFor();
      const fieldName = lang === 'en' ? 'Loyalty card' : 'Карта лояльности';
      await (await addField(page, texts, { name: fieldName, code: 'loyalty', type: 3 })).waitFor({ state: 'detached' });
      await expect.poll(() => rowCodes(page)).toEqual(['loyalty']);
      const app = await openPage('/clients', { token: account.token, locale });
      await app.getByRole('button', { name: texts.clients.addContact }).click();
      await app.getByRole('dialog').getByText(fieldName).waitFor();
      // No English left on the panel in Russian: every label came from the locale.
      if (lang === 'ru') {
        const shown = await page.evaluate(() => [document.body.textContent ?? '', ...[...document.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label'))].join(' '));
        expect(shown).not.toMatch(/Add field|Move|Delete|Edit|Orders|Contacts|Shown|Editable|Name|Code|Type/);
      }
    });

    it(`${lang}: categories added, moved under another and deleted after confirmation (properties to the root)`, async () => {
      const account = await testAccount(`entity-categories-${lang}`);
      const api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
      const page = await openPanel(account, locale, lang, 'productCategories');
      const addCategory = async (name: string, parent?: string) => {
        await page.getByRole('button', { name: parent ? fill(texts.entitySettings.addSubcategory, { name: parent }) : texts.entitySettings.addCategory, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: texts.entitySettings.addCategory });
        await dialog.getByLabel(texts.entitySettings.categoryName).fill(name);
        await dialog.getByRole('button', { name: texts.app.save, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await page.getByText(texts.entitySettings.noCategories).waitFor();
      await addCategory('Tools');
      await addCategory('Garden');
      await addCategory('Drills', 'Tools');
      await page.locator('li[data-category="Tools"] li[data-category="Drills"]').waitFor();

      // Move Garden under Tools; the parent chooser offers no category inside the one moved (no cycle).
      await page.getByRole('button', { name: fill(texts.entitySettings.edit, { name: 'Tools' }) }).click();
      const tools = page.getByRole('dialog', { name: texts.entitySettings.editCategory });
      const offered = await tools.getByLabel(texts.entitySettings.parent).locator('option').allTextContents();
      expect(offered).toEqual([texts.entitySettings.topLevel, 'Garden']);
      await tools.getByRole('button', { name: texts.app.cancel, exact: true }).click();
      await page.getByRole('button', { name: fill(texts.entitySettings.edit, { name: 'Garden' }) }).click();
      const garden = page.getByRole('dialog', { name: texts.entitySettings.editCategory });
      await garden.getByLabel(texts.entitySettings.parent).selectOption({ label: 'Tools' });
      await garden.getByRole('button', { name: texts.app.save, exact: true }).click();
      await page.locator('li[data-category="Tools"] li[data-category="Garden"]').waitFor();

      // Delete Tools after the confirmation; a field of Tools goes to the root, Drills and Garden up to the top.
      const tree = await api<{ id: number; name: string }[]>('category/list');
      const toolsId = tree.find((category) => category.name === 'Tools')!.id;
      const field = await api<{ id: number }>('field/add', { name: 'Voltage', type: 1, category_id: toolsId });
      await page.getByRole('button', { name: fill(texts.entitySettings.delete, { name: 'Tools' }) }).click();
      const ask = page.getByRole('alertdialog');
      await ask.getByText(fill(texts.entitySettings.deleteCategory, { name: 'Tools' })).waitFor();
      await ask.getByRole('button', { name: texts.app.delete, exact: true }).click();
      await page.locator('li[data-category="Tools"]').waitFor({ state: 'detached' });
      await page.locator('ul.es-tree > li[data-category="Drills"]').first().waitFor();
      const fields = await api<{ id: number; category: number | null }[]>('field/list');
      expect(fields.find((entry) => entry.id === field.id)?.category).toBeNull();
    });

    it(`${lang}: stage rules refused on screen — one stage for two operations, reservation after write-off, a stage or a pipeline with orders`, async () => {
      const account = await testAccount(`entity-stages-${lang}`);
      const api = <T>(path: string, body?: unknown) => staffApi(account)<T>(`/api/${path}`, { body });
      const page = await openPanel(account, locale, lang);
      const pipeline = page.locator('article.es-pipeline').first();
      await pipeline.waitFor();
      const operations = pipeline.getByRole('group', { name: texts.settings.reservationStages });
      // The system pipeline's stages by position (their names may be in the account's language): New, Reserved, Completed, Cancelled.
      const [system] = await api<{ statuses: { id: number; name: string }[] }[]>('account/pipelinesV2');
      const POSITION = { New: 0, Reserved: 1, Completed: 2, Cancelled: 3 } as const;
      const stage = (name: keyof typeof POSITION) => String(system.statuses[POSITION[name]].id);
      const stageName = (name: keyof typeof POSITION) => system.statuses[POSITION[name]].name;
      const save = () => operations.getByRole('button', { name: texts.entitySettings.saveOperations }).click();
      const alert = page.getByRole('alert');

      await operations.getByLabel(texts.entitySettings.stockingStage).selectOption(stage('Reserved'));
      await save();
      await alert.getByText(texts.settings.sameStage).waitFor();
      await operations.getByLabel(texts.entitySettings.stockingStage).selectOption('');
      await operations.getByLabel(texts.entitySettings.reserveStage).selectOption(stage('Cancelled'));
      await save();
      await alert.getByText(texts.entitySettings.reserveBeforeWriteOff).waitFor();
      // Nothing changed on the server.
      const [after] = await api<{ reserve_status_id: number; stocking_status_id: number | null }[]>('account/pipelinesV2');
      expect([after.reserve_status_id, after.stocking_status_id]).toEqual([Number(stage('Reserved')), null]);

      // No reservation stage: the hint says products are reserved on adding to the deal, and it is saved.
      await operations.getByLabel(texts.entitySettings.reserveStage).selectOption('');
      await operations.getByText(texts.entitySettings.noReserveHint).waitFor();
      await save();
      await expect.poll(async () => (await api<{ reserve_status_id: number | null }[]>('account/pipelinesV2'))[0].reserve_status_id).toBeNull();

      // A stage holding an order cannot be deleted: the server's refusal is shown in the page's language.
      await api('orders/add', { name: 'Order', status_id: Number(stage('New')) });
      await pipeline.getByRole('button', { name: fill(texts.entitySettings.delete, { name: stageName('New') }) }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: texts.app.delete, exact: true }).click();
      await alert.getByText(texts.entitySettings.ordersInStage).waitFor();
      expect((await api<{ statuses: unknown[] }[]>('account/pipelinesV2'))[0].statuses).toHaveLength(4);

      // A pipeline added on screen, holding an order, cannot be deleted: 'There are orders in this pipeline.'
      await page.getByLabel(texts.entitySettings.pipelineName).last().fill('Wholesale');
      await page.getByRole('button', { name: texts.entitySettings.addPipeline }).click();
      const wholesale = page.locator('article.es-pipeline[data-pipeline="Wholesale"]');
      await wholesale.waitFor();
      const added = (await api<{ id: number; name: string }[]>('account/pipelinesV2')).find((entry) => entry.name === 'Wholesale')!;
      await api('orders/add', { name: 'Order', pipeline_id: added.id });
      await wholesale.getByRole('button', { name: fill(texts.entitySettings.delete, { name: 'Wholesale' }) }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: texts.app.delete, exact: true }).click();
      await alert.getByText(texts.settings.ordersInPipeline).waitFor();
      expect((await api<{ id: number }[]>('account/pipelinesV2')).map((entry) => entry.id)).toContain(added.id);
    });
  }
});

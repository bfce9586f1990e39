import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import type { AmoSettings } from '../../src/contract/amocrm';
import type { CrmDocumentsSettings } from '../../src/contract/crmDocuments';
import { startFakeAmo, type FakeAmo } from '../fakes/amocrmServer';
import { startFakePortal, type FakePortal } from '../fakes/bitrix24';
import { staffApi, testAccount } from './account';
import { baseUrl, openPage } from './browser';

/**
 * The Document settings tab (issue 18 §5) and autogeneration at a CRM stage (issue 15) in English and Russian, against
 * the real server and the fake amoCRM account: the admin chooses a template to attach and the stage it is made at; the
 * lead moves in amoCRM (its webhook), the linked order follows, the document appears in the registry, and amoCRM
 * receives a note on the lead whose link downloads that document.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

let amo: FakeAmo;
let portal: FakePortal;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = `${baseUrl}/api/integrations/amocrm/oauth`;
  portal = await startFakePortal();
});
afterAll(async () => {
  await amo.close();
  await portal.close();
});

for (const { lang, locale, texts } of LANGS) {
  const docTexts = texts.integrations.documents;
  describe(`CRM Document settings (${lang})`, () => {
    it('rule: a template chosen on the tab is made when the lead enters the stage, shows in the registry and is attached to the lead', async () => {
      const account = await testAccount(`crm-docs-${lang}`);
      const api = staffApi(account);
      amo.users.push({ id: 900 + amo.users.length, name: 'Owner', email: account.email });
      const started = await api<{ connection_id: number; state: string }>('/api/integrations/amocrm/install', { body: { origin: amo.origin, client_id: amo.clientId, client_secret: amo.clientSecret } });
      await fetch(`${baseUrl}/api/integrations/amocrm/oauth?${new URLSearchParams({ code: amo.issueCode(), state: started.state, referer: new URL(amo.origin).host })}`, { redirect: 'manual' });
      const amoSettings = await api<AmoSettings>('/api/integrations/amocrm/settings', { body: { connection_id: started.connection_id, stage_mapping: { '40002': 1 } } });
      const templates = await api<{ id: number; name: string; type: string }[]>('/api/document/list');
      const invoice = templates.find((template) => template.type === 'invoice')!;
      const lead = amo.addLead({ name: `Lead ${lang}` });
      const orderName = `CRM paperwork ${lang}`;
      await api('/api/orders/add', { body: { lead_id: lead.id, status: 0, name: orderName } });

      const page = await openPage('/integrations/amocrm?tab=documents', { token: account.token, locale });
      const interpolate = (text: string, name: string) => text.replace('{{name}}', name);
      await page.getByLabel(interpolate(docTexts.attachLabel, invoice.name), { exact: true }).check();
      await page.getByLabel(interpolate(docTexts.generateAtLabel, invoice.name), { exact: true }).selectOption({ label: docTexts.status1 });
      await page.getByRole('button', { name: docTexts.save, exact: true }).click();
      await page.getByRole('status').filter({ hasText: docTexts.saved }).waitFor();
      const saved = await api<CrmDocumentsSettings>('/api/integrations/crm-documents/settings?kind=amocrm');
      expect(saved.connections).toEqual([{ connection_id: started.connection_id, origin: amo.origin, rules: [{ template_id: invoice.id, attach: true, generate_at: 1 }] }]);

      // amoCRM's webhook: the lead entered 'Reserved', which the stage mapping makes crm_status 1.
      const webhook = await fetch(`${baseUrl}${new URL(amoSettings.webhook_url).pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: amo.moveLead(lead.id, 40002) });
      expect(webhook.status).toBe(200);
      await expect.poll(() => amo.notes.filter((note) => note.entity_id === lead.id).length, { timeout: 60_000 }).toBe(1);

      await page.goto(`${baseUrl}/?token=${account.token}#/documents`);
      await page.getByRole('row').filter({ hasText: orderName }).waitFor();
      expect(await page.getByRole('row').filter({ hasText: orderName }).count()).toBe(1);

      const note = amo.notes.find((each) => each.entity_id === lead.id)!;
      const link = /\/api\/integrations\/crm-documents\/file\/\S+/.exec(note.params.text!)![0];
      const download = await fetch(`${baseUrl}${link}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain('attachment');
      const noted = amo.calls.filter((call) => call.path === '/api/v4/leads/notes' && call.status === 200 && (call.body as { entity_id: number }[])[0]?.entity_id === lead.id);
      expect(noted).toHaveLength(1);

      await page.goto(`${baseUrl}/?token=${account.token}#/integrations/amocrm?tab=documents`);
      await expect.poll(() => page.getByLabel(interpolate(docTexts.generateAtLabel, invoice.name), { exact: true }).inputValue()).toBe('1');
      expect(await page.getByLabel(interpolate(docTexts.attachLabel, invoice.name), { exact: true }).isChecked()).toBe(true);
    });

    it('rule: the Bitrix24 screen shows the same tab for its portal and saves the stage a template is made at', async () => {
      const account = await testAccount(`crm-docs-b24-${lang}`);
      const api = staffApi(account);
      await api('/api/account/integrations/connect', { body: { kind: 'bitrix24', origin: portal.origin, member_id: portal.memberId } });
      const quote = (await api<{ id: number; name: string; type: string }[]>('/api/document/list')).find((template) => template.type === 'quote')!;
      const page = await openPage('/integrations/bitrix24?tab=documents', { token: account.token, locale });
      const label = docTexts.generateAtLabel.replace('{{name}}', quote.name);
      await page.getByLabel(label, { exact: true }).selectOption({ label: docTexts.status2 });
      await page.getByRole('button', { name: docTexts.save, exact: true }).click();
      await page.getByRole('status').filter({ hasText: docTexts.saved }).waitFor();
      const saved = await api<CrmDocumentsSettings>('/api/integrations/crm-documents/settings?kind=bitrix24');
      expect(saved.connections.map((connection) => connection.rules)).toEqual([[{ template_id: quote.id, attach: false, generate_at: 2 }]]);
      // The amoCRM tab of this account has no connection and says so.
      await page.goto(`${baseUrl}/?token=${account.token}#/integrations/amocrm?tab=documents`);
      await page.getByText(docTexts.noConnection).waitFor();
    });
  });
}

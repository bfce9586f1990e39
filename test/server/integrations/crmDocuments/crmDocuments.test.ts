import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAutogenerations, documentTemplates, generatedDocuments, integrationConnections, orders } from '../../../../server/db/schema';
import { attachGenerated } from '../../../../server/modules/integrations/crmDocuments/attach';
import { generateAtCrmStage } from '../../../../server/modules/integrations/crmDocuments/stageDocuments';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { useTestServer, type TestAccount } from '../../harness';
import { connectedAmo, tasksSettled } from '../amocrm/amoSetup';
import { connectPortal } from '../bitrix24/portalSetup';

/** Issue 18 §5 Document settings of a CRM connection and issue 15's autogeneration at a CRM stage, against the fakes. */
const server = useTestServer();
let amo: FakeAmo;
let portal: FakePortal;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
  portal = await startFakePortal();
  portal.rateLimit = 100;
});
afterAll(async () => {
  await amo.close();
  await portal.close();
});

const db = () => server.database.db;

async function post(account: { token: string }, path: string, body: unknown) {
  const answer = await server.call('POST', path, { token: account.token, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

async function invoiceOf(account: TestAccount): Promise<{ id: number; name: string }> {
  const list = (await server.call('GET', 'document/list', { token: account.token })).body as { id: number; name: string; type: string }[];
  return list.find((template) => template.type === 'invoice')!;
}

const saveRules = (account: TestAccount, connectionId: number, rules: unknown) => server.call('POST', 'integrations/crm-documents/settings', { token: account.token, body: { connection_id: connectionId, rules } });

/** The document's bytes as the order's documents tab downloads them. */
async function storedBytes(account: TestAccount, orderId: number, fileId: number): Promise<Buffer> {
  const response = await server.app.inject({ method: 'GET', url: `/api/orders/doc/download?id=${fileId}&order_id=${orderId}`, headers: { authorization: `Bearer ${account.token}` } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const documentsOf = (orderId: number) => db().select().from(generatedDocuments).where(eq(generatedDocuments.orderId, orderId));

describe('CRM document settings', () => {
  it('rule: only an admin reads or saves them (422), templates are checked (unknown, foreign, twice → 400, nothing saved) and the other panels’ settings stay', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    await post(account, 'integrations/amocrm/settings', { connection_id: connectionId, stage_mapping: { '40002': 1 } });
    const invoice = await invoiceOf(account);
    const other = await server.newAccount();
    const foreign = await invoiceOf(other);
    const member = await server.newMember(account, { admin: false });

    expect((await server.call('GET', 'integrations/crm-documents/settings', { token: member.token, query: { kind: 'amocrm' } })).status).toBe(422);
    expect((await server.call('POST', 'integrations/crm-documents/settings', { token: member.token, body: { connection_id: connectionId, rules: [{ template_id: invoice.id, attach: true, generate_at: 0 }] } })).status).toBe(422);
    expect((await server.call('GET', 'integrations/crm-documents/settings', { token: other.token, query: { kind: 'amocrm' } })).body.connections).toEqual([]);
    expect((await saveRules(other, connectionId, [])).status).toBe(404);

    expect((await saveRules(account, connectionId, [{ template_id: foreign.id, attach: true, generate_at: null }])).status).toBe(400);
    expect((await saveRules(account, connectionId, [{ template_id: 99_999_999, attach: true, generate_at: null }])).status).toBe(400);
    expect((await saveRules(account, connectionId, [{ template_id: invoice.id, attach: true, generate_at: null }, { template_id: invoice.id, attach: false, generate_at: 1 }])).status).toBe(400);
    expect((await saveRules(account, connectionId, [{ template_id: invoice.id, attach: true, generate_at: 5 }])).status).toBe(400);
    const untouched = await server.call('GET', 'integrations/crm-documents/settings', { token: account.token, query: { kind: 'amocrm' } });
    expect(untouched.body.connections).toEqual([{ connection_id: connectionId, origin: amo.origin, rules: [] }]);
    expect(untouched.body.templates.map((template: { id: number }) => template.id)).toContain(invoice.id);

    const saved = await saveRules(account, connectionId, [{ template_id: invoice.id, attach: true, generate_at: 1 }]);
    expect(saved.status).toBe(200);
    expect(saved.body.connections[0].rules).toEqual([{ template_id: invoice.id, attach: true, generate_at: 1 }]);
    const [row] = await db().select().from(integrationConnections).where(eq(integrationConnections.id, connectionId));
    expect(row!.settings).toMatchObject({ stageMapping: { '40002': 1 }, documents: [{ template_id: invoice.id, attach: true, generate_at: 1 }] });
    // The General panel saving afterwards keeps the Document settings.
    await post(account, 'integrations/amocrm/settings', { connection_id: connectionId, create_orders: true });
    expect((await server.call('GET', 'integrations/crm-documents/settings', { token: account.token, query: { kind: 'amocrm' } })).body.connections[0].rules).toHaveLength(1);
  });
});

describe('autogeneration at a CRM stage and attaching to the deal', () => {
  it('rule: concurrent moves of a linked order into the stage make exactly one document, once per order and stage', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const invoice = await invoiceOf(account);
    await post(account, 'integrations/crm-documents/settings', { connection_id: connectionId, rules: [{ template_id: invoice.id, attach: false, generate_at: 1 }] });
    const lead = amo.addLead({ name: 'Concurrent lead' });
    const order = await post(account, 'orders/add', { lead_id: lead.id, status: 0 });
    // Ten saves of the same move race (all but one meet a stale version), and ten stage events on top.
    const moves = await Promise.all(Array.from({ length: 10 }, () => server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: order.version, status: 1 } })));
    expect(moves.filter((move) => move.status === 200)).toHaveLength(1);
    await Promise.all(Array.from({ length: 10 }, () => generateAtCrmStage(db(), server.app.ctx.config, { accountId: account.id, orderId: order.id, leadId: lead.id, crmStatus: 1, userId: account.ownerId })));
    const settled = await tasksSettled(server, account.id);
    expect(settled.filter((task) => task.type === 'documents.autogenerate')).toHaveLength(1);
    const made = await documentsOf(order.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ templateId: invoice.id, origin: 'auto' });
    expect(await db().select().from(documentAutogenerations).where(eq(documentAutogenerations.orderId, order.id))).toMatchObject([{ status: 'done', statusId: -2 }]);
    // Another stage makes nothing; the rule names crm_status 1 only.
    const current = (await db().select().from(orders).where(eq(orders.id, order.id)))[0]!;
    await post(account, 'orders/update', { id: order.id, version: current.version, status: 2 });
    await tasksSettled(server, account.id);
    expect(await documentsOf(order.id)).toHaveLength(1);
  });

  it('rule: a document that fails at a CRM stage is reported on the order and in the task center', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const invoice = await invoiceOf(account);
    await post(account, 'integrations/crm-documents/settings', { connection_id: connectionId, rules: [{ template_id: invoice.id, attach: true, generate_at: 2 }] });
    // The template's stored file is broken (as a disk fault would leave it): the generation fails in the background.
    await db().update(documentTemplates).set({ content: Buffer.from('not a zip') }).where(eq(documentTemplates.id, invoice.id));
    const order = await post(account, 'orders/add', { lead_id: amo.addLead({ name: 'Fragile lead' }).id, status: 0 });
    await post(account, 'orders/update', { id: order.id, version: order.version, status: 2 });
    const settled = await tasksSettled(server, account.id);
    expect(settled.find((task) => task.type === 'documents.autogenerate')?.error).toMatch(/not a Word document/);
    const failures = (await server.call('GET', 'orders/doc/failures', { token: account.token, query: { order_id: order.id } })).body;
    expect(failures).toMatchObject([{ template_id: invoice.id, template_name: invoice.name }]);
    expect(failures[0].error).toMatch(/not a Word document/);
    expect(await documentsOf(order.id)).toEqual([]);
  });

  it('rule: amoCRM — the lead webhook moves the order into the stage, the document is made and a note with its signed link lands on the lead, once', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const saved = await post(account, 'integrations/amocrm/settings', { connection_id: connectionId, stage_mapping: { '40002': 1 } });
    const invoice = await invoiceOf(account);
    await post(account, 'integrations/crm-documents/settings', { connection_id: connectionId, rules: [{ template_id: invoice.id, attach: true, generate_at: 1 }] });
    const lead = amo.addLead({ name: 'Lead with paperwork' });
    const order = await post(account, 'orders/add', { lead_id: lead.id, status: 0 });
    const path = new URL(saved.webhook_url as string).pathname;
    const form = amo.moveLead(lead.id, 40002);
    await Promise.all([0, 1].map(() => server.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form })));
    const settled = await tasksSettled(server, account.id);
    expect(settled.map((task) => [task.type, task.status]).sort()).toEqual([['amocrm-lead-sync', 1], ['crm-documents.attach', 1], ['documents.autogenerate', 1]].sort());
    const [document] = await documentsOf(order.id);
    expect(document).toBeDefined();
    const notes = amo.notes.filter((note) => note.entity_id === lead.id);
    expect(notes).toHaveLength(1);
    const link = /\/api\/integrations\/crm-documents\/file\/\S+/.exec(notes[0]!.params.text!)![0];
    expect(notes[0]!.params.text).toContain('Invoice');
    const download = await server.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await storedBytes(account, order.id, document!.fileId))).toBe(true);
    // The link is bound to its file: another file id or a changed signature opens nothing.
    expect((await server.app.inject({ method: 'GET', url: link.replace(`/${document!.fileId}/`, `/${document!.fileId + 1}/`) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `${link.slice(0, -2)}xx` })).statusCode).toBe(404);
    expect(amo.calls.filter((call) => call.path === '/api/v4/leads/notes')).toHaveLength(1);
  });

  it('rule: Bitrix24 — a generated document of a linked order goes to the deal timeline with the file; a refusal is logged with Retry, and Retry attaches it', async () => {
    const account = await server.newAccount();
    const connection = await connectPortal(server, account, portal);
    const invoice = await invoiceOf(account);
    await post(account, 'integrations/crm-documents/settings', { connection_id: connection.id, rules: [{ template_id: invoice.id, attach: true, generate_at: null }] });
    portal.addDeal({ ID: '9101', TITLE: 'Portal deal' });
    const order = await post(account, 'orders/add', { lead_id: 9101, status: 0 });
    await post(account, 'orders/doc/generate', { order_id: order.id, template_id: invoice.id });
    await tasksSettled(server, account.id);
    const comments = portal.comments.filter((comment) => comment.entityId === 9101);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ entityType: 'deal' });
    const [document] = await documentsOf(order.id);
    expect(comments[0]!.files[0]!.name).toMatch(/^Invoice No\. \d+ of .+\.(pdf|docx)$/);
    expect(comments[0]!.files[0]!.bytes.equals(await storedBytes(account, order.id, document!.fileId))).toBe(true);
    // The same document told again (a repeated event) attaches nothing more.
    expect(await attachGenerated(db(), server.app.ctx.config, { accountId: account.id, orderId: order.id, templateId: invoice.id, fileId: document!.fileId })).toEqual([]);

    // A deal the portal does not have: the attach fails, is logged with Retry; once the deal exists, Retry attaches.
    const lost = await post(account, 'orders/add', { lead_id: 9102, status: 0 });
    await post(account, 'orders/doc/generate', { order_id: lost.id, template_id: invoice.id });
    await tasksSettled(server, account.id);
    const log = (await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'bitrix24' } })).body.data as { id: number; level: string; action: string; can_retry: boolean; message: string }[];
    const failed = log.find((entry) => entry.action === 'document-attach' && entry.level === 'error')!;
    expect(failed).toMatchObject({ can_retry: true });
    expect(failed.message).toContain('Entity not found');
    portal.addDeal({ ID: '9102', TITLE: 'Late deal' });
    await post(account, 'integrations/log/retry', { id: failed.id });
    await tasksSettled(server, account.id);
    expect(portal.comments.filter((comment) => comment.entityId === 9102)).toHaveLength(1);
    // A template without 'attach' and a local order attach nothing.
    const local = await post(account, 'orders/add', { name: 'Local' });
    await post(account, 'orders/doc/generate', { order_id: local.id, template_id: invoice.id });
    await tasksSettled(server, account.id);
    expect(portal.comments).toHaveLength(2);
    expect(portal.requests.filter((request) => request.method === 'crm.timeline.comment.add')).toHaveLength(3);
  });
});

describe('fake contracts', () => {
  it('amoCRM notes: common notes on an existing lead only, a text required (400 validation-errors otherwise)', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const lead = amo.addLead({ name: 'Noted' });
    const [row] = await db().select().from(integrationConnections).where(and(eq(integrationConnections.id, connectionId), eq(integrationConnections.accountId, account.id)));
    const { amoClientOf } = await import('../../../../server/modules/integrations/amocrm/connection');
    const client = amoClientOf(db(), server.app.ctx.config, row!);
    const id = await client.addLeadNote(lead.id, 'hello');
    expect(amo.notes.find((note) => note.id === id)).toMatchObject({ entity_id: lead.id, note_type: 'common', params: { text: 'hello' } });
    await expect(client.addLeadNote(987_654_321, 'x')).rejects.toMatchObject({ status: 400 });
    await expect(client.addLeadNote(lead.id, '')).rejects.toMatchObject({ status: 400 });
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentAutogenerations, generatedDocuments, tasks } from '../../../server/db/schema';
import { autogenerate } from '../../../server/modules/documents/autogeneration';
import { ensureDebianPackage } from '../../support/debianPackage';
import { useTestServer } from '../harness';
import { publicOrderSetup } from '../publicOrderSetup';
import { documentsSetup, docxText, makeDocx } from './setup';

const server = useTestServer();
const { account, order, templateOf, multipart, download } = documentsSetup(server);
const publicSetup = publicOrderSetup(server);

beforeAll(() => {
  // PDF is made by LibreOffice Writer and read back by pdftotext (poppler-utils).
  ensureDebianPackage('/usr/lib/libreoffice/program/libswlo.so', 'libreoffice-writer-nogui', 'LibreOffice Writer');
  ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext');
  // One LibreOffice kept running through its Python bridge (office.ts).
  ensureDebianPackage('/usr/lib/python3/dist-packages/uno.py', 'python3-uno', 'the LibreOffice Python bridge');
});

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('documents: PDF, autogeneration, public order, registry', () => {
  it('the built-in invoice downloads as a PDF a PDF reader opens, with the expected totals; open shows it inline', async () => {
    const ctx = await account();
    await ctx.post('document/settings', { lang: 'en', requisites: { name: 'Seller PDF LLC' } });
    const made = await order(ctx);
    const invoice = await templateOf(ctx, 'invoice');
    expect(invoice).toMatchObject({ download_type: 'pdf' });
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: invoice.id });
    expect(answer.notice).toBeNull();
    expect(answer.document).toMatchObject({ format: 'pdf', mime: 'application/pdf' });
    const file = await download('orders/doc/download', ctx.owner.token, { id: answer.document.id, order_id: made.id });
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const folder = mkdtempSync(join(tmpdir(), 'docs-pdf-'));
    try {
      writeFileSync(join(folder, 'invoice.pdf'), file.bytes);
      const text = execFileSync('pdftotext', ['-layout', join(folder, 'invoice.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Invoice for payment No\. 1 of \d\d\.\d\d\.\d{4}/);
      expect(text).toContain('Seller PDF LLC');
      expect(text).toMatch(/Total without VAT\s+303\.03/);
      expect(text).toMatch(/VAT at 20%\s+33\.33/);
      expect(text).toMatch(/VAT at 10%\s+13\.64/);
      expect(text).toMatch(/Total due\s+350\.00/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const opened = await download('orders/doc/open', ctx.owner.token, { id: answer.document.id, order_id: made.id });
    expect(opened.headers['content-disposition']).toMatch(/^inline;/);
    expect(opened.headers['content-type']).toBe('application/pdf');
  });

  it("autogeneration: entering a template's stage makes the document once per order and stage, under concurrent updates, as a task", async () => {
    const ctx = await account();
    const note = await templateOf(ctx, 'delivery_note');
    await multipart('document/update', ctx.owner.token, { id: String(note.id), autogen_status_id: String(ctx.stages.Reserved) });
    const made = await order(ctx);
    // Ten updates race to move the order into the stage (versions refused as stale are fine: one move wins or several).
    const moves = await Promise.all(Array.from({ length: 10 }, () => server.call('POST', 'orders/update', { token: ctx.owner.token, body: { id: made.id, version: made.version, status_id: ctx.stages.Reserved } })));
    expect(moves.filter((move) => move.status === 200).length).toBeGreaterThanOrEqual(1);
    const current = (await ctx.get('orders/order', { order_id: made.id })) as { version: number };
    // Moving out and back into the stage does not make it again.
    const out = await ctx.post('orders/update', { id: made.id, version: current.version, status_id: ctx.stages.New });
    await ctx.post('orders/update', { id: made.id, version: out.version, status_id: ctx.stages.Reserved });
    const docs = await until(async () => {
      const list = (await ctx.get('orders/doc/documents', { order_id: made.id })) as { status: string }[];
      return list.length > 0 && list;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const claims = await server.database.db.select().from(documentAutogenerations).where(eq(documentAutogenerations.orderId, made.id));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ status: 'done', error: null });
    expect(await ctx.get('orders/doc/documents', { order_id: made.id })).toHaveLength(1);
    expect(docs[0].status).toBe('auto');
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, claims[0].taskId!));
    expect(task).toMatchObject({ accountId: ctx.owner.id, status: 1, title: note.name });

    // The same stage entry told ten times at once (as several server processes would): one claim, one task.
    const again = await order(ctx, 'Raced order');
    const event = { accountId: ctx.owner.id, orderId: again.id, statusId: ctx.stages.Reserved, userId: ctx.owner.ownerId };
    const started = await Promise.all(Array.from({ length: 10 }, () => autogenerate(server.database.db, server.app.ctx.config, event)));
    expect(started.flat()).toHaveLength(1);
    await until(async () => ((await ctx.get('orders/doc/documents', { order_id: again.id })) as unknown[]).length > 0);
    expect(await server.database.db.select().from(documentAutogenerations).where(eq(documentAutogenerations.orderId, again.id))).toHaveLength(1);
  });

  it('a failing autogeneration is reported on the order and in the task center, never lost', async () => {
    const ctx = await account();
    const good = makeDocx(['{order.name}']);
    const added = await multipart('document/add', ctx.owner.token, { name: 'Fragile', download_type: 'docx', autogen_status_id: String(ctx.stages.Reserved) }, { name: 'fragile.docx', data: good });
    expect(added.status).toBe(200);
    // The stored file is broken afterwards (as a disk fault would): the generation fails in the background.
    const { documentTemplates } = await import('../../../server/db/schema');
    await server.database.db.update(documentTemplates).set({ content: Buffer.from('not a zip') }).where(eq(documentTemplates.id, added.body.id));
    const made = await order(ctx);
    await ctx.post('orders/update', { id: made.id, version: made.version, status_id: ctx.stages.Reserved });
    const failures = await until(async () => {
      const list = (await ctx.get('orders/doc/failures', { order_id: made.id })) as { error: string }[];
      return list.length > 0 && list;
    });
    expect(failures[0]).toMatchObject({ template_id: added.body.id, template_name: 'Fragile' });
    expect(failures[0].error).toMatch(/not a Word document/);
    const list = await ctx.get('task/list');
    const entry = JSON.stringify(list);
    expect(entry).toContain('Fragile');
    expect(entry).toMatch(/not a Word document/);
  });

  it('public order: the customer sees and generates only documents of templates visible in the public order', async () => {
    const shop = await publicSetup.stocked();
    const ctx = await account({ account: shop.account });
    const invoice = await templateOf(ctx, 'invoice');
    const quote = await templateOf(ctx, 'quote');
    await multipart('document/update', ctx.owner.token, { id: String(invoice.id), public_visible: '1', download_type: 'docx' });
    const { order: shared, token } = await publicSetup.linkedSession(shop);
    const hidden = await ctx.post('orders/doc/generate', { order_id: shared.id, template_id: quote.id });
    const shown = await ctx.post('orders/doc/generate', { order_id: shared.id, template_id: invoice.id });
    const templates = await publicSetup.get('public-order/doc/templates', token, { order_id: shared.id });
    expect(templates.status).toBe(200);
    expect(templates.body.map((t: { id: number }) => t.id)).toEqual([invoice.id]);
    const list = await publicSetup.get('public-order/doc/list', token, { order_id: shared.id });
    expect(list.body.map((f: { id: number }) => f.id)).toEqual([shown.document.id]);
    expect(JSON.stringify(list.body)).not.toContain('user_name');
    expect((await publicSetup.get('public-order/doc/download', token, { id: hidden.document.id, order_id: shared.id })).status).toBe(404);
    // Generating from a hidden template is refused as if it did not exist; from a shown one it works.
    const before = ((await ctx.get('orders/doc/documents', { order_id: shared.id })) as unknown[]).length;
    expect((await publicSetup.post('public-order/doc/generate', token, { order_id: shared.id, template_id: quote.id })).status).toBe(404);
    // Refused before anything is made: no document of the hidden template appears (nor a number is spent).
    expect(await ctx.get('orders/doc/documents', { order_id: shared.id })).toHaveLength(before);
    const made = await publicSetup.post('public-order/doc/generate', token, { order_id: shared.id, template_id: invoice.id });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Hiding the template hides its documents too.
    await multipart('document/update', ctx.owner.token, { id: String(invoice.id), public_visible: '0' });
    expect((await publicSetup.get('public-order/doc/list', token, { order_id: shared.id })).body).toEqual([]);
    // Another order of the account, not shared: refused.
    const other = await order(ctx, 'Not shared');
    expect((await publicSetup.post('public-order/doc/generate', token, { order_id: other.id, template_id: invoice.id })).status).toBe(404);
  });

  it('the registry: columns, filters (empty values dropped), search, paging, sort, and a zip of the chosen documents', async () => {
    const ctx = await account();
    const member = await server.newMember(ctx.owner, { activity: true });
    const invoice = await templateOf(ctx, 'invoice');
    const quote = await templateOf(ctx, 'quote');
    await multipart('document/update', ctx.owner.token, { id: String(invoice.id), download_type: 'docx' });
    const first = await order(ctx, 'Alpha order');
    const second = await order(ctx, 'Beta order');
    await ctx.post('orders/client-update', { id: second.id, company_id: null, contact_id: null });
    const a1 = await ctx.post('orders/doc/generate', { order_id: first.id, template_id: invoice.id });
    const a2 = await ctx.post('orders/doc/generate', { order_id: first.id, template_id: quote.id });
    const b1 = (await server.call('POST', 'orders/doc/generate', { token: member.token, body: { order_id: second.id, template_id: invoice.id } })).body;
    const page = await ctx.post('document/registry', {});
    expect(page.total).toBe(3);
    expect(page.data[0]).toMatchObject({ id: b1.document.id, lead_name: 'Beta order', company_name: null, status: 'formed', template_name: invoice.name });
    expect(page.data.find((d: { id: number }) => d.id === a1.document.id)).toMatchObject({ company_name: 'Acme Ltd', contact_name: 'Olga Buyer', user_id: ctx.owner.ownerId });
    const ids = (body: unknown) => (body as { data: { id: number }[] }).data.map((d) => d.id).sort((x, y) => x - y);
    // Empty filter values are dropped, not matched.
    expect(ids(await ctx.post('document/registry', { filter: { template_id: '', user_id: null, company_id: '', contact_id: null, status: null, from: '', to: null } }))).toHaveLength(3);
    expect(ids(await ctx.post('document/registry', { filter: { template_id: invoice.id } }))).toEqual([a1.document.id, b1.document.id]);
    expect(ids(await ctx.post('document/registry', { filter: { user_id: member.id } }))).toEqual([b1.document.id]);
    expect(ids(await ctx.post('document/registry', { filter: { company_id: ctx.company.id } }))).toEqual([a1.document.id, a2.document.id]);
    expect(ids(await ctx.post('document/registry', { filter: { contact_id: ctx.contact.id, template_id: quote.id } }))).toEqual([a2.document.id]);
    expect(ids(await ctx.post('document/registry', { filter: { status: 'auto' } }))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await ctx.post('document/registry', { filter: { from: today, to: today } }))).toHaveLength(3);
    expect(ids(await ctx.post('document/registry', { filter: { to: '2000-01-01' } }))).toEqual([]);
    expect(ids(await ctx.post('document/registry', { search: 'beta' }))).toEqual([b1.document.id]);
    expect(ids(await ctx.post('document/registry', { search: '100%_' }))).toEqual([]);
    const paged = await ctx.post('document/registry', { page: 2, per_page: 2, sort: 'lead_name', direction: 'asc' });
    expect(paged).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(paged.data.map((d: { lead_name: string }) => d.lead_name)).toEqual(['Beta order']);
    // The zip holds the chosen documents, each readable.
    const response = await server.app.inject({ method: 'POST', url: '/api/document/registry/zip', payload: { ids: [a1.document.id, b1.document.id] }, headers: { authorization: `Bearer ${ctx.owner.token}` } });
    expect(response.statusCode).toBe(200);
    const zip = new PizZip(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(docxText(zip.file(name)!.asNodeBuffer())).toContain('Total due');
  });

  it('the documents of a deleted order go with it', async () => {
    const ctx = await account();
    const made = await order(ctx);
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: (await templateOf(ctx, 'quote')).id });
    await ctx.post('orders/delete', { id: made.id });
    expect(await server.database.db.select().from(generatedDocuments).where(and(eq(generatedDocuments.fileId, answer.document.id)))).toEqual([]);
  });
});

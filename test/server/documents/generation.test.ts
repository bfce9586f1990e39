import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../harness';
import { documentsSetup, docxText, makeDocx } from './setup';

const server = useTestServer();
const { account, order, templateOf, multipart, download } = documentsSetup(server);

describe('documents: templates and generation', () => {
  it('a new account gets the three built-in templates once, and their placeholder catalogue lists every group with the exact text to paste', async () => {
    const ctx = await account();
    const [first, second] = await Promise.all([ctx.get('document/list'), ctx.get('document/list')]);
    expect(first.map((t: { type: string }) => t.type).sort()).toEqual(['delivery_note', 'invoice', 'quote']);
    expect(second).toHaveLength(3);
    const fields = await ctx.get('document/refresh-fields');
    expect(fields.map((group: { group: string }) => group.group)).toEqual(['document', 'order', 'positions', 'totals', 'vat_lines', 'company', 'contact', 'employee', 'account', 'seller']);
    const order = fields.find((group: { group: string }) => group.group === 'order');
    expect(order.fields).toContainEqual({ placeholder: '{order.delivery_address}', key: 'order.delivery_address', name: 'Delivery address', custom: true });
    const positions = fields.find((group: { group: string }) => group.group === 'positions');
    expect(positions.loop).toEqual({ open: '{#positions}', close: '{/positions}' });
    expect(positions.fields.map((field: { placeholder: string }) => field.placeholder)).toContain('{price}');
  });

  it('the built-in invoice renders every placeholder group with the order values, numbered per account and type', async () => {
    const ctx = await account();
    await ctx.post('document/settings', { lang: 'en', requisites: { name: 'Stockroom Seller LLC', tax_id: '5001112223', bank_name: 'Seller Bank', payment_account: '40702810000000000999' } });
    const made = await order(ctx);
    const invoice = await templateOf(ctx, 'invoice');
    // The built-in invoice downloads as PDF; for reading it back, this test asks for docx.
    expect((await multipart('document/update', ctx.owner.token, { id: String(invoice.id), download_type: 'docx' })).status).toBe(200);
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: invoice.id });
    expect(answer.notice).toBeNull();
    expect(answer.document).toMatchObject({ number: 1, type: 'invoice', format: 'docx', lead_name: 'Order for Acme', company_name: 'Acme Ltd', contact_name: 'Olga Buyer', status: 'formed' });
    const file = await download('orders/doc/download', ctx.owner.token, { id: answer.document.id, order_id: made.id });
    expect(file.status).toBe(200);
    const text = docxText(file.bytes);
    const today = new Date();
    const date = `${String(today.getUTCDate()).padStart(2, '0')}.${String(today.getUTCMonth() + 1).padStart(2, '0')}.${today.getUTCFullYear()}`;
    // document
    expect(text).toContain(`Invoice for payment No. 1 of ${date}`);
    // seller (company requisites of the account) and the customer company, contact
    expect(text).toContain('Stockroom Seller LLC');
    expect(text).toContain('Tax id: 5001112223');
    expect(text).toContain('Acme Ltd');
    expect(text).toContain('Tax id: 7701234567');
    expect(text).toContain('Reason code: 770101001');
    expect(text).toContain('Bank code: 044525225');
    expect(text).toContain('Account: 40702810900000000001');
    expect(text).toContain('Contact: Olga Buyer, +7 900 000-00-00');
    // order, positions loop, totals and VAT lines
    expect(text).toContain('Order: Order for Acme');
    expect(text).toMatch(/1 \| Hammer drill \| HD-1 \| 2 \| pcs \| 100\.00 \| 20 \| 33\.33 \| 200\.00 \|/);
    expect(text).toMatch(/2 \| Drill bits \| DB-7 \| 3 \| pcs \| 50\.00 \| 10 \| 13\.64 \| 150\.00 \|/);
    expect(text).toContain('Total without VAT | 303.03');
    expect(text).toContain('VAT at 10% | 13.64');
    expect(text).toContain('VAT at 20% | 33.33');
    expect(text).toContain('Total due | 350.00');
    // account, employee
    expect(text).toMatch(/Manager _+ \S/);
    expect(text).not.toContain('undefined');

    // The next invoice of the account takes number 2; a quote starts its own numbering.
    const second = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: invoice.id });
    expect(second.document.number).toBe(2);
    const quote = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: (await templateOf(ctx, 'quote')).id });
    expect(quote.document.number).toBe(1);
  });

  it('Russian: numbers and dates in the account language, the Russian built-in texts', async () => {
    // The built-ins are made with the account, in the language it was registered in.
    const ctx = await account({ account: await server.newAccount({ lang: 'ru' }) });
    await ctx.post('document/settings', { lang: 'ru', requisites: {} });
    const made = await order(ctx);
    const quote = await templateOf(ctx, 'quote');
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: quote.id });
    const text = docxText((await download('orders/doc/download', ctx.owner.token, { id: answer.document.id, order_id: made.id })).bytes);
    expect(text).toMatch(/Коммерческое предложение № 1 от \d\d\.\d\d\.\d{4}/);
    expect(text).toContain('НДС 20% | 33,33');
    expect(text).toContain('350,00');
    expect(text).toContain('33,33');
  });

  it('regenerating replaces the last document of the template: same number, the old file gone; documents never change otherwise', async () => {
    const ctx = await account();
    const made = await order(ctx);
    const note = await templateOf(ctx, 'delivery_note');
    const first = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: note.id });
    const again = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: note.id, regenerate: true });
    expect(again.document.number).toBe(first.document.number);
    const list = await ctx.get('orders/doc/documents', { order_id: made.id });
    expect(list.map((doc: { id: number }) => doc.id)).toEqual([again.document.id]);
    expect((await download('orders/doc/download', ctx.owner.token, { id: first.document.id, order_id: made.id })).status).toBe(404);
    // Regenerating with no earlier document is refused.
    const fresh = await order(ctx, 'Second order');
    expect((await server.call('POST', 'orders/doc/generate', { token: ctx.owner.token, body: { order_id: fresh.id, template_id: note.id, regenerate: true } })).status).toBe(404);
  });

  it('bad templates are refused with a message naming the placeholder: unknown, malformed, not a docx, broken docx, too large', async () => {
    const ctx = await account();
    const token = ctx.owner.token;
    const unknown = await multipart('document/add', token, { name: 'Typo' }, { name: 'typo.docx', data: makeDocx(['{order.nmae}']) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('{order.nmae}');
    const malformed = await multipart('document/add', token, { name: 'Bad' }, { name: 'bad.docx', data: makeDocx(['{order name!}']) });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('order name!');
    const unclosed = await multipart('document/add', token, { name: 'Unclosed' }, { name: 'unclosed.docx', data: makeDocx(['{#positions}{name}']) });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.error).toMatch(/positions/);
    const notDocx = await multipart('document/add', token, { name: 'Text' }, { name: 'note.txt', data: Buffer.from('hello') });
    expect(notDocx.status).toBe(400);
    expect(notDocx.body.error).toContain('.docx');
    const broken = await multipart('document/add', token, { name: 'Broken' }, { name: 'broken.docx', data: Buffer.from('PK\u0003\u0004 not really a zip') });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/not a Word document/);
    const big = await multipart('document/add', token, { name: 'Big' }, { name: 'big.docx', data: Buffer.alloc(30 * 1024 * 1024 + 1, 1) });
    expect(big.status).toBe(413);
    expect(big.body.error).toContain('30 MB');
    // Nothing of the refused uploads was kept.
    expect((await ctx.get('document/list')).map((t: { name: string }) => t.name)).not.toContain('Typo');
  });

  it('an uploaded template fills loops, conditions and custom order fields; markup in a customer name stays text', async () => {
    const ctx = await account();
    const token = ctx.owner.token;
    await ctx.post('company/update', { id: ctx.company.id, name: '<b>Evil & Co</b> {order.name} </w:t>' });
    const made = await order(ctx);
    const lines = ['Ship to: {order.delivery_address}', '{#positions}{n}. {name} x {quantity} = {amount}{/positions}', '{#company.tax_id}INN {company.tax_id}{/company.tax_id}{^contact.email}no e-mail{/contact.email}', 'Buyer: {company.name}', 'Total {totals.total}'];
    const upload = makeDocx(lines);
    const added = await multipart('document/add', token, { name: 'Mine', type: 'contract', download_type: 'docx', orientation: 'landscape' }, { name: 'mine.docx', data: upload });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ name: 'Mine', type: 'contract', orientation: 'landscape', builtin: null, file_name: 'mine.docx' });
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: added.body.id });
    const file = await download('orders/doc/download', token, { id: answer.document.id, order_id: made.id });
    const text = docxText(file.bytes);
    expect(text).toContain('Ship to: 1 Main St');
    expect(text).toContain('1. Hammer drill x 2 = 200.00');
    expect(text).toContain('2. Drill bits x 3 = 150.00');
    expect(text).toContain('INN 7701234567no e-mail');
    expect(text).toContain('Buyer: <b>Evil & Co</b> {order.name} </w:t>');
    expect(text).toContain('Total 350.00');
    expect(answer.document.name).toMatch(/^Contract No\. 1 of /);
    // Landscape: the page is wider than high.
    expect(new PizZip(file.bytes).file('word/document.xml')!.asText()).toContain('<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/>');
    // The template downloads as it was uploaded.
    const back = await download('document/download', token, { id: added.body.id });
    expect(back.bytes.equals(upload)).toBe(true);
  });

  it('an order of 1,000 positions makes a correct document', async () => {
    const ctx = await account();
    const made = await ctx.post('orders/add', { name: 'Big order', status_id: ctx.stages.New });
    const { orderPositions } = await import('../../../server/db/schema');
    await server.database.db.insert(orderPositions).values(Array.from({ length: 1000 }, (_, i) => ({ accountId: ctx.owner.id, orderId: made.id, productId: ctx.drill.id, price: '1.00', quantity: '1', nds: '20', sort: i })));
    const added = await multipart('document/add', ctx.owner.token, { name: 'Rows', download_type: 'docx' }, { name: 'rows.docx', data: makeDocx(['{#positions}{n};{/positions}', 'Total {totals.total} VAT {totals.vat}']) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const answer = await ctx.post('orders/doc/generate', { order_id: made.id, template_id: added.body.id });
    const text = docxText((await download('orders/doc/download', ctx.owner.token, { id: answer.document.id, order_id: made.id })).bytes);
    expect(text).toContain('1000;');
    expect(text).toContain('Total 1,000.00 VAT 166.67')
    // VAT is summed per rate from the rate's whole amount, not from 1,000 rounded lines (170.00).
    expect(text).not.toContain('VAT 170.00');
  });

  it('template settings, rights: only administrators change templates; members generate with the right to change orders', async () => {
    const ctx = await account();
    const member = await server.newMember(ctx.owner, { activity: false });
    const invoice = await templateOf(ctx, 'invoice');
    expect((await multipart('document/update', member.token, { id: String(invoice.id), name: 'Mine now' })).status).toBe(422);
    expect((await server.call('POST', 'document/delete', { token: member.token, body: { id: invoice.id } })).status).toBe(422);
    const made = await order(ctx);
    expect((await server.call('POST', 'orders/doc/generate', { token: member.token, body: { order_id: made.id, template_id: invoice.id } })).status).toBe(422);
    const stage = await multipart('document/update', ctx.owner.token, { id: String(invoice.id), autogen_status_id: String(ctx.stages.Reserved), public_visible: '1', orientation: 'landscape' });
    expect(stage.body).toMatchObject({ autogen_status_id: ctx.stages.Reserved, public_visible: true, orientation: 'landscape' });
    expect((await multipart('document/update', ctx.owner.token, { id: String(invoice.id), type: 'letter' })).status).toBe(400);
    expect((await server.call('POST', 'document/delete', { token: ctx.owner.token, body: { id: invoice.id } })).status).toBe(200);
    expect((await ctx.get('document/list')).map((t: { id: number }) => t.id)).not.toContain(invoice.id);
  });
});

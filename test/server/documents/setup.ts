import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { systemStagesOf } from '../publicOrderSetup';
import type { TestAccount, TestServer } from '../harness';

/**
 * Shared set-up of the documents tests: an account with two priced products (VAT 20 % and 10 %), a company with
 * requisites, a contact, and an order of 2 × 100 and 3 × 50 (total 350.00, VAT 33.33 + 13.64).
 */
export function documentsSetup(server: TestServer) {
  async function account(options: { account?: TestAccount } = {}) {
    const owner = options.account ?? (await server.newAccount());
    const post = async (path: string, body: unknown, token = owner.token) => {
      const answer = await server.call('POST', path, { token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const get = async (path: string, query: Record<string, string | number> = {}, token = owner.token) => {
      const answer = await server.call('GET', path, { token, query });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const depot = await post('warehouse/add', { name: 'Documents depot' });
    await post('field/add', { name: 'Doc price', code: 'doc_price', type: 11 });
    await post('orders/field/add', { name: 'Delivery address', code: 'delivery_address', type: 3 });
    const drill = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { doc_price: { cost: 100, nds: 20 } } });
    const bits = await post('product/add', { name: 'Drill bits', article: 'DB-7', values: { doc_price: { cost: 50, nds: 10 } } });
    // Stock enough for the orders of a test to reach the reservation stage.
    for (const product of [drill, bits]) await post('product/arrival', { product_id: product.id, warehouse_id: depot.id, count: 1000, cost_price: 10 });
    const company = await post('company/add', {
      name: 'Acme Ltd',
      tax_number: '7701234567',
      reason_code: '770101001',
      registration_number: '1027700000000',
      bank_name: 'First Bank',
      bank_code: '044525225',
      correspondent_account: '30101810400000000225',
      payment_account: '40702810900000000001',
    });
    const contact = await post('contact/add', { name: 'Olga Buyer', phone: '+7 900 000-00-00' });
    const stages = await systemStagesOf(server, owner.id);
    return { owner, post, get, drill, bits, company, contact, stages };
  }
  type Ctx = Awaited<ReturnType<typeof account>>;

  async function order(ctx: Ctx, name = 'Order for Acme') {
    const made = await ctx.post('orders/add', { name, status_id: ctx.stages.New, fields: { delivery_address: '1 Main St' } });
    await ctx.post('orders/product/add', { order_id: made.id, product: ctx.drill.id, quantity: 2, price_field: 'doc_price' });
    const last = await ctx.post('orders/product/add', { order_id: made.id, product: ctx.bits.id, quantity: 3, price_field: 'doc_price' });
    const linked = await ctx.post('orders/client-update', { id: made.id, company_id: ctx.company.id, contact_id: ctx.contact.id });
    return { ...made, version: (linked.version ?? last.version) as number };
  }

  const templateOf = async (ctx: Ctx, type: string) => ((await ctx.get('document/list')) as { id: number; name: string; type: string; download_type: string; builtin: string | null }[]).find((item) => item.type === type && item.builtin)!;

  /** A multipart request of fields and one file. */
  async function multipart(path: string, token: string, fields: Record<string, string>, file?: { name: string; data: Buffer }) {
    const boundary = `----docs${randomBytes(6).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    if (file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const response = await server.app.inject({ method: 'POST', url: `/api/${path}`, payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
    let body: any = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {}
    return { status: response.statusCode, body };
  }

  async function download(path: string, token: string, query: Record<string, string | number>) {
    const response = await server.app.inject({ method: 'GET', url: `/api/${path}`, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
  }

  return { account, order, templateOf, multipart, download };
}

// The docx helpers are shared with the browser test (test/e2e/documents.e2e.ts).
export { docxText, makeDocx } from '../../support/docxFiles';

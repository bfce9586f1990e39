import { and, asc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { batches, pipelineStatuses, pipelines } from '../../server/db/schema';
import { unique, type TestServer } from './harness';

/**
 * Shared set-up of the public-order tests beside publicOrder.test.ts: a stocked account, a shared order and
 * the public session of its link, a signed-in customer, and the calls a customer makes.
 */

export type Stages = Record<'New' | 'Reserved' | 'Completed' | 'Cancelled', number>;

/** The system pipeline's stages by name: New, Reserved (reservation), Completed (success, write-off), Cancelled. */
export async function systemStagesOf(server: TestServer, accountId: number): Promise<Stages> {
  const rows = await server.database.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Stages;
}

export function publicOrderSetup(server: TestServer) {
  const stagesOf = (accountId: number) => systemStagesOf(server, accountId);

  /**
   * An account whose main warehouse has a marked name and 'Hammer drill' (retail price 100, cost 40, a hidden
   * supplier note) in a marked batch: the marks let a test find any warehouse, batch or internal value in an answer.
   */
  async function stocked(count = 10) {
    const mark = `mark${randomBytes(4).toString('hex')}`;
    const account = await server.newAccount();
    const post = async (path: string, body: unknown, token = account.token) => {
      const answer = await server.call('POST', path, { token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const main = await post('warehouse/add', { name: `Depot ${mark}` });
    await post('field/add', { name: 'Retail', code: 'retail', type: 11, lead_config: { public_order_visible: 1 } });
    await post('field/add', { name: 'Colour', code: 'colour', type: 3, lead_config: { public_order_visible: 1 } });
    await post('field/add', { name: 'Supplier note', code: 'supplier_note', type: 3, lead_config: { public_order_visible: 0 } });
    const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 }, colour: 'red', supplier_note: `note-${mark}` } });
    if (count > 0) await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: `batch-${mark}`, count, cost_price: 40 });
    const stages = await stagesOf(account.id);
    return { mark, account, main, product, post, stages };
  }
  type Stocked = Awaited<ReturnType<typeof stocked>>;

  const newOrder = (ctx: Stocked, stage: keyof Stages = 'New', name = 'Order for a customer') => ctx.post('orders/add', { name, status_id: ctx.stages[stage] });
  const link = (ctx: Stocked, orderId: number, extra: Record<string, unknown> = {}) => ctx.post('orders/public/link', { order_id: orderId, ...extra });

  /** An order shared by a link (for a customer when extra names one), and the session its link opens. */
  async function linkedSession(ctx: Stocked, stage: keyof Stages = 'New', extra: Record<string, unknown> = {}) {
    const order = await newOrder(ctx, stage);
    const share = await link(ctx, order.id, extra);
    const session = await server.call('GET', 'public-order/token/get', { query: { public_token: share.link_token } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    return { order, share, token: session.body.token as string };
  }

  /** A public customer with a password, signed in. */
  async function signedInCustomer(ctx: Stocked, name = 'Olga Buyer') {
    const email = `${unique('buyer')}@example.com`;
    const password = 'buyer-password';
    const customer = await ctx.post('orders/public/customers/add', { name, email, password });
    const login = await server.call('POST', 'public-order/auth/login', { body: { login: email, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { customer, email, token: login.body.access_token as string };
  }

  const get = (path: string, token: string, query?: Record<string, string | number>) => server.call('GET', path, { token, query });
  const post = (path: string, token: string, body?: unknown) => server.call('POST', path, { token, body });

  async function balance(productId: number) {
    const rows = await server.database.db.select().from(batches).where(eq(batches.productId, productId));
    return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), reserve: rows.reduce((sum, row) => sum + Number(row.reserve), 0) };
  }

  /** A multipart upload of one small text file. */
  async function upload(token: string, path: string, orderId: number, content = 'hello') {
    const boundary = `----public${randomBytes(6).toString('hex')}`;
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${orderId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/${path}?order_id=${orderId}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  }

  return { stocked, newOrder, link, linkedSession, signedInCustomer, get, post, balance, upload };
}

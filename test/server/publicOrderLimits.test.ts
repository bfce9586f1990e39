import { and, asc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { orderFiles, orderPositions, outbox, pipelineStatuses, pipelines } from '../../server/db/schema';
import { HttpError } from '../../server/http/errors';
import { refusal, refusalText } from '../../server/http/refusal';
import { withoutStockCount } from '../../server/modules/publicOrder/limits';
import { batchShortage, lineShortage, productShortage } from '../../server/modules/stock/errors';
import { codeIn, settingUp, unique, useTestServer } from './harness';

/**
 * Issue 12 §3, the public order side: a link never sets the customer's password (that goes through their
 * e-mail), the staff's caps and the stock limit on public quantities with no stock counts shown, upload quota
 * and rate, and a bounded number of live sessions per link.
 */
const server = useTestServer();

/** The app with some limits changed, on the same database (each app keeps its own rate-limit counters). */
async function withApp<T>(overrides: Partial<ServerConfig>, use: (call: Call) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', loginRateLimit: 1000, ...overrides });
  const app = await buildApp({ config, db: server.database.db, logger: false });
  try {
    return await use(callerOf(app));
  } finally {
    await app.close();
  }
}

type Call = ReturnType<typeof callerOf>;
function callerOf(app: FastifyInstance) {
  return async (method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; query?: Record<string, string | number> } = {}) => {
    const response = await app.inject({
      method,
      url: `/api/${path}`,
      query: options.query && Object.fromEntries(Object.entries(options.query).map(([key, value]) => [key, String(value)])),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
}

async function stages(accountId: number) {
  const rows = await server.database.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<'New' | 'Reserved', number>;
}

/** An account with a main warehouse and 'Hammer drill' with `count` units, and a service. */
async function stocked(count = 10) {
  const account = await server.newAccount();
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11, lead_config: { public_order_visible: 1 } });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 } } });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count, cost_price: 40 });
  const service = await post('product/add', { name: 'Assembly', type: 'service', values: { retail: { cost: 10, nds: 0 } } });
  return { account, main, product, service, post, stages: await stages(account.id) };
}
type Stocked = Awaited<ReturnType<typeof stocked>>;

/** An order in a stage, shared by a link (for a customer when extra names one), and the session that link opens. */
async function linkedSession(ctx: Stocked, stage: 'New' | 'Reserved' = 'New', extra: Record<string, unknown> = {}) {
  const order = await ctx.post('orders/add', { name: 'Order', status_id: ctx.stages[stage] });
  const share = await ctx.post('orders/public/link', { order_id: order.id, ...extra });
  const session = await server.call('GET', 'public-order/token/get', { query: { public_token: share.link_token } });
  expect(session.status).toBe(200);
  return { order, share, token: session.body.token as string };
}

const get = (path: string, token: string, query?: Record<string, string | number>) => server.call('GET', path, { token, query });
const post = (path: string, token: string, body?: unknown) => server.call('POST', path, { token, body });
const login = (email: string, password: string) => server.call('POST', 'public-order/auth/login', { body: { login: email, password } });
const messagesTo = async (email: string) => (await server.database.db.select().from(outbox).where(eq(outbox.recipient, email))).length;

describe('a customer password goes through the customer e-mail, never through a link', () => {
  it('rule: a customer without a password gets a one-time code at their e-mail and sets the password with it; then signs in', async () => {
    const ctx = await stocked();
    const email = `${unique('starter')}@example.com`;
    const { token } = await linkedSession(ctx, 'New', { email, name: 'Starter' });
    expect(await server.call('POST', 'public-order/auth/password/request', { body: { email: email.toUpperCase() } })).toEqual({ status: 200, body: { success: true } });
    const code = codeIn(await server.lastMessage(email));
    expect(code).toMatch(/^\d{8}$/);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    expect(await server.call('POST', 'public-order/auth/password/set', { body: { email, code: wrong, password: 'by-mail-1' } })).toMatchObject({ status: 422, body: { error: 'The code is wrong' } });
    expect(await server.call('POST', 'public-order/auth/password/set', { body: { email, code, password: 'by-mail-1' } })).toEqual({ status: 200, body: { success: true } });
    expect((await login(email, 'by-mail-1')).status).toBe(200);
    // One time only.
    expect((await server.call('POST', 'public-order/auth/password/set', { body: { email, code, password: 'by-mail-2' } })).status).toBe(422);
    // The link's own session keeps its one order.
    expect((await get('public-order/profile', token)).body).toMatchObject({ has_password: true });
  });

  it('rule: a reset by e-mail ends the customer sign-in sessions but not the link sessions', async () => {
    const ctx = await stocked();
    const email = `${unique('forgot')}@example.com`;
    await ctx.post('orders/public/customers/add', { name: 'Forgot', email, password: 'old-password' });
    const signedIn = (await login(email, 'old-password')).body.access_token as string;
    const link = await linkedSession(ctx, 'New', { email });
    await server.call('POST', 'public-order/auth/password/request', { body: { email } });
    await server.call('POST', 'public-order/auth/password/set', { body: { email, code: codeIn(await server.lastMessage(email)), password: 'new-password' } });
    expect((await get('public-order/profile', signedIn)).status).toBe(403);
    expect((await get('public-order/order', link.token, { order_id: link.order.id })).status).toBe(200);
    expect((await login(email, 'old-password')).status).toBe(422);
    expect((await login(email, 'new-password')).status).toBe(200);
  });

  it('rule: the request answers the same for an unknown e-mail and mails nothing; mails per e-mail are bounded per hour', async () => {
    const ctx = await stocked();
    const unknown = `${unique('nobody')}@example.com`;
    expect(await server.call('POST', 'public-order/auth/password/request', { body: { email: unknown } })).toEqual({ status: 200, body: { success: true } });
    expect(await messagesTo(unknown)).toBe(0);
    expect((await server.call('POST', 'public-order/auth/password/request', { body: { email: 'not an e-mail' } })).status).toBe(400);

    const email = `${unique('bounded')}@example.com`;
    await ctx.post('orders/public/customers/add', { name: 'Bounded', email });
    await withApp({ publicPasswordMailsPerHour: 2 }, async (call) => {
      for (let i = 0; i < 4; i += 1) expect((await call('POST', 'public-order/auth/password/request', { body: { email } })).status).toBe(200);
    });
    expect(await messagesTo(email)).toBe(2);
  });

  it('rule: password requests are rate limited per address (429 with a clear text)', async () => {
    await withApp({ publicPasswordRequestsPerIp: 2 }, async (call) => {
      const ask = () => call('POST', 'public-order/auth/password/request', { body: { email: `${unique('ip')}@example.com` } });
      expect([(await ask()).status, (await ask()).status]).toEqual([200, 200]);
      const limited = await ask();
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/^Too many attempts/);
    });
  });

  it('rule: staff still set a customer password (orders/public/customers/update)', async () => {
    const ctx = await stocked();
    const customer = await ctx.post('orders/public/customers/add', { name: 'Staff set', email: `${unique('staff')}@example.com` });
    await ctx.post('orders/public/customers/update', { id: customer.id, password: 'set-by-staff' });
    expect((await login(customer.email, 'set-by-staff')).status).toBe(200);
  });
});

describe('public quantities: the staff caps and the stock, with no stock counts shown', () => {
  it('rule: caps are an admin setting; a cap must be above zero, null removes it', async () => {
    const ctx = await stocked();
    expect(await ctx.post('orders/public/settings', { max_count_per_position: 3, max_count_per_order: 5 })).toEqual({ product_visibility: 'all', max_count_per_position: 3, max_count_per_order: 5 });
    // 0 reads as null (the validator coerces it), so it removes the cap like null does.
    for (const bad of [-1, 'x']) expect((await server.call('POST', 'orders/public/settings', { token: ctx.account.token, body: { max_count_per_position: bad } })).status).toBe(400);
    const member = await server.newMember(ctx.account, { activity: true, admin: false });
    expect((await server.call('POST', 'orders/public/settings', { token: member.token, body: { max_count_per_order: 100 } })).status).toBe(422);
    expect(await ctx.post('orders/public/settings', { max_count_per_order: null })).toEqual({ product_visibility: 'all', max_count_per_position: 3, max_count_per_order: null });
  });

  it('rule: a public add or change above the cap per position or per order is refused whole; lowering is allowed; staff are not capped', async () => {
    const ctx = await stocked(100);
    await ctx.post('orders/public/settings', { max_count_per_position: 3, max_count_per_order: 5 });
    const { order, token } = await linkedSession(ctx, 'New');
    const over = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 4 });
    expect(over).toEqual({ status: 422, body: { error: 'At most 3 of one product can be ordered here', max_count: 3, code: 'publicOverPositionCap', params: { cap: 3 } } });
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 3 });
    expect(added.status).toBe(200);
    expect(added.body.positions[0]).toMatchObject({ count: 3, max_count: 3 });
    // Adding to the same position counts what it already holds.
    expect((await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 1 })).status).toBe(422);
    const service = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.service.id), quantity: 3 });
    expect(service).toEqual({ status: 422, body: { error: 'At most 5 units in all can be ordered in one order here', max_order_count: 5, code: 'publicOverOrderCap', params: { cap: 5 } } });
    expect((await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.service.id), quantity: 2 })).status).toBe(200);
    const [drill, assembly] = (await get('public-order/order', token, { order_id: order.id })).body.positions;
    expect((await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: assembly.id, count: 3 }] })).status).toBe(422);
    const positions = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, order.id)).orderBy(asc(orderPositions.id));
    expect(positions.map((row) => Number(row.quantity))).toEqual([3, 2]);
    // Staff are not capped; the customer may then lower a count that is still above the cap.
    const staffOrder = (await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } })).body;
    const staffChange = await server.call('POST', 'orders/update', { token: ctx.account.token, body: { id: order.id, version: staffOrder.version, positions: [{ id: drill.id, count: 10 }] } });
    expect(staffChange.status, JSON.stringify(staffChange.body)).toBe(200);
    expect((await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: drill.id, count: 8 }] })).status).toBe(200);
    expect((await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: drill.id, count: 9 }] })).status).toBe(422);
  });

  it('rule: a public count above what is available is refused even in a stage that does not reserve, without naming the count', async () => {
    const ctx = await stocked(10);
    const { order, token } = await linkedSession(ctx, 'New');
    const over = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 11 });
    expect(over).toEqual({ status: 422, body: { error: 'Not enough "Hammer drill" in stock for this quantity', code: 'publicNotEnoughStock', params: { name: 'Hammer drill' } } });
    expect(await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, order.id))).toEqual([]);
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 10 });
    expect(added.status).toBe(200);
    const changed = await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: added.body.positions[0].id, count: 12 }] });
    expect(changed).toEqual({ status: 422, body: { error: 'Not enough "Hammer drill" in stock for this quantity', code: 'publicNotEnoughStock', params: { name: 'Hammer drill' } } });
  });

  it('rule: the caps and the stock limit compare quantities in thousandths, as stored: a count that fits exactly is never refused for float noise', async () => {
    const ctx = await stocked(0.8);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point, above a cap of 0.3.
    await ctx.post('orders/public/settings', { max_count_per_order: 0.3 });
    const capped = await linkedSession(ctx, 'New');
    expect((await post('public-order/order/position/add', capped.token, { order_id: capped.order.id, product: String(ctx.product.id), quantity: 0.1 })).status).toBe(200);
    const total = await post('public-order/order/position/add', capped.token, { order_id: capped.order.id, product: String(ctx.service.id), quantity: 0.2 });
    expect(total.status, JSON.stringify(total.body)).toBe(200);
    // 0.7 free + 0.1 held is 0.7999999999999999 in floating point, below a count of 0.8.
    await ctx.post('orders/public/settings', { max_count_per_order: null });
    const { order, token } = await linkedSession(ctx, 'Reserved');
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 0.1 });
    expect(added.status).toBe(200);
    const all = await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: added.body.positions[0].id, count: 0.8 }] });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.positions[0]).toMatchObject({ count: 0.8 });
    const [held] = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, order.id));
    expect(held).toMatchObject({ quantity: '0.800', reserved: '0.800' });
  });

  it('rule: public positions and products carry no stock counts — "in_stock" or "on_order" only', async () => {
    const ctx = await stocked(10);
    const { order, token } = await linkedSession(ctx, 'New');
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 5 });
    const [position] = added.body.positions;
    expect(position).toMatchObject({ availability: 'in_stock', max_count: null });
    for (const key of ['available', 'reserved', 'cost_price']) expect(position).not.toHaveProperty(key);
    // Staff reserve 8 of the 10 for another order: 5 are no longer there for this one.
    const staffOrder = await ctx.post('orders/add', { name: 'Staff', status_id: ctx.stages.Reserved });
    await ctx.post('orders/product/add', { order_id: staffOrder.id, product: String(ctx.product.id), quantity: 8 });
    expect((await get('public-order/order', token, { order_id: order.id })).body.positions[0]).toMatchObject({ availability: 'on_order' });
    const offered = (await get('public-order/categories/list', token)).body.products.data;
    const drill = offered.find((item: { id: number }) => item.id === ctx.product.id);
    expect(drill).toMatchObject({ availability: 'in_stock' });
    expect(drill).not.toHaveProperty('available');
    // Nor warehouses at all (issue 19 §3), so no count per warehouse either.
    expect(drill).not.toHaveProperty('warehouses');
    expect(offered.find((item: { id: number }) => item.id === ctx.service.id)).toMatchObject({ availability: null });
  });
});

/** A multipart upload of one small file. */
function uploadWith(token: string, orderId: number, content: string) {
  const boundary = `----limits${randomBytes(6).toString('hex')}`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="order_id"\r\n\r\n${orderId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } };
}

async function uploadTo(overrides: Partial<ServerConfig>, uploads: Array<{ token: string; orderId: number; content: string; staff?: boolean }>) {
  const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', ...overrides });
  const app = await buildApp({ config, db: server.database.db, logger: false });
  try {
    const statuses: Array<{ status: number; error?: string }> = [];
    for (const item of uploads) {
      const body = uploadWith(item.token, item.orderId, item.content);
      const url = item.staff ? '/api/orders/custom-doc/upload' : `/api/public-order/custom-doc/upload?order_id=${item.orderId}`;
      const response = await app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
      statuses.push({ status: response.statusCode, ...(response.statusCode !== 200 && { error: JSON.parse(response.body).error }) });
    }
    return statuses;
  } finally {
    await app.close();
  }
}

describe('public uploads: a quota per account and a rate per customer', () => {
  it('rule: a customer uploads at most PUBLIC_UPLOADS_PER_HOUR files an hour (429); another customer is not held back', async () => {
    const ctx = await stocked();
    const first = await linkedSession(ctx, 'New', { email: `${unique('up')}@example.com` });
    const second = await linkedSession(ctx, 'New', { email: `${unique('up')}@example.com` });
    const statuses = await uploadTo({ publicUploadsPerHour: 2 }, [
      { token: first.token, orderId: first.order.id, content: 'one' },
      { token: first.token, orderId: first.order.id, content: 'two' },
      { token: first.token, orderId: first.order.id, content: 'three' },
      { token: second.token, orderId: second.order.id, content: 'four' },
    ]);
    expect(statuses).toEqual([{ status: 200 }, { status: 200 }, { status: 429, error: 'At most 2 files an hour can be uploaded: try again later' }, { status: 200 }]);
  });

  it('rule: public uploads of an account stop at PUBLIC_UPLOAD_QUOTA_BYTES (413, nothing stored); staff uploads do not count', async () => {
    const ctx = await stocked();
    const anonymous = await linkedSession(ctx, 'New');
    const full = "The space for files uploaded to this seller's orders is used up: ask the seller to free some, or delete one of your files";
    const statuses = await uploadTo({ publicUploadQuotaBytes: 12 }, [
      { token: ctx.account.token, orderId: anonymous.order.id, content: 'a staff file longer than the quota', staff: true },
      { token: anonymous.token, orderId: anonymous.order.id, content: 'hello' },
      { token: anonymous.token, orderId: anonymous.order.id, content: 'hello' },
      { token: anonymous.token, orderId: anonymous.order.id, content: 'hello' },
    ]);
    expect(statuses).toEqual([{ status: 200 }, { status: 200 }, { status: 200 }, { status: 413, error: full }]);
    const stored = await server.database.db.select().from(orderFiles).where(eq(orderFiles.orderId, anonymous.order.id));
    expect(stored.map((row) => row.size).sort()).toEqual([34, 5, 5].sort());
  });
});

describe('live sessions per link', () => {
  it('rule: a link keeps at most PUBLIC_LINK_SESSIONS live sessions; opening one more ends the oldest; the customer sign-in is not touched', async () => {
    const ctx = await stocked();
    const email = `${unique('many')}@example.com`;
    await ctx.post('orders/public/customers/add', { name: 'Many', email, password: 'many-password' });
    const signedIn = (await login(email, 'many-password')).body.access_token as string;
    const order = await ctx.post('orders/add', { name: 'Shared', status_id: ctx.stages.New });
    const share = await ctx.post('orders/public/link', { order_id: order.id, email });
    const tokens = await withApp({ publicLinkSessions: 2 }, async (call) => {
      const opened: string[] = [];
      for (let i = 0; i < 3; i += 1) opened.push((await call('GET', 'public-order/token/get', { query: { public_token: share.link_token } })).body.token);
      return opened;
    });
    const statuses = await Promise.all(tokens.map(async (token) => (await get('public-order/order', token, { order_id: order.id })).status));
    expect(statuses).toEqual([403, 200, 200]);
    expect((await get('public-order/order', signedIn, { order_id: order.id })).status).toBe(200);
  });
});

describe("withoutStockCount: the engine's shortage, which names the units left, reaches a public caller without them", () => {
  const thrown = (make: () => never) => {
    try {
      make();
    } catch (error) {
      return error;
    }
    throw new Error('nothing thrown');
  };

  it('rule: a shortage is known by its code (of a product, of a batch, of a batch alone) and becomes publicNotEnoughStock naming the product only', () => {
    const cases = [
      [thrown(() => productShortage({ id: 7, name: 'Hammer drill' }, 2500)), 'Hammer drill'],
      [thrown(() => lineShortage(1, { id: 7, name: 'Hammer drill' }, { id: 3, number: 'B-1' }, 2500)), 'Hammer drill'],
      [thrown(() => batchShortage(2.5)), ''],
    ] as const;
    for (const [error, name] of cases) {
      const answer = withoutStockCount(error) as HttpError;
      expect({ status: answer.status, error: answer.message, ...answer.extra }).toEqual({ status: 422, error: refusalText('publicNotEnoughStock', { name }), code: 'publicNotEnoughStock', params: { name } });
    }
  });

  it('rule: any other refusal passes unchanged, even one whose text starts like a shortage', () => {
    const other = new HttpError(422, 'Not enough stock of "X": 1 available');
    expect(withoutStockCount(other)).toBe(other);
    const locked = refusal(422, 'productsLocked');
    expect(withoutStockCount(locked)).toBe(locked);
  });
});

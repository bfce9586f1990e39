import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { sha256 } from '../../server/auth/secrets';
import { loadConfig } from '../../server/config';
import {
  batches,
  fields,
  movements,
  orderFiles,
  orderPositions,
  orderShares,
  orders,
  pipelineStatuses,
  publicCustomers,
  publicTokens,
} from '../../server/db/schema';
import { PUBLIC_TOKEN_ON_STAFF_ROUTE, STAFF_TOKEN_ON_PUBLIC_ROUTE } from '../../server/http/authHook';
import { diffSnapshots, snapshotAccount, walPosition, type Snapshot } from './support/dbSnapshot';
import { callRoute, routeName, schemaParts } from './support/routes';
import { fieldsOf, isIdField, sampleObject, type Hint, type JsonSchema } from './support/schemaValues';
import { unique, useTestServer } from './harness';
import { systemStagesOf, type Stages } from './publicOrderSetup';

/**
 * The public-order area (spec 2 §7 "Public order", spec 1 §2 and §6): links and their exchange for a
 * session, public customers with their own login and profile, what a public caller may see and change,
 * stock rules shared with staff, the product-visibility scenarios, and isolation both ways.
 */
const server = useTestServer();

const stagesOf = (accountId: number) => systemStagesOf(server, accountId);

/**
 * An account with a main warehouse, three product fields — retail (price, public-visible), colour
 * (public-visible) and supplier_note (hidden from public orders) — and 'Hammer drill' with `count` units.
 */
async function stocked(count = 10) {
  const account = await server.newAccount();
  const post = async (path: string, body: unknown, token = account.token) => {
    const answer = await server.call('POST', path, { token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11, lead_config: { public_order_visible: 1 } });
  await post('field/add', { name: 'Colour', code: 'colour', type: 3, lead_config: { public_order_visible: 1 } });
  await post('field/add', { name: 'Supplier note', code: 'supplier_note', type: 3, lead_config: { public_order_visible: 0 } });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100, nds: 20 }, colour: 'red', supplier_note: 'SECRET-SUPPLIER-NOTE' } });
  if (count > 0) await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count, cost_price: 40 });
  const stages = await stagesOf(account.id);
  return { account, main, product, post, stages };
}
type Stocked = Awaited<ReturnType<typeof stocked>>;

async function newOrder(ctx: Stocked, stage: keyof Stages = 'New', name = 'Order for a customer') {
  return ctx.post('orders/add', { name, status_id: ctx.stages[stage] });
}

async function link(ctx: Stocked, orderId: number, extra: Record<string, unknown> = {}) {
  return ctx.post('orders/public/link', { order_id: orderId, ...extra });
}

const exchange = (linkToken: string) => server.call('GET', 'public-order/token/get', { query: { public_token: linkToken } });

/** An order shared by an anonymous link, and the session its link opens. */
async function linkedSession(ctx: Stocked, stage: keyof Stages = 'New', extra: Record<string, unknown> = {}) {
  const order = await newOrder(ctx, stage);
  const share = await link(ctx, order.id, extra);
  const session = await exchange(share.link_token);
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return { order, share, token: session.body.token as string };
}

/** A public customer with a password and tags, signed in. */
async function signedInCustomer(ctx: Stocked, options: { tags?: string[]; password?: string } = {}) {
  const email = `${unique('buyer')}@example.com`;
  const password = options.password ?? 'buyer-password';
  const customer = await ctx.post('orders/public/customers/add', { name: 'Buyer', email, password, tags: options.tags ?? [] });
  const login = await server.call('POST', 'public-order/auth/login', { body: { login: email, password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { customer, email, password, token: login.body.access_token as string };
}

const get = (path: string, token: string, query?: Record<string, string | number>) => server.call('GET', path, { token, query });
const post = (path: string, token: string, body?: unknown) => server.call('POST', path, { token, body });

async function balance(productId: number) {
  const rows = await server.database.db.select().from(batches).where(eq(batches.productId, productId));
  return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), reserve: rows.reduce((sum, row) => sum + Number(row.reserve), 0) };
}

/** What a public caller gets for an order they may not see (coded, so their screen says it in their language). */
/** A public shortage names the product, never the count left. */
const HAMMER_SHORT = { error: 'Not enough "Hammer drill" in stock for this quantity', code: 'publicNotEnoughStock', params: { name: 'Hammer drill' } };
const NO_SUCH_ORDER = { error: 'No such order', code: 'noSuchOrder' };

describe('links: make public, exchange for a session, unlink', () => {
  it('rule: a link answers its token and the shell path; the exchanged session (stored hashed, with an expiry) opens exactly that order', async () => {
    const ctx = await stocked();
    const order = await newOrder(ctx);
    const share = await link(ctx, order.id);
    expect(share).toEqual({
      id: expect.any(Number),
      order_id: order.id,
      customer: null,
      link_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      path: `/#/publicOrder?order_id=${order.id}&public_token=${share.link_token}`,
      created_at: expect.any(String),
    });
    // The shell reads public_token from the hash query (shell/app/sessionBootstrap.ts).
    expect(new URLSearchParams(share.path.split('?')[1]).get('public_token')).toBe(share.link_token);
    expect((await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } })).body.public).toBe(true);
    // Linking again answers the same link.
    expect(await link(ctx, order.id)).toEqual(share);
    expect((await server.call('GET', 'orders/public/list', { token: ctx.account.token, query: { order_id: order.id } })).body).toEqual([share]);

    const session = await exchange(share.link_token);
    expect(session).toEqual({ status: 200, body: { token: expect.any(String), order_id: order.id } });
    const token = session.body.token as string;
    const [row] = await server.database.db.select().from(publicTokens).where(eq(publicTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ accountId: ctx.account.id, customerId: null, orderId: order.id });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    expect(JSON.stringify(await server.database.db.select().from(publicTokens))).not.toContain(token);

    const read = await get('public-order/order', token, { order_id: order.id });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: order.id, name: 'Order for a customer', active: true, positions: [] });
    const list = await get('public-order/order/list', token);
    expect(list.body.data.map((item: { id: number }) => item.id)).toEqual([order.id]);
    expect(list.body.data[0]).toMatchObject({ id: order.id, name: 'Order for a customer', active: true });
    expect((await post('public-order/order/list', token, {})).body.meta.total).toBe(1);
    expect((await get('public-order/config', token)).body).toMatchObject({ account: { id: ctx.account.id, currency: 'RUB' }, user: null, session: { kind: 'link', order_id: order.id } });
  });

  it('rule: an unknown or withdrawn link token is refused with 404 and a clear text, and opens no session', async () => {
    const ctx = await stocked();
    const before = (await server.database.db.select().from(publicTokens)).length;
    for (const path of ['public-order/token/get', 'public-order/token/get-public']) {
      const answer = await server.call('GET', path, { query: { public_token: 'not-a-link-token' } });
      expect(answer).toEqual({ status: 404, body: { error: 'This public order link is not valid or has been withdrawn', code: 'publicLinkNotValid' } });
    }
    const { order, share } = await linkedSession(ctx);
    await ctx.post('orders/public/unlink', { order_id: order.id });
    expect(await exchange(share.link_token)).toEqual({ status: 404, body: { error: 'This public order link is not valid or has been withdrawn', code: 'publicLinkNotValid' } });
    // Only the one session of linkedSession was made, and unlinking removed it.
    expect((await server.database.db.select().from(publicTokens)).length).toBe(before);
  });

  it('rule: token/get-public describes a link (order, seller, whether it is for a customer who can sign in) without opening a session', async () => {
    const ctx = await stocked();
    const order = await newOrder(ctx);
    const anonymous = await link(ctx, order.id);
    const { customer } = await signedInCustomer(ctx);
    const personal = await link(ctx, order.id, { customer_id: customer.id });
    expect(personal.customer).toEqual({ id: customer.id, name: 'Buyer', email: customer.email });
    expect(personal.link_token).not.toBe(anonymous.link_token);
    const sessions = (await server.database.db.select().from(publicTokens)).length;
    const describe = (token: string) => server.call('GET', 'public-order/token/get-public', { query: { public_token: token } });
    const accountName = (await server.call('GET', 'account/config', { token: ctx.account.token })).body.account.name;
    expect((await describe(anonymous.link_token)).body).toEqual({ order_id: order.id, order_name: 'Order for a customer', account_name: accountName, for_customer: false, customer_can_sign_in: false });
    expect((await describe(personal.link_token)).body).toEqual({ order_id: order.id, order_name: 'Order for a customer', account_name: accountName, for_customer: true, customer_can_sign_in: true });
    expect((await server.database.db.select().from(publicTokens)).length).toBe(sessions);
  });

  it('rule: unlink ends access — the link sessions are deleted, the old link opens nothing, the customer no longer sees the order', async () => {
    const ctx = await stocked();
    const buyer = await signedInCustomer(ctx);
    const order = await newOrder(ctx);
    const other = await newOrder(ctx, 'New', 'Still shared');
    const personal = await link(ctx, order.id, { customer_id: buyer.customer.id });
    await link(ctx, other.id, { customer_id: buyer.customer.id });
    const anonymous = await link(ctx, order.id);
    const linkToken = (await exchange(personal.link_token)).body.token as string;
    const anonymousToken = (await exchange(anonymous.link_token)).body.token as string;
    expect((await get('public-order/order', linkToken, { order_id: order.id })).status).toBe(200);
    expect((await get('public-order/order/list', buyer.token)).body.meta.total).toBe(2);

    // Unlinking the customer's link only: their link session ends, the anonymous link keeps working.
    const remaining = await ctx.post('orders/public/unlink', { order_id: order.id, customer_id: buyer.customer.id });
    expect(remaining.map((item: { id: number }) => item.id)).toEqual([anonymous.id]);
    expect(await get('public-order/order', linkToken, { order_id: order.id })).toEqual({ status: 403, body: { error: 'Token not valid' } });
    expect(await server.database.db.select().from(publicTokens).where(eq(publicTokens.tokenHash, sha256(linkToken)))).toEqual([]);
    expect(await get('public-order/order', buyer.token, { order_id: order.id })).toEqual({ status: 404, body: NO_SUCH_ORDER });
    expect((await get('public-order/order/list', buyer.token)).body.data.map((item: { id: number }) => item.id)).toEqual([other.id]);
    expect((await get('public-order/order', anonymousToken, { order_id: order.id })).status).toBe(200);

    // Unlinking everything: no link of the order is left.
    expect(await ctx.post('orders/public/unlink', { order_id: order.id })).toEqual([]);
    expect((await get('public-order/order', anonymousToken, { order_id: order.id })).status).toBe(403);
    expect(await exchange(anonymous.link_token)).toMatchObject({ status: 404 });
    expect(await server.database.db.select().from(orderShares).where(eq(orderShares.orderId, order.id))).toEqual([]);
    expect((await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } })).body.public).toBe(false);
    // Unlinking a link that is not there is a 404.
    expect((await server.call('POST', 'orders/public/unlink', { token: ctx.account.token, body: { order_id: order.id, share_id: anonymous.id } })).status).toBe(404);
  });

  it('rule: linking by e-mail adds the public customer once; another account\'s order or customer is not found and nothing is written', async () => {
    const ctx = await stocked();
    const other = await stocked();
    const order = await newOrder(ctx);
    const email = `${unique('new')}@Example.com`;
    const first = await link(ctx, order.id, { email: `  ${email} `, name: 'New Buyer' });
    expect(first.customer).toEqual({ id: expect.any(Number), name: 'New Buyer', email: email.toLowerCase() });
    const second = await link(ctx, order.id, { email: email.toLowerCase() });
    expect(second).toEqual(first);
    expect(await server.database.db.select().from(publicCustomers).where(eq(publicCustomers.email, email.toLowerCase()))).toHaveLength(1);

    const theirs = await newOrder(other);
    const theirCustomer = await other.post('orders/public/customers/add', { name: 'Theirs', email: `${unique('theirs')}@example.com` });
    const before = await snapshotAccount(server.database.db, other.account.id, [other.account.ownerId]);
    const refused = await server.call('POST', 'orders/public/link', { token: ctx.account.token, body: { order_id: theirs.id } });
    expect(refused).toEqual({ status: 404, body: NO_SUCH_ORDER });
    expect((await server.call('POST', 'orders/public/link', { token: ctx.account.token, body: { order_id: order.id, customer_id: theirCustomer.id } })).status).toBe(404);
    expect((await server.call('POST', 'orders/public/unlink', { token: ctx.account.token, body: { order_id: theirs.id } })).status).toBe(404);
    expect((await server.call('GET', 'orders/public/list', { token: ctx.account.token, query: { order_id: theirs.id } })).status).toBe(404);
    expect(diffSnapshots(before, await snapshotAccount(server.database.db, other.account.id, [other.account.ownerId]))).toEqual([]);
    expect((await server.call('POST', 'orders/public/link', { token: ctx.account.token, body: { order_id: order.id, email: 'not an e-mail' } })).body).toMatchObject({ error: 'Email invalid' });
  });

  it('rule: sharing needs the right to change orders (a member without activity gets 422), reading links does not', async () => {
    const ctx = await stocked();
    const order = await newOrder(ctx);
    const idle = await server.newMember(ctx.account, { activity: false });
    expect((await server.call('POST', 'orders/public/link', { token: idle.token, body: { order_id: order.id } })).status).toBe(422);
    expect((await server.call('POST', 'orders/public/customers/add', { token: idle.token, body: { name: 'Someone' } })).status).toBe(422);
    expect((await server.call('GET', 'orders/public/list', { token: idle.token, query: { order_id: order.id } })).status).toBe(200);
    expect(await server.database.db.select().from(orderShares).where(eq(orderShares.orderId, order.id))).toEqual([]);
  });
});

describe('public customers: staff management, sign-in, profile', () => {
  it('rule: staff list, add, update and delete public customers; the e-mail is unique per account (409) and must look like one (400)', async () => {
    const ctx = await stocked();
    const email = `${unique('c')}@example.com`;
    const added = await ctx.post('orders/public/customers/add', { name: '  Anna  ', email: email.toUpperCase(), phone: ' +7 900 ', tags: ['vip', ' vip ', 'north'], password: 'secret-1' });
    expect(added).toEqual({ id: expect.any(Number), name: 'Anna', email, phone: '+7 900', tags: ['vip', 'north'], has_password: true, disabled: false, created_at: expect.any(String) });
    const [row] = await server.database.db.select().from(publicCustomers).where(eq(publicCustomers.id, added.id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await server.call('POST', 'orders/public/customers/add', { token: ctx.account.token, body: { email } })).toEqual({ status: 409, body: { error: 'A customer with this e-mail already exists', code: 'customerExists' } });
    expect((await server.call('POST', 'orders/public/customers/add', { token: ctx.account.token, body: { email: 'nope' } })).status).toBe(400);
    expect((await server.call('POST', 'orders/public/customers/add', { token: ctx.account.token, body: { name: '   ' } })).status).toBe(400);
    await ctx.post('orders/public/customers/add', { name: 'Boris' });
    const listed = await server.call('GET', 'orders/public/customers/list', { token: ctx.account.token, query: { search: 'ann' } });
    expect(listed.body.data.map((item: { id: number }) => item.id)).toEqual([added.id]);
    expect((await server.call('GET', 'orders/public/customers/list', { token: ctx.account.token })).body.meta.total).toBe(2);
    const updated = await ctx.post('orders/public/customers/update', { id: added.id, tags: ['wholesale'], phone: null });
    expect(updated).toMatchObject({ id: added.id, name: 'Anna', phone: null, tags: ['wholesale'] });
    expect(await ctx.post('orders/public/customers/delete', { id: added.id })).toEqual({ success: true });
    expect((await server.call('POST', 'orders/public/customers/delete', { token: ctx.account.token, body: { id: added.id } })).status).toBe(404);
  });

  it('rule: auth/login opens a customer session that lists every order shared with them and no other; a wrong password gets the staff text', async () => {
    const ctx = await stocked();
    const buyer = await signedInCustomer(ctx);
    const mine = [await newOrder(ctx, 'New', 'First'), await newOrder(ctx, 'New', 'Second')];
    for (const order of mine) await link(ctx, order.id, { customer_id: buyer.customer.id });
    const someoneElses = await newOrder(ctx, 'New', 'Someone else');
    await link(ctx, someoneElses.id, { email: `${unique('x')}@example.com` });
    await link(ctx, someoneElses.id);
    await newOrder(ctx, 'New', 'Not shared');
    const list = await get('public-order/order/list', buyer.token);
    expect(list.body.data.map((item: { name: string }) => item.name)).toEqual(['Second', 'First']);
    expect((await get('public-order/config', buyer.token)).body).toMatchObject({ user: { id: buyer.customer.id, email: buyer.email }, session: { kind: 'customer', order_id: null } });
    const [session] = await server.database.db.select().from(publicTokens).where(eq(publicTokens.tokenHash, sha256(buyer.token)));
    expect(session).toMatchObject({ customerId: buyer.customer.id, orderId: null });

    for (const body of [{ login: buyer.email, password: 'wrong' }, { login: 'nobody@example.com', password: 'buyer-password' }]) {
      expect(await server.call('POST', 'public-order/auth/login', { body })).toEqual({ status: 422, body: { success: false, error: 'Invalid username or password', code: 'invalidLogin' } });
    }
    // Staff credentials do not open the public area, and public ones do not open the staff area.
    expect((await server.call('POST', 'public-order/auth/login', { body: { login: ctx.account.email, password: ctx.account.password } })).status).toBe(422);
    expect((await server.call('POST', 'auth/login', { body: { login: buyer.email, password: buyer.password } })).status).toBe(422);
  });

  it('rule: the same e-mail and password at two sellers asks which one (409 with the accounts); account_id chooses', async () => {
    const first = await stocked();
    const second = await stocked();
    const email = `${unique('both')}@example.com`;
    const a = await first.post('orders/public/customers/add', { name: 'Both', email, password: 'same-password' });
    await second.post('orders/public/customers/add', { name: 'Both', email, password: 'same-password' });
    const ambiguous = await server.call('POST', 'public-order/auth/login', { body: { login: email, password: 'same-password' } });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toMatchObject({ success: false, error: 'This e-mail signs in to several sellers: choose one' });
    expect(ambiguous.body.accounts.map((item: { id: number }) => item.id).sort()).toEqual([first.account.id, second.account.id].sort());
    const chosen = await server.call('POST', 'public-order/auth/login', { body: { login: email, password: 'same-password', account_id: first.account.id } });
    expect(chosen.status).toBe(200);
    expect((await get('public-order/profile', chosen.body.access_token)).body.id).toBe(a.id);
  });

  it('rule: public sign-in is rate limited per address and login like the staff sign-in (429 with a clear text)', async () => {
    const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', loginRateLimit: 3 });
    const app = await buildApp({ config, db: server.database.db, logger: false });
    try {
      const attempt = () => app.inject({ method: 'POST', url: '/api/public-order/auth/login', payload: { login: 'guess@example.com', password: 'guess' } });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      const limited = await attempt();
      expect(JSON.parse(limited.body).error).toMatch(/^Too many attempts. Try again in \d+ s$/);
    } finally {
      await app.close();
    }
  });

  it('rule: the profile changes name and phone; a new password needs its confirmation and the current one, and ends the other sign-in sessions', async () => {
    const ctx = await stocked();
    const buyer = await signedInCustomer(ctx, { password: 'first-password' });
    const other = (await server.call('POST', 'public-order/auth/login', { body: { login: buyer.email, password: 'first-password' } })).body.access_token as string;
    expect((await get('public-order/profile', buyer.token)).body).toEqual({ id: buyer.customer.id, name: 'Buyer', email: buyer.email, phone: null, has_password: true });
    expect((await post('public-order/profile', buyer.token, { name: ' Anna B ', phone: '+7 901' })).body).toMatchObject({ name: 'Anna B', phone: '+7 901' });
    expect(await post('public-order/profile', buyer.token, { name: '  ' })).toMatchObject({ status: 400, body: { error: 'Empty field' } });
    expect(await post('public-order/profile', buyer.token, { password: 'new-password', password_confirm: 'other' })).toMatchObject({ status: 400, body: { error: 'The passwords do not match' } });
    expect(await post('public-order/profile', buyer.token, { password: 'new-password', password_confirm: 'new-password', current_password: 'wrong' })).toMatchObject({
      status: 422,
      body: { error: 'The current password is wrong' },
    });
    expect(await post('public-order/profile', buyer.token, { password: 'new-password', password_confirm: 'new-password' })).toMatchObject({ status: 422 });
    const changed = await post('public-order/profile', buyer.token, { password: 'new-password', password_confirm: 'new-password', current_password: 'first-password' });
    expect(changed.status).toBe(200);
    expect((await get('public-order/profile', buyer.token)).status).toBe(200);
    expect((await get('public-order/profile', other)).status).toBe(403);
    expect((await server.call('POST', 'public-order/auth/login', { body: { login: buyer.email, password: 'first-password' } })).status).toBe(422);
    expect((await server.call('POST', 'public-order/auth/login', { body: { login: buyer.email, password: 'new-password' } })).status).toBe(200);
  });

  it('rule: a link session may not set a password for the customer (first or new), so its holder never reaches their other orders; an anonymous link has no profile (422, the token stays)', async () => {
    const ctx = await stocked();
    const email = `${unique('starter')}@example.com`;
    const { token } = await linkedSession(ctx, 'New', { email, name: 'Starter' });
    expect((await get('public-order/profile', token)).body).toMatchObject({ name: 'Starter', email, has_password: false });
    const linkRefused = await post('public-order/profile', token, { password: 'my-password', password_confirm: 'my-password' });
    expect(linkRefused).toMatchObject({ status: 422, body: { error: 'A password cannot be set from an order link: use "Set or reset password by e-mail" on the sign-in page' } });
    expect((await get('public-order/profile', token)).body).toMatchObject({ has_password: false });
    expect((await server.call('POST', 'public-order/auth/login', { body: { login: email, password: 'my-password' } })).status).toBe(422);
    // Nor may it change a password the customer has, even knowing the current one.
    await ctx.post('orders/public/customers/update', { id: (await get('public-order/profile', token)).body.id, password: 'staff-set-1' });
    const changing = await post('public-order/profile', token, { password: 'taken-over', password_confirm: 'taken-over', current_password: 'staff-set-1' });
    expect(changing.status).toBe(422);
    expect((await server.call('POST', 'public-order/auth/login', { body: { login: email, password: 'staff-set-1' } })).status).toBe(200);

    const anonymous = await linkedSession(ctx);
    const refused = await get('public-order/profile', anonymous.token);
    expect(refused).toEqual({ status: 422, body: { error: 'This link is not made for a customer, so there is no profile: sign in to see yours', code: 'publicNoProfile' } });
    expect((await post('public-order/profile', anonymous.token, { name: 'X' })).status).toBe(422);
    expect((await get('public-order/order', anonymous.token, { order_id: anonymous.order.id })).status).toBe(200);
  });
});

describe('what a public caller sees', () => {
  it('rule: fields with public_order_visible 0 are never sent — not in orders, positions, products, card properties or field lists; nor costs, profit or staff data', async () => {
    const ctx = await stocked();
    const { db } = server.database;
    // Order fields: one public and editable, one hidden.
    await db.insert(fields).values([
      { accountId: ctx.account.id, entity: 'order', code: 'delivery_note', name: 'Delivery note', type: 3, leadConfig: { visible: 1, public_order_visible: 1, editable: 1 } },
      { accountId: ctx.account.id, entity: 'order', code: 'margin_comment', name: 'Margin comment', type: 3, leadConfig: { visible: 1, public_order_visible: 0, editable: 1 } },
    ]);
    const order = await newOrder(ctx, 'Reserved');
    await ctx.post('orders/update', { id: order.id, version: order.version, fields: { delivery_note: 'Leave at the door', margin_comment: 'SECRET-MARGIN' } });
    const share = await link(ctx, order.id);
    const token = (await exchange(share.link_token)).body.token as string;
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.positions).toEqual([expect.objectContaining({ product_id: ctx.product.id, count: 1, price: 100, fields: { retail: expect.any(Object), colour: 'red' } })]);
    expect(added.body.fields).toEqual({ delivery_note: 'Leave at the door', name: 'Order for a customer' });

    const answers = [
      added,
      await get('public-order/order', token, { order_id: order.id }),
      await get('public-order/order/list', token),
      await get('public-order/categories/list', token),
      await get('public-order/fields/list', token),
      await get('public-order/fields/list', token, { entity: 'order' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      for (const secret of ['SECRET-SUPPLIER-NOTE', 'supplier_note', 'SECRET-MARGIN', 'margin_comment', 'cost_price', 'profit', 'user_name', ctx.account.email]) expect(text).not.toContain(secret);
    }
    expect(answers[4].body.map((field: { code: string }) => field.code).sort()).toEqual(['colour', 'retail']);
    expect(answers[5].body.map((field: { code: string }) => field.code)).toEqual(['delivery_note']);
    // The staff still see everything.
    const staff = await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } });
    expect(staff.body.positions[0].fields.supplier_note).toBe('SECRET-SUPPLIER-NOTE');
    expect(staff.body.fields.margin_comment).toBe('SECRET-MARGIN');
  });

  it('rule: config, pipelines, field types and the catalogue (tree, public card properties, products with stock per warehouse) answer as the public screens need', async () => {
    const ctx = await stocked(7);
    const parent = await ctx.post('category/add', { name: 'Tools' });
    const child = await ctx.post('category/add', { name: 'Drills', parent_id: parent.id });
    const drill = await ctx.post('product/add', { name: 'Cordless drill', article: 'CD-2', category_id: child.id, values: { retail: { cost: 250 } } });
    await ctx.post('product/arrival', { product_id: drill.id, warehouse_id: ctx.main.id, batch: 'C1', count: 4, cost_price: 100 });
    const { token } = await linkedSession(ctx);

    const staffPipelines = (await server.call('GET', 'orders/pipelines/list', { token: ctx.account.token })).body;
    expect((await get('public-order/pipelines', token)).body).toEqual(staffPipelines);
    expect((await get('public-order/fields/types', token)).body).toEqual((await server.call('GET', 'field/types', { token: ctx.account.token })).body);
    expect((await get('public-order/config', token)).body.account).toMatchObject({ id: ctx.account.id, is_kommo: false, currency: 'RUB' });

    const catalogue = await get('public-order/categories/list', token);
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.categories).toEqual([expect.objectContaining({ id: parent.id, subcategories: [expect.objectContaining({ id: child.id, levels: [parent.id, child.id] })] })]);
    const publicFieldIds = (await get('public-order/fields/list', token)).body.map((field: { id: number }) => field.id).sort();
    for (const item of catalogue.body.properties) expect([...item.fields_id_2].sort()).toEqual(publicFieldIds);
    expect(catalogue.body.products.data.map((item: { name: string }) => item.name)).toEqual(['Cordless drill', 'Hammer drill']);
    expect(catalogue.body.products.data[1]).toEqual({
      id: ctx.product.id,
      name: 'Hammer drill',
      article: 'HD-1',
      type: 'product',
      unit: 'pcs',
      category_id: null,
      price: 100,
      currency: 'RUB',
      // No warehouses (issue 19 §3): the server picks one when the customer adds the product.
      availability: 'in_stock',
      fields: { retail: expect.objectContaining({ cost: 100 }), colour: 'red' },
    });
    const inTools = await get('public-order/categories/list', token, { category_id: parent.id });
    expect(inTools.body.products.data.map((item: { id: number }) => item.id)).toEqual([drill.id]);
    expect((await get('public-order/categories/list', token, { search: 'hd-1' })).body.products.meta.total).toBe(1);
    const other = await stocked();
    const foreign = await other.post('category/add', { name: 'Theirs' });
    expect((await get('public-order/categories/list', token, { category_id: foreign.id })).status).toBe(404);
  });
});

describe('what a public caller may change', () => {
  it('rule: position add and delete through the public area reserve and release stock by the stage rules, as staff changes do; the ledger names no user', async () => {
    const ctx = await stocked(10);
    const { order, token } = await linkedSession(ctx, 'Reserved');
    const added = await post('public-order/order/position/add', token, { order_id: order.id, product: `${ctx.product.id}%%%${ctx.main.code}`, quantity: 3 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ sum: 300, positions: [expect.objectContaining({ count: 3, availability: 'in_stock', max_count: null })] });
    // The stock state is the staff's to see (issue 19 §3): the customer's answer leaves it out.
    expect(added.body).not.toHaveProperty('stock_state');
    expect((await server.call('GET', 'orders/order', { token: ctx.account.token, query: { order_id: order.id } })).body.stock_state).toBe('reserved');
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 3 });
    const ledger = await server.database.db.select().from(movements).where(eq(movements.productId, ctx.product.id));
    expect(ledger.filter((row) => row.eventType !== 'arrival').every((row) => row.userId === null)).toBe(true);

    const removed = await post('public-order/order/position/delete', token, { id: added.body.positions[0].id, order_id: order.id });
    expect(removed.status).toBe(200);
    expect(removed.body.positions).toEqual([]);
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 0 });
    // In a new (not reserving) stage of a pipeline that has a reservation stage, nothing is reserved: the same rule as for staff.
    const later = await linkedSession(ctx, 'New');
    await post('public-order/order/position/add', later.token, { order_id: later.order.id, product: String(ctx.product.id), quantity: 2 });
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 0 });
  });

  it('rule: editability is enforced — price, price type and VAT are read-only, hidden or non-editable order fields are refused, locked stages refuse products; a refusal writes nothing', async () => {
    const ctx = await stocked(10);
    const { db } = server.database;
    await db.insert(fields).values([
      { accountId: ctx.account.id, entity: 'order', code: 'delivery_note', name: 'Delivery note', type: 3, leadConfig: { visible: 1, public_order_visible: 1, editable: 1 } },
      { accountId: ctx.account.id, entity: 'order', code: 'shown_only', name: 'Shown only', type: 3, leadConfig: { visible: 1, public_order_visible: 1, editable: 0 } },
      { accountId: ctx.account.id, entity: 'order', code: 'staff_only', name: 'Staff only', type: 3, leadConfig: { visible: 1, public_order_visible: 0, editable: 1 } },
    ]);
    const { order, token } = await linkedSession(ctx, 'Reserved');
    const added = (await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id) })).body;
    const position = added.positions[0];
    const snapshot = () => snapshotAccount(db, ctx.account.id, [ctx.account.ownerId]);
    const before = await snapshot();

    for (const change of [{ price: 1 }, { price_field: 'retail2' }, { nds: 0 }]) {
      const refused = await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: position.id, count: 2, ...change }] });
      expect(refused).toEqual({ status: 422, body: { error: 'The price, price type and VAT of a position cannot be changed in a public order', code: 'publicPriceReadOnly' } });
    }
    for (const code of ['shown_only', 'staff_only', 'name', 'no_such_field']) {
      const refused = await post('public-order/order/update', token, { order_id: order.id, fields: { [code]: 'x' } });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe(`These fields cannot be changed in a public order: ${code}`);
    }
    expect(diffSnapshots(before, await snapshot())).toEqual([]);

    // Unchanged price values may be sent with the new count (a client may send whole positions).
    const updated = await post('public-order/order/update', token, {
      order_id: order.id,
      positions: [{ id: position.id, count: 4, price: position.price, price_field: position.price_field, nds: position.nds }],
      fields: { delivery_note: 'Ring twice' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ sum: 400, fields: { delivery_note: 'Ring twice' }, positions: [expect.objectContaining({ count: 4, availability: 'in_stock' })] });
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 4 });
    // More than is available is refused whole, without saying how many are left.
    const over = await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: position.id, count: 11 }] });
    expect(over).toEqual({ status: 422, body: HAMMER_SHORT });
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 4 });
    // A stale version, when the client sends one, is refused as for staff.
    expect((await post('public-order/order/update', token, { order_id: order.id, version: 1, positions: [{ id: position.id, count: 1 }] })).status).toBe(409);

    // A stage that blocks products refuses the customer's product changes.
    await db.update(pipelineStatuses).set({ blocksProducts: true }).where(eq(pipelineStatuses.id, ctx.stages.Reserved));
    const locked = await get('public-order/order', token, { order_id: order.id });
    expect(locked.body).toMatchObject({ products_locked: true, active: false });
    const lockedBefore = await snapshot();
    expect((await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id) })).body).toEqual({
      error: 'The products of this order cannot be changed at this stage',
      code: 'productsLocked',
    });
    expect((await post('public-order/order/update', token, { order_id: order.id, positions: [{ id: position.id, count: 1 }] })).status).toBe(422);
    expect((await post('public-order/order/position/delete', token, { id: position.id })).status).toBe(422);
    expect(diffSnapshots(lockedBefore, await snapshot())).toEqual([]);
  });
});

describe('isolation of public callers', () => {
  it('rule: a public token on any staff route is refused with 403 (the client then clears it)', async () => {
    const ctx = await stocked();
    const { token } = await linkedSession(ctx);
    const opened: string[] = [];
    for (const route of server.app.apiRoutes.filter((item) => item.auth === 'staff')) {
      const answer = await callRoute(server.app, route, { token, params: { id: 1 } });
      if (answer.status !== 403 || answer.body?.error !== PUBLIC_TOKEN_ON_STAFF_ROUTE) opened.push(`${routeName(route)}: ${answer.status} ${answer.text.slice(0, 100)}`);
    }
    expect(opened).toEqual([]);
  });

  it('rule: a staff token on any public route is refused with 403; so is a missing or forged token', async () => {
    const ctx = await stocked();
    const publicRoutes = server.app.apiRoutes.filter((item) => item.auth === 'public');
    expect(publicRoutes.map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/public-order/profile',
        'POST /api/public-order/profile',
        'GET /api/public-order/order',
        'GET /api/public-order/order/list',
        'POST /api/public-order/order/update',
        'POST /api/public-order/order/position/add',
        'POST /api/public-order/order/position/delete',
        'GET /api/public-order/config',
        'GET /api/public-order/categories/list',
        'GET /api/public-order/fields/types',
        'GET /api/public-order/fields/list',
        'GET /api/public-order/pipelines',
        'GET /api/public-order/custom-doc/list',
        'POST /api/public-order/custom-doc/upload',
        'GET /api/public-order/custom-doc/delete',
        'GET /api/public-order/doc/list',
        'GET /api/public-order/doc/delete',
      ]),
    );
    const open = server.app.apiRoutes.filter((item) => item.url.startsWith('/api/public-order/') && item.auth === 'none').map(routeName);
    expect(open.sort()).toEqual([
      'GET /api/public-order/token/get',
      'GET /api/public-order/token/get-public',
      'POST /api/public-order/auth/login',
      'POST /api/public-order/auth/password/request',
      'POST /api/public-order/auth/password/set',
      'POST /api/public-order/token/get',
      'POST /api/public-order/token/get-public',
    ]);
    const failures: string[] = [];
    for (const route of publicRoutes) {
      for (const [token, text] of [
        [ctx.account.token, STAFF_TOKEN_ON_PUBLIC_ROUTE],
        [undefined, 'Token not valid'],
        ['forged-token', 'Token not valid'],
      ] as const) {
        const answer = await callRoute(server.app, route, { token, query: { order_id: 1, id: 1 } });
        if (answer.status !== 403 || answer.body?.error !== text) failures.push(`${routeName(route)} with ${token ?? 'no token'}: ${answer.status} ${answer.text.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("rule: another customer's order, an unshared order and another account's order are all 'No such order' (404) — nothing revealed, nothing changed", async () => {
    const ctx = await stocked();
    const buyer = await signedInCustomer(ctx);
    const mine = await newOrder(ctx, 'Reserved');
    await link(ctx, mine.id, { customer_id: buyer.customer.id });
    const someoneElse = await signedInCustomer(ctx);
    const theirs = await newOrder(ctx, 'Reserved', 'Their order');
    await link(ctx, theirs.id, { customer_id: someoneElse.customer.id });
    const theirPosition = (await post('public-order/order/position/add', someoneElse.token, { order_id: theirs.id, product: String(ctx.product.id) })).body.positions[0];
    const unshared = await newOrder(ctx, 'Reserved', 'Unshared order');
    const other = await stocked();
    const foreign = await newOrder(other, 'Reserved', 'Foreign order');
    await link(other, foreign.id);

    const before = [await snapshotAccount(server.database.db, ctx.account.id, [ctx.account.ownerId]), await snapshotAccount(server.database.db, other.account.id, [other.account.ownerId])];
    for (const order of [theirs, unshared, foreign]) {
      expect(await get('public-order/order', buyer.token, { order_id: order.id })).toEqual({ status: 404, body: NO_SUCH_ORDER });
      expect(await post('public-order/order/update', buyer.token, { order_id: order.id, positions: [] })).toEqual({ status: 404, body: NO_SUCH_ORDER });
      expect(await post('public-order/order/position/add', buyer.token, { order_id: order.id, product: String(ctx.product.id) })).toEqual({ status: 404, body: NO_SUCH_ORDER });
      for (const path of ['public-order/custom-doc/list', 'public-order/doc/list']) expect(await get(path, buyer.token, { order_id: order.id })).toEqual({ status: 404, body: NO_SUCH_ORDER });
      expect(await get('public-order/custom-doc/delete', buyer.token, { order_id: order.id, id: 1 })).toEqual({ status: 404, body: NO_SUCH_ORDER });
    }
    expect(await post('public-order/order/position/delete', buyer.token, { id: theirPosition.id })).toEqual({ status: 404, body: { error: 'No such position', code: 'noSuchPosition' } });
    expect((await get('public-order/order/list', buyer.token)).body.data.map((item: { id: number }) => item.id)).toEqual([mine.id]);
    expect(await get('public-order/order/list', buyer.token, { search: 'Their' })).toMatchObject({ body: { data: [] } });
    const after = [await snapshotAccount(server.database.db, ctx.account.id, [ctx.account.ownerId]), await snapshotAccount(server.database.db, other.account.id, [other.account.ownerId])];
    expect(diffSnapshots(before[0], after[0])).toEqual([]);
    expect(diffSnapshots(before[1], after[1])).toEqual([]);
  });

  it('rule: a link session reaches only its own order, even when the link was made for a customer with other shared orders', async () => {
    const ctx = await stocked();
    const buyer = await signedInCustomer(ctx);
    const first = await newOrder(ctx, 'New', 'First');
    const second = await newOrder(ctx, 'New', 'Second');
    const share = await link(ctx, first.id, { customer_id: buyer.customer.id });
    await link(ctx, second.id, { customer_id: buyer.customer.id });
    const token = (await exchange(share.link_token)).body.token as string;
    expect((await get('public-order/order/list', token)).body.data.map((item: { id: number }) => item.id)).toEqual([first.id]);
    expect(await get('public-order/order', token, { order_id: second.id })).toEqual({ status: 404, body: NO_SUCH_ORDER });
    expect((await get('public-order/config', token)).body.session).toEqual({ kind: 'link', order_id: first.id });
  });

  it("rule: walking every public route with another account's ids shows none of its data", async () => {
    const mark = `psec${randomBytes(4).toString('hex')}`;
    const ctx = await stocked();
    const { token } = await linkedSession(ctx);
    const other = await stocked();
    const foreignProduct = await other.post('product/add', { name: `${mark}-product`, values: { colour: `${mark}-colour` } });
    const foreignOrder = await newOrder(other, 'Reserved', `${mark}-order`);
    const foreignShare = await link(other, foreignOrder.id, { email: `${mark}@example.com`, name: `${mark}-customer` });
    const foreignToken = (await exchange(foreignShare.link_token)).body.token as string;
    const foreignPosition = (await post('public-order/order/position/add', foreignToken, { order_id: foreignOrder.id, product: String(other.product.id) })).body.positions[0];
    const foreignCategory = await other.post('category/add', { name: `${mark}-category` });
    const ids = [other.account.id, foreignProduct.id, foreignOrder.id, foreignShare.id, foreignShare.customer.id, foreignPosition.id, foreignCategory.id];
    const before = await snapshotAccount(server.database.db, other.account.id, [other.account.ownerId]);
    const leaks: string[] = [];
    // Sign-out would end the walk's own session (test/server/sessions.test.ts covers it).
    for (const route of server.app.apiRoutes.filter((item) => item.auth === 'public' && !item.endsSessions)) {
      for (const id of ids) {
        const hint: Hint = (name) => (isIdField(name) ? id : name === 'product' ? String(id) : undefined);
        const parts = schemaParts(route);
        const answer = await callRoute(server.app, route, {
          token,
          query: parts.query ? sampleObject(parts.query, { hint }) : {},
          body: parts.body ? sampleObject(parts.body, { hint }) : undefined,
        });
        if (answer.status >= 500 || answer.text.includes(mark)) leaks.push(`${routeName(route)} with ${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(diffSnapshots(before, await snapshotAccount(server.database.db, other.account.id, [other.account.ownerId]))).toEqual([]);
    // Control: the other account's own link session does see its marked data.
    expect(JSON.stringify((await get('public-order/order', foreignToken, { order_id: foreignOrder.id })).body)).toContain(mark);
  });
});

describe('concurrency', () => {
  it('no oversell: 50 concurrent public-order/order/position/add of 1 unit with 10 available leave exactly 10 reserved and 40 refused with a clear text', async () => {
    const ctx = await stocked(10);
    const { order, token } = await linkedSession(ctx, 'Reserved');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 1 })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect(answer.body).toEqual(HAMMER_SHORT);
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 10 });
    const [position] = await server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, order.id));
    expect(Number(position.quantity)).toBe(10);
  });

  it('no oversell across customers: 10 customers adding 5 units each concurrently into their own orders leave exactly 10 reserved', async () => {
    const ctx = await stocked(10);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => linkedSession(ctx, 'Reserved')));
    const answers = await Promise.all(
      sessions.flatMap(({ order, token }) =>
        Array.from({ length: 5 }, () => post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id) })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(40);
    expect(await balance(ctx.product.id)).toEqual({ count: 10, reserve: 10 });
  });
});

describe('business-process scenarios: which products customers are offered', () => {
  /** Three products: one tagged vip, one tagged wholesale, one untagged; a vip customer and an untagged one. */
  async function tagged(visibility: 'all' | 'tagged' | 'tagged_or_untagged') {
    const ctx = await stocked(0);
    const vip = await ctx.post('product/add', { name: 'A vip product', tags: ['vip'] });
    const wholesale = await ctx.post('product/add', { name: 'B wholesale product', tags: ['wholesale'] });
    const plain = await ctx.post('product/add', { name: 'C untagged product' });
    await ctx.post('product/update', { id: ctx.product.id, tags: ['wholesale'] });
    // In stock, so the scenarios decide what may be added (public customers cannot order more than is available).
    for (const product of [vip, wholesale, plain, ctx.product]) await ctx.post('product/arrival', { product_id: product.id, warehouse_id: ctx.main.id, batch: 'S1', count: 5, cost_price: 1 });
    expect(await ctx.post('orders/public/settings', { product_visibility: visibility })).toEqual({ product_visibility: visibility, max_count_per_position: null, max_count_per_order: null });
    const vipBuyer = await signedInCustomer(ctx, { tags: ['vip', 'north'] });
    const plainBuyer = await signedInCustomer(ctx);
    const offered = async (token: string) => (await get('public-order/categories/list', token)).body.products.data.map((item: { name: string }) => item.name);
    const order = await newOrder(ctx);
    await link(ctx, order.id, { customer_id: vipBuyer.customer.id });
    const add = (token: string, productId: number) => post('public-order/order/position/add', token, { order_id: order.id, product: String(productId) });
    return { ctx, vip, wholesale, plain, vipBuyer, plainBuyer, offered, add };
  }

  it('scenario "show all products to all customers": tagged and untagged products alike', async () => {
    const { vipBuyer, plainBuyer, offered, add, wholesale } = await tagged('all');
    const everything = ['A vip product', 'B wholesale product', 'C untagged product', 'Hammer drill'];
    expect(await offered(vipBuyer.token)).toEqual(everything);
    expect(await offered(plainBuyer.token)).toEqual(everything);
    expect((await add(vipBuyer.token, wholesale.id)).status).toBe(200);
  });

  it('scenario "tagged products only to customers with matching tags": a vip customer sees vip products only; a customer without tags, and an anonymous link, see none', async () => {
    const { ctx, vipBuyer, plainBuyer, offered, add, vip, plain, wholesale } = await tagged('tagged');
    expect(await offered(vipBuyer.token)).toEqual(['A vip product']);
    expect(await offered(plainBuyer.token)).toEqual([]);
    const anonymous = await linkedSession(ctx);
    expect(await offered(anonymous.token)).toEqual([]);
    expect((await add(vipBuyer.token, vip.id)).status).toBe(200);
    for (const product of [plain, wholesale]) expect(await add(vipBuyer.token, product.id)).toEqual({ status: 404, body: { error: 'No such product', code: 'noSuchProduct' } });
    // A customer's new tags apply at once.
    await ctx.post('orders/public/customers/update', { id: plainBuyer.customer.id, tags: ['wholesale'] });
    expect(await offered(plainBuyer.token)).toEqual(['B wholesale product', 'Hammer drill']);
  });

  it('scenario "matching tags or untagged": a vip customer sees vip and untagged products; a customer without tags only untagged ones', async () => {
    const { vipBuyer, plainBuyer, offered, add, plain, wholesale } = await tagged('tagged_or_untagged');
    expect(await offered(vipBuyer.token)).toEqual(['A vip product', 'C untagged product']);
    expect(await offered(plainBuyer.token)).toEqual(['C untagged product']);
    expect((await add(vipBuyer.token, plain.id)).status).toBe(200);
    expect(await add(vipBuyer.token, wholesale.id)).toEqual({ status: 404, body: { error: 'No such product', code: 'noSuchProduct' } });
  });

  it('rule: the scenario is an admin setting (default "all"); other members read it, a bad value is refused', async () => {
    const ctx = await stocked(0);
    expect((await server.call('GET', 'orders/public/settings', { token: ctx.account.token })).body).toEqual({ product_visibility: 'all', max_count_per_position: null, max_count_per_order: null });
    const member = await server.newMember(ctx.account, { activity: true, admin: false });
    expect((await server.call('GET', 'orders/public/settings', { token: member.token })).status).toBe(200);
    expect((await server.call('POST', 'orders/public/settings', { token: member.token, body: { product_visibility: 'tagged' } })).status).toBe(422);
    expect((await server.call('POST', 'orders/public/settings', { token: ctx.account.token, body: { product_visibility: 'some' } })).status).toBe(400);
    expect((await server.call('GET', 'orders/public/settings', { token: ctx.account.token })).body).toEqual({ product_visibility: 'all', max_count_per_position: null, max_count_per_order: null });
  });
});

/** A multipart body with the given fields and one file. */
function multipart(fieldsOfForm: Record<string, string>, file: { name: string; content: string; type?: string }) {
  const boundary = `----public${randomBytes(6).toString('hex')}`;
  let body = '';
  for (const [name, value] of Object.entries(fieldsOfForm)) body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/plain'}\r\n\r\n${file.content}\r\n--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, path: string, query: Record<string, string | number>, form: Record<string, string>, content = 'hello') {
  const body = multipart(form, { name: 'note.txt', content });
  const response = await server.app.inject({ method: 'POST', url: `/api/${path}`, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])), payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

describe('documents of a shared order', () => {
  it('rule: the customer lists public-visible files only, uploads their own, downloads, and deletes only what they uploaded', async () => {
    const ctx = await stocked();
    const email = `${unique('doc')}@example.com`;
    const { order, token } = await linkedSession(ctx, 'New', { email });
    const staffVisible = await upload(ctx.account.token, 'orders/custom-doc/upload', {}, { order_id: String(order.id) }, 'staff shared');
    const staffHidden = await upload(ctx.account.token, 'orders/custom-doc/upload', {}, { order_id: String(order.id), public_visible: '0' }, 'staff only');
    expect([staffVisible.status, staffHidden.status]).toEqual([200, 200]);

    const mine = await upload(token, 'public-order/custom-doc/upload', { order_id: order.id }, { order_id: String(order.id) }, 'from the customer');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({ order_id: order.id, kind: 'custom', name: 'note.txt', public_visible: true, deletable: true });
    // Staff identities stay with the staff (issue 19 §3): no user_id or user_name at all in a public answer.
    expect(mine.body).not.toHaveProperty('user_id');
    expect(mine.body).not.toHaveProperty('user_name');
    const listed = await get('public-order/custom-doc/list', token, { order_id: order.id });
    expect(listed.body.map((file: { id: number }) => file.id)).toEqual([staffVisible.body.id, mine.body.id]);
    expect(listed.body.map((file: { deletable: boolean }) => file.deletable)).toEqual([false, true]);

    const download = await server.app.inject({ method: 'GET', url: `/api/public-order/custom-doc/download?id=${staffVisible.body.id}&order_id=${order.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('staff shared');
    expect((await get('public-order/custom-doc/download', token, { id: staffHidden.body.id, order_id: order.id })).status).toBe(404);

    expect(await get('public-order/custom-doc/delete', token, { id: staffVisible.body.id, order_id: order.id })).toEqual({ status: 422, body: { error: 'You can delete only the files you uploaded', code: 'notYourFile' } });
    expect(await get('public-order/custom-doc/delete', token, { id: staffHidden.body.id, order_id: order.id })).toEqual({ status: 404, body: { error: 'No such file', code: 'noSuchFile' } });
    expect(await get('public-order/custom-doc/delete', token, { id: mine.body.id, order_id: order.id })).toEqual({ status: 200, body: { success: true } });
    expect((await server.database.db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id))).map((row) => row.id)).toEqual([staffVisible.body.id, staffHidden.body.id]);
  });

  it('rule: generated documents are listed when public-visible and cannot be deleted by the customer', async () => {
    const ctx = await stocked();
    const { order, token } = await linkedSession(ctx);
    const [generated] = await server.database.db
      .insert(orderFiles)
      .values({ accountId: ctx.account.id, orderId: order.id, kind: 'generated', name: 'Invoice.pdf', mime: 'application/pdf', size: 3, content: Buffer.from('pdf'), userId: ctx.account.ownerId })
      .returning();
    await server.database.db
      .insert(orderFiles)
      .values({ accountId: ctx.account.id, orderId: order.id, kind: 'generated', name: 'Internal.pdf', mime: 'application/pdf', size: 3, content: Buffer.from('pdf'), publicVisible: false });
    const listed = await get('public-order/doc/list', token, { order_id: order.id });
    expect(listed.body.map((file: { name: string }) => file.name)).toEqual(['Invoice.pdf']);
    expect((await get('public-order/doc/delete', token, { id: generated.id, order_id: order.id })).status).toBe(422);
    expect((await get('public-order/doc/download', token, { id: generated.id, order_id: order.id })).status).toBe(200);
  });

  it('rule: an upload for an order the caller may not open stores nothing (404), and a form naming another order than the address is refused and removed (400)', async () => {
    const ctx = await stocked();
    const { order, token } = await linkedSession(ctx);
    const unshared = await newOrder(ctx, 'New', 'Unshared');
    const count = async () => (await server.database.db.select().from(orderFiles).where(eq(orderFiles.accountId, ctx.account.id))).length;
    expect(await upload(token, 'public-order/custom-doc/upload', { order_id: unshared.id }, { order_id: String(unshared.id) })).toEqual({ status: 404, body: NO_SUCH_ORDER });
    expect(await upload(token, 'public-order/custom-doc/upload', { order_id: order.id }, { order_id: String(unshared.id) })).toEqual({
      status: 400,
      body: { error: 'The order_id of the form differs from the order_id of the address', code: 'orderIdMismatch' },
    });
    expect(await count()).toBe(0);
    // The order is still the orders row's, with no stray shares made by any of this.
    expect(await server.database.db.select().from(orders).where(eq(orders.id, unshared.id))).toHaveLength(1);
  });
});

describe('bad input on the public routes, past the auth hook', () => {
  /** Wrong JSON types and awkward texts for any field. */
  const BAD_VALUES: unknown[] = [null, true, 0, -1, 1.5, 2 ** 31, 1e300, '', ' ', 'abc', 'a\u0000b', 'x'.repeat(5000), [], {}, [null], { a: 1 }];

  it('rule: wrong types in every field and broken JSON, with a valid public token: a 4xx with { error } or an acceptance, never a 5xx; a refusal changes nothing', async () => {
    const ctx = await stocked();
    const buyer = await signedInCustomer(ctx);
    const order = await newOrder(ctx, 'Reserved');
    await link(ctx, order.id, { customer_id: buyer.customer.id });
    const position = (await post('public-order/order/position/add', buyer.token, { order_id: order.id, product: String(ctx.product.id) })).body.positions[0];
    const known: Record<string, number> = { order_id: order.id, id: position.id };
    const hint: Hint = (name) => known[name] ?? (name === 'product' ? String(ctx.product.id) : undefined);
    const { db } = server.database;
    const snapshot = () => snapshotAccount(db, ctx.account.id, [ctx.account.ownerId]);
    // The account as it was at a WAL position: a refusal must leave the WAL where it was, or at least the rows as they were.
    let knownState: { wal: string; rows: Snapshot } = { wal: await walPosition(db), rows: await snapshot() };
    const failures: string[] = [];
    let calls = 0;
    // Sign-out would end the walk's own session (test/server/sessions.test.ts covers it).
    for (const route of server.app.apiRoutes.filter((item) => item.auth === 'public' && !item.endsSessions)) {
      const parts = schemaParts(route);
      const base = { query: parts.query ? sampleObject(parts.query, { hint }) : {}, body: parts.body ? sampleObject(parts.body, { hint }) : undefined };
      const writes = route.method === 'POST' || route.url.endsWith('/delete');
      const variants: { label: string; call: Parameters<typeof callRoute>[2] }[] = [];
      for (const part of ['query', 'body'] as const) {
        const schema = (part === 'query' ? parts.query : parts.body) as JsonSchema | undefined;
        for (const name of Object.keys(fieldsOf(schema).properties)) {
          for (const value of BAD_VALUES) variants.push({ label: `${part}.${name} = ${JSON.stringify(value)?.slice(0, 20)}`, call: { ...base, [part]: { ...(base[part] ?? {}), [name]: value } } });
        }
      }
      if (route.method === 'POST') {
        for (const raw of ['{', '[1,]', '"text"', 'null', '{"__proto__":{"x":1}}']) variants.push({ label: `raw ${raw}`, call: { ...base, body: undefined, rawBody: raw } });
      }
      for (const { label, call } of variants) {
        if (writes && (await walPosition(db)) !== knownState.wal) knownState = { wal: await walPosition(db), rows: await snapshot() };
        const answer = await callRoute(server.app, route, { token: buyer.token, ...call });
        calls += 1;
        const where = `${routeName(route)} with ${label}: ${answer.status} ${answer.text.slice(0, 160)}`;
        if (answer.status >= 500 || answer.status === 403) failures.push(where);
        else if (answer.status >= 400) {
          if (typeof answer.body?.error !== 'string' || !answer.body.error.trim()) failures.push(`${where} (no error text)`);
          else if (writes && (await walPosition(db)) !== knownState.wal && diffSnapshots(knownState.rows, await snapshot()).length) failures.push(`${where} (refused but changed the database)`);
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    // The session survived the walk, so every call above was judged past the auth hook.
    expect((await get('public-order/order', buyer.token, { order_id: order.id })).status).toBe(200);
  }, 300_000);
});

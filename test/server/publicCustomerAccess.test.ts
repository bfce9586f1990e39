import { describe, expect, it } from 'vitest';
import { codeIn, useTestServer } from './harness';
import { publicOrderSetup } from './publicOrderSetup';

/**
 * Public customers' access (spec 2 §6, issue 17 §4): the list shows the orders shared with each; staff invite a
 * customer by e-mail (a code through the mail outbox sets their password), reset the password (the old one stops
 * working, sign-in sessions end) and disable them (every session of theirs ends at once, sign-in is refused).
 */
const server = useTestServer();
const { stocked, signedInCustomer, get, post } = publicOrderSetup(server);

const setPassword = (email: string, code: string, password: string) => server.call('POST', 'public-order/auth/password/set', { body: { email, code, password } });
const signIn = (email: string, password: string) => server.call('POST', 'public-order/auth/login', { body: { login: email, password } });

describe('public customers (orders/public/customers/*)', () => {
  it('rule: invite mails a code through the outbox naming the seller and the sign-in page; the code sets the password and opens sign-in', async () => {
    const ctx = await stocked(1);
    const email = `invitee-${ctx.mark}@example.com`;
    const customer = await ctx.post('orders/public/customers/add', { name: 'Nina Invitee', email });
    expect(customer).toMatchObject({ has_password: false, disabled: false });
    expect((await ctx.post('orders/public/customers/invite', { id: customer.id })).id).toBe(customer.id);
    const mail = await server.lastMessage(email);
    expect(mail).toContain('invites you');
    expect(mail).toContain('#/publicOrderAuth');
    expect((await setPassword(email, codeIn(mail), 'nina-password')).status).toBe(200);
    expect((await signIn(email, 'nina-password')).status).toBe(200);
  });

  it('rule: a customer without an e-mail cannot be invited — a clear 422, nothing mailed', async () => {
    const ctx = await stocked(0);
    const customer = await ctx.post('orders/public/customers/add', { name: 'No Mail' });
    const refused = await server.call('POST', 'orders/public/customers/invite', { token: ctx.account.token, body: { id: customer.id } });
    expect(refused).toMatchObject({ status: 422, body: { error: 'This customer has no e-mail: add one to invite them' } });
  });

  it('rule: the list names the orders shared with each customer', async () => {
    const ctx = await stocked(0);
    const { customer } = await signedInCustomer(ctx);
    const order = await ctx.post('orders/add', { name: 'Spring delivery' });
    await ctx.post('orders/public/link', { order_id: order.id, customer_id: customer.id });
    const list = await server.call('GET', 'orders/public/customers/list', { token: ctx.account.token });
    expect(list.body.data.find((row: { id: number }) => row.id === customer.id).orders).toEqual([{ id: order.id, name: 'Spring delivery' }]);
  });

  it('rule: reset — the old password stops working, the sign-in session ends, the mailed code sets a new one', async () => {
    const ctx = await stocked(0);
    const { customer, email, token } = await signedInCustomer(ctx);
    const reset = await ctx.post('orders/public/customers/reset-password', { id: customer.id });
    expect(reset.has_password).toBe(false);
    expect((await get('public-order/profile', token)).status).toBe(403);
    expect((await signIn(email, 'buyer-password')).status).toBe(422);
    const mail = await server.lastMessage(email);
    expect(mail).toContain('was reset');
    expect((await setPassword(email, codeIn(mail), 'new-password')).status).toBe(200);
    expect((await signIn(email, 'new-password')).status).toBe(200);
  });

  it('rule: disable ends every session of the customer at once (sign-in and link), refuses sign-in and their links; enable lets them sign in again', async () => {
    const ctx = await stocked(1);
    const { customer, email, token } = await signedInCustomer(ctx);
    const order = await ctx.post('orders/add', { name: 'Shared' });
    const share = await ctx.post('orders/public/link', { order_id: order.id, customer_id: customer.id });
    const linkSession = (await server.call('GET', 'public-order/token/get', { query: { public_token: share.link_token } })).body.token as string;
    expect((await get('public-order/order', linkSession, { order_id: order.id })).status).toBe(200);

    expect((await ctx.post('orders/public/customers/disable', { id: customer.id })).disabled).toBe(true);
    expect((await get('public-order/profile', token)).status).toBe(403);
    expect((await get('public-order/order', linkSession, { order_id: order.id })).status).toBe(403);
    expect((await post('public-order/order/list', token, {})).status).toBe(403);
    expect((await signIn(email, 'buyer-password')).status).toBe(422);
    // A link of theirs opened after the disabling gives no usable session either.
    const later = await server.call('GET', 'public-order/token/get', { query: { public_token: share.link_token } });
    if (later.status === 200) expect((await get('public-order/order', later.body.token, { order_id: order.id })).status).toBe(403);
    // Nor can staff mail them a way back in while disabled.
    expect((await server.call('POST', 'orders/public/customers/invite', { token: ctx.account.token, body: { id: customer.id } })).status).toBe(422);

    expect((await ctx.post('orders/public/customers/enable', { id: customer.id })).disabled).toBe(false);
    expect((await signIn(email, 'buyer-password')).status).toBe(200);
  });

  it('rule: another account’s customer is not found; a member without the right to change orders is refused', async () => {
    const ctx = await stocked(0);
    const { customer } = await signedInCustomer(ctx);
    const other = await server.newAccount();
    for (const path of ['invite', 'reset-password', 'disable']) {
      expect((await server.call('POST', `orders/public/customers/${path}`, { token: other.token, body: { id: customer.id } })).status, path).toBe(404);
    }
    const reader = await server.newMember(ctx.account, { activity: false });
    expect((await server.call('POST', 'orders/public/customers/disable', { token: reader.token, body: { id: customer.id } })).status).toBe(422);
  });
});

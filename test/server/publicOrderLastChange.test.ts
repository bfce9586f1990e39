import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { useTestServer } from './harness';
import { publicOrderSetup } from './publicOrderSetup';

/**
 * Issue 19 §3: staff see in the order who changed it last — a staff member by name, or the customer — and when.
 * Every order write of staff and of the public-order area records it; the customer never sees it.
 */
const server = useTestServer();
const { stocked, newOrder, link, linkedSession, signedInCustomer, get, post } = publicOrderSetup(server);

type LastChange = { by: 'staff' | 'customer'; name: string | null; at: string } | null;

async function lastChange(token: string, orderId: number): Promise<LastChange> {
  const answer = await server.call('GET', 'orders/order', { token, query: { order_id: orderId } });
  expect(answer.status).toBe(200);
  return answer.body.last_change;
}

describe('who changed the order last', () => {
  it('rule: every staff write (add, update, client, positions) records the staff member and the time; another member shows by name', async () => {
    const ctx = await stocked(10);
    const staff = ctx.account.token;
    const started = Date.now();
    const order = await newOrder(ctx, 'Reserved');
    expect(order.last_change).toEqual({ by: 'staff', name: 'Owner', at: expect.any(String) });
    expect(Date.parse(order.last_change.at)).toBeGreaterThanOrEqual(started - 1000);

    const member = await server.newMember(ctx.account);
    await server.database.db.update(users).set({ name: 'Anna Petrova' }).where(eq(users.id, member.id));
    const added = await ctx.post('orders/product/add', { order_id: order.id, product: String(ctx.product.id), quantity: 1 }, member.token);
    expect(added.last_change).toMatchObject({ by: 'staff', name: 'Anna Petrova' });
    expect(Date.parse(added.last_change.at)).toBeGreaterThanOrEqual(Date.parse(order.last_change.at));

    const updated = await ctx.post('orders/update', { id: order.id, version: added.version, positions: [{ id: added.positions[0].id, count: 2 }] });
    expect(updated.last_change).toMatchObject({ by: 'staff', name: 'Owner' });
    const client = await ctx.post('orders/client-update', { id: order.id, contact_id: null }, member.token);
    expect(client.last_change).toMatchObject({ by: 'staff', name: 'Anna Petrova' });
    const removed = await ctx.post('orders/product/delete', { id: added.positions[0].id, order_id: order.id });
    expect(removed.last_change).toMatchObject({ by: 'staff', name: 'Owner' });
    // The list carries it too, and reading changes nothing.
    const list = await server.call('POST', 'orders/list', { token: staff, body: { page: 1, per_page: 5 } });
    expect(list.body.data.find((item: { id: number }) => item.id === order.id).last_change).toEqual(removed.last_change);
    expect(await lastChange(staff, order.id)).toEqual(removed.last_change);
  });

  it('rule: a customer\'s change through public-order/* (quantity, add, delete) shows as the customer, by name when signed in; an anonymous link as the customer without a name', async () => {
    const ctx = await stocked(10);
    const order = await newOrder(ctx, 'Reserved');
    const customer = await signedInCustomer(ctx, 'Olga Smirnova');
    await link(ctx, order.id, { customer_id: customer.customer.id });
    const added = await post('public-order/order/position/add', customer.token, { order_id: order.id, product: String(ctx.product.id) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await lastChange(ctx.account.token, order.id)).toMatchObject({ by: 'customer', name: 'Olga Smirnova' });
    // The customer never sees it.
    expect(added.body).not.toHaveProperty('last_change');
    expect((await get('public-order/order', customer.token, { order_id: order.id })).body).not.toHaveProperty('last_change');

    await ctx.post('orders/update', { id: order.id, version: added.body.version, name: 'Renamed by staff' });
    expect(await lastChange(ctx.account.token, order.id)).toMatchObject({ by: 'staff', name: 'Owner' });
    const changed = await post('public-order/order/update', customer.token, { order_id: order.id, positions: [{ id: added.body.positions[0].id, count: 2 }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await lastChange(ctx.account.token, order.id)).toMatchObject({ by: 'customer', name: 'Olga Smirnova' });
    await ctx.post('orders/update', { id: order.id, version: changed.body.version, name: 'Renamed again' });
    const deleted = await post('public-order/order/position/delete', customer.token, { id: added.body.positions[0].id, order_id: order.id });
    expect(deleted.status).toBe(200);
    expect(await lastChange(ctx.account.token, order.id)).toMatchObject({ by: 'customer', name: 'Olga Smirnova' });

    const anonymous = await linkedSession(ctx, 'New');
    expect((await post('public-order/order/position/add', anonymous.token, { order_id: anonymous.order.id, product: String(ctx.product.id) })).status).toBe(200);
    expect(await lastChange(ctx.account.token, anonymous.order.id)).toMatchObject({ by: 'customer', name: null });
  });

  it('rule: a refused change records nothing', async () => {
    const ctx = await stocked(1);
    const { order, token } = await linkedSession(ctx, 'Reserved');
    const before = await lastChange(ctx.account.token, order.id);
    const refused = await post('public-order/order/position/add', token, { order_id: order.id, product: String(ctx.product.id), quantity: 5 });
    expect(refused.status).toBe(422);
    expect(await lastChange(ctx.account.token, order.id)).toEqual(before);
  });
});

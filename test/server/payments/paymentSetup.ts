import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { accounts, integrationLog, orderPayments } from '../../../server/db/schema';
import { startFakeStripe, type FakeStripe } from '../../fakes/stripe';
import { startFakeYooKassa, type FakeYooKassa } from '../../fakes/yookassa';
import type { TestServer } from '../harness';

/** The two providers' fakes for one test file, the server's API hosts pointed at them; started before its tests, closed after. */
export function paymentFakes(server: TestServer) {
  const fakes = {} as { yoo: FakeYooKassa; stripe: FakeStripe };
  beforeAll(async () => {
    [fakes.yoo, fakes.stripe] = await Promise.all([startFakeYooKassa(), startFakeStripe()]);
    server.app.ctx.config.yookassaApiUrl = fakes.yoo.url;
    server.app.ctx.config.stripeApiUrl = fakes.stripe.url;
  });
  afterAll(async () => Promise.all([fakes.yoo.close(), fakes.stripe.close()]));
  return fakes;
}

/**
 * The payment tests' shop: an account (Kommo, so priced in dollars, for Stripe), a product at 61.75, an order of two
 * shared by a link, and the customer's public session. The app listens on 127.0.0.1, so the fakes' webhooks reach it.
 */
export function paymentSetup(server: TestServer) {
  let ourUrl = '';
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    ourUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });

  async function shop(provider: 'yookassa' | 'stripe', settings: Record<string, unknown>) {
    const account = await server.newAccount();
    if (provider === 'stripe') await server.database.db.update(accounts).set({ isKommo: true }).where(eq(accounts.id, account.id));
    const post = async (path: string, body: unknown, token = account.token) => {
      const answer = await server.call('POST', path, { token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const warehouse = await post('warehouse/add', { name: 'Main' });
    await post('field/add', { name: 'Retail', code: 'retail', type: 11, lead_config: { public_order_visible: 1 } });
    const product = await post('product/add', { name: 'Hammer drill', values: { retail: { cost: 61.75, nds: 0 } } });
    await post('product/arrival', { product_id: product.id, warehouse_id: warehouse.id, batch: 'b1', count: 50, cost_price: 40 });
    await post('payments/settings', { provider, ...settings });
    const newOrder = async () => {
      const order = await post('orders/add', { name: 'Order to pay' });
      const share = await post('orders/public/link', { order_id: order.id });
      const session = await server.call('GET', 'public-order/token/get', { query: { public_token: share.link_token } });
      expect(session.status).toBe(200);
      const token = session.body.token as string;
      const added = await server.call('POST', 'public-order/order/position/add', { token, body: { order_id: order.id, product: String(product.id), quantity: 2 } });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return { order, token, position: added.body.positions[0] as { id: number } };
    };
    return { account, post, product, newOrder, webhookUrl: `${ourUrl}/api/payments/webhook/${provider}/${account.id}` };
  }

  const pay = (token: string, orderId: number) => server.call('POST', 'public-order/order/pay', { token, body: { order_id: orderId } });
  const view = (token: string, orderId: number) => server.call('GET', 'public-order/order/payment', { token, query: { order_id: orderId } });
  const rows = (accountId: number, orderId: number) =>
    server.database.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.accountId, accountId), eq(orderPayments.orderId, orderId)))
      .orderBy(orderPayments.id);
  const logOf = (accountId: number) => server.database.db.select().from(integrationLog).where(eq(integrationLog.accountId, accountId)).orderBy(integrationLog.id);

  return { shop, pay, view, rows, logOf, ourUrl: () => ourUrl };
}

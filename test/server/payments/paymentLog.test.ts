import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIntegration } from '../../../server/modules/integrations/log';
import { startFakeYooKassa, type FakeYooKassa } from '../../fakes/yookassa';
import { useTestServer } from '../harness';
import { paymentSetup } from './paymentSetup';

/** Issue 18 §4 the payments log in Settings → Payments: attempts and notifications (time, order, provider, event, amount, result), paged, admins only. */
const server = useTestServer();
const { shop, pay, rows } = paymentSetup(server);
let yoo: FakeYooKassa;

beforeAll(async () => {
  yoo = await startFakeYooKassa();
  server.app.ctx.config.yookassaApiUrl = yoo.url;
});
afterAll(async () => yoo.close());

describe('payments/log', () => {
  it('rule: the attempt, the notification, a refund and a refused delivery are listed newest first with order, provider, event, amount and result; other integrations are not; admins only', async () => {
    const { account, newOrder, webhookUrl } = await shop('yookassa', { yookassa_shop_id: yoo.shopId, yookassa_secret_key: yoo.secretKey });
    const { order, token } = await newOrder();
    expect((await pay(token, order.id)).status).toBe(200);
    const [row] = await rows(account.id, order.id);
    yoo.webhookUrl = webhookUrl;
    expect(await yoo.settle(row!.externalId!, 'succeeded')).toBe(200);
    expect((await yoo.refund(row!.externalId!, '3.50')).status).toBe(200);
    expect(await yoo.notify({ type: 'notification', event: 'payment.canceled', object: yoo.payments.get(row!.externalId!) })).toBe(400);
    await logIntegration(server.database.db, { accountId: account.id, source: 'amocrm:1', level: 'info', action: 'webhook', message: 'not a payment', details: { order_id: order.id } });

    const answer = await server.call('GET', 'payments/log', { token: account.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const summary = answer.body.data.map((entry: Record<string, unknown>) => [entry.order_id, entry.provider, entry.event, entry.amount, entry.currency, entry.result]);
    expect(summary).toEqual([
      [order.id, 'yookassa', 'payment.canceled', '123.50', 'RUB', 'refused'],
      [order.id, 'yookassa', 'refund.succeeded', '3.50', 'RUB', 'ok'],
      [order.id, 'yookassa', 'payment.succeeded', '123.50', 'RUB', 'ok'],
      [order.id, 'yookassa', 'payment-create', '123.50', 'RUB', 'ok'],
    ]);
    for (const entry of answer.body.data) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 4 });

    const second = await server.call('GET', 'payments/log', { token: account.token, query: { page: 2, per_page: 3 } });
    expect(second.body.data.map((entry: { event: string }) => entry.event)).toEqual(['payment-create']);
    expect(second.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });

    const member = await server.newMember(account, { activity: true });
    expect((await server.call('GET', 'payments/log', { token: member.token })).status).toBe(422);
    const other = await server.newAccount();
    expect((await server.call('GET', 'payments/log', { token: other.token })).body.data).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '../../../server/modules/payments/stripeSignature';
import { useTestServer } from '../harness';
import { paymentFakes, paymentSetup } from './paymentSetup';

/**
 * Issue 18 §4 refunds: YooKassa's refund.succeeded and Stripe's charge.refunded, full and partial, believed only as the
 * provider vouches for them (re-read / signed), taken once per delivery, moving the payment to partly_refunded /
 * refunded with the refunded total; every refusal is logged and changes nothing.
 */
const server = useTestServer();
const { shop, pay, view, rows, logOf } = paymentSetup(server);
const fakes = paymentFakes(server);

const yooKeys = () => ({ yookassa_shop_id: fakes.yoo.shopId, yookassa_secret_key: fakes.yoo.secretKey });
const stripeKeys = () => ({ stripe_secret_key: fakes.stripe.secretKey, stripe_webhook_secret: fakes.stripe.webhookSecret });
const states = async (accountId: number, orderId: number) => (await rows(accountId, orderId)).map((row) => [row.state, row.refundedAmount]);
const staffView = (token: string, orderId: number) => server.call('GET', 'payments/order', { token, query: { order_id: orderId } });
const listStates = (token: string, orderId: number) => server.call('GET', 'payments/orders', { token, query: { order_ids: `${orderId}` } });

describe('YooKassa refund.succeeded', () => {
  async function paidOrder() {
    const ctx = await shop('yookassa', yooKeys());
    const { order, token } = await ctx.newOrder();
    expect((await pay(token, order.id)).status).toBe(200);
    const [row] = await rows(ctx.account.id, order.id);
    fakes.yoo.webhookUrl = ctx.webhookUrl;
    expect(await fakes.yoo.settle(row!.externalId!, 'succeeded')).toBe(200);
    return { ...ctx, order, token, paymentId: row!.externalId! };
  }

  it('rule: a partial refund makes the payment partly_refunded with its amount (still paid), the rest makes it refunded; a repeated delivery changes nothing', async () => {
    const { account, order, token, paymentId } = await paidOrder();
    const first = await fakes.yoo.refund(paymentId, '23.50');
    expect(first.status).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['partly_refunded', '23.50']]);
    expect((await staffView(account.token, order.id)).body).toMatchObject({ paid: true, state: 'partly_refunded', refunded_amount: '23.50', amount: '123.50' });
    expect((await view(token, order.id)).body).toMatchObject({ paid: true, offered: false });
    expect((await listStates(account.token, order.id)).body).toEqual({ [order.id]: 'partly_refunded' });
    // YooKassa redelivers: the key is taken, nothing moves and nothing is logged.
    const logged = (await logOf(account.id)).length;
    expect(await fakes.yoo.notify({ type: 'notification', event: 'refund.succeeded', object: first.refund })).toBe(200);
    expect((await logOf(account.id)).length).toBe(logged);
    expect(await states(account.id, order.id)).toEqual([['partly_refunded', '23.50']]);

    expect((await fakes.yoo.refund(paymentId)).status).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['refunded', '123.50']]);
    expect((await staffView(account.token, order.id)).body).toMatchObject({ paid: false, state: 'refunded', refunded_amount: '123.50' });
    expect((await listStates(account.token, order.id)).body).toEqual({ [order.id]: 'refunded' });
    // A late redelivery of the payment's success does not undo the refund.
    expect(await fakes.yoo.notify({ type: 'notification', event: 'payment.succeeded', object: fakes.yoo.payments.get(paymentId) })).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['refunded', '123.50']]);
    const entries = (await logOf(account.id)).filter((entry) => entry.details?.event === 'refund.succeeded');
    expect(entries.map((entry) => [entry.level, entry.details?.amount, entry.details?.state])).toEqual([
      ['info', '23.50', 'partly_refunded'],
      ['info', '123.50', 'refunded'],
    ]);
  });

  it('rule: a forged refund.succeeded (a refund YooKassa does not hold, or one told with another amount) is refused with 400, logged, and changes nothing', async () => {
    const { account, order, paymentId } = await paidOrder();
    const made = await fakes.yoo.refund(paymentId, '10.00');
    expect(made.status).toBe(200);
    const before = await states(account.id, order.id);
    expect(before).toEqual([['partly_refunded', '10.00']]);
    const forged = { id: '2f0a1b2c-0000-5000-9000-000000000001', payment_id: paymentId, status: 'succeeded', amount: { value: '123.50', currency: 'RUB' } };
    expect(await fakes.yoo.notify({ type: 'notification', event: 'refund.succeeded', object: forged })).toBe(400);
    expect(await fakes.yoo.notify({ type: 'notification', event: 'refund.succeeded', object: { ...made.refund, id: made.refund.id, amount: { value: '123.50', currency: 'RUB' } } })).toBe(400);
    expect(await states(account.id, order.id)).toEqual(before);
    const warnings = (await logOf(account.id)).filter((entry) => entry.level === 'warning');
    expect(warnings.map((entry) => [entry.details?.event, entry.message])).toEqual([
      ['refund.succeeded', expect.stringMatching(/not confirmed by the provider.*not_found/)],
      ['refund.succeeded', expect.stringMatching(/disagrees with the refund YooKassa holds/)],
    ]);
  });
});

describe('Stripe charge.refunded', () => {
  async function paidSession() {
    const ctx = await shop('stripe', stripeKeys());
    const { order, token } = await ctx.newOrder();
    expect((await pay(token, order.id)).status).toBe(200);
    const [row] = await rows(ctx.account.id, order.id);
    fakes.stripe.webhookUrl = ctx.webhookUrl;
    return { ...ctx, order, token, sessionId: row!.externalId! };
  }

  it('rule: signed charge.refunded events, partial then full, move the payment by the charge running total; a replay or an older total changes nothing', async () => {
    const { account, order, sessionId } = await paidSession();
    expect(await fakes.stripe.settle(sessionId, 'completed')).toBe(200);
    // The completion kept the PaymentIntent, which the charge names.
    expect((await rows(account.id, order.id))[0]!.providerRef).toBe(fakes.stripe.sessions.get(sessionId)!.payment_intent);
    const partial = fakes.stripe.refund(sessionId, 2000);
    expect(await fakes.stripe.deliver(partial.body, partial.signature)).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['partly_refunded', '20.00']]);
    const logged = (await logOf(account.id)).length;
    const replay = await server.app.inject({ method: 'POST', url: `/api/payments/webhook/stripe/${account.id}`, payload: partial.body, headers: { 'content-type': 'application/json', 'stripe-signature': partial.signature } });
    expect(JSON.parse(replay.body)).toEqual({ accepted: false, state: null });
    expect((await logOf(account.id)).length).toBe(logged);

    const full = fakes.stripe.refund(sessionId);
    expect(await fakes.stripe.deliver(full.body, full.signature)).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['refunded', '123.50']]);
    expect((await staffView(account.token, order.id)).body).toMatchObject({ state: 'refunded', refunded_amount: '123.50', currency: 'USD' });
    // A later event carrying an older (smaller) running total — delivered out of order — does not lower it.
    const older = JSON.parse(partial.body) as { id: string };
    older.id = `${older.id}_late`;
    const olderBody = JSON.stringify(older);
    expect(await fakes.stripe.deliver(olderBody, stripeSignatureHeader(fakes.stripe.webhookSecret, olderBody, Math.floor(Date.now() / 1000)))).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['refunded', '123.50']]);
  });

  it('rule: a refund of a payment stored without its PaymentIntent (its success not delivered yet) is found through Stripe and moves it to refunded', async () => {
    const { account, order, sessionId } = await paidSession();
    Object.assign(fakes.stripe.sessions.get(sessionId)!, { status: 'complete', payment_status: 'paid' });
    const refund = fakes.stripe.refund(sessionId);
    expect(await fakes.stripe.deliver(refund.body, refund.signature)).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['refunded', '123.50']]);
    expect(fakes.stripe.calls.some((call) => call.method === 'GET' && call.path === '/v1/checkout/sessions')).toBe(true);
  });

  it('rule: a forged charge.refunded (wrong signature), one for a PaymentIntent not ours, or for another amount is refused with 400, logged, and changes nothing', async () => {
    const { account, order, sessionId } = await paidSession();
    expect(await fakes.stripe.settle(sessionId, 'completed')).toBe(200);
    const genuine = fakes.stripe.refund(sessionId, 1000);
    const now = Math.floor(Date.now() / 1000);
    expect(await fakes.stripe.deliver(genuine.body, stripeSignatureHeader('whsec_forged', genuine.body, now))).toBe(400);
    const event = JSON.parse(genuine.body) as { id: string; data: { object: Record<string, unknown> } };
    const resign = (change: Record<string, unknown>, suffix: string) => {
      const body = JSON.stringify({ ...event, id: `${event.id}_${suffix}`, data: { object: { ...event.data.object, ...change } } });
      return fakes.stripe.deliver(body, stripeSignatureHeader(fakes.stripe.webhookSecret, body, now));
    };
    expect(await resign({ payment_intent: 'pi_not_ours' }, 'other')).toBe(400);
    expect(await resign({ amount: 100, amount_refunded: 100 }, 'cheap')).toBe(400);
    expect(await states(account.id, order.id)).toEqual([['succeeded', '0.00']]);
    const warnings = (await logOf(account.id)).filter((entry) => entry.level === 'warning');
    expect(warnings.map((entry) => [entry.details?.event, entry.message])).toEqual([
      ['charge.refunded', expect.stringMatching(/does not match the body/)],
      ['charge.refunded', expect.stringMatching(/no payment pi_not_ours was made here/)],
      ['charge.refunded', expect.stringMatching(/is for 1.00 USD, we asked 123.50 USD/)],
    ]);
    // The refused deliveries left the genuine one's key free.
    expect(await fakes.stripe.deliver(genuine.body, genuine.signature)).toBe(200);
    expect(await states(account.id, order.id)).toEqual([['partly_refunded', '10.00']]);
  });
});

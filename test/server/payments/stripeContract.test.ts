import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookRefused } from '../../../server/modules/payments/provider';
import { stripeAdapter } from '../../../server/modules/payments/stripe';
import { stripeSignatureHeader, stripeSignatureProblem } from '../../../server/modules/payments/stripeSignature';
import { startFakeStripe, type FakeStripe } from '../../fakes/stripe';

/** Our Stripe Checkout client against the fake built from Stripe's API documentation: one test per call we make. */
let fake: FakeStripe;
let gate = 0;
const adapter = (keys = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret }) => stripeAdapter(fake.url, keys, `stripe-contract:${(gate += 1)}`);
const request = (key: string, amount = '123.45') => ({ amount, currency: 'USD', idempotenceKey: key, returnUrl: 'http://shop.test/#/publicOrder?order_id=9&payment=return', cancelUrl: 'http://shop.test/#/publicOrder?order_id=9&payment=cancel', orderId: 9, description: 'Order 9' });

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => fake.close());

describe('Stripe POST /v1/checkout/sessions', () => {
  it('rule: a session is created form-encoded with the Bearer secret key, mode=payment, price_data in cents, success/cancel URLs, client_reference_id and an Idempotency-Key', async () => {
    const payment = await adapter().createPayment(request('st-create'));
    const call = fake.calls.at(-1)!;
    expect(call.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.headers['idempotency-key']).toBe('st-create');
    expect(call.form).toMatchObject({
      mode: 'payment',
      success_url: request('x').returnUrl,
      cancel_url: request('x').cancelUrl,
      client_reference_id: '9',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '12345',
      'line_items[0][quantity]': '1',
    });
    expect(payment).toMatchObject({ state: 'pending', amount: '123.45', currency: 'USD', orderRef: '9', confirmationUrl: `${fake.url}/pay/${payment.externalId}` });
  });

  it('rule: the same Idempotency-Key gets the same session back', async () => {
    const [first, second] = await Promise.all([adapter().createPayment(request('st-same')), adapter().createPayment(request('st-same'))]);
    expect(second.externalId).toBe(first.externalId);
  });

  it('rule: a wrong secret key is an OutboundError "unauthorized"', async () => {
    await expect(adapter({ secretKey: 'sk_test_wrong', webhookSecret: 'x' }).createPayment(request('st-401'))).rejects.toMatchObject({ failure: 'unauthorized' });
  });

  it('rule: 429 and 500 are retried with the same Idempotency-Key, and one session results', async () => {
    fake.failNext(500, 1);
    const before = fake.calls.length;
    const payment = await adapter().createPayment(request('st-500'));
    expect(fake.calls.slice(before).map((call) => [call.status, call.headers['idempotency-key']])).toEqual([
      [500, 'st-500'],
      [200, 'st-500'],
    ]);
    fake.failNext(429, 2);
    await adapter().createPayment(request('st-429'));
    expect([...fake.sessions.values()].filter((session) => session.id === payment.externalId)).toHaveLength(1);
  });

  it("rule: a refusal (400) carries Stripe's code and message", async () => {
    await expect(adapter().createPayment(request('st-small', '0.10'))).rejects.toThrow(/parameter_invalid_integer/);
  });
});

describe('Stripe GET /v1/checkout/sessions/{id} and /v1/balance', () => {
  it('rule: fetchPayment maps a paid session to succeeded and an expired one to canceled', async () => {
    const paid = await adapter().createPayment(request('st-paid'));
    await fake.settle(paid.externalId, 'completed');
    expect(await adapter().fetchPayment(paid.externalId)).toMatchObject({ state: 'succeeded', amount: '123.45', currency: 'USD' });
    const expired = await adapter().createPayment(request('st-expired'));
    await fake.settle(expired.externalId, 'expired');
    expect((await adapter().fetchPayment(expired.externalId)).state).toBe('canceled');
    await expect(adapter().fetchPayment('cs_test_unknown')).rejects.toThrow(/resource_missing/);
  });

  it('rule: testConnection reads /v1/balance with the key', async () => {
    await expect(adapter().testConnection()).resolves.toBeUndefined();
    expect(fake.calls.at(-1)!.path).toBe('/v1/balance');
    await expect(adapter({ secretKey: 'sk_test_wrong', webhookSecret: 'x' }).testConnection()).rejects.toMatchObject({ failure: 'unauthorized' });
  });
});

describe('Stripe webhook signature (Stripe-Signature: t, v1 = HMAC-SHA256(secret, t.body))', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1"}';
  const now = 1_750_000_000;

  it('rule: a signature made with the secret over the raw body holds; one v1 of several may match (secret rolling)', () => {
    expect(stripeSignatureProblem(stripeSignatureHeader(secret, body, now), body, secret, now)).toBeNull();
    const rolled = `${stripeSignatureHeader('whsec_old', body, now)},v1=${stripeSignatureHeader(secret, body, now).split('v1=')[1]}`;
    expect(stripeSignatureProblem(rolled, body, secret, now)).toBeNull();
  });

  it('rule: another secret, a changed body, a missing header or a malformed one are refused', () => {
    expect(stripeSignatureProblem(stripeSignatureHeader('whsec_other', body, now), body, secret, now)).toMatch(/does not match/);
    expect(stripeSignatureProblem(stripeSignatureHeader(secret, body, now), `${body} `, secret, now)).toMatch(/does not match/);
    expect(stripeSignatureProblem(undefined, body, secret, now)).toMatch(/missing/);
    expect(stripeSignatureProblem('v1=abc', body, secret, now)).toMatch(/no timestamp/);
  });

  it('rule: a signature older or newer than 5 minutes is a replay', () => {
    expect(stripeSignatureProblem(stripeSignatureHeader(secret, body, now - 301), body, secret, now)).toMatch(/older than 5 minutes/);
    expect(stripeSignatureProblem(stripeSignatureHeader(secret, body, now + 301), body, secret, now)).toMatch(/older than 5 minutes/);
    expect(stripeSignatureProblem(stripeSignatureHeader(secret, body, now - 299), body, secret, now)).toBeNull();
  });

  it("rule: verifyWebhook takes the fake's signed checkout.session.completed and refuses a tampered copy", async () => {
    const created = await adapter().createPayment(request('st-webhook'));
    Object.assign(fake.sessions.get(created.externalId)!, { status: 'complete', payment_status: 'paid' });
    const event = fake.eventOf(created.externalId, 'checkout.session.completed');
    const verified = await adapter().verifyWebhook(event.body, { 'stripe-signature': event.signature });
    expect(verified.payment).toMatchObject({ externalId: created.externalId, state: 'succeeded', amount: '123.45' });
    expect(verified.deliveryKey).toMatch(/^evt_/);
    await expect(adapter().verifyWebhook(event.body.replace('12345', '99'), { 'stripe-signature': event.signature })).rejects.toBeInstanceOf(WebhookRefused);
  });
});

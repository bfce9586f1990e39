import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError } from '../../../server/modules/integrations/outbound';
import { ProviderRejected, WebhookRefused } from '../../../server/modules/payments/provider';
import { yookassaAdapter } from '../../../server/modules/payments/yookassa';
import { startFakeYooKassa, type FakeYooKassa } from '../../fakes/yookassa';

/** Our YooKassa client against the fake built from YooKassa's API v3 documentation: one test per call we make. */
let fake: FakeYooKassa;
let gate = 0;
const adapter = (keys = { shopId: fake.shopId, secretKey: fake.secretKey }) => yookassaAdapter(fake.url, keys, `yookassa-contract:${(gate += 1)}`);
const request = (key: string, amount = '123.45') => ({ amount, currency: 'RUB', idempotenceKey: key, returnUrl: 'http://shop.test/#/publicOrder?order_id=7&payment=return', cancelUrl: 'http://shop.test/#/x', orderId: 7, description: 'Order 7' });

beforeAll(async () => {
  fake = await startFakeYooKassa();
});
afterAll(async () => fake.close());

describe('YooKassa POST /v3/payments', () => {
  it('rule: a payment is created with Basic shopId:secretKey, an Idempotence-Key, amount {value "123.45", currency RUB}, capture, a redirect confirmation and the order in metadata', async () => {
    const payment = await adapter().createPayment(request('key-create-1'));
    const call = fake.calls.at(-1)!;
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`);
    expect(call.headers['idempotence-key']).toBe('key-create-1');
    expect(call.body).toMatchObject({ amount: { value: '123.45', currency: 'RUB' }, capture: true, confirmation: { type: 'redirect', return_url: request('x').returnUrl }, metadata: { order_id: '7' } });
    expect(payment).toMatchObject({ state: 'pending', amount: '123.45', currency: 'RUB', orderRef: '7' });
    expect(payment.confirmationUrl).toBe(`${fake.url}/confirm/${payment.externalId}`);
  });

  it('rule: the same Idempotence-Key gets the same payment back (a repeated or concurrent click makes one payment)', async () => {
    const [first, second] = await Promise.all([adapter().createPayment(request('key-same')), adapter().createPayment(request('key-same'))]);
    expect(second.externalId).toBe(first.externalId);
    expect([...fake.payments.values()].filter((payment) => payment.id === first.externalId)).toHaveLength(1);
  });

  it('rule: refused keys are an OutboundError "unauthorized", not a retry', async () => {
    const before = fake.calls.length;
    await expect(adapter({ shopId: fake.shopId, secretKey: 'wrong' }).createPayment(request('key-401'))).rejects.toMatchObject({ failure: 'unauthorized' });
    expect(fake.calls.length - before).toBe(1);
  });

  it('rule: 429 and 500 are retried with the same Idempotence-Key, and one payment results', async () => {
    fake.failNext(429, 1);
    const afterRate = await adapter().createPayment(request('key-429'));
    fake.failNext(500, 2);
    const before = fake.calls.length;
    const afterError = await adapter().createPayment(request('key-500'));
    const keys = fake.calls.slice(before).map((call) => call.headers['idempotence-key']);
    expect(keys).toEqual(['key-500', 'key-500', 'key-500']);
    expect(afterRate.externalId).not.toBe(afterError.externalId);
    expect([...fake.payments.values()].filter((payment) => payment.id === afterError.externalId)).toHaveLength(1);
  });

  it('rule: a 429 that never ends is an OutboundError "rate" after the retries', async () => {
    fake.failNext(429, 10);
    await expect(adapter().createPayment(request('key-429-forever'))).rejects.toBeInstanceOf(OutboundError);
    fake.failNext(429, 0);
  });

  it("rule: a refused request (400) carries YooKassa's code and description", async () => {
    await expect(adapter().createPayment(request('key-bad', '12.345'))).rejects.toThrow(/invalid_request/);
  });
});

describe('YooKassa GET /v3/payments/{id} and /v3/me', () => {
  it('rule: fetchPayment reads the state YooKassa holds (succeeded after the buyer paid)', async () => {
    const created = await adapter().createPayment(request('key-fetch'));
    await fake.settle(created.externalId, 'succeeded');
    expect(await adapter().fetchPayment(created.externalId)).toMatchObject({ externalId: created.externalId, state: 'succeeded', amount: '123.45' });
  });

  it('rule: an unknown payment is a ProviderRejected 404', async () => {
    await expect(adapter().fetchPayment('00000000-0000-0000-0000-000000000000')).rejects.toBeInstanceOf(ProviderRejected);
  });

  it('rule: testConnection reads /v3/me with the keys, and fails with wrong ones', async () => {
    await expect(adapter().testConnection()).resolves.toBeUndefined();
    expect(fake.calls.at(-1)!.path).toBe('/v3/me');
    await expect(adapter({ shopId: 'other', secretKey: fake.secretKey }).testConnection()).rejects.toMatchObject({ failure: 'unauthorized' });
  });
});

describe('YooKassa notifications (unsigned: re-read by GET)', () => {
  it('rule: a notification is believed as far as GET confirms it; one that disagrees with the payment is refused', async () => {
    const created = await adapter().createPayment(request('key-notify'));
    const told = { type: 'notification', event: 'payment.succeeded', object: { ...fake.payments.get(created.externalId)!, status: 'succeeded' } };
    // YooKassa still holds it as pending: a body claiming success is not believed.
    await expect(adapter().verifyWebhook(JSON.stringify(told), {})).rejects.toBeInstanceOf(WebhookRefused);
    fake.payments.get(created.externalId)!.status = 'succeeded';
    const verified = await adapter().verifyWebhook(JSON.stringify(told), {});
    expect(verified).toMatchObject({ deliveryKey: `payment.succeeded:${created.externalId}`, payment: { state: 'succeeded', amount: '123.45' } });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v3/payments/${created.externalId}` });
    // A body with another amount than YooKassa's is refused too.
    await expect(adapter().verifyWebhook(JSON.stringify({ ...told, object: { ...told.object, amount: { value: '1.00', currency: 'RUB' } } }), {})).rejects.toBeInstanceOf(WebhookRefused);
    await expect(adapter().verifyWebhook('not json', {})).rejects.toBeInstanceOf(WebhookRefused);
  });
});

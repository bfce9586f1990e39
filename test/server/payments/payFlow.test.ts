import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentSettings, documentTemplates, paymentSettings } from '../../../server/db/schema';
import { useTestServer } from '../harness';
import { paymentFakes, paymentSetup } from './paymentSetup';

/** Issue 18 §4 'Pay': the amount from the order, one payment per order state, the paid state for customer and staff. */
const server = useTestServer();
const { shop, pay, view, rows, logOf } = paymentSetup(server);
const fakes = paymentFakes(server);

const yooKeys = () => ({ yookassa_shop_id: fakes.yoo.shopId, yookassa_secret_key: fakes.yoo.secretKey });
const stripeKeys = () => ({ stripe_secret_key: fakes.stripe.secretKey, stripe_webhook_secret: fakes.stripe.webhookSecret });

describe('payment settings', () => {
  it('rule: admins only; keys are write-only (answers show them masked) and stored sealed', async () => {
    const { account } = await shop('yookassa', yooKeys());
    const member = await server.newMember(account, { activity: true });
    expect((await server.call('GET', 'payments/settings', { token: member.token })).status).toBe(422);
    expect((await server.call('POST', 'payments/settings', { token: member.token, body: { provider: null } })).status).toBe(422);
    const answer = await server.call('GET', 'payments/settings', { token: account.token });
    expect(answer.body).toMatchObject({ provider: 'yookassa', yookassa: { shop_id: fakes.yoo.shopId, secret_key: `••••${fakes.yoo.secretKey.slice(-4)}` }, stripe: { secret_key: null } });
    expect(JSON.stringify(answer.body)).not.toContain(fakes.yoo.secretKey);
    expect(answer.body.webhook_urls.yookassa).toMatch(new RegExp(`/api/payments/webhook/yookassa/${account.id}$`));
    const [row] = await server.database.db.select().from(paymentSettings).where(eq(paymentSettings.accountId, account.id));
    expect(row!.yookassaCredentials).not.toContain(fakes.yoo.secretKey);
    // Keys left out keep the stored ones; a provider without its keys is refused.
    expect((await server.call('POST', 'payments/settings', { token: account.token, body: { provider: 'yookassa' } })).status).toBe(200);
    expect((await server.call('POST', 'payments/settings', { token: account.token, body: { provider: 'stripe' } })).body.error).toMatch(/Stripe secret key/);
  });

  it('rule: the connection test reads the provider with the stored keys and logs the outcome', async () => {
    const { account } = await shop('stripe', stripeKeys());
    expect((await server.call('POST', 'payments/settings/test', { token: account.token })).body).toMatchObject({ ok: true });
    await server.call('POST', 'payments/settings', { token: account.token, body: { provider: 'stripe', stripe_secret_key: 'sk_test_wrong' } });
    const failed = await server.call('POST', 'payments/settings/test', { token: account.token });
    expect(failed.body).toMatchObject({ ok: false, message: 'The payment provider refused the keys' });
    expect((await logOf(account.id)).map((entry) => [entry.source, entry.level, entry.action])).toEqual([
      ['stripe', 'info', 'payment-test'],
      ['stripe', 'error', 'payment-test'],
    ]);
  });
});

describe("'Pay' in the public order", () => {
  it("rule: what the customer reads on the provider's page names the order in the account's document language (Заказ N in Russian, Order N in English)", async () => {
    const { account, newOrder } = await shop('yookassa', yooKeys());
    const described = async () => {
      const { order, token } = await newOrder();
      expect((await pay(token, order.id)).status).toBe(200);
      return [[...fakes.yoo.payments.values()].find((item) => item.metadata.order_id === String(order.id))?.description, order.id];
    };
    const [english, first] = await described();
    expect(english).toBe(`Order ${first}`);
    await server.database.db.update(documentSettings).set({ lang: 'ru' }).where(eq(documentSettings.accountId, account.id));
    const [russian, second] = await described();
    expect(russian).toBe(`Заказ ${second}`);
  });

  it('rule: the server charges the order total (2 × 61.75) at the provider, whatever the client sends; a repeat click reuses the pending payment', async () => {
    const { account, newOrder } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    expect((await view(token, order.id)).body).toMatchObject({ offered: true, paid: false, state: null, amount: '123.50', currency: 'RUB', provider: 'yookassa' });
    // An amount sent along is not read: the contract has none, the server takes the order's.
    const paid = await server.call('POST', 'public-order/order/pay', { token, body: { order_id: order.id, amount: '1.00' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const payment = [...fakes.yoo.payments.values()].find((item) => item.metadata.order_id === String(order.id))!;
    expect(payment.amount).toEqual({ value: '123.50', currency: 'RUB' });
    expect(paid.body).toEqual({ confirmation_url: payment.confirmation.confirmation_url, state: 'pending' });
    expect(payment.confirmation.return_url).toMatch(new RegExp(`/#/publicOrder\\?order_id=${order.id}&payment=return$`));
    expect((await pay(token, order.id)).body.confirmation_url).toBe(paid.body.confirmation_url);
    expect([...fakes.yoo.payments.values()].filter((item) => item.metadata.order_id === String(order.id))).toHaveLength(1);
    expect((await rows(account.id, order.id)).map((row) => row.state)).toEqual(['pending']);
  });

  it('rule: concurrent clicks make one payment (one row, one provider payment)', async () => {
    const { account, newOrder } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(token, order.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.confirmation_url)).size).toBe(1);
    expect(await rows(account.id, order.id)).toHaveLength(1);
    expect([...fakes.yoo.payments.values()].filter((item) => item.metadata.order_id === String(order.id))).toHaveLength(1);
  });

  it('rule: a changed order gets a new payment for its new total (the stale one is set aside)', async () => {
    const { account, newOrder, product } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    const before = await pay(token, order.id);
    const added = await server.call('POST', 'public-order/order/position/add', { token, body: { order_id: order.id, product: String(product.id), quantity: 1 } });
    expect(added.status).toBe(200);
    const after = await pay(token, order.id);
    expect(after.body.confirmation_url).not.toBe(before.body.confirmation_url);
    expect((await rows(account.id, order.id)).map((row) => [row.state, row.amount])).toEqual([
      ['canceled', '123.50'],
      ['pending', '185.25'],
    ]);
  });

  it("rule: a provider failure answers a clear refusal, is logged, and the next click repeats the call with the same key (one payment)", async () => {
    const { account, newOrder } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    fakes.yoo.failNext(500, 10);
    const failed = await pay(token, order.id);
    fakes.yoo.failNext(500, 0);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/could not be started/);
    expect((await logOf(account.id)).at(-1)).toMatchObject({ level: 'error', action: 'payment-create', source: 'yookassa' });
    const [row] = await rows(account.id, order.id);
    const retried = await pay(token, order.id);
    expect(retried.status).toBe(200);
    expect((await rows(account.id, order.id)).map((item) => item.idempotenceKey)).toEqual([row!.idempotenceKey]);
  });

  it('rule: no provider, or a provider of another currency, offers no Pay and refuses it', async () => {
    const { account, newOrder, post } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    await post('payments/settings', { provider: 'stripe', ...stripeKeys() });
    expect((await view(token, order.id)).body).toMatchObject({ offered: false });
    expect((await pay(token, order.id)).body.error).toMatch(/priced in RUB; online payment takes USD/);
    await post('payments/settings', { provider: null });
    expect((await pay(token, order.id)).body.error).toBe('This seller does not take online payments');
    expect(await rows(account.id, order.id)).toHaveLength(0);
  });
});

describe('YooKassa notifications', () => {
  it('rule: payment.succeeded (re-read by GET) marks the order paid for the customer and staff, once; the invoice stays offered', async () => {
    const { account, newOrder, webhookUrl } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    // The staff offer the invoice in the public order (the built-ins are made on the staff's first listing).
    expect((await server.call('GET', 'document/list', { token: account.token })).status).toBe(200);
    await server.database.db.update(documentTemplates).set({ publicVisible: true }).where(and(eq(documentTemplates.accountId, account.id), eq(documentTemplates.type, 'invoice')));
    const templatesBefore = (await server.call('GET', 'public-order/doc/templates', { token, query: { order_id: order.id } })).body;
    expect(templatesBefore.map((template: { type: string }) => template.type)).toContain('invoice');
    await pay(token, order.id);
    const [row] = await rows(account.id, order.id);
    fakes.yoo.webhookUrl = webhookUrl;
    expect(await fakes.yoo.settle(row!.externalId!, 'succeeded')).toBe(200);
    expect((await view(token, order.id)).body).toMatchObject({ paid: true, state: 'succeeded', offered: false, amount: '123.50' });
    expect((await server.call('GET', 'payments/order', { token: account.token, query: { order_id: order.id } })).body).toMatchObject({ paid: true, state: 'succeeded' });
    expect((await server.call('GET', 'payments/orders', { token: account.token, query: { order_ids: `${order.id}` } })).body).toEqual({ [order.id]: 'succeeded' });
    expect((await pay(token, order.id)).body.error).toBe('This order is already paid');
    expect((await server.call('GET', 'public-order/doc/templates', { token, query: { order_id: order.id } })).body).toEqual(templatesBefore);
    // The same notification again changes nothing and logs nothing.
    const logged = (await logOf(account.id)).length;
    expect(await fakes.yoo.notify({ type: 'notification', event: 'payment.succeeded', object: fakes.yoo.payments.get(row!.externalId!) })).toBe(200);
    expect((await logOf(account.id)).length).toBe(logged);
  });

  it('rule: a forged notification (YooKassa does not confirm it) is refused, logged, and changes nothing', async () => {
    const { account, newOrder, webhookUrl } = await shop('yookassa', yooKeys());
    const { order, token } = await newOrder();
    await pay(token, order.id);
    const [row] = await rows(account.id, order.id);
    fakes.yoo.webhookUrl = webhookUrl;
    // Claims success while YooKassa holds the payment as pending.
    const forged = await fakes.yoo.notify({ type: 'notification', event: 'payment.succeeded', object: { ...fakes.yoo.payments.get(row!.externalId!), status: 'succeeded' } });
    expect(forged).toBe(400);
    // Names a payment YooKassa does not have.
    expect(await fakes.yoo.notify({ type: 'notification', event: 'payment.succeeded', object: { id: '2f0a1b2c-0000-5000-8000-000000000000', status: 'succeeded' } })).toBe(400);
    expect((await rows(account.id, order.id)).map((item) => item.state)).toEqual(['pending']);
    expect((await logOf(account.id)).filter((entry) => entry.level === 'warning').map((entry) => entry.message)).toEqual([
      expect.stringMatching(/disagrees with the payment YooKassa holds/),
      expect.stringMatching(/not confirmed by the provider.*not_found/),
    ]);
  });
});

describe('Stripe webhooks', () => {
  async function paidSession() {
    const ctx = await shop('stripe', stripeKeys());
    const { order, token } = await ctx.newOrder();
    const paid = await pay(token, order.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [row] = await rows(ctx.account.id, order.id);
    fakes.stripe.webhookUrl = ctx.webhookUrl;
    return { ...ctx, order, token, row: row! };
  }

  it('rule: checkout.session.completed (signed) marks the order paid; a replayed delivery changes nothing; a late expired event does not undo it', async () => {
    const { account, order, token, row } = await paidSession();
    expect(fakes.stripe.sessions.get(row.externalId!)).toMatchObject({ amount_total: 12350, currency: 'usd', client_reference_id: String(order.id) });
    Object.assign(fakes.stripe.sessions.get(row.externalId!)!, { status: 'complete', payment_status: 'paid' });
    const completed = fakes.stripe.eventOf(row.externalId!, 'checkout.session.completed');
    expect(await fakes.stripe.deliver(completed.body, completed.signature)).toBe(200);
    expect((await view(token, order.id)).body).toMatchObject({ paid: true, state: 'succeeded', currency: 'USD', amount: '123.50' });
    const logged = (await logOf(account.id)).length;
    // The same event again (Stripe redelivers): taken already, so it is answered and does nothing.
    const replay = await server.app.inject({ method: 'POST', url: `/api/payments/webhook/stripe/${account.id}`, payload: completed.body, headers: { 'content-type': 'application/json', 'stripe-signature': completed.signature } });
    expect(JSON.parse(replay.body)).toEqual({ accepted: false, state: null });
    expect((await logOf(account.id)).length).toBe(logged);
    // Out of order: an expiry delivered after the completion leaves the payment succeeded.
    const expired = fakes.stripe.eventOf(row.externalId!, 'checkout.session.expired');
    const late = JSON.parse(expired.body) as { data: { object: Record<string, unknown> } };
    late.data.object = { ...late.data.object, status: 'expired', payment_status: 'unpaid' };
    const lateBody = JSON.stringify(late);
    const { stripeSignatureHeader } = await import('../../../server/modules/payments/stripeSignature');
    expect(await fakes.stripe.deliver(lateBody, stripeSignatureHeader(fakes.stripe.webhookSecret, lateBody, Math.floor(Date.now() / 1000)))).toBe(200);
    expect((await rows(account.id, order.id)).map((item) => item.state)).toEqual(['succeeded']);
  });

  it('rule: a forged signature, an old (replayed) signature, an unknown session and an amount mismatch are refused, logged, and change nothing', async () => {
    const { account, order, row } = await paidSession();
    const session = fakes.stripe.sessions.get(row.externalId!)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    const good = fakes.stripe.eventOf(row.externalId!, 'checkout.session.completed');
    const { stripeSignatureHeader } = await import('../../../server/modules/payments/stripeSignature');
    const now = Math.floor(Date.now() / 1000);
    expect(await fakes.stripe.deliver(good.body, stripeSignatureHeader('whsec_forged', good.body, now))).toBe(400);
    expect(await fakes.stripe.deliver(good.body, null)).toBe(400);
    expect(await fakes.stripe.deliver(good.body, stripeSignatureHeader(fakes.stripe.webhookSecret, good.body, now - 600))).toBe(400);
    // A session made at Stripe but not by us.
    const { stripeAdapter } = await import('../../../server/modules/payments/stripe');
    const other = await stripeAdapter(fakes.stripe.url, { secretKey: fakes.stripe.secretKey, webhookSecret: fakes.stripe.webhookSecret }, 'stripe-test-other').createPayment({
      amount: '5.00', currency: 'USD', idempotenceKey: `other-${order.id}`, returnUrl: 'http://x.test/', cancelUrl: 'http://x.test/', orderId: order.id, description: 'not ours',
    });
    Object.assign(fakes.stripe.sessions.get(other.externalId)!, { status: 'complete', payment_status: 'paid' });
    const unknown = fakes.stripe.eventOf(other.externalId, 'checkout.session.completed');
    expect(await fakes.stripe.deliver(unknown.body, unknown.signature)).toBe(400);
    // Our session, signed, but for another amount than we asked.
    session.amount_total = 100;
    const cheap = fakes.stripe.eventOf(row.externalId!, 'checkout.session.completed');
    expect(await fakes.stripe.deliver(cheap.body, cheap.signature)).toBe(400);
    expect((await rows(account.id, order.id)).map((item) => item.state)).toEqual(['pending']);
    const warnings = (await logOf(account.id)).filter((entry) => entry.level === 'warning').map((entry) => entry.message);
    expect(warnings).toEqual([
      expect.stringMatching(/does not match the body/),
      expect.stringMatching(/older than 5 minutes/),
      expect.stringMatching(/no payment cs_test_\w+ was made here/),
      expect.stringMatching(/is for 1.00 USD, we asked 123.50 USD/),
    ]);
    // The refused deliveries left their keys free: the genuine one is still taken.
    session.amount_total = 12350;
    expect(await fakes.stripe.deliver(good.body, good.signature)).toBe(200);
    expect((await rows(account.id, order.id)).map((item) => item.state)).toEqual(['succeeded']);
  });

  it('rule: a body that is no notification at all (no signature header, not JSON) is refused with 400 and logs nothing', async () => {
    const { account } = await paidSession();
    const post = (provider: string, payload: string, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url: `/api/payments/webhook/${provider}/${account.id}`, payload, headers: { 'content-type': 'application/json', ...headers } });
    await server.call('POST', 'payments/settings', { token: account.token, body: { provider: 'stripe', ...yooKeys() } });
    const before = (await logOf(account.id)).length;
    expect((await post('stripe', '{"id":"evt_x"}')).statusCode).toBe(400);
    expect((await post('yookassa', 'not json')).statusCode).toBe(400);
    expect((await post('yookassa', '{"type":"notification","event":"payment.succeeded","object":{}}')).statusCode).toBe(400);
    expect((await logOf(account.id)).length).toBe(before);
  });

  it('rule: a webhook for an account without payments is 404 and logs nothing', async () => {
    const account = await server.newAccount();
    const answer = await server.app.inject({ method: 'POST', url: `/api/payments/webhook/stripe/${account.id}`, payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(answer.statusCode).toBe(404);
    expect(await logOf(account.id)).toEqual([]);
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One Stripe account's Checkout API on 127.0.0.1, from Stripe's public documentation (docs.stripe.com/api):
 *
 *   POST /v1/checkout/sessions       Authorization: Bearer sk_…; form-encoded mode=payment, success_url, cancel_url,
 *                                    line_items[i][price_data][currency|unit_amount|product_data][name]] and
 *                                    line_items[i][quantity], client_reference_id, metadata[…] → the Checkout Session
 *                                    {id cs_test_…, object, url, status open, payment_status unpaid, amount_total (cents),
 *                                    currency, client_reference_id, metadata}. Idempotency-Key: the same key with the
 *                                    same parameters answers the first session again; with others → 400 idempotency_error.
 *   GET  /v1/checkout/sessions/{id}  → the session; unknown → 404 resource_missing.
 *   GET  /v1/checkout/sessions?payment_intent=pi_…  → {object: 'list', data: [the session whose PaymentIntent it is], has_more}.
 *   GET  /v1/balance                 → {object: 'balance', available, pending}.
 *   A paid session has a PaymentIntent (payment_intent pi_…) and its Charge {id ch_…, object 'charge', amount,
 *   amount_refunded, currency, payment_intent, refunded, metadata}. A refund (made in the dashboard: refund()) adds to
 *   amount_refunded (partial refunds add up; refunded turns true at the full amount) and sends 'charge.refunded' with
 *   the charge as data.object.
 *   Errors: {error: {type, code?, message}}; a wrong key → 401.
 *   Webhooks: POST {id evt_…, object: 'event', type, created, data: {object: <session>}} with
 *   Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(whsec, `${t}.${body}`)> to the endpoint (webhookUrl).
 *
 * The checkout page (GET /pay/{id}) stands in for Stripe's hosted page: 'Pay' completes the session, sends
 * checkout.session.completed and redirects to success_url; 'Back' goes to cancel_url. failNext() answers 429 or 500.
 */
export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  mode: 'payment';
  payment_intent: string | null;
}

export interface FakeStripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  paid: true;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface FakeStripeCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
  status: number;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | null;
  sessions: Map<string, FakeStripeSession>;
  /** The charge of each paid session, by session id. */
  charges: Map<string, FakeStripeCharge>;
  calls: FakeStripeCall[];
  /** Refunds `cents` (the rest when omitted) of a paid session's charge; answers the signed charge.refunded event, not yet sent. */
  refund(sessionId: string, cents?: number): { body: string; signature: string };
  failNext(status: 429 | 500, times?: number): void;
  /** Completes (paid) or expires a session and sends its signed event. */
  settle(id: string, outcome: 'completed' | 'expired'): Promise<number | null>;
  /** The signed event a session's change makes, without sending it (to replay or tamper with). */
  eventOf(id: string, type: string): { body: string; signature: string };
  /** Posts a body with the given Stripe-Signature header. */
  deliver(body: string, signature: string | null): Promise<number | null>;
  close(): Promise<void>;
}

const fail = (type: string, message: string, code?: string) => ({ error: { type, message, ...(code ? { code } : {}) } });

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const fake = {
    secretKey: options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`,
    webhookUrl: null,
    sessions: new Map(),
    charges: new Map(),
    calls: [],
  } as unknown as FakeStripe;
  const byKey = new Map<string, { body: string; id: string }>();
  let failures: { status: 429 | 500; left: number } | null = null;
  fake.failNext = (status, times = 1) => {
    failures = { status, left: times };
  };

  const signed = (type: string, object: unknown) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: id('evt'), object: 'event', type, created: timestamp, livemode: false, data: { object } });
    return { body, signature: `t=${timestamp},v1=${createHmac('sha256', fake.webhookSecret).update(`${timestamp}.${body}`).digest('hex')}` };
  };
  fake.eventOf = (sessionId, type) => {
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    return signed(type, session);
  };
  /** A session paid at the checkout gets its PaymentIntent and charge (the tests may also mark one paid by hand). */
  const chargeOf = (session: FakeStripeSession): FakeStripeCharge => {
    let charge = fake.charges.get(session.id);
    if (!charge) {
      session.payment_intent ??= id('pi');
      charge = { id: id('ch'), object: 'charge', amount: session.amount_total, amount_captured: session.amount_total, amount_refunded: 0, currency: session.currency, payment_intent: session.payment_intent, refunded: false, paid: true, status: 'succeeded', metadata: { ...session.metadata } };
      fake.charges.set(session.id, charge);
    }
    return charge;
  };
  fake.refund = (sessionId, cents) => {
    const session = fake.sessions.get(sessionId);
    if (session?.payment_status !== 'paid') throw new Error(`fake session ${sessionId} is not paid`);
    const charge = chargeOf(session);
    const amount = cents ?? charge.amount - charge.amount_refunded;
    if (amount <= 0 || charge.amount_refunded + amount > charge.amount) throw new Error(`cannot refund ${amount} of ${charge.amount}`);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return signed('charge.refunded', { ...charge });
  };
  fake.deliver = async (body, signature) => {
    if (!fake.webhookUrl) return null;
    const response = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) }, body });
    await response.text();
    return response.status;
  };
  fake.settle = async (sessionId, outcome) => {
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    if (outcome === 'completed') {
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
      chargeOf(session);
    }
    else Object.assign(session, { status: 'expired', url: null });
    const event = fake.eventOf(sessionId, `checkout.session.${outcome}`);
    return fake.deliver(event.body, event.signature);
  };

  function api(request: IncomingMessage, response: ServerResponse, path: string, text: string, query: URLSearchParams): number {
    if (failures && failures.left > 0) {
      failures.left -= 1;
      const { status } = failures;
      send(response, status, fail(status === 429 ? 'rate_limit_error' : 'api_error', status === 429 ? 'Too many requests' : 'Something went wrong on our end'), status === 429 ? { 'retry-after': '0' } : {});
      return status;
    }
    if (request.headers.authorization !== `Bearer ${fake.secretKey}`) {
      send(response, 401, fail('invalid_request_error', 'Invalid API Key provided'));
      return 401;
    }
    if (request.method === 'GET' && path === '/v1/balance') {
      send(response, 200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [{ amount: 0, currency: 'usd' }], livemode: false });
      return 200;
    }
    if (request.method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = query.get('payment_intent');
      const data = [...fake.sessions.values()].filter((session) => intent === null || session.payment_intent === intent).slice(0, Number(query.get('limit') ?? 10));
      send(response, 200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
      return 200;
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const session = fake.sessions.get(decodeURIComponent(one[1]!));
      if (!session) {
        send(response, 404, fail('invalid_request_error', `No such checkout.session: '${one[1]}'`, 'resource_missing'));
        return 404;
      }
      send(response, 200, session);
      return 200;
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        send(response, 400, fail('invalid_request_error', 'Stripe takes form-encoded bodies'));
        return 400;
      }
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string' && byKey.has(key)) {
        const seen = byKey.get(key)!;
        if (seen.body !== text) {
          send(response, 400, fail('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'));
          return 400;
        }
        send(response, 200, fake.sessions.get(seen.id), { 'idempotent-replayed': 'true' });
        return 200;
      }
      const form = Object.fromEntries(new URLSearchParams(text));
      const unitAmount = Number(form['line_items[0][price_data][unit_amount]']);
      const quantity = Number(form['line_items[0][quantity]'] ?? '1');
      const currency = form['line_items[0][price_data][currency]'];
      if (form.mode !== 'payment' || !form.success_url || !form.cancel_url) {
        send(response, 400, fail('invalid_request_error', 'mode=payment, success_url and cancel_url are required', 'parameter_missing'));
        return 400;
      }
      if (!Number.isInteger(unitAmount) || unitAmount < 50 || !Number.isInteger(quantity) || quantity < 1 || !currency || !/^[a-z]{3}$/.test(currency)) {
        send(response, 400, fail('invalid_request_error', 'line_items[0][price_data] needs a currency and unit_amount in cents (at least 50)', 'parameter_invalid_integer'));
        return 400;
      }
      const sessionId = id('cs_test');
      const session: FakeStripeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `${fake.url}/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unitAmount * quantity,
        currency,
        client_reference_id: form.client_reference_id ?? null,
        metadata: Object.fromEntries(Object.entries(form).flatMap(([name, value]) => (/^metadata\[(.+)\]$/.exec(name) ? [[/^metadata\[(.+)\]$/.exec(name)![1]!, value]] : []))),
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        mode: 'payment',
        payment_intent: null,
      };
      fake.sessions.set(sessionId, session);
      if (typeof key === 'string') byKey.set(key, { body: text, id: sessionId });
      send(response, 200, session);
      return 200;
    }
    send(response, 404, fail('invalid_request_error', `Unrecognized request URL (${request.method}: ${path})`));
    return 404;
  }

  async function checkout(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const match = /^\/pay\/([^/]+)(?:\/(pay|back))?$/.exec(path);
    const session = match ? fake.sessions.get(match[1]!) : undefined;
    if (session?.status !== 'open') {
      response.writeHead(404).end('This Checkout Session is no longer available');
      return;
    }
    if (request.method === 'POST' && match![2] === 'pay') {
      await fake.settle(session.id, 'completed');
      response.writeHead(303, { location: session.success_url }).end();
      return;
    }
    if (request.method === 'POST' && match![2] === 'back') {
      response.writeHead(303, { location: session.cancel_url }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Stripe test checkout</title><h1>Stripe Checkout</h1><p id="amount">${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>` +
        `<form method="post" action="/pay/${session.id}/pay"><button id="pay">Pay</button></form>` +
        `<form method="post" action="/pay/${session.id}/back"><button id="cancel">Back</button></form>`,
    );
  }

  const server = createServer((request, response) => {
    void (async () => {
      const address = new URL(request.url ?? '/', 'http://fake');
      const path = address.pathname;
      const text = await bodyOf(request);
      if (path.startsWith('/pay/')) return checkout(request, response, path);
      const status = api(request, response, path, text, address.searchParams);
      fake.calls.push({ method: request.method ?? '', path, headers: request.headers, form: Object.fromEntries(new URLSearchParams(text)), status });
    })().catch((failure: unknown) => {
      if (!response.headersSent) send(response, 500, fail('api_error', String(failure)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

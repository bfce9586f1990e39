import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One YooKassa shop's API v3 on 127.0.0.1, from YooKassa's public documentation (yookassa.ru/developers/api):
 *
 *   POST /v3/payments        Basic shopId:secretKey; Idempotence-Key required (400 invalid_request without); JSON
 *                            {amount {value "123.45", currency}, capture, confirmation {type redirect, return_url},
 *                            description?, metadata?} → the payment {id, status pending, paid, amount, confirmation
 *                            {type, confirmation_url, return_url}, metadata, created_at, test}. The same key with the same
 *                            body answers the first payment again; with another body → 400 invalid_request.
 *   GET  /v3/payments/{id}   → the payment; unknown → 404 not_found.
 *   GET  /v3/me              → the shop {account_id, status, test}.
 *   GET  /v3/refunds/{id}    → the refund {id, payment_id, status succeeded, amount, created_at}; unknown → 404.
 *   Refunds are made in the shop's dashboard (refund()): the payment's refunded_amount grows (partial refunds add up,
 *   never beyond the amount) and 'refund.succeeded' is sent with the refund as its object.
 *   Errors: {type: 'error', id, code, description}; wrong keys → 401 invalid_credentials.
 *   Notifications (not signed): POST {type: 'notification', event: 'payment.succeeded' | 'payment.canceled' |
 *   'payment.waiting_for_capture', object: <payment>} to the shop's notification URL (webhookUrl).
 *
 * The confirmation page (GET /confirm/{id}) stands in for YooKassa's checkout: 'Pay' succeeds the payment, notifies,
 * and sends the buyer to return_url; 'Cancel' cancels it. failNext() makes the next calls answer 429 or 500.
 */
export interface FakeYooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  description?: string;
  metadata: Record<string, string>;
  created_at: string;
  test: true;
  /** Present once something was refunded: the sum of the payment's refunds. */
  refunded_amount?: { value: string; currency: string };
}

export interface FakeYooRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  created_at: string;
}

export interface FakeYooCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  status: number;
}

export interface FakeYooKassa {
  url: string;
  shopId: string;
  secretKey: string;
  /** Where notifications go (the shop's HTTP notification URL); none are sent while null. */
  webhookUrl: string | null;
  payments: Map<string, FakeYooPayment>;
  refunds: Map<string, FakeYooRefund>;
  calls: FakeYooCall[];
  /** The next `times` API calls answer `status` (429 with Retry-After: 0, or 500) instead. */
  failNext(status: 429 | 500, times?: number): void;
  /** Moves a payment and sends its notification (as YooKassa does after the buyer acts). */
  settle(id: string, status: 'succeeded' | 'canceled'): Promise<number | null>;
  /**
   * Refunds `value` (all that is left when omitted) of a succeeded payment, as the shop's dashboard does, and sends
   * refund.succeeded; answers the refund and the notification's HTTP status.
   */
  refund(paymentId: string, value?: string): Promise<{ refund: FakeYooRefund; status: number | null }>;
  /** Sends a notification body as given (for forged and replayed deliveries). */
  notify(body: unknown): Promise<number | null>;
  close(): Promise<void>;
}

const error = (code: string, description: string) => ({ type: 'error', id: randomUUID(), code, description });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const AMOUNT = /^\d{1,12}\.\d{2}$/;

export async function startFakeYooKassa(options: { shopId?: string; secretKey?: string } = {}): Promise<FakeYooKassa> {
  const fake = {
    shopId: options.shopId ?? '506751',
    secretKey: options.secretKey ?? `test_${randomUUID().replace(/-/g, '')}`,
    webhookUrl: null,
    payments: new Map(),
    refunds: new Map(),
    calls: [],
  } as unknown as FakeYooKassa;
  const byKey = new Map<string, { body: string; id: string }>();
  let failures: { status: 429 | 500; left: number } | null = null;
  fake.failNext = (status, times = 1) => {
    failures = { status, left: times };
  };

  fake.notify = async (body) => {
    if (!fake.webhookUrl) return null;
    const response = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.text();
    return response.status;
  };
  fake.settle = async (id, status) => {
    const payment = fake.payments.get(id);
    if (!payment) throw new Error(`no fake payment ${id}`);
    payment.status = status;
    payment.paid = status === 'succeeded';
    return fake.notify({ type: 'notification', event: `payment.${status}`, object: payment });
  };

  fake.refund = async (paymentId, value) => {
    const payment = fake.payments.get(paymentId);
    if (payment?.status !== 'succeeded') throw new Error(`fake payment ${paymentId} is not succeeded`);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const done = cents(payment.refunded_amount?.value ?? '0');
    const amount = value === undefined ? cents(payment.amount.value) - done : cents(value);
    if (amount <= 0 || done + amount > cents(payment.amount.value)) throw new Error(`cannot refund ${value} of ${payment.amount.value}`);
    const money = (minor: number) => ({ value: (minor / 100).toFixed(2), currency: payment.amount.currency });
    payment.refunded_amount = money(done + amount);
    const refund: FakeYooRefund = { id: randomUUID(), payment_id: paymentId, status: 'succeeded', amount: money(amount), created_at: new Date().toISOString() };
    fake.refunds.set(refund.id, refund);
    return { refund, status: await fake.notify({ type: 'notification', event: 'refund.succeeded', object: refund }) };
  };

  async function api(request: IncomingMessage, response: ServerResponse, path: string, text: string): Promise<number> {
    if (failures && failures.left > 0) {
      failures.left -= 1;
      const { status } = failures;
      send(response, status, error(status === 429 ? 'too_many_requests' : 'internal_server_error', status === 429 ? 'Too many requests' : 'Internal server error'), status === 429 ? { 'retry-after': '0' } : {});
      return status;
    }
    const expected = `Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      send(response, 401, error('invalid_credentials', 'Login or password is incorrect'));
      return 401;
    }
    if (request.method === 'GET' && path === '/v3/me') {
      send(response, 200, { account_id: fake.shopId, status: 'enabled', test: true });
      return 200;
    }
    const one = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const payment = fake.payments.get(decodeURIComponent(one[1]!));
      if (!payment) {
        send(response, 404, error('not_found', 'Payment not found'));
        return 404;
      }
      send(response, 200, payment);
      return 200;
    }
    const refund = /^\/v3\/refunds\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && refund) {
      const found = fake.refunds.get(decodeURIComponent(refund[1]!));
      if (!found) {
        send(response, 404, error('not_found', 'Refund not found'));
        return 404;
      }
      send(response, 200, found);
      return 200;
    }
    if (request.method === 'POST' && path === '/v3/payments') {
      const key = request.headers['idempotence-key'];
      if (typeof key !== 'string' || !key || key.length > 64) {
        send(response, 400, error('invalid_request', 'Idempotence-Key header is missing or longer than 64 characters'));
        return 400;
      }
      const seen = byKey.get(key);
      if (seen) {
        if (seen.body !== text) {
          send(response, 400, error('invalid_request', 'Idempotence key duplicated with another request body'));
          return 400;
        }
        send(response, 200, fake.payments.get(seen.id));
        return 200;
      }
      let body: { amount?: { value?: unknown; currency?: unknown }; capture?: unknown; confirmation?: { type?: unknown; return_url?: unknown }; description?: unknown; metadata?: Record<string, string> };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        send(response, 400, error('invalid_request', 'Request body is not JSON'));
        return 400;
      }
      if (typeof body.amount?.value !== 'string' || !AMOUNT.test(body.amount.value) || body.amount.currency !== 'RUB') {
        send(response, 400, error('invalid_request', 'Invalid amount: value "0.00" with two decimals and currency RUB expected'));
        return 400;
      }
      if (body.confirmation?.type !== 'redirect' || typeof body.confirmation.return_url !== 'string') {
        send(response, 400, error('invalid_request', 'confirmation.type redirect needs return_url'));
        return 400;
      }
      const id = randomUUID();
      const payment: FakeYooPayment = {
        id,
        status: 'pending',
        paid: false,
        amount: { value: body.amount.value, currency: 'RUB' },
        confirmation: { type: 'redirect', confirmation_url: `${fake.url}/confirm/${id}`, return_url: body.confirmation.return_url },
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        metadata: body.metadata ?? {},
        created_at: new Date().toISOString(),
        test: true,
      };
      fake.payments.set(id, payment);
      byKey.set(key, { body: text, id });
      send(response, 200, payment);
      return 200;
    }
    send(response, 404, error('not_found', 'Unknown method'));
    return 404;
  }

  /** The buyer's side: a small page standing in for YooKassa's checkout. */
  async function checkout(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const match = /^\/confirm\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    const payment = match ? fake.payments.get(match[1]!) : undefined;
    if (!payment) {
      response.writeHead(404).end('No such payment');
      return;
    }
    if (request.method === 'POST' && match![2]) {
      await fake.settle(payment.id, match![2] === 'pay' ? 'succeeded' : 'canceled');
      response.writeHead(303, { location: payment.confirmation.return_url }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>YooKassa test checkout</title><h1>YooKassa</h1><p id="amount">${payment.amount.value} ${payment.amount.currency}</p>` +
        `<form method="post" action="/confirm/${payment.id}/pay"><button id="pay">Pay</button></form>` +
        `<form method="post" action="/confirm/${payment.id}/cancel"><button id="cancel">Cancel</button></form>`,
    );
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const text = await bodyOf(request);
      if (path.startsWith('/confirm/')) return checkout(request, response, path);
      const status = await api(request, response, path, text);
      fake.calls.push({ method: request.method ?? '', path, headers: request.headers, body: text ? safeJson(text) : null, status });
    })().catch((failure: unknown) => {
      if (!response.headersSent) send(response, 500, error('internal_server_error', String(failure)));
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, createRateGate, OutboundError } from '../../../server/modules/integrations/outbound';

/** A CRM-like API on 127.0.0.1 whose answers each test scripts, in order; it records when every call arrived. */
let server: Server;
let base = '';
let script: { status: number; body?: unknown; headers?: Record<string, string> }[] = [];
const arrivals: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    const next = script.shift() ?? { status: 200, body: { ok: true } };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body === undefined ? '' : JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('outbound calls to CRMs', () => {
  it('rule: a rate gate spaces calls so no one-second window holds more than the limit', async () => {
    arrivals.length = 0;
    script = [];
    const gate = createRateGate(7);
    await Promise.all(Array.from({ length: 15 }, () => callJson(`${base}/x`, {}, { gate })));
    expect(arrivals).toHaveLength(15);
    for (let i = 7; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 7]!).toBeGreaterThanOrEqual(990);
  });

  it('rule: a stalled event loop does not bunch the queued calls — no one-second window of releases holds more than the limit', async () => {
    const gate = createRateGate(7);
    const releases: number[] = [];
    const all = Promise.all(Array.from({ length: 12 }, () => gate.take().then(() => void releases.push(performance.now()))));
    // Block the loop for 400 ms a little after the first call went out: the slots that fall in it must not all go at once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const until = performance.now() + 400;
    while (performance.now() < until);
    await all;
    expect(releases).toHaveLength(12);
    for (let i = 7; i < releases.length; i++) expect(releases[i]! - releases[i - 7]!).toBeGreaterThanOrEqual(1000);
  });

  it('rule: 429 and 503 are retried after Retry-After, then the answer is returned', async () => {
    arrivals.length = 0;
    script = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 503, body: { error: 'busy' } }, { status: 200, body: { done: 1 } }];
    const answer = await callJson<{ done: number }>(`${base}/y`, {}, { gate: createRateGate(100), backoffMs: 50 });
    expect(answer.body).toEqual({ done: 1 });
    expect(arrivals).toHaveLength(3);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
  });

  it('rule: retries are bounded — a CRM that keeps refusing ends in a rate error, not a loop', async () => {
    arrivals.length = 0;
    script = Array.from({ length: 10 }, () => ({ status: 429 }));
    const failure = await callJson(`${base}/z`, {}, { gate: createRateGate(100), retries: 2, backoffMs: 10 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutboundError);
    expect((failure as OutboundError).failure).toBe('rate');
    expect(arrivals).toHaveLength(3);
    script = [];
  });

  it('rule: a refused token is not retried (the caller refreshes it or marks the connection revoked)', async () => {
    arrivals.length = 0;
    script = [{ status: 401, body: { title: 'Unauthorized' } }];
    const failure = await callJson(`${base}/w`, {}, { gate: createRateGate(100) }).catch((error: unknown) => error);
    expect((failure as OutboundError).failure).toBe('unauthorized');
    expect(arrivals).toHaveLength(1);
  });

  it('rule: an error body the caller marks as a rate limit (Bitrix24 QUERY_LIMIT_EXCEEDED) is retried', async () => {
    arrivals.length = 0;
    script = [{ status: 200, body: { error: 'QUERY_LIMIT_EXCEEDED' } }, { status: 200, body: { result: 1 } }];
    const answer = await callJson(`${base}/b`, {}, { gate: createRateGate(100), backoffMs: 10, retryable: (_status, body) => (body as { error?: string })?.error === 'QUERY_LIMIT_EXCEEDED' });
    expect(answer.body).toEqual({ result: 1 });
    expect(arrivals).toHaveLength(2);
  });
});

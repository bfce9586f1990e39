import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls to a CRM's or a provider's HTTP API within its rate limit (amoCRM 7 requests/second, Bitrix24 2/second), with
 * the retries their documentation asks for: 429 and 503 (and a gateway that did not answer) wait — Retry-After when the
 * answer gives one, else a growing pause — and try again a bounded number of times; everything else is the caller's to
 * judge. One gate per connection in this process, shared by every task that calls it.
 */
export type OutboundFailure = 'unauthorized' | 'rate' | 'unavailable' | 'rejected' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    readonly status: number | null = null,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export interface RateGate {
  /** Resolves when the next call may go out. */
  take(): Promise<void>;
}

/**
 * Calls released one at a time, each at least 1/perSecond of 1.1 s after the previous one really went out, so no
 * one-second window holds more than the limit. Spacing by the real release time, not by slots handed out in advance:
 * when the event loop stalls (a long synchronous query of the embedded database), slots given out beforehand all fall
 * due together and would go out in one bunch. The 10% margin is for arrivals: the CRM counts when a call arrives, and
 * the network (or a busy loop between release and send) moves a call some milliseconds either way.
 */
export function createRateGate(perSecond: number, now: () => number = Date.now): RateGate {
  const spacing = 1100 / perSecond;
  let last = -Infinity;
  let queue: Promise<void> = Promise.resolve();
  return {
    take() {
      const turn = queue.then(async () => {
        for (let wait = last + spacing - now(); wait > 0; wait = last + spacing - now()) await sleep(wait);
        last = now();
      });
      queue = turn;
      return turn;
    },
  };
}

const gates = new Map<string, RateGate>();

export function gateFor(key: string, perSecond: number): RateGate {
  let gate = gates.get(key);
  if (!gate) {
    gate = createRateGate(perSecond);
    gates.set(key, gate);
  }
  return gate;
}

export interface OutboundOptions {
  gate: RateGate;
  /** Tries after the first for 429/503/502/504 and network failures (default 4). */
  retries?: number;
  /** The first pause when the answer names none (default 1 s), doubled each time, at most 30 s. */
  backoffMs?: number;
  timeoutMs?: number;
  /** A 200 answer that is really a refusal to retry (Bitrix24's QUERY_LIMIT_EXCEEDED comes as an error body). */
  retryable?: (status: number, body: unknown) => boolean;
}

export interface OutboundAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One JSON call. Answers 2xx–4xx other than 401/429 as they are (the caller reads the CRM's error body); throws
 * OutboundError 'unauthorized' on 401 (refresh the token, or mark the connection revoked) and 'rate' / 'unavailable' /
 * 'network' when the retries ran out.
 */
export async function callJson<T = unknown>(url: string, init: RequestInit, options: OutboundOptions): Promise<OutboundAnswer<T>> {
  const retries = options.retries ?? 4;
  let pause = options.backoffMs ?? 1000;
  for (let attempt = 0; ; attempt++) {
    await options.gate.take();
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    } catch (error) {
      if (attempt >= retries) throw new OutboundError('network', `No answer from ${new URL(url).host}: ${(error as Error).message}`);
      await sleep(pause);
      pause = Math.min(pause * 2, 30_000);
      continue;
    }
    const body = await bodyOf(response);
    const limited = response.status === 429 || options.retryable?.(response.status, body) === true;
    const unavailable = response.status === 503 || response.status === 502 || response.status === 504;
    if (limited || unavailable) {
      if (attempt >= retries) {
        throw new OutboundError(limited ? 'rate' : 'unavailable', `${new URL(url).host} answered ${response.status} ${retries + 1} times`, response.status, body);
      }
      await sleep(retryAfterMs(response.headers) ?? pause);
      pause = Math.min(pause * 2, 30_000);
      continue;
    }
    if (response.status === 401) throw new OutboundError('unauthorized', `${new URL(url).host} refused our token`, 401, body);
    return { status: response.status, body: body as T, headers: response.headers };
  }
}

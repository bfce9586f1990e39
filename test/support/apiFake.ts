import Value from 'typebox/value';
import { afterEach, beforeEach, inject, vi } from 'vitest';
import type { RegisteredRoute } from '../setup/apiRoutes';

/** A call as our server would see it: JSON bodies parsed, multipart bodies kept as FormData. */
export interface FakeCall {
  url: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface FakeReply {
  status?: number;
  /** A JSON body. */
  body?: unknown;
  /** Raw bytes instead of JSON (a file download). */
  bytes?: BlobPart;
  headers?: Record<string, string>;
  /** When set, the answer waits for it: lets a test make an earlier call answer after a later one. */
  after?: Promise<unknown>;
  /** Why this 2xx body breaks its contract on purpose (a test of the client's guard); skips the schema check. */
  offContract?: string;
}
export type FakeAnswer = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

/** The calls of one path held back by `hold`, numbered from 0 in the order they were made. */
export interface HeldAnswers {
  /** How many calls of the path have been held so far. */
  readonly count: number;
  /** Lets the index-th held call answer (default: the first); released before that call comes, it is not held. */
  release(index?: number): void;
  /** Lets every held call answer, and every later one through without waiting. */
  releaseAll(): void;
}

export interface ApiFake {
  calls: FakeCall[];
  /** Answers by path (`/api/contact/list`); a route with no answer gets 404 `{ error: 'none' }`. */
  answers: Record<string, FakeAnswer>;
  callsTo(path: string): FakeCall[];
  /**
   * Holds the answer of every call of a path from now on until released: the call is recorded and its answer
   * chosen (and checked against the contract) at once, as the server would, and only its arrival waits. Lets a
   * test see a busy state, or make an earlier call answer after a later one. Holds end with the test.
   */
  hold(path: string): HeldAnswers;
}

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** One held path: a gate per call index, made by whichever comes first, the call or its release. */
class HeldPath implements HeldAnswers {
  private readonly gates: Gate[] = [];
  private held = 0;
  private allReleased = false;

  get count(): number {
    return this.held;
  }

  private gateOf(index: number): Gate {
    this.gates[index] ??= gate();
    return this.gates[index];
  }

  release(index = 0): void {
    this.gateOf(index).open();
  }

  releaseAll(): void {
    this.allReleased = true;
    for (const each of this.gates) each?.open();
  }

  /** Waits until this call (the next index) is released. */
  wait(): Promise<void> {
    if (this.allReleased) return Promise.resolve();
    const index = this.held;
    this.held += 1;
    return this.gateOf(index).promise;
  }
}

interface KnownRoute {
  method: string;
  pattern: RegExp;
  url: string;
  response: unknown;
}

let knownRoutes: KnownRoute[] | undefined;

/** The real server's routes, listed once per run by test/setup/apiRoutes.ts; `:param` parts match one segment. */
export function serverRoutes(): KnownRoute[] {
  knownRoutes ??= (JSON.parse(inject('apiRoutes')) as RegisteredRoute[]).map((route) => ({
    ...route,
    pattern: new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`),
  }));
  return knownRoutes;
}

export function findServerRoute(method: string, path: string): KnownRoute | undefined {
  return serverRoutes().find((route) => route.method === method && route.pattern.test(path));
}

/**
 * Why an answer could not come from our server, or null when it could: the call's method and path must be a
 * registered route, and a 2xx JSON answer must pass that route's response schema (the TypeBox contract).
 */
export function contractBreach(call: Pick<FakeCall, 'method' | 'path'>, reply: FakeReply): string | null {
  const route = findServerRoute(call.method, call.path);
  if (!route) return `${call.method} ${call.path} is not a route of the server`;
  const status = reply.status ?? 200;
  if (status < 200 || status >= 300 || reply.bytes !== undefined || reply.offContract || !route.response) return null;
  const body = reply.body ?? null;
  if (Value.Check(route.response as never, body)) return null;
  const errors = [...Value.Errors(route.response as never, body)].slice(0, 3).map((error) => `${error.instancePath || '/'} ${error.message}`);
  return `${call.method} ${call.path} answered a body its contract rejects: ${errors.join('; ')}`;
}

/**
 * Stands in for our API at the fetch edge, for one test file: answers by path (404 otherwise), with JSON or
 * bytes, and records every call with its body (FormData kept as is); `hold` keeps a path's answers back until
 * released. It holds itself to the real server:
 * a call to a path the server lacks, or a fixture its contract rejects, fails the test. Reset before each
 * test; the stub goes with vitest's unstubGlobals.
 */
export function useApiFake(): ApiFake {
  const breaches: string[] = [];
  const holds = new Map<string, HeldPath>();
  const api: ApiFake = {
    calls: [],
    answers: {},
    callsTo: (path) => api.calls.filter((call) => call.path === path),
    hold(path) {
      if (!serverRoutes().some((route) => route.pattern.test(path))) throw new Error(`hold: ${path} is not a route of the server`);
      const held = new HeldPath();
      holds.set(path, held);
      return held;
    },
  };
  beforeEach(() => {
    api.calls.length = 0;
    breaches.length = 0;
    // A call still held from the last test never answers: nothing of that test is listening any more.
    holds.clear();
    for (const key of Object.keys(api.answers)) delete api.answers[key];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const raw = init?.body;
      const body = raw instanceof FormData ? raw : typeof raw === 'string' ? JSON.parse(raw) : (raw ?? null);
      const call: FakeCall = { url: String(input), method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body, authorization: new Headers(init?.headers).get('authorization') };
      api.calls.push(call);
      const answer = api.answers[url.pathname] ?? { status: 404, body: { error: 'none' } };
      const reply = typeof answer === 'function' ? await answer(call) : answer;
      const breach = contractBreach(call, reply);
      if (breach) breaches.push(breach);
      if (reply.after) await reply.after;
      const held = holds.get(url.pathname);
      if (held) await held.wait();
      if (reply.bytes !== undefined) return new Response(reply.bytes, { status: reply.status ?? 200, headers: reply.headers });
      return new Response(JSON.stringify(reply.body ?? null), { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers } });
    });
  });
  afterEach(() => {
    if (breaches.length) throw new Error(`The fake answered what the server would not:\n${breaches.join('\n')}`);
  });
  return api;
}

import { act } from 'react';
import { beforeEach, vi } from 'vitest';

/** A call as our server would see it: JSON bodies parsed, multipart bodies kept as FormData. */
export interface FakeCall {
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
}
export type FakeAnswer = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

/**
 * Stands in for our API at the fetch edge, for the customer and documents tests: answers by path (404
 * otherwise), with JSON or bytes, and records every call with its body (FormData too, which the shared
 * edge cannot read). Reset before each test; the stub goes with vitest's unstubGlobals.
 */
export function useFakeApi(): { calls: FakeCall[]; answers: Record<string, FakeAnswer>; callsTo: (path: string) => FakeCall[] } {
  const api = {
    calls: [] as FakeCall[],
    answers: {} as Record<string, FakeAnswer>,
    callsTo: (path: string) => api.calls.filter((call) => call.path === path),
  };
  beforeEach(() => {
    api.calls.length = 0;
    for (const key of Object.keys(api.answers)) delete api.answers[key];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const raw = init?.body;
      const body = raw instanceof FormData ? raw : typeof raw === 'string' ? JSON.parse(raw) : (raw ?? null);
      const call: FakeCall = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body, authorization: new Headers(init?.headers).get('authorization') };
      api.calls.push(call);
      const answer = api.answers[url.pathname] ?? { status: 404, body: { error: 'none' } };
      const reply = typeof answer === 'function' ? await answer(call) : answer;
      if (reply.bytes !== undefined) return new Response(reply.bytes, { status: reply.status ?? 200, headers: reply.headers });
      return new Response(JSON.stringify(reply.body ?? null), { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers } });
    });
  });
  return api;
}

/** Lets every pending promise and timer-free update settle. */
export async function settle(rounds = 6): Promise<void> {
  for (let index = 0; index < rounds; index += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const at = '2024-03-05T12:00:00.000Z';

export function contact(id: number, name: string, more: Record<string, unknown> = {}) {
  return { id, name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone: '+7 900 000-00-00', rating: 3, link: '', values: {}, tags: [], archived: false, created_at: at, updated_at: at, companies: [], ...more };
}

export function company(id: number, name: string, more: Record<string, unknown> = {}) {
  return {
    id,
    name,
    email: '',
    phone: '',
    rating: 4,
    link: 'https://acme.example',
    values: {},
    tags: [],
    archived: false,
    created_at: at,
    updated_at: at,
    tax_number: '7701234567',
    reason_code: '',
    registration_number: '',
    bank_name: '',
    correspondent_account: '',
    bank_code: '',
    payment_account: '',
    contacts: [],
    ...more,
  };
}

/** A list answer as the server pages it: links carry the page in their page query. */
export function page<T>(data: T[], current: number, last: number, total = data.length) {
  const link = (n: number | null) => (n === null ? null : `?page=${n}`);
  return {
    data,
    links: { first: link(1), prev: link(current > 1 ? current - 1 : null), next: link(current < last ? current + 1 : null), last: link(last) },
    meta: { current_page: current, last_page: last, per_page: 20, total },
  };
}

/** An order's file as the documents calls answer it. */
export function orderFile(id: number, kind: 'custom' | 'generated', more: Record<string, unknown> = {}) {
  return { id, order_id: 15, kind, name: `file-${id}.pdf`, mime: 'application/pdf', size: 2048, public_visible: true, user_id: 1, user_name: 'Demo Admin', customer_id: null, deletable: true, created_at: '2024-03-05T12:00:00.000Z', ...more };
}

import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface EdgeCall {
  url: string;
  path: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
  authorization: string | null;
}

export interface EdgeAnswer {
  status: number;
  body: unknown;
  /** When set, the answer waits for it: lets a test make an earlier call answer after a later one. */
  after?: Promise<unknown>;
}

/**
 * Replaces fetch for one test file with the HTTP edge of our API: answers by path from `answers`
 * (404 otherwise) and records every call. Reset before each test.
 */
export function useApiEdge(): { calls: EdgeCall[]; answers: Record<string, EdgeAnswer> } {
  const edge = { calls: [] as EdgeCall[], answers: {} as Record<string, EdgeAnswer> };
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      edge.calls.push({
        url: String(input),
        path: url.pathname,
        query: url.searchParams,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
        authorization: new Headers(init?.headers).get('authorization'),
      });
      const answer = edge.answers[url.pathname] ?? { status: 404, body: { error: 'none' } };
      if (answer.after) await answer.after;
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  beforeEach(() => {
    edge.calls.length = 0;
    for (const key of Object.keys(edge.answers)) delete edge.answers[key];
  });
  return edge;
}

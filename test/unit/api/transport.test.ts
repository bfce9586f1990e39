import { describe, expect, it, vi } from 'vitest';
import { toPublicPath } from '../../../src/api/http';
import { createClient, downloadFile, errorText, getFile, type ApiFailure } from '../../../src/api/transport';

/** A fetch answering one status and body; records what was sent. */
function edge(status: number, body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetchFake = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(url), init });
    return new Response(body, { status, headers });
  });
  return { fetch: fetchFake as unknown as typeof fetch, sent };
}

describe('transport (pure: the app decides what a failure does)', () => {
  it('rule: a call goes to base/path with the token as bearer, params URL-encoded, a JSON body', async () => {
    const { fetch, sent } = edge(200, JSON.stringify({ id: 1 }));
    const client = createClient({ baseUrl: 'https://api.example.com/api', token: () => 'tok', fetch });
    expect(await client.post('orders/update', { a: 1 }, { q: 'a&b c', skip: undefined, none: null })).toEqual({ ok: true, status: 200, data: { id: 1 } });
    expect(sent[0].url).toBe('https://api.example.com/api/orders/update?q=a%26b+c');
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.headers).toEqual({ Authorization: 'Bearer tok', 'content-type': 'application/json' });
    expect(JSON.parse(String(sent[0].init.body))).toEqual({ a: 1 });
  });

  it('rule: a GET sends no body, and no Authorization header without a token', async () => {
    const { fetch, sent } = edge(200, '[]');
    await createClient({ baseUrl: '/api', token: () => null, fetch }).get('account/users');
    expect(sent[0]).toEqual({ url: '/api/account/users', init: { method: 'GET', headers: {}, body: undefined } });
  });

  it('rule: FormData travels as it is (multipart), not as JSON', async () => {
    const { fetch, sent } = edge(200, '{}');
    const form = new FormData();
    form.append('order_id', '1');
    await createClient({ baseUrl: '/api', token: () => null, fetch }).post('orders/custom-doc/upload', form);
    expect(sent[0].init.body).toBe(form);
    expect(sent[0].init.headers).toEqual({});
  });

  it('rule: onError is told of every failure, which the call then returns (calls never throw)', async () => {
    const seen: ApiFailure[] = [];
    const { fetch } = edge(422, JSON.stringify({ error: 'Bad' }));
    const result = await createClient({ baseUrl: '/api', token: () => null, onError: (failure) => seen.push(failure), fetch }).get('x');
    expect(result).toEqual({ ok: false, status: 422, data: { error: 'Bad' }, networkError: false });
    expect(seen).toEqual([result]);
    const offline = createClient({ baseUrl: '/api', token: () => null, onError: (failure) => seen.push(failure), fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await offline.get('x')).toEqual({ ok: false, status: 0, data: undefined, networkError: true });
    expect(seen).toHaveLength(2);
  });

  it('rule: a non-JSON error body is no body', async () => {
    const { fetch } = edge(500, 'Internal', { 'content-type': 'text/plain' });
    expect(await createClient({ baseUrl: '/api', token: () => null, fetch }).get('x')).toMatchObject({ ok: false, status: 500, data: undefined });
  });

  it('rule: a file answer is its bytes and content-disposition name; a failed download still reads its JSON error', async () => {
    const ok = edge(200, 'PDF', { 'content-disposition': "attachment; filename*=UTF-8''%D0%B0.pdf" });
    const client = createClient({ baseUrl: '/api', token: () => null, fetch: ok.fetch });
    const file = await getFile(client, 'orders/doc/download', { id: 1 });
    expect(file.ok && [await file.data.blob.text(), file.data.fileName]).toEqual(['PDF', 'а.pdf']);
    const failed = edge(404, JSON.stringify({ error: 'No such file' }));
    const result = await downloadFile(createClient({ baseUrl: '/api', token: () => null, fetch: failed.fetch }), 'orders/export', { page: 1 });
    expect(result).toMatchObject({ ok: false, status: 404, data: { error: 'No such file' } });
    expect(failed.sent[0].init.method).toBe('POST');
  });
});

describe('errorText', () => {
  it.each([
    [null, ''],
    ['text', ''],
    [{ error: 'e', message: 'm' }, 'e'],
    [{ error: 5, message: 'm' }, 'm'],
  ])('%j → %j', (body, expected) => {
    expect(errorText(body)).toBe(expected);
  });
});

describe('toPublicPath', () => {
  it.each([
    ['orders/order', 'public-order/order'],
    ['orders/pipelines/list', 'public-order/pipelines'],
    ['orders/field/types', 'public-order/fields/types'],
    ['account/config', 'public-order/config'],
    ['category/list', 'public-order/categories/list'],
    ['product/list', 'product/list'],
  ])('%s → %s', (from, to) => {
    expect(toPublicPath(from)).toBe(to);
  });
});

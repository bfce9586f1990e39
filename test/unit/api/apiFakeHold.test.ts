import { describe, expect, it } from 'vitest';
import { useApiFake } from '../../support/apiFake';

const edge = useApiFake();
const CONFIG = '/api/account/table-config';
const answer = (value: number) => ({ status: 200, body: { code: 'orders', value } });
const get = () => fetch(`${CONFIG}?code=orders`);
const valueIn = async (response: Promise<Response>) => ((await (await response).json()) as { value: number }).value;

/** The shared fetch fake's hold: what the tests that need a slow or out-of-order answer rely on. */
describe('apiFake hold', () => {
  it('rule: a held call is recorded and its answer chosen at once; it arrives only when released, each on its own, in any order', async () => {
    const held = edge.hold(CONFIG);
    edge.answers[CONFIG] = answer(1);
    const first = get();
    await Promise.resolve();
    edge.answers[CONFIG] = answer(2);
    const second = get();
    let arrived = false;
    void first.then(() => (arrived = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([held.count, edge.callsTo(CONFIG).length, arrived]).toEqual([2, 2, false]);
    held.release(1);
    expect(await valueIn(second)).toBe(2);
    expect(arrived).toBe(false);
    held.release(0);
    expect(await valueIn(first)).toBe(1);
  });

  it('a release that comes before its call lets that call through; releaseAll lets every later call through', async () => {
    edge.answers[CONFIG] = answer(3);
    const held = edge.hold(CONFIG);
    held.release(0);
    expect(await valueIn(get())).toBe(3);
    held.releaseAll();
    expect(await valueIn(get())).toBe(3);
    expect(held.count).toBe(1);
  });

  it('a path the server does not have cannot be held', () => {
    expect(() => edge.hold('/api/no/such/route')).toThrow('not a route of the server');
  });
});

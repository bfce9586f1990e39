import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { probeHandlers } from './support/handlerProbe';

/** The isolation walk's proof that a call reached its route's handler (support/handlerProbe.ts). */
describe('counting the calls that reach a route handler', () => {
  const app = Fastify();
  const other = Fastify();
  for (const server of [app, other]) {
    server.register(
      async (api) => {
        api.addHook('preHandler', async (request) => {
          if (request.headers['x-refuse']) throw Object.assign(new Error('refused before the handler'), { statusCode: 400 });
        });
        api.post('/thing', { schema: { body: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } }, async () => {
          throw Object.assign(new Error('Not found'), { statusCode: 404 });
        });
      },
      { prefix: '/api' },
    );
  }
  const probe = probeHandlers(app);
  afterAll(() => probe.stop());

  it('rule: a call refused by validation, content type or a preHandler hook does not count; one the handler refuses (404) does', async () => {
    const call = (payload: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/thing', payload, headers: { 'content-type': 'application/json', ...headers } });
    expect((await call('{"id":"x"}')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/thing', payload: '<id>1</id>', headers: { 'content-type': 'application/xml' } })).statusCode).toBe(415);
    expect((await call('{"id":1}', { 'x-refuse': '1' })).statusCode).toBe(400);
    expect(probe.reached('POST /api/thing')).toBe(0);
    expect((await call('{"id":1}')).statusCode).toBe(404);
    expect((await call('{"id":2}')).statusCode).toBe(404);
    expect(probe.reached('POST /api/thing')).toBe(2);
  });

  it("calls of another app in the same process are not counted as this app's", async () => {
    const before = probe.reached('POST /api/thing');
    expect((await other.inject({ method: 'POST', url: '/api/thing', payload: { id: 1 } })).statusCode).toBe(404);
    expect(probe.reached('POST /api/thing')).toBe(before);
  });
});

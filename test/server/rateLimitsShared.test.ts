import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { useTestServer } from './harness';

/**
 * Several server processes on one database count the same sign-in attempts (issue 20): two apps on one database
 * stand for two processes; with the memory store each would allow the limit on its own.
 */
describe('rate limits across server processes', () => {
  const server = useTestServer();

  it('rule: sign-in attempts spread over two server processes count against one LOGIN_RATE_LIMIT', async () => {
    const config = loadConfig(process.env, { dataDir: 'memory://', logLevel: 'silent', loginRateLimit: 3 });
    const apps: FastifyInstance[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        const app = await buildApp({ config, db: server.database.db, logger: false, taskQueue: false, sharedRateLimits: true });
        await app.ready();
        apps.push(app);
      }
      const account = await server.newAccount();
      const login = (app: FastifyInstance, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: account.email, password } });
      expect((await login(apps[0], 'guess')).statusCode).toBe(422);
      expect((await login(apps[1], 'guess')).statusCode).toBe(422);
      expect((await login(apps[0], 'guess')).statusCode).toBe(422);
      const blocked = await login(apps[1], account.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().access_token).toBeUndefined();
    } finally {
      for (const app of apps) await app.close();
    }
  });
});

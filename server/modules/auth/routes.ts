import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginRequest, LoginResponse, RestoreEndRequest, RestoreRequest, SetAccountRequest, SignUpRequest, AuthFlagResponse } from '../../../src/contract/auth';
import { codeRouteLimit, signInLimit } from '../../http/rateLimits';
import { login, restore, restoreEnd, setAccount, signUp } from './service';

const open = { auth: 'none' } as const;
const ok = { success: true } as const;

/** auth/*: sign-in, registration with a code, password recovery. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
      // Per address and login: slows password guessing without locking a whole office out.
      config: { ...open, ...signInLimit(ctx.config, 'staff') },
    },
    async (request) => {
      const { token, scope } = await login(ctx, request.body.login, request.body.password);
      return { success: true, access_token: token, ...(scope && { scope }) };
    },
  );

  // Every route that sends or takes a code is limited per client too (and per login in server/auth/codes).
  const codeRoute = { ...open, ...codeRouteLimit(ctx.config) };

  app.get('/auth/sign-up', { schema: { tags: ['auth'], querystring: SignUpRequest, response: { 200: AuthFlagResponse } }, config: codeRoute }, async (request) => {
    await signUp(ctx, request.query);
    return ok;
  });

  // POST only (the spec lists GET): the code never travels in a URL, where access logs, proxies and history keep it.
  app.post('/auth/set-account', { schema: { tags: ['auth'], body: SetAccountRequest, response: { 200: AuthFlagResponse } }, config: codeRoute }, async (request) => {
    await setAccount(ctx, request.body);
    return ok;
  });

  app.get('/auth/restore', { schema: { tags: ['auth'], querystring: RestoreRequest, response: { 200: AuthFlagResponse } }, config: codeRoute }, async (request) => {
    await restore(ctx, request.query.login);
    return ok;
  });

  // POST only (the spec lists GET): neither the code nor the password travels in a URL.
  app.post('/auth/restore-end', { schema: { tags: ['auth'], body: RestoreEndRequest, response: { 200: AuthFlagResponse } }, config: codeRoute }, async (request) => {
    await restoreEnd(ctx, request.body);
    return ok;
  });
};

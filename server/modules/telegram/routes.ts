import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginResponse } from '../../../src/contract/auth';
import { TelegramAuthData, TelegramConfig, TelegramLink } from '../../../src/contract/business';
import { callerOf } from '../../http/context';
import { signInLimit } from '../../http/rateLimits';
import { linkTelegram, telegramConfig, telegramLinkOf, telegramLogin, unlinkTelegram } from './service';

/** Telegram sign-in (issue 17 §5): the login widget's signed data, checked in server/auth/telegram.ts. */
export const telegramRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['auth'];
  const open = { auth: 'none' } as const;

  app.get('/auth/telegram/config', { config: { ...open, reads: true }, schema: { tags, response: { 200: TelegramConfig } } }, async () => telegramConfig(ctx.config));
  app.post('/auth/telegram/login', { config: { ...open, ...signInLimit(ctx.config, 'telegram') }, schema: { tags, body: TelegramAuthData, response: { 200: LoginResponse } } }, async (request) => {
    const { token, scope } = await telegramLogin(ctx, request.body);
    return { success: true, access_token: token, ...(scope && { scope }) };
  });
  app.get('/profile/telegram', { config: { reads: true }, schema: { tags, response: { 200: TelegramLink } } }, async (request) => telegramLinkOf(ctx, callerOf(request)));
  app.post('/profile/telegram/link', { schema: { tags, body: TelegramAuthData, response: { 200: TelegramLink } } }, async (request) => linkTelegram(ctx, callerOf(request), request.body));
  app.post('/profile/telegram/unlink', { schema: { tags, response: { 200: TelegramLink } } }, async (request) => unlinkTelegram(ctx, callerOf(request)));
};

import { and, eq, ne } from 'drizzle-orm';
import type { TelegramAuthData, TelegramConfig, TelegramLink } from '../../../src/contract/business';
import type { Caller } from '../../auth/sessions';
import { checkTelegramLogin, TELEGRAM_DATA_OLD } from '../../auth/telegram';
import { users } from '../../db/schema';
import { conflict, HttpError, unprocessable } from '../../http/errors';
import type { ServerContext } from '../../http/context';
import { openSession, type LoginResult } from '../auth/service';

export const TELEGRAM_OFF = 'Sign-in with Telegram is not set up on this server';
export const TELEGRAM_NOT_LINKED = 'This Telegram account is not linked to any user. Sign in with your password and link Telegram in your profile.';
export const TELEGRAM_TAKEN = 'This Telegram account is already linked to another user';

/** auth/telegram/config: the bot's name only when both its token and name are set (else the option is hidden). */
export const telegramConfig = (config: Pick<ServerContext['config'], 'telegramBotToken' | 'telegramBotName'>): TelegramConfig => ({
  bot_name: config.telegramBotToken && config.telegramBotName ? config.telegramBotName : null,
});

/** The Telegram user id of verified widget data; refused (422, the reason) when not Telegram's, or old. */
function verifiedId(ctx: ServerContext, data: TelegramAuthData): string {
  const token = ctx.config.telegramBotToken;
  if (!token || !ctx.config.telegramBotName) throw new HttpError(404, TELEGRAM_OFF, { code: 'telegramOff' });
  const check = checkTelegramLogin(data, token);
  if (!check.ok) throw unprocessable(check.reason, { success: false, code: check.reason === TELEGRAM_DATA_OLD ? 'telegramDataOld' : 'telegramDataInvalid' });
  return check.telegramId;
}

/** auth/telegram/login: a linked identity opens a session as the password does; an unlinked one is told how to link. */
export async function telegramLogin(ctx: ServerContext, data: TelegramAuthData): Promise<LoginResult> {
  const telegramId = verifiedId(ctx, data);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
  if (!user) throw unprocessable(TELEGRAM_NOT_LINKED, { success: false, code: 'telegramNotLinked' });
  return openSession(ctx, user.id);
}

export async function telegramLinkOf(ctx: ServerContext, caller: Caller): Promise<TelegramLink> {
  const [row] = await ctx.db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, caller.user.id));
  return { linked: Boolean(row?.telegramId), telegram_id: row?.telegramId ?? null };
}

/** profile/telegram/link: the signed-in user takes this Telegram identity (one user per identity). */
export async function linkTelegram(ctx: ServerContext, caller: Caller, data: TelegramAuthData): Promise<TelegramLink> {
  const telegramId = verifiedId(ctx, data);
  const [other] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.telegramId, telegramId), ne(users.id, caller.user.id)));
  if (other) throw conflict(TELEGRAM_TAKEN, { code: 'telegramTaken' });
  try {
    await ctx.db.update(users).set({ telegramId }).where(eq(users.id, caller.user.id));
  } catch {
    // The unique index: another user linked it at the same moment.
    throw conflict(TELEGRAM_TAKEN, { code: 'telegramTaken' });
  }
  return { linked: true, telegram_id: telegramId };
}

export async function unlinkTelegram(ctx: ServerContext, caller: Caller): Promise<TelegramLink> {
  await ctx.db.update(users).set({ telegramId: null }).where(eq(users.id, caller.user.id));
  return { linked: false, telegram_id: null };
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram Login Widget data, checked as Telegram's public documentation says (core.telegram.org/widgets/login,
 * "Checking authorization"): the data-check-string is every received field but `hash`, as `key=value`, sorted by
 * key, joined by line feeds; the hash is the hex HMAC-SHA-256 of it under the SHA-256 of the bot token. auth_date
 * (seconds) must be recent, so captured data cannot be replayed later.
 */
export const TELEGRAM_DATA_INVALID = 'The Telegram sign-in data is not valid: sign in with Telegram again';
export const TELEGRAM_DATA_OLD = 'The Telegram sign-in data is too old: sign in with Telegram again';

/** A day, as the brief and Telegram's advice on outdated data say. */
export const TELEGRAM_MAX_AGE_SECONDS = 86_400;

export type TelegramFields = Record<string, string | number | undefined>;

export function telegramDataCheckString(fields: TelegramFields): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

export function telegramHash(fields: TelegramFields, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(fields)).digest('hex');
}

export type TelegramCheck = { ok: true; telegramId: string } | { ok: false; reason: typeof TELEGRAM_DATA_INVALID | typeof TELEGRAM_DATA_OLD };

/** Whether the fields are Telegram's, signed for this bot, and recent; the Telegram user id when so. */
export function checkTelegramLogin(fields: TelegramFields, botToken: string, nowSeconds = Math.floor(Date.now() / 1000)): TelegramCheck {
  const hash = String(fields.hash ?? '').toLowerCase();
  const expected = telegramHash(fields, botToken);
  if (!/^[0-9a-f]{64}$/.test(hash) || !timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(expected, 'hex'))) return { ok: false, reason: TELEGRAM_DATA_INVALID };
  const authDate = Number(fields.auth_date);
  // A minute of clock skew is forgiven; data dated further ahead is not Telegram's.
  if (!Number.isInteger(authDate) || authDate > nowSeconds + 60) return { ok: false, reason: TELEGRAM_DATA_INVALID };
  if (nowSeconds - authDate > TELEGRAM_MAX_AGE_SECONDS) return { ok: false, reason: TELEGRAM_DATA_OLD };
  const id = String(fields.id ?? '');
  if (!/^[0-9]{1,20}$/.test(id)) return { ok: false, reason: TELEGRAM_DATA_INVALID };
  return { ok: true, telegramId: id };
}

import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, TELEGRAM_DATA_INVALID, TELEGRAM_DATA_OLD } from '../../server/auth/telegram';
import { users } from '../../server/db/schema';
import { TELEGRAM_OFF, telegramConfig, telegramLogin } from '../../server/modules/telegram/service';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { useTestServer } from './harness';

/**
 * Telegram sign-in (issue 17 §5). The test signs widget data itself, as Telegram's documentation describes:
 * HMAC-SHA-256 under SHA-256(bot token) of the data-check-string (fields but hash, key=value, sorted, '\n').
 * The server here has TELEGRAM_BOT_TOKEN set; the 'no bot' case builds its own config check.
 */
const BOT_TOKEN = '123456:TEST-token-for-signing';
process.env.TELEGRAM_BOT_TOKEN = BOT_TOKEN;
process.env.TELEGRAM_BOT_NAME = 'stockroom_test_bot';
const server = useTestServer();

function signed<T extends Record<string, string | number>>(fields: T, token = BOT_TOKEN): T & { hash: string } {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}
const now = () => Math.floor(Date.now() / 1000);
let nextId = 7_000_000;
const widgetData = (extra: Record<string, string | number> = {}) => signed({ id: nextId++, first_name: 'Tanya', username: 'tanya_t', auth_date: now(), ...extra });

describe('Telegram sign-in', () => {
  it('rule (unit): the documented check — a good signature passes; another token, a changed field, an old or future auth_date fail', () => {
    const data = widgetData();
    expect(checkTelegramLogin(data, BOT_TOKEN)).toEqual({ ok: true, telegramId: String(data.id) });
    expect(checkTelegramLogin(data, '999:other')).toEqual({ ok: false, reason: TELEGRAM_DATA_INVALID });
    expect(checkTelegramLogin({ ...data, first_name: 'Mallory' }, BOT_TOKEN)).toEqual({ ok: false, reason: TELEGRAM_DATA_INVALID });
    expect(checkTelegramLogin({ ...data, id: 1 }, BOT_TOKEN)).toEqual({ ok: false, reason: TELEGRAM_DATA_INVALID });
    expect(checkTelegramLogin(widgetData({ auth_date: now() - 86_401 }), BOT_TOKEN)).toEqual({ ok: false, reason: TELEGRAM_DATA_OLD });
    expect(checkTelegramLogin(widgetData({ auth_date: now() - 86_000 }), BOT_TOKEN).ok).toBe(true);
    expect(checkTelegramLogin(widgetData({ auth_date: now() + 3600 }), BOT_TOKEN)).toEqual({ ok: false, reason: TELEGRAM_DATA_INVALID });
  });

  it('rule: the config names the bot when one is set up; with no bot (or only half of it) the option is hidden and sign-in refused', async () => {
    expect((await server.call('GET', 'auth/telegram/config')).body).toEqual({ bot_name: 'stockroom_test_bot' });
    expect(telegramConfig({ telegramBotToken: null, telegramBotName: 'bot' })).toEqual({ bot_name: null });
    expect(telegramConfig({ telegramBotToken: BOT_TOKEN, telegramBotName: null })).toEqual({ bot_name: null });
    const off = { ...server.app.ctx, config: { ...server.app.ctx.config, telegramBotToken: null } };
    await expect(telegramLogin(off, widgetData())).rejects.toMatchObject({ status: 404, message: TELEGRAM_OFF });
  });

  it('rule: link from the profile, then sign in with that identity gets a session of the user; an unlinked identity gets a clear 422', async () => {
    const account = await server.newAccount();
    const data = widgetData();
    const unlinked = await server.call('POST', 'auth/telegram/login', { body: data });
    expect(unlinked).toMatchObject({ status: 422, body: { error: expect.stringContaining('not linked to any user'), code: 'telegramNotLinked' } });
    const linked = await server.call('POST', 'profile/telegram/link', { token: account.token, body: data });
    expect(linked.body).toEqual({ linked: true, telegram_id: String(data.id) });
    expect((await server.call('GET', 'profile/telegram', { token: account.token })).body).toEqual({ linked: true, telegram_id: String(data.id) });

    const login = await server.call('POST', 'auth/telegram/login', { body: signed({ id: data.id, first_name: 'Tanya', auth_date: now() }) });
    expect(login.status).toBe(200);
    const config = await server.call('GET', 'account/config', { token: login.body.access_token });
    expect(config.body.user.id).toBe(account.ownerId);

    await server.call('POST', 'profile/telegram/unlink', { token: account.token });
    expect((await server.call('POST', 'auth/telegram/login', { body: signed({ id: data.id, auth_date: now() }) })).status).toBe(422);
  });

  it('rule: tampered data, old auth_date, another bot’s signature are refused at sign-in and at linking; nothing is linked', async () => {
    const account = await server.newAccount();
    const good = widgetData();
    await server.call('POST', 'profile/telegram/link', { token: account.token, body: good });
    const cases = {
      tampered: { ...good, username: 'someone_else' },
      old: signed({ id: good.id, auth_date: now() - 2 * 86_400 }),
      'other bot': signed({ id: good.id, auth_date: now() }, '42:another-bot'),
    };
    for (const [name, body] of Object.entries(cases)) {
      const answer = await server.call('POST', 'auth/telegram/login', { body });
      expect(answer.status, name).toBe(422);
      expect(answer.body.access_token, name).toBeUndefined();
    }
    expect((await server.call('POST', 'auth/telegram/login', { body: cases.old })).body).toMatchObject({ error: TELEGRAM_DATA_OLD, code: 'telegramDataOld' });
    expect((await server.call('POST', 'auth/telegram/login', { body: cases.tampered })).body).toMatchObject({ error: TELEGRAM_DATA_INVALID, code: 'telegramDataInvalid' });
    const other = await server.newAccount();
    const fresh = widgetData();
    expect((await server.call('POST', 'profile/telegram/link', { token: other.token, body: { ...fresh, first_name: 'Changed' } })).status).toBe(422);
    const [row] = await server.database.db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, other.ownerId));
    expect(row.telegramId).toBeNull();
  });

  it('rule: one identity links to one user — a second user is refused with 409', async () => {
    const first = await server.newAccount();
    const second = await server.newAccount();
    const data = widgetData();
    expect((await server.call('POST', 'profile/telegram/link', { token: first.token, body: data })).status).toBe(200);
    const refused = await server.call('POST', 'profile/telegram/link', { token: second.token, body: signed({ id: data.id, auth_date: now() }) });
    expect(refused).toEqual({ status: 409, body: { error: 'This Telegram account is already linked to another user', code: 'telegramTaken' } });
  });

  it('rule: every refusal of the Telegram calls carries a code whose text is in English and Russian (the shell shows that, not the English error)', async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const taken = widgetData();
    await server.call('POST', 'profile/telegram/link', { token: other.token, body: taken });
    const refusals = [
      await server.call('POST', 'auth/telegram/login', { body: widgetData() }),
      await server.call('POST', 'auth/telegram/login', { body: widgetData({ auth_date: now() - 2 * 86_400 }) }),
      await server.call('POST', 'auth/telegram/login', { body: { ...widgetData(), first_name: 'Changed' } }),
      await server.call('POST', 'profile/telegram/link', { token: account.token, body: signed({ id: taken.id, auth_date: now() }) }),
    ].map((answer) => answer.body.code);
    const off = { ...server.app.ctx, config: { ...server.app.ctx.config, telegramBotToken: null } };
    const offCode = await telegramLogin(off, widgetData()).catch((error: { extra: { code: string } }) => error.extra.code);
    const codes = [...refusals, offCode];
    expect(codes).toEqual(['telegramNotLinked', 'telegramDataOld', 'telegramDataInvalid', 'telegramTaken', 'telegramOff']);
    for (const code of codes) {
      expect(en.serverErrors, code).toHaveProperty(code);
      expect(ru.serverErrors, code).toHaveProperty(code);
    }
  });
});

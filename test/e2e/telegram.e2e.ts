import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramHash } from '../../server/auth/telegram';
import { testAccount, type TestAccount } from './account';
import { baseUrl, hashPath, newContext, openPage } from './browser';
import { E2E_TELEGRAM_BOT } from './telegramBot';

/**
 * Telegram sign-in (issue 17 §5) in a browser. telegram.org cannot be reached here, so each context answers the
 * widget's frame (https://oauth.telegram.org/embed/<bot>) with a fake that keeps Telegram's Login Widget contract:
 * a 'Log in with Telegram' button that hands the page `{event: 'auth_user', auth_data}` with the user's fields
 * signed as Telegram signs them (HMAC-SHA-256 under the SHA-256 of the bot token). The real server checks them.
 */
function fakeWidget(user: Record<string, string | number>) {
  return async (context: BrowserContext) => {
    await context.route('https://oauth.telegram.org/**', async (route) => {
      const url = new URL(route.request().url());
      // The widget is asked for our bot by name, from our page's origin, as telegram-widget.js would.
      const expected = url.pathname === `/embed/${E2E_TELEGRAM_BOT.name}` && url.searchParams.get('origin') === new URL(baseUrl).origin;
      const authData = JSON.stringify({ ...user, hash: telegramHash(user, E2E_TELEGRAM_BOT.token) });
      const page = expected
        ? `<!doctype html><button id="tg">Log in with Telegram</button><script>
            document.getElementById('tg').onclick = () =>
              parent.postMessage(JSON.stringify({ event: 'auth_user', auth_data: ${authData} }), ${JSON.stringify(url.searchParams.get('origin'))});
          </script>`
        : '<!doctype html><p>unexpected widget address</p>';
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page });
    });
  };
}

const telegramUser = (id: number) => ({ id, first_name: 'Tele', username: `tele${id}`, auth_date: Math.floor(Date.now() / 1000) });

/** Presses the page's Telegram button, then Telegram's own in the widget's frame. */
async function passTelegram(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.frameLocator('iframe.telegram-login-frame').getByRole('button', { name: 'Log in with Telegram' }).click();
}

const TEXTS = {
  en: {
    locale: 'en-US',
    signIn: 'Sign in with Telegram',
    link: 'Link Telegram',
    unlink: 'Unlink Telegram',
    linked: 'Telegram is linked',
    notLinked: 'This Telegram account is not linked to any user. Sign in with your password and link Telegram in your profile.',
  },
  ru: {
    locale: 'ru-RU',
    signIn: 'Войти через Telegram',
    link: 'Привязать Telegram',
    unlink: 'Отвязать Telegram',
    linked: 'Telegram привязан',
    notLinked: 'Этот аккаунт Telegram не привязан ни к одному пользователю. Войдите по паролю и привяжите Telegram в профиле.',
  },
} as const;

let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('telegram');
});

async function signInPage(locale: string, user: Record<string, string | number>): Promise<Page> {
  const context = await newContext({ locale });
  await fakeWidget(user)(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/authorization`);
  return page;
}

describe('Telegram sign-in and the profile link', () => {
  for (const lang of ['en', 'ru'] as const) {
    const text = TEXTS[lang];
    it(`rule: a user links Telegram in the profile, then signs in with it; an unlinked Telegram user is told how to link (${lang})`, async () => {
      const telegramId = 700_000_000 + (lang === 'en' ? 1 : 2) * 1000 + (Date.now() % 1000);

      // An unknown Telegram user: the spec's message in the page's language, and no session.
      const stranger = await signInPage(text.locale, telegramUser(telegramId));
      await passTelegram(stranger, text.signIn);
      const refusal = stranger.locator('.auth-telegram [role="alert"]');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(text.notLinked);
      // The failure notice says it in the same language: no English server text beside the translated one.
      await stranger.locator('.ui-notification', { hasText: text.notLinked }).first().waitFor();
      if (lang === 'ru') expect(await stranger.locator('body').textContent()).not.toContain('not linked');
      expect(hashPath(stranger)).toBe('/authorization');
      expect(await stranger.evaluate(() => localStorage.getItem('TOKEN'))).toBeFalsy();

      // The profile links that Telegram identity.
      const profile = await openPage('/profile', { token: account.token, locale: text.locale });
      await fakeWidget(telegramUser(telegramId))(profile.context());
      await passTelegram(profile, text.link);
      await profile.getByRole('button', { name: text.unlink }).waitFor();
      await profile.getByText(text.linked, { exact: true }).first().waitFor();
      const link = await (await fetch(`${baseUrl}/api/profile/telegram`, { headers: { authorization: `Bearer ${account.token}` } })).json();
      expect(link).toEqual({ linked: true, telegram_id: String(telegramId) });

      // Signing in with it now opens the app as that user.
      const member = await signInPage(text.locale, telegramUser(telegramId));
      await passTelegram(member, text.signIn);
      await expect.poll(() => hashPath(member)).not.toBe('/authorization');
      const token = await member.evaluate(() => localStorage.getItem('TOKEN'));
      const config = await (await fetch(`${baseUrl}/api/account/config`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(config.user.email).toBe(account.email);

      // Unlinked again, the same Telegram user is refused.
      await profile.getByRole('button', { name: text.unlink }).click();
      await profile.getByRole('button', { name: text.link }).waitFor();
      const again = await signInPage(text.locale, telegramUser(telegramId));
      await passTelegram(again, text.signIn);
      await again.locator('.auth-telegram [role="alert"]', { hasText: text.notLinked }).waitFor();
    });
  }

  it('rule: with no bot configured the sign-in screen offers no Telegram button', async () => {
    const context = await newContext({ locale: 'en-US' });
    await context.route('**/api/auth/telegram/config', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"bot_name":null}' }));
    const page = await context.newPage();
    // The config's answer has come (the route above answered it) before the button is looked for.
    const answered = page.waitForResponse('**/api/auth/telegram/config');
    await page.goto(`${baseUrl}/#/authorization`);
    await answered;
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with Telegram' }).count()).toBe(0);
  });

  it('rule: a signed user whose signature is wrong is refused, as the server checks the bot token', async () => {
    const forged = await signInPage('en-US', { ...telegramUser(1), first_name: 'Tele' });
    await forged.context().unroute('https://oauth.telegram.org/**');
    await forged.context().route('https://oauth.telegram.org/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><button id="tg">Log in with Telegram</button><script>document.getElementById('tg').onclick = () => parent.postMessage(JSON.stringify({ event: 'auth_user', auth_data: { id: 1, auth_date: ${Math.floor(Date.now() / 1000)}, hash: '${'0'.repeat(64)}' } }), '*');</script>`,
      }),
    );
    await passTelegram(forged, 'Sign in with Telegram');
    await forged.locator('.auth-telegram [role="alert"]', { hasText: 'The Telegram sign-in data is not valid' }).waitFor();
    expect(hashPath(forged)).toBe('/authorization');
  });
});

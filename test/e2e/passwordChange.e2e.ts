import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { newSession, testAccount } from './account';
import { baseUrl, newPage } from './browser';

/**
 * Issue 19 §5: changing the password asks for the current one, in the browser and on the server (422 with the
 * server's clear text when it is wrong), in English and Russian. Each language has an account of its own: a
 * changed password ends the user's other sessions.
 */
const LANGS = [
  ['English', 'en', en],
  ['Russian', 'ru', ru],
] as const;

const signInStatus = async (email: string, password: string) =>
  (await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, password }) })).status;

describe.each(LANGS)('password change in %s', (_name, lang, texts) => {
  it('rule: a wrong current password is refused (the password stays); the right one changes it', async () => {
    const account = await testAccount(`password ${lang}`);
    const token = await newSession(account);
    const page = await newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
    await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
    await page.goto(`${baseUrl}/?token=${token}#/profile`);
    const form = page.locator('form[aria-labelledby="profile-password"]');
    const fresh = `fresh-${lang}-${Date.now()}`;

    // Without the current password nothing is sent.
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/update')) updates.push(request.postData() ?? '');
    });
    await form.getByLabel(texts.profile.newPassword, { exact: true }).fill(fresh);
    await form.getByLabel(texts.profile.confirmPassword, { exact: true }).fill(fresh);
    await form.getByRole('button', { name: texts.profile.changePassword }).click();
    await form.getByText(texts.profile.wrongCurrentPassword).waitFor();
    expect(updates).toEqual([]);

    // A wrong one is refused by the server.
    await form.getByLabel(texts.profile.currentPassword, { exact: true }).fill('not-my-password');
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/user/update')),
      form.getByRole('button', { name: texts.profile.changePassword }).click(),
    ]);
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toBe('The current password is wrong');
    await form.getByText(texts.profile.wrongCurrentPassword).waitFor();
    expect(await signInStatus(account.email, fresh)).not.toBe(200);
    expect(await signInStatus(account.email, account.password)).toBe(200);

    // The right one changes it.
    await form.getByLabel(texts.profile.currentPassword, { exact: true }).fill(account.password);
    await form.getByLabel(texts.profile.newPassword, { exact: true }).fill(fresh);
    await form.getByLabel(texts.profile.confirmPassword, { exact: true }).fill(fresh);
    await form.getByRole('button', { name: texts.profile.changePassword }).click();
    await page.getByText(texts.profile.passwordChanged).waitFor();
    expect(await signInStatus(account.email, fresh)).toBe(200);
    expect(await signInStatus(account.email, account.password)).not.toBe(200);
  });
});

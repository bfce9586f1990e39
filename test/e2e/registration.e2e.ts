import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openUrl as open } from './browser';
import { codeIn, mailTo } from './outbox';

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('E-mail or phone').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('registration and password recovery against the real server', () => {
  it('rule: a new user registers with the code from their mail, signs in with the mailed password and works in their new account', async () => {
    const email = `new-${Date.now()}@e2e.local`;
    const page = await open('/#/authorization');
    const apiCalls: { method: string; url: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push({ method: request.method(), url: request.url() });
    });
    await page.getByRole('tab', { name: 'Registration' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Nina Newcomer');
    await page.getByLabel('E-mail or phone').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const codeMail = await mailTo(email);
    await page.getByRole('textbox', { name: 'Confirmation code' }).fill(codeIn(codeMail));
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    const passwordMail = await mailTo(email, codeMail);
    const password = /password: (\S+)/.exec(passwordMail)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    // The code went in a POST body: no URL the browser asked for carries it.
    expect(apiCalls.filter((call) => call.url.includes('/api/auth/set-account')).map((call) => call.method)).toEqual(['POST']);
    expect(apiCalls.filter((call) => call.url.includes(codeIn(codeMail)))).toEqual([]);

    await page.getByLabel('Password', { exact: true }).waitFor();
    await signIn(page, email, password);
    await expect.poll(() => new URL(page.url()).hash).not.toBe('#/authorization');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
    const config = await (await fetch(`${baseUrl}/api/account/config`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(config.user).toMatchObject({ name: 'Nina Newcomer', email });
  });

  it('rule: a wrong registration code is refused in place and creates nothing; the right one still works', async () => {
    const email = `typo-${Date.now()}@e2e.local`;
    const page = await open('/#/authorization');
    await page.getByRole('tab', { name: 'Registration' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Tom Typo');
    await page.getByLabel('E-mail or phone').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const codeMail = await mailTo(email);
    const right = codeIn(codeMail);
    await page.getByRole('textbox', { name: 'Confirmation code' }).fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    await page.locator('form p[role="alert"]').waitFor();
    expect(await page.getByRole('textbox', { name: 'Confirmation code' }).isVisible()).toBe(true);
    const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, password: 'anything' }) });
    expect(login.status).toBe(422);
    await page.getByRole('textbox', { name: 'Confirmation code' }).fill(right);
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    expect(await mailTo(email, codeMail)).toMatch(/password: \S+/);
  });

  it('rule: a user who forgot the password sets a new one with the mailed code; the old password stops working', async () => {
    // A fresh user through the API, so this test does not depend on the registration screens.
    const email = `forgetful-${Date.now()}@e2e.local`;
    await fetch(`${baseUrl}/api/auth/sign-up?${new URLSearchParams({ name: 'Fay Forgetful', mode: 'email', login: email, lang: 'en' })}`);
    const codeMail = await mailTo(email);
    await fetch(`${baseUrl}/api/auth/set-account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'email', login: email, code: codeIn(codeMail) }) });
    const passwordMail = await mailTo(email, codeMail);
    const oldPassword = /password: (\S+)/.exec(passwordMail)?.[1] ?? '';

    const page = await open('/#/authorization');
    await page.getByText('Forgot your password?', { exact: false }).click();
    await page.getByLabel('E-mail or phone').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const restoreMail = await mailTo(email, passwordMail);
    await page.getByRole('textbox', { name: 'Confirmation code' }).fill(codeIn(restoreMail));
    await page.getByRole('textbox', { name: 'New password' }).fill('brand new secret 42');
    await page.getByRole('button', { name: 'Reset password' }).click();

    await page.getByLabel('Password', { exact: true }).waitFor();
    await signIn(page, email, 'brand new secret 42');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    const old = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: email, password: oldPassword }) });
    expect(old.status).toBe(422);
  });
});

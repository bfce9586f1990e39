import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession } from './account';
import { baseUrl, openPage } from './browser';
import { codeIn, mailTo } from './outbox';

/**
 * A staff user and account of this file's own, registered through the API the way a person would (code by
 * mail, password by mail), so renaming and re-addressing them never touches the demo login other tests use.
 */
interface Owner {
  email: string;
  token: string;
}

async function registerOwner(): Promise<Owner> {
  const email = `profile-${Date.now()}@e2e.local`;
  await fetch(`${baseUrl}/api/auth/sign-up?${new URLSearchParams({ name: 'Pat Profile', mode: 'email', login: email, lang: 'en' })}`);
  const codeMail = await mailTo(email);
  await fetch(`${baseUrl}/api/auth/set-account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'email', login: email, code: codeIn(codeMail) }) });
  const password = /password: (\S+)/.exec(await mailTo(email, codeMail))?.[1] ?? '';
  return { email, token: await newSession({ email, password }) };
}

let owner: Owner;
beforeAll(async () => {
  owner = await registerOwner();
});

const open = (path: string): Promise<Page> => openPage(path, { token: owner.token });

async function config(): Promise<{ account: { name: string; country: string | null }; user: { name: string; email: string | null } }> {
  return (await fetch(`${baseUrl}/api/account/config`, { headers: { authorization: `Bearer ${owner.token}` } })).json();
}

describe('profile and account settings against the real server', () => {
  it('rule: the user changes the profile name; the home menu leads to the profile', async () => {
    const page = await open('/orders');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/profile');
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Pat Profile');
    await name.fill('Pat Renamed');
    await page.locator('form[aria-labelledby="profile-personal"]').getByRole('button', { name: 'Save' }).click();
    await page.getByText('The name has been saved').waitFor();
    expect((await config()).user.name).toBe('Pat Renamed');
  });

  it('rule: the e-mail changes in the code-confirmation modal with the codes mailed to the current and the new address', async () => {
    const page = await open('/profile');
    const apiCalls: { method: string; url: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push({ method: request.method(), url: request.url() });
    });
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
    await dialog.getByText('Step 1 of 2').waitFor();
    const before = await mailTo(owner.email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const oldMail = await mailTo(owner.email, before);
    await dialog.getByLabel('Code').fill(codeIn(oldMail));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Step 2 of 2').waitFor();

    const newEmail = `renamed-${Date.now()}@e2e.local`;
    await dialog.getByLabel('New e-mail').fill(newEmail);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const newMail = await mailTo(newEmail);
    // A wrong code is refused in place; the right one changes the e-mail.
    const right = codeIn(newMail);
    await dialog.getByLabel('Code').fill(right === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe('The code is wrong');
    await dialog.getByLabel('Code').fill(right);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.profile-logins', { hasText: newEmail }).waitFor();
    expect((await config()).user.email).toBe(newEmail);
    owner.email = newEmail;
    // The codes went in POST bodies: no URL the browser asked for carries one.
    const confirms = apiCalls.filter((call) => /\/api\/profile\/check-(old|new)-email-confirm/.test(call.url));
    expect(confirms.map((call) => call.method)).toEqual(['POST', 'POST', 'POST']);
    expect(apiCalls.filter((call) => call.url.includes(codeIn(oldMail)) || call.url.includes(right))).toEqual([]);

    await page.goto(`${baseUrl}/?test=dark#/profile`);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it("rule: account settings say 'You haven't selected a country' until one is chosen; the country is saved on the account", async () => {
    const page = await open('/orders');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/accountSettings');
    await page.getByText("You haven't selected a country").waitFor();

    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByText("You haven't selected a country").waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The settings have been saved').waitFor();
    expect((await config()).account.country).toBe('DE');

    // After a reload the saved country shows, and clearing it brings the message back.
    await page.goto(`${baseUrl}/?test=dark#/accountSettings`);
    await page.getByRole('combobox', { name: 'Country' }).getByText('Germany').waitFor();
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'No country' }).click();
    await page.getByText("You haven't selected a country").waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The settings have been saved').waitFor();
    expect((await config()).account.country).toBeNull();
  });

  it('the language choice reloads the app in Russian and keeps it', async () => {
    const page = await open('/accountSettings');
    await page.getByRole('radio', { name: 'Русский' }).check();
    await page.getByRole('heading', { name: 'Настройки аккаунта' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
    await page.getByText('Вы не выбрали страну').waitFor();
  });
});

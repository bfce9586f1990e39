import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAccount, type TestAccount } from './account';
import { baseUrl, newPage } from './browser';
import { FULL_ACCOUNT, INVITEE, SEATLESS_INVITEE } from './fixtures';

// The inviting account is this file's own; the invitees exist only for this file (test/e2e/fixtures.ts).
let inviter: TestAccount;
beforeAll(async () => {
  inviter = await testAccount('inviter');
});

const SEATS_TAKEN = 'Attention! The number of users exceeded.';

/** The page and the status of every account/config answer it got. */
async function open(url: string): Promise<{ page: Page; accountConfig: number[] }> {
  const page = await newPage({ locale: 'en-US' });
  const accountConfig: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/account/config') accountConfig.push(response.status());
  });
  await page.goto(`${baseUrl}${url}`);
  return { page, accountConfig };
}

/** An account admin invites an existing user by e-mail through the real API (account/user/link). */
async function invite(adminToken: string, email: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/account/user/link?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(await response.json()).toMatchObject({ user: { email, status: 'invited' } });
}

async function signInThroughForm(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail or phone').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('TOKEN'));

describe('joining an account by invitation', () => {
  it('rule: a user whose only link to any account is an invitation signs in, is held on /invitations (the account is not asked for), accepts, and works in the account', async () => {
    await invite(inviter.token, INVITEE.email);
    const { page, accountConfig } = await open('/#/authorization');
    await signInThroughForm(page, INVITEE);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/invitations');
    const row = page.getByRole('listitem').filter({ hasText: inviter.name });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Invited on \d{2}\/\d{2}\/\d{4}/);
    await page.getByText('You are not yet an active user of any account.', { exact: false }).waitFor();
    const token = await storedToken(page);
    expect(token).toMatch(/^[\w-]{32,}$/);

    // A reload keeps the user here with the same token: the sign-in's scope is remembered with it.
    await page.reload();
    await row.waitFor();
    expect([new URL(page.url()).hash, await storedToken(page)]).toEqual(['#/invitations', token]);
    // The app's calls refuse this token; none was made, so nothing threw the user back to sign-in.
    expect(accountConfig).toEqual([]);

    await row.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/orders');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await page.locator('.ui-notification', { hasText: `You joined ${inviter.name}` }).waitFor();
    // The same token is now a session of the account: account/config answers it, in the page and to the server's own check.
    expect(accountConfig).toEqual([200]);
    expect(await storedToken(page)).toBe(token);
    const config = await fetch(`${baseUrl}/api/account/config`, { headers: { authorization: `Bearer ${token}` } });
    expect([config.status, ((await config.json()) as { account: { name: string } }).account.name]).toEqual([200, inviter.name]);
  });

  it("rule: when the inviting account has no free seat, Accept shows the server's text and the user stays on /invitations; log out leads back to sign-in", async () => {
    await invite(FULL_ACCOUNT.token, SEATLESS_INVITEE.email);
    const { page, accountConfig } = await open('/#/authorization');
    await signInThroughForm(page, SEATLESS_INVITEE);
    const row = page.getByRole('listitem').filter({ hasText: FULL_ACCOUNT.name });
    await row.waitFor();
    await row.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.ui-notification', { hasText: SEATS_TAKEN }).waitFor();
    await row.getByRole('button', { name: 'Accept' }).and(page.locator(':enabled')).waitFor();
    expect(new URL(page.url()).hash).toBe('#/invitations');
    expect(accountConfig).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/authorization');
    expect(await storedToken(page)).toBeNull();
  });
});

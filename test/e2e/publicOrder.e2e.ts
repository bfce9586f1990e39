import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffApi, testAccount, type TestAccount } from './account';
import { baseUrl, openUrl as open } from './browser';

// This file's own account with the demo orders, two of them shared with its public customer.
let account: TestAccount;
beforeAll(async () => {
  account = await testAccount('public', { demo: true });
});

const hash = (page: Page) => new URL(page.url()).hash;
const storedPublicToken = (page: Page) => page.evaluate(() => localStorage.getItem('POTOKEN'));

async function signInAsCustomer(page: Page): Promise<void> {
  await page.getByLabel('Login').fill(account.customer!.email);
  await page.getByLabel('Password', { exact: true }).fill(account.customer!.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#/availablePublicOrderList');
}

const staff = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => staffApi(account)<T>(`/api/${path}`, { method, body });

describe('public-order pages against the real server (demo seed)', () => {
  it('rule: the seeded customer signs in on /publicOrderAuth, sees their 2 shared orders, opens one, and my orders leads back', async () => {
    const page = await open('/#/publicOrderAuth');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    await page.getByRole('tab', { name: 'Registration' }).click();
    await page.getByText('Ask your seller to share an order with you').waitFor();
    await page.getByRole('tab', { name: 'Sign in' }).click();

    await signInAsCustomer(page);
    expect(await storedPublicToken(page)).toMatch(/^[\w-]{20,}$/);
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    const orders = page.locator('.public-order-link');
    await orders.nth(1).waitFor();
    expect(await orders.count()).toBe(2);
    expect(await page.locator('.public-order--placeholder').count()).toBe(0);
    await page.locator('.public-customer', { hasText: 'Olga Smirnova' }).waitFor();

    const href = await orders.first().getAttribute('href');
    expect(href).toMatch(/^#\/publicOrder\?order_id=\d+$/);
    await orders.first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe(href);
    // The customer's order page sits in the public frame: its 'my orders' button is there (issue 19 §3: the
    // customer page with its item lines, not the staff deal screen's cards).
    await page.getByRole('link', { name: 'My orders' }).waitFor();
    await page.locator('.po-line').first().waitFor();
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect.poll(() => hash(page)).toBe('#/availablePublicOrderList');
    await page.locator('.public-order-link').nth(1).waitFor();
  });

  it('rule: the profile saves a change (public-order/profile); log out clears POTOKEN and goes to /publicOrderAuth', async () => {
    const page = await open('/#/publicOrderAuth');
    await signInAsCustomer(page);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/publicOrderProfile');
    const phone = page.getByLabel('Phone');
    await phone.waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Olga Smirnova');
    const newPhone = `+7 900 ${String(Date.now()).slice(-7)}`;
    await phone.fill(newPhone);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The profile has been saved').waitFor();

    // Saved on the server: a fresh load shows it.
    await page.reload();
    await page.getByLabel('Phone').waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe(newPhone);
    // A mismatched confirmation is stopped on the page.
    await page.getByLabel('Current password').fill(account.customer!.password);
    await page.getByLabel('New password').fill('another-password');
    await page.getByLabel('Confirm password').fill('another-passwort');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The passwords do not match').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/publicOrderAuth');
    expect(await storedPublicToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('POAuth'))).toBeNull();
    // Signed out, the list is out of reach: the guard sends the visitor back to sign in.
    await page.goto(`${baseUrl}/#/availablePublicOrderList`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/publicOrderAuth');
  });

  it('rule: a link with a public token in the hash signs a fresh browser in: the token is exchanged, stored as POTOKEN, and leaves the address', async () => {
    const list = await staff<{ data: { id: number }[] }>('POST', 'orders/list', { page: 1, per_page: 1 });
    const orderId = list.data[0].id;
    const share = await staff<{ path: string; link_token: string }>('POST', 'orders/public/link', { order_id: orderId });
    expect(share.path).toContain('public_token=');

    const page = await open(share.path);
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/publicOrder?order_id=${orderId}`);
    expect(page.url()).not.toContain('public_token');
    expect(page.url()).not.toContain(share.link_token);
    // The address is cleaned at once; the exchange answers after it, so wait for the stored session token.
    await page.waitForFunction(() => localStorage.getItem('POTOKEN') !== null);
    const stored = await storedPublicToken(page);
    expect(stored).toBeTruthy();
    // The session token is a new one, not the link's token.
    expect(stored).not.toBe(share.link_token);
    expect(await page.evaluate(() => localStorage.getItem('POAuth'))).toBe('1');
    await page.getByRole('link', { name: 'My orders' }).waitFor();

    // The anonymous link's list holds just its order; its profile explains there is none.
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/availablePublicOrderList');
    await page.locator(`.public-order-link[href="#/publicOrder?order_id=${orderId}"]`).waitFor();
    expect(await page.locator('.public-order-link').count()).toBe(1);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('not made for a particular customer').waitFor();
  });

  it('rule: an invalid public token goes to /publicOrderAuth', async () => {
    const page = await open('/#/publicOrder?order_id=1&public_token=not-a-real-link-token');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/publicOrderAuth');
    expect(page.url()).not.toContain('not-a-real-link-token');
    expect(await storedPublicToken(page)).toBeNull();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });
});

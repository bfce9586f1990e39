import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { connectCrm, testAccount, type TestAccount } from './account';
import { baseUrl, newPage, openUrl } from './browser';

const hostUrl = inject('hostUrl');

// This file's account connected the CRM page's origin; the other account did not.
let account: TestAccount;
let unconnected: TestAccount;
beforeAll(async () => {
  [account, unconnected] = await Promise.all([testAccount('frame'), testAccount('frame unconnected')]);
  await connectCrm(account, hostUrl);
});

async function openHost(params: Record<string, string>): Promise<{ page: Page; app: Frame }> {
  const page = await newPage();
  const query = new URLSearchParams({ app: baseUrl, account: String(account.id), ...params });
  await page.goto(`${hostUrl}/e2e/host.html?${query}`);
  const handle = await page.waitForSelector('iframe#app');
  const app = await handle.contentFrame();
  if (!app) throw new Error('the app frame did not load');
  return { page, app };
}

type HostEvent = { type: string; payload: Record<string, unknown> };
const hostEvents = (page: Page) => page.evaluate(() => (window as unknown as { events: HostEvent[] }).events);

describe('the shell inside a host CRM frame', () => {
  // Chromium denies a third-party frame its localStorage here, so the token lives in memory: the
  // gallery opening (a staff page) proves the host's token was taken.
  it('takes token, language and theme from the host, and reports ready and its height', async () => {
    const { page, app } = await openHost({ token: account.token, lang: 'ru', theme: 'dark', path: '/qwe' });
    await app.getByTestId('gallery-checkbox').waitFor();
    expect(await app.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await app.evaluate(() => document.documentElement.classList.contains('theme-dark'))).toBe(true);
    // The gallery is far taller than the 600 px frame: the host hears the full content height.
    await page.waitForFunction(() =>
      (window as unknown as { events: HostEvent[] }).events.some((e) => e.type === 'resize' && Number(e.payload.height) > 1500),
    );
    const events = await hostEvents(page);
    expect(events[0]).toEqual({ type: 'ready', payload: { app: 'shell' } });
  });

  it('a 403 inside the frame goes to /Error_token_not_valid, not to the sign-in page', async () => {
    const { page, app } = await openHost({ token: 'revoked-token', path: '/qwe' });
    await app.getByTestId('token-not-valid').waitFor();
    // The short error page reports a height below the 600 px frame: the frame can shrink to content.
    await page.waitForFunction(() => {
      const resizes = (window as unknown as { events: HostEvent[] }).events.filter((e) => e.type === 'resize');
      const last = resizes.at(-1);
      return last !== undefined && Number(last.payload.height) > 0 && Number(last.payload.height) < 400;
    });
    expect(new URL(app.url()).hash).toBe('#/Error_token_not_valid');
    expect(await app.getByRole('tab', { name: 'Sign in' }).count()).toBe(0);
  });

  it("rule: a CRM origin frames only the app of an account that connected it — not another account's page, nor the page without an account — and gets no token-taking shell there", async () => {
    for (const other of [String(unconnected.id), '']) {
      const { page, app } = await openHost({ token: unconnected.token, path: '/qwe', account: other });
      // The browser refuses the frame (CSP frame-ancestors) and shows its error page in it instead: the shell never
      // starts, asks for no context, reports nothing.
      await expect.poll(() => app.url(), { message: `account=${other}` }).toMatch(/^chrome-error:/);
      expect(await hostEvents(page), `account=${other}`).toEqual([]);
      expect(await app.getByTestId('gallery-checkbox').count()).toBe(0);
      await page.close();
    }
  });

  it('opened directly (not framed) without a token, the app goes to its own sign-in page', async () => {
    const page = await openUrl('/#/qwe', {});
    await expect.poll(() => new URL(page.url()).hash).toBe('#/authorization');
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
  });
});

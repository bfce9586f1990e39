import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';
import { launchBrowser } from './chromium';

// What every browser test file sets up: the app's address, one Chromium for the whole file (started on
// first use), and browser contexts that live for one test, so no test sees another's storage.

export const baseUrl = inject('baseUrl');

/** Where the tests leave the screenshots they compare. */
export const shots = join(process.cwd(), 'test-output', 'e2e');
mkdirSync(shots, { recursive: true });

let browser: Promise<Browser> | null = null;
const contexts: BrowserContext[] = [];

/** Closes every context this test opened (after each test; a test may call it to start afresh). */
export async function closeContexts(): Promise<void> {
  for (const context of contexts.splice(0)) await context.close();
}
afterEach(closeContexts);
afterAll(async () => {
  if (browser) await (await browser).close();
  browser = null;
});

/** A fresh Chromium context (its own storage) for this test; closed after it. */
export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  browser ??= launchBrowser();
  const context = await (await browser).newContext({ viewport: { width: 1200, height: 800 }, ...options });
  // Sized for a shared 2-core machine under load, where a cold page load alone has taken over 10 s.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  contexts.push(context);
  return context;
}

/** The page of a fresh context, not yet anywhere (to listen before it loads). */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  return (await newContext(options)).newPage();
}

/** A fresh context's page at `url` on the app (`/#/authorization`); an English browser unless options say otherwise. */
export async function openUrl(url: string, options: BrowserContextOptions = { locale: 'en-US' }): Promise<Page> {
  const page = await newPage(options);
  await page.goto(`${baseUrl}${url}`);
  return page;
}

export interface OpenPageOptions {
  /** The session token in the address (the test file's account: test/e2e/account.ts). */
  token: string;
  /** The dark theme (`?test=dark`). */
  dark?: boolean;
  /** The browser's language; English by default. */
  locale?: string;
  /** Anything else for the context (permissions, downloads). */
  context?: BrowserContextOptions;
}

/** A staff screen at hash `path` (`/orders`), signed in by the token in the address. */
export async function openPage(path: string, { token, dark = false, locale = 'en-US', context }: OpenPageOptions): Promise<Page> {
  return openUrl(`/?token=${token}${dark ? '&test=dark' : ''}#${path}`, { locale, ...context });
}

/** The hash route of the page, without its query (`/orders`). */
export const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

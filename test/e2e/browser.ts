import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';
import { launchContext } from './chromium';
import { DEMO_LOGIN } from './fixtures';

// What every browser test file sets up: the app's address, the screenshots folder, and browser contexts
// that live for one test (each file that imports this module closes its contexts after each test).

export const baseUrl = inject('baseUrl');

/** Where the tests leave their screenshots. */
export const shots = join(process.cwd(), 'test-output', 'e2e');
mkdirSync(shots, { recursive: true });

const contexts: BrowserContext[] = [];

/** Closes every context this test opened (after each test; a test may call it to start afresh). */
export async function closeContexts(): Promise<void> {
  for (const context of contexts.splice(0)) await context.close();
}
afterEach(closeContexts);

/** A fresh Chromium context (its own storage) for this test; closed after it. */
export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await launchContext(options);
  contexts.push(context);
  return context;
}

/** The page of a fresh context, not yet anywhere (to listen before it loads). */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newContext(options);
  return context.pages()[0] ?? (await context.newPage());
}

/** A fresh context's page at `url` on the app (`/#/authorization`); an English browser unless options say otherwise. */
export async function openUrl(url: string, options: BrowserContextOptions = { locale: 'en-US' }): Promise<Page> {
  const page = await newPage(options);
  await page.goto(`${baseUrl}${url}`);
  return page;
}

export interface OpenPageOptions {
  /** The dark theme (`?test=dark`). */
  dark?: boolean;
  /** The browser's language; English by default. */
  locale?: string;
  /** The session token in the address; the demo admin's by default. */
  token?: string;
  /** Anything else for the context (permissions, downloads). */
  context?: BrowserContextOptions;
}

/** A staff screen at hash `path` (`/orders`), signed in by the token in the address. */
export async function openPage(path: string, { dark = false, locale = 'en-US', token = DEMO_LOGIN.token, context }: OpenPageOptions = {}): Promise<Page> {
  return openUrl(`/?token=${token}${dark ? '&test=dark' : ''}#${path}`, { locale, ...context });
}

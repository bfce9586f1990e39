import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { ensureDebianPackage } from '../support/debianPackage';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The launch flags the project uses everywhere (no sandbox as root, no calls home on a closed network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** Debian's Chromium must be there: installed when we can (root), else one line says how. */
export function ensureChromium(): void {
  ensureDebianPackage(CHROMIUM_PATH, 'chromium', 'Chromium');
}

/** A headless Chromium with a fresh user-data dir, so no test sees another's storage. */
export async function launchContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'stockroom-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1200, height: 800 },
    ...options,
  });
  context.setDefaultTimeout(10_000);
  return context;
}

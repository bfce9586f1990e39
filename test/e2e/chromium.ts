import { chromium, type Browser } from 'playwright-core';
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

/** One headless Chromium; each test takes fresh contexts of it (own storage, cookies, permissions). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

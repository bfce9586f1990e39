import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

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

/** Debian's Chromium must be there: install it when we can (root), else stop with one line saying how. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: run 'sudo apt-get update && sudo apt-get install -y chromium', then npm test again.`);
  }
  console.log('Installing Debian chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
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

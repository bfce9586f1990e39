import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Real-browser tests: Debian's Chromium driven by playwright-core against the built app.
export default defineConfig({
  root,
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // The default 1 s is too short for a page to settle on a busy 2-core machine; as long as a locator's wait
    // (browser.ts), so a slow machine is slow and not red.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});

import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Server route tests: the real app on PGlite (in memory), or on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  root,
  test: {
    include: ['test/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

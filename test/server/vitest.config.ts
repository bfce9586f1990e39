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
    // On a shared PostgreSQL server the files run one after another (each migrates on start);
    // on PGlite each file has its own in-memory database and they run side by side.
    fileParallelism: !process.env.DATABASE_URL,
  },
});

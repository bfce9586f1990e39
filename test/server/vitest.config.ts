import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Server route tests: the real app on PGlite (in memory), or on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  root,
  test: {
    include: ['test/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file has a database of its own: in memory on PGlite, cloned from a migrated template on PostgreSQL
    // (setup/databases.ts). So files run side by side, at least two at once: vitest's default (one fewer than the
    // cores) ran them one at a time on a 2-core machine, where a PGlite file keeps one core busy and the other idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/server/setup/globalDatabases.ts'],
    setupFiles: ['test/server/setup/fileDatabase.ts'],
  },
});

import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Unit and component tests; the real-browser suite has its own config (e2e/vitest.config.ts).
export default defineConfig({
  root,
  test: {
    include: ['test/{unit,ui,shell,widget}/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/setup/unit.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});

import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Unit and component tests; the real-browser suite has its own config (e2e/vitest.config.ts).
export default defineConfig({
  root,
  test: {
    // The widget's tests are their own project, with react aliased to @preact/compat as the bundle ships.
    projects: [
      { extends: true, test: { name: 'unit', setupFiles: ['test/setup/shellHttp.ts'], include: ['test/{unit,ui,shell}/**/*.test.{ts,tsx}'] } },
      'test/widget/vitest.config.ts',
    ],
    environment: 'happy-dom',
    setupFiles: ['test/setup/unit.ts'],
    globalSetup: ['test/setup/apiRoutes.ts'],
    restoreMocks: true,
    // The widget puts its CSS text into a shadow root (`?raw`): let vitest read it instead of blanking CSS.
    css: { include: [/widget\/.*\.css/] },
    unstubGlobals: true,
  },
});

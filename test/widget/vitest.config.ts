import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The widget's tests (test/widget/) run as the bundle ships: build.mjs aliases
 * react and react-dom to @preact/compat for dist/widget.js, and so does this project. As a project of
 * test/vitest.config.ts its root is this folder, so paths are absolute or under `dir`.
 */
export default defineConfig({
  root,
  resolve: {
    alias: [
      // The shared settle helper wraps its waits in the renderer's act: Preact's here.
      { find: /^\.\/renderAct$/, replacement: 'preact/test-utils' },
      { find: /^react$/, replacement: '@preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: '@preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: '@preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: '@preact/compat' },
      { find: /^react-dom\/client$/, replacement: '@preact/compat/client' },
    ],
  },
  test: {
    name: 'widget',
    dir: root,
    include: ['test/widget/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: [fileURLToPath(new URL('../setup/unit.ts', import.meta.url))],
    globalSetup: [fileURLToPath(new URL('../setup/apiRoutes.ts', import.meta.url))],
    restoreMocks: true,
    css: { include: [/widget\/.*\.css/] },
    unstubGlobals: true,
  },
});

import { defineConfig } from 'vitest/config';
import { screensVitePlugin } from './screens-module.mjs';

export default defineConfig({
  // virtual:screens/browser and virtual:screens/server, as build.mjs makes them.
  plugins: [screensVitePlugin()],
  test: {
    // e2e/ runs with node:test against the real binary (npm run e2e).
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});

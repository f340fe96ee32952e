import { defineConfig } from 'vitest/config';
import { generateRouteReads } from './gen-route-reads.mjs';
import { screensVitePlugin } from './screens-module.mjs';

// The screens' read hooks (generated/route-reads.ts), as the build writes them.
await generateRouteReads();

export default defineConfig({
  // virtual:screens/browser and virtual:screens/server, as build.mjs makes them.
  plugins: [screensVitePlugin()],
  test: {
    // e2e/ runs with node:test against the real binary (npm run e2e).
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});

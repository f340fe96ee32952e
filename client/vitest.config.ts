import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { generateRouteReads } from './gen-route-reads.mjs';
import { generateRouteTable } from './gen-route-table.mjs';
import { screensVitePlugin } from './screens-module.mjs';

// The screens' read hooks (generated/route-reads.ts) and the route table
// (generated/route-table.json), as the build writes them.
await generateRouteReads();
await generateRouteTable();

// e2e/ runs with node:test against the real binary (npm run e2e).
const TESTS = 'src/**/*.test.{ts,tsx}';
/**
 * The files that replace a module (vi.mock and the like) get a fresh module
 * graph each; the others share their worker's, so that the whole app their
 * set-up imports (src/test-setup.ts) is loaded once a worker rather than
 * once a file: the set-up was most of the suite's time. A module already
 * loaded by an earlier file would not be replaced by a later file's mock.
 */
const MOCKS = /\bvi\.(mock|doMock|unmock|resetModules)\(/;
const isolated = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
  .filter((file) => MOCKS.test(readFileSync(file, 'utf8')));

export default defineConfig({
  // virtual:screens/browser and virtual:screens/server, as build.mjs makes them.
  plugins: [screensVitePlugin()],
  test: {
    setupFiles: ['src/test-setup.ts'],
    // Isolation is the pool's: forks keep it, threads here share.
    poolOptions: { threads: { isolate: false } },
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated, pool: 'forks' } },
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: isolated, pool: 'threads' } },
    ],
  },
});

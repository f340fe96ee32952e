import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // e2e/ runs with node:test against the real binary (npm run e2e).
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

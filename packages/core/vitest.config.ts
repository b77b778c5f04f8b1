import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A worker's files share its loaded modules (no test here mocks a module or leaves global state behind):
    // loading them again for every file was most of the suite's time.
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';

// The web app's unit tests (src/**/*.test.ts); the browser tests in e2e/ are Playwright's.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 120_000 },
});

import { defineConfig } from 'vitest/config';

/** `pnpm test:hardening`: the hardening suite at full size, one file at a time, with the figures summed at the end. */
export default defineConfig({
  test: {
    include: ['test/hardening/**/*.test.ts'],
    globalSetup: ['test/hardening/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
    fileParallelism: false,
    env: { HARDENING: 'full' },
  },
});

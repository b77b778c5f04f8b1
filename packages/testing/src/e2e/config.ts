import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

/** Debian's Chromium, started so that it makes no network calls of its own. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

const launcher = fileURLToPath(new URL('./launch-server.ts', import.meta.url));

/**
 * The Playwright config of an app's browser suite: the built server on `port`, a fresh database,
 * mail caught into `<dataDir>/mail` (E2E_DATA_DIR is set for the tests to read).
 */
export function e2eConfig(options: {
  port: number;
  name: string;
  extra?: PlaywrightTestConfig;
}): PlaywrightTestConfig {
  // E2E_PORT_OFFSET lets several checkouts run their browser suites side by side.
  const port = options.port + Number(process.env.E2E_PORT_OFFSET ?? 0);
  const dataDir = `/tmp/barterads-e2e-${options.name}-${port}`;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_BASE_URL = `http://localhost:${port}`;
  return defineConfig({
    testDir: 'e2e',
    outputDir: join('test-results'),
    fullyParallel: false,
    workers: 1,
    // No retries: a flaky test is a bug to fix, not to retry (a retry would hide it).
    retries: 0,
    reporter: process.env.CI ? 'line' : 'list',
    // Ceilings for waits on a state, not times anything must take: a busy 2-core machine (CI beside other work)
    // answers several times slower, and a passing run never waits for them.
    timeout: 120_000,
    expect: { timeout: 20_000 },
    use: {
      baseURL: `http://localhost:${port}`,
      launchOptions: CHROMIUM_LAUNCH,
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
    },
    projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
    webServer: {
      command: `node --import tsx ${launcher}`,
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
    },
    ...options.extra,
  });
}

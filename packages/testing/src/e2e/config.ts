import { existsSync } from 'node:fs';
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

/**
 * The browser the suites drive: Debian's Chromium headless shell when it is installed (`.ci/run` installs it), else
 * Chromium itself. The full browser in headless mode still draws its own interface (a renderer of its top bar took
 * half a core during the suites); the headless shell, the same engine without it, is what Playwright runs by default.
 * Lighthouse keeps CHROMIUM_LAUNCH (a real browser's figures).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_BROWSER_LAUNCH = {
  ...CHROMIUM_LAUNCH,
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_LAUNCH.executablePath),
};

const launcher = fileURLToPath(new URL('./launch-servers.ts', import.meta.url));

/**
 * The Playwright config of an app's browser suite: each worker gets a server of its own, the built server on
 * `port + worker` with a fresh copy of the run's seeded database and mail caught into `<dataDir>/mail`
 * (launch-servers.ts; E2E_DATA_DIR and E2E_BASE_URL are set for the tests to read). Workers never share a
 * database, so no test sees another's data.
 *
 * E2E_WORKERS sets how many run side by side (3 unless told: a 2-core machine spends much of a browser test
 * waiting on the page and the server, and further workers fill that time; on a quiet machine three took as long as
 * two, 5.9-6.1 minutes for the web suite, and on a busy one they get three shares of it; docs/benchmarks-log.md,
 * 1 Dec);
 * E2E_PORT_OFFSET moves every port, so several checkouts can run their suites at once.
 */
export function e2eConfig(options: {
  port: number;
  name: string;
  extra?: PlaywrightTestConfig;
}): PlaywrightTestConfig {
  const workers = Math.max(1, Math.min(9, Number(process.env.E2E_WORKERS ?? 3)));
  const firstPort = options.port + Number(process.env.E2E_PORT_OFFSET ?? 0);
  const server = (index: number) => {
    const port = firstPort + index;
    return {
      port,
      origin: `http://localhost:${port}`,
      dataDir: `/tmp/barterads-e2e-${options.name}-${port}`,
    };
  };
  // Playwright loads this file in its runner and again in every worker process, where TEST_PARALLEL_INDEX
  // (0 to workers - 1, unique among the workers running at one time) names the worker: it talks to its own server.
  const mine = server(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
  process.env.E2E_DATA_DIR = mine.dataDir;
  process.env.E2E_BASE_URL = mine.origin;
  return defineConfig({
    testDir: 'e2e',
    outputDir: join('test-results'),
    // A file's tests run in order in one worker (some walk one journey step by step); files spread over workers.
    fullyParallel: false,
    workers,
    // No retries: a flaky test is a bug to fix, not to retry (a retry would hide it).
    retries: 0,
    // The list reporter repeats each failure in full at the end, where a CI log's tail shows it.
    reporter: 'list',
    // Ceilings for waits on a state, not times anything must take: a busy 2-core machine (CI beside other work)
    // answers several times slower, and a passing run never waits for them.
    timeout: 120_000,
    expect: { timeout: 20_000 },
    use: {
      baseURL: mine.origin,
      launchOptions: TEST_BROWSER_LAUNCH,
      // A failed test keeps its trace (each action with its call log) and a screenshot, but not the trace's
      // screencast nor its DOM snapshots (which also carry the network log): recorded in every test, passing or
      // not, the screencast kept each browser's compositor and encoder busy, and the snapshots cost the public-site
      // spec 14% more CPU (277 against 237 and 229 CPU-seconds for its 44 tests, measured over the whole machine).
      // `--trace on` brings them back for a run that needs them.
      trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
      // The browser asks for reduced motion, as many phones do (the theme's respectReducedMotion honours it):
      // dialogs and menus open at once instead of moving into place for 200 ms. A click aimed at a dialog's
      // button while it still moved could press on one spot and release on another on a busy machine, a click
      // that reached nothing (a layout test's Archive, once). A test of motion itself asks for it back.
      reducedMotion: 'reduce',
      screenshot: 'only-on-failure',
    },
    projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
    // One process starts every worker's server at once (Playwright starts its webServer entries one after another)
    // and answers on the port after the last server's once all are ready.
    webServer: {
      command: `node --import tsx ${launcher}`,
      url: `http://localhost:${firstPort + workers}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        E2E_SERVERS: JSON.stringify(Array.from({ length: workers }, (_, index) => server(index))),
        E2E_READY_PORT: String(firstPort + workers),
      },
      // Stopped with SIGTERM, so the launcher stops its servers and drops their databases: Playwright's default is
      // SIGKILL to the process group, which left every run's databases behind on the PostgreSQL server (four a
      // clean-clone CI run). A launcher still there after the timeout is killed as before.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    },
    ...options.extra,
  });
}

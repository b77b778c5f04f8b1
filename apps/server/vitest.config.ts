import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous: a suite of many sequential requests (argon2 hashes, mail) takes several times longer on a busy
    // 2-core machine; a hang still fails, and nothing here waits for a time to pass.
    testTimeout: 300_000,
    hookTimeout: 330_000,
    // expect.poll waits for a state; its default ceiling (1 s) is shorter than a busy machine's answer. As
    // test/helpers/server.ts's EVENTUALLY: a ceiling, never a time a passing test waits.
    expect: { poll: { timeout: 120_000 } },
    // Suites start real servers and databases, and spend part of their time waiting on them (PostgreSQL, SMTP, a
    // fake gateway's time-out): three at a time keep a 2-core machine's cores busy. Measured on one, the suite alone:
    // 157 s with three, 212 s with two, 152 s with four; with both cores kept busy by other work, 270 s, 377 s and
    // 264 s (docs/benchmarks-log.md, 1 Dec).
    maxWorkers: 3,
    // The files of a worker share its loaded modules (each file still starts its own servers and databases):
    // loading the server's modules again for every file was a third of the suite's time (import 29.6 s against
    // 11.4 s over six files; 508 s of a busy CI run). No test here patches a module or leaves global state.
    isolate: false,
  },
});

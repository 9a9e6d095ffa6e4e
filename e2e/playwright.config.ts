import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3111);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54349);
/**
 * Parallel workers, each with its own product (server, embedded PostgreSQL, demo data): journeys that
 * move the sandbox clock or change settings never disturb another worker's. Two in CI (the browser
 * journeys spend about half their time waiting on the product), one by default on a developer's machine.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));
/** Worker n's product answers on PORT + 100 n, its database on PG_PORT + 100 n. */
const STACK_STRIDE = 100;
/**
 * Journeys that move their product's sandbox clock forward (weeks at a time). A product whose clock
 * ran ahead of its database served the journeys that came after them on the same worker several
 * times slower (seen in CI), so they run last, in their own project, once every other journey is done.
 */
const TIME_TRAVEL =
  /(custom-campaigns|express|social-influencer|social-instagram|requests-answer-in-time)\.spec\.ts$/;
/** Multiplies the test and expect timeouts, for a run on a machine busy with other work. */
const SLOW = Number(process.env.E2E_SLOW ?? 1);
// One fresh data directory per run (the config is evaluated again in workers: they inherit it). The
// product creates it: the embedded PostgreSQL runs as another user and needs to enter it.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `lm-e2e-${randomUUID()}`);
// Set by Playwright in each worker process before it loads this file (0 .. WORKERS - 1, kept when a
// worker is replaced after a failure); absent in the runner process.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * Browser journeys across both apps on the real product (`npm start`: API, embedded PostgreSQL,
 * demo seed, outbox mail), driven with Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  workers: WORKERS,
  // One retry in CI, reported as flaky: the two-worker runs saw a page stall once under load (a lazy
  // route chunk or a reload's load event never arriving). A test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 90_000 * SLOW,
  expect: { timeout: 15_000 * SLOW },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT + STACK_STRIDE * slot}`,
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: TIME_TRAVEL },
    // After the others only in a whole run (CI): a dependency project runs in full, so a developer's
    // run of one time-travel spec would otherwise run every journey first.
    { name: 'time-travel', testMatch: TIME_TRAVEL, dependencies: process.env.CI ? ['journeys'] : [] },
  ],
  webServer: Array.from({ length: WORKERS }, (_, n) => ({
    command: 'npm start',
    cwd: join(import.meta.dirname, '..'),
    url: `http://localhost:${PORT + STACK_STRIDE * n}/api/health`,
    timeout: 300_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(PORT + STACK_STRIDE * n),
      DATA_DIR: n === 0 ? process.env.E2E_DATA_DIR! : `${process.env.E2E_DATA_DIR}-${n}`,
      SEED_DEMO: '1',
      EMBEDDED_PG_PORT: String(PG_PORT + STACK_STRIDE * n),
      RATE_LIMIT_PER_MINUTE: '10000',
    },
  })),
});

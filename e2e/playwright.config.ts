import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3111);
// One fresh data directory per run (the config is evaluated again in workers: they inherit it). The
// product creates it: the embedded PostgreSQL runs as another user and needs to enter it.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `lm-e2e-${randomUUID()}`);

/**
 * Browser journeys across both apps on the real product (`npm start`: API, embedded PostgreSQL,
 * demo seed, outbox mail), driven with Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npm start',
    cwd: join(import.meta.dirname, '..'),
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: '1',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54349',
      RATE_LIMIT_PER_MINUTE: '10000',
    },
  },
});

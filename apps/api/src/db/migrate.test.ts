import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { createDatabase, type Database } from './client';
import { runMigrations } from './migrate';

// Issue 33, safe upgrades: a migration never waits unboundedly for a table lock (it would make every
// query on that table queue behind it), and concurrent starters apply a migration once.

const adminUrl = inject('pgAdminUrl');
const dbName = `lm_mig_${randomBytes(6).toString('hex')}`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-migrations-'));
let database: Database;

/** A migrations folder in drizzle's layout with one migration adding a column to `t`. */
function writeMigration() {
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entry = { idx: 0, version: '7', when: 1_800_000_000_000, tag: '0000_add_y', breakpoints: true };
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
  );
  fs.writeFileSync(path.join(folder, '0000_add_y.sql'), 'ALTER TABLE "t" ADD COLUMN "y" integer;');
}

const applied = async () =>
  (await database.pool.query<{ n: number }>('select count(*)::int n from drizzle.__drizzle_migrations'))
    .rows[0]!.n;
const hasColumn = async () =>
  (
    await database.pool.query(
      `select 1 from information_schema.columns where table_name = 't' and column_name = 'y'`,
    )
  ).rowCount === 1;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  database = createDatabase(withDatabase(adminUrl, dbName), 4);
  await database.pool.query('create table t (x integer)');
  writeMigration();
});

afterAll(async () => {
  await database.pool.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('runMigrations', () => {
  it('fails after the lock timeout when a table stays locked, and applies nothing', async () => {
    const holder = await database.pool.connect();
    try {
      // A long transaction that read `t`: ALTER TABLE needs ACCESS EXCLUSIVE and would queue behind it.
      await holder.query('begin');
      await holder.query('select * from t');
      await expect(runMigrations(database, { folder, lockTimeoutMs: 200 })).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '55P03' }),
      });
      expect(await hasColumn()).toBe(false);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect(await applied()).toBe(0);
  });

  it('applies the migration once when several starters run at the same moment', async () => {
    await Promise.all(Array.from({ length: 4 }, () => runMigrations(database, { folder })));
    expect(await hasColumn()).toBe(true);
    expect(await applied()).toBe(1);
    // The session's lock timeout does not outlive the run on its pooled connection.
    const single = createDatabase(withDatabase(adminUrl, dbName), 1);
    try {
      await runMigrations(single, { folder, lockTimeoutMs: 1234 });
      const { rows } = await single.pool.query<{ lock_timeout: string }>('show lock_timeout');
      expect(rows[0]!.lock_timeout).toBe('0');
    } finally {
      await single.pool.end();
    }
  });
});

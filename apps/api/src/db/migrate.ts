import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { API_ROOT } from '../config/paths';
import type { Database } from './client';

/** Folder of the committed SQL migrations (apps/api/drizzle). */
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/**
 * How long a migration statement waits for a table lock before the whole run fails (milliseconds).
 * A migration queued behind a long transaction would otherwise make every query on that table queue
 * behind it; failing lets the operator retry at a quieter moment (docs/operations.md, "Safe upgrades").
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 10_000;

/**
 * Apply every pending committed migration, in one transaction (drizzle's migrator). Safe to run
 * concurrently: starters queue on one advisory lock, the first applies, the others find nothing to do.
 * Each statement waits at most `lockTimeoutMs` for a lock (issue 33, safe upgrades).
 * @param options.folder migrations folder (tests); the committed migrations by default
 * @param options.lockTimeoutMs lock wait per statement, milliseconds (`MIGRATION_LOCK_TIMEOUT_MS`)
 * @throws the database error of the failing migration (nothing of the run is applied), among them
 *   `55P03 lock_not_available` when a table stayed locked longer than the timeout
 */
export async function runMigrations(
  database: Database,
  options: { folder?: string; lockTimeoutMs?: number } = {},
): Promise<void> {
  const client = await database.pool.connect();
  try {
    // Serialise concurrent starters (several API instances) on one advisory lock; waiting for it is
    // not bounded by the lock timeout, set only once the lock is held.
    await client.query('select pg_advisory_lock(727274)');
    const timeout = Math.trunc(options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS);
    await client.query(`set lock_timeout = ${timeout}`);
    await migrate(drizzle(client), { migrationsFolder: options.folder ?? MIGRATIONS_FOLDER });
  } finally {
    await client.query('reset lock_timeout').catch(() => undefined);
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

/** The newest migration of the journal shipped with this code (its `when`, ms), read once per process. */
let shippedMigration: number | undefined;

/**
 * Where the database's schema stands against the migrations shipped with this code, as drizzle's
 * migrator decides what to apply: by the `created_at` (the journal's `when`, ms) of the newest row of
 * `drizzle.__drizzle_migrations` against the newest entry of the journal (`drizzle/meta/_journal.json`).
 * @returns `expected` (the journal's newest `when`) and `applied` (the database's newest, null when no
 *   migration ran); `behind` when the database lacks a shipped migration (readiness fails), `ahead`
 *   when it holds a newer one (a newer release migrated first: this one still serves, expand and
 *   contract), `current` otherwise (issue 33, readiness)
 * @throws the database's error (no connection, no migrations table)
 */
export async function migrationState(
  database: Database,
): Promise<{ expected: number; applied: number | null; state: 'current' | 'behind' | 'ahead' }> {
  shippedMigration ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  const expected = shippedMigration;
  const { rows } = await database.pool.query<{ applied: string | null }>(
    'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
  );
  const applied = rows[0]?.applied == null ? null : Number(rows[0].applied);
  const state = applied === null || applied < expected ? 'behind' : applied > expected ? 'ahead' : 'current';
  return { expected, applied, state };
}

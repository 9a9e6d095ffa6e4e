import path from 'node:path';
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

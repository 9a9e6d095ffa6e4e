import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { API_ROOT } from '../config/paths';
import type { Database } from './client';

/** Folder of the committed SQL migrations (apps/api/drizzle). */
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** Apply every pending committed migration. Safe to run concurrently: drizzle takes an advisory lock per run. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    // Serialise concurrent starters (several API instances) on one advisory lock.
    await client.query('select pg_advisory_lock(727274)');
    await migrate(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

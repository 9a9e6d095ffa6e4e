import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { drizzle, NodePgDatabase, NodePgDriver } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** A drizzle handle over the pool or over one transaction's client. */
export type Db = NodePgDatabase<Schema>;

/** Database access passed to every service: the pool, and drizzle over it. */
export interface Database {
  pool: pg.Pool;
  db: Db;
}

// Postgres returns bigint (int8) and numeric as strings; coin sums fit in JS numbers (< 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Open a pool on `connectionString`. */
export function createDatabase(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max, application_name: 'liberty-api' });
  pool.on('error', (err) => {
    // An idle client lost its connection; the pool replaces it. 57P01 is the server shutting down
    // (the embedded server stops with the process), which is expected during shutdown.
    if ((err as { code?: string }).code !== '57P01') console.error('postgres pool error', err.message);
  });
  return { pool, db: drizzle(pool, { schema }) };
}

/**
 * The schema's relational configuration, worked out once: `drizzle(client, { schema })` walks every
 * table and relation of the schema on each call, and a transaction opened one drizzle per call (issue 18:
 * 15 % of the API's CPU under purchases went to it).
 */
const relational = (() => {
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
})();
const dialect = new PgDialect();

/** Drizzle over one checked-out client (a transaction's), reusing the schema configuration. */
function drizzleOver(client: pg.PoolClient): Db {
  const session = new NodePgDriver(client, dialect).createSession(relational);
  // The config's table map is typed loosely by drizzle; it is the one `drizzle(client, { schema })` builds.
  return new NodePgDatabase(dialect, session, relational as never) as Db;
}

/** A transaction: drizzle over the transaction's client, and the raw client (pg-boss `db` option, raw SQL). */
export interface Tx {
  db: Db;
  client: pg.PoolClient;
  /** Writes queued by {@link writeLater}, sent by {@link flushWrites}. */
  pending: SQL[];
}

/**
 * Queue an INSERT whose answer nobody reads (an audit entry, a notification, a timeline event, an
 * outbox mail) to go with the transaction's other queued writes in one statement, at the next
 * {@link flushWrites} and at the latest just before the commit (issue 18: a purchase sent four such
 * statements one by one). Its errors surface at the flush and abort the transaction as usual. Only for
 * writes that later statements of the transaction do not read.
 * @param query an INSERT builder or SQL without RETURNING
 */
export function writeLater(tx: Tx, query: SQLWrapper): void {
  tx.pending.push(query.getSQL());
}

/**
 * Send the queued writes ({@link writeLater}) now, as one statement: the first ones as data-modifying
 * CTEs of the last (PostgreSQL runs each exactly once). Nothing is sent when none is queued.
 */
export async function flushWrites(tx: Tx): Promise<void> {
  const queued = tx.pending.splice(0);
  if (queued.length === 0) return;
  const last = queued.pop()!;
  const statement =
    queued.length === 0
      ? last
      : sql`with ${sql.join(
          queued.map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`),
          sql`, `,
        )} ${last}`;
  await tx.db.execute(statement);
}

/**
 * Run `fn` inside a savepoint of `tx`: when it throws, only what it wrote is undone (its queued writes
 * too, see {@link writeLater}) and the error is rethrown; the transaction stays usable.
 * @param name the savepoint's SQL name (a plain identifier)
 */
export async function withSavepoint<T>(tx: Tx, name: string, fn: () => Promise<T>): Promise<T> {
  await flushWrites(tx);
  await tx.client.query(`savepoint ${name}`);
  try {
    const result = await fn();
    // Queued writes of `fn` fail inside the savepoint, like its other statements.
    await flushWrites(tx);
    await tx.client.query(`release savepoint ${name}`);
    return result;
  } catch (err) {
    tx.pending.length = 0;
    await tx.client.query(`rollback to savepoint ${name}`).catch(() => undefined);
    throw err;
  }
}

/**
 * Run `fn` in one SQL transaction; commits when it resolves (after sending the writes it queued,
 * {@link writeLater}), rolls back when it throws.
 * @param isolation defaults to READ COMMITTED; money flows take row locks explicitly.
 */
export async function withTransaction<T>(
  database: Database,
  fn: (tx: Tx) => Promise<T>,
  isolation: 'read committed' | 'repeatable read' | 'serializable' = 'read committed',
): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query(`begin isolation level ${isolation}`);
    const tx: Tx = { db: drizzleOver(client), client, pending: [] };
    const result = await fn(tx);
    await flushWrites(tx);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Whether the database answers a trivial query (the health check's probe).
 * @returns true when `select 1` succeeds, false on any error
 */
export async function databaseAnswers(database: Database): Promise<boolean> {
  return database.pool.query('select 1').then(
    () => true,
    () => false,
  );
}

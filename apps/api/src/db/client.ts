import { createHash } from 'node:crypto';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  getTableName,
  is,
  Param,
  Placeholder,
  SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { drizzle, NodePgDatabase, NodePgDriver } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
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
 * table and relation of the schema on each call, and a transaction opened one drizzle per call (
 * 15 % of the API's CPU under purchases went to it).
 */
const relational = (() => {
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
})();
const dialect = new PgDialect();

/** Drizzle over each pooled connection, built on its first transaction (it keeps no per-transaction state). */
const drizzleOfClient = new WeakMap<pg.PoolClient, Db>();

/** Drizzle over one checked-out client (a transaction's), reusing the schema configuration. */
function drizzleOver(client: pg.PoolClient): Db {
  let db = drizzleOfClient.get(client);
  if (!db) {
    const session = new NodePgDriver(client, dialect).createSession(relational);
    // The config's table map is typed loosely by drizzle; it is the one `drizzle(client, { schema })` builds.
    db = new NodePgDatabase(dialect, session, relational as never) as Db;
    drizzleOfClient.set(client, db);
  }
  return db;
}

/** A transaction: drizzle over the transaction's client, and the raw client (pg-boss `db` option, raw SQL). */
export interface Tx {
  db: Db;
  client: pg.PoolClient;
  /** Writes queued by {@link writeLater} and {@link writeLaterInsert}, sent by {@link flushWrites}. */
  pending: (SQL | QueuedExecute)[];
  /** Statements queued by {@link atCommit}, sent with the COMMIT (absent: none). */
  commitWith?: { statement: CommitStatement; execute: string }[];
  /**
   * The transaction's BEGIN while it is not sent yet ({@link withTransaction} sends it with the first
   * statement); absent once sent.
   */
  begin?: string;
}

/**
 * Queue an INSERT whose answer nobody reads (an audit entry, a notification, a timeline event, an
 * outbox mail) to go with the transaction's other queued writes, in the order queued, at the next
 * {@link flushWrites} and at the latest with the commit. Its errors surface there and abort the
 * transaction as usual. Only for writes that later statements of the transaction do not read. Built
 * SQL is a statement of its own: prefer {@link writeLaterInsert}, which goes with the others.
 * @param query an INSERT builder or SQL without RETURNING
 */
export function writeLater(tx: Tx, query: SQLWrapper): void {
  tx.pending.push(query.getSQL());
}

/**
 * A write queued by {@link writeLaterInsert} or {@link writeLaterStatement}: its prepared statement and
 * this execution's values as SQL literals, `$1` first.
 */
interface QueuedExecute {
  statement: { name: string; text: string };
  literals: string[];
}

/**
 * Queue an INSERT of `values` into `table` like {@link writeLater}, as a prepared statement built once
 * per table and shape (building the SQL of a purchase's queued writes, then of the statement
 * joining them, was a large share of its CPU). The INSERT is built once by drizzle with a placeholder
 * per value (a null is part of the shape; an undefined value leaves the column to its default); each
 * call encodes its values through the columns (dates, JSON) and queues `EXECUTE name(literals)`.
 * {@link flushWrites} sends the queued executes in one round trip. A value given as SQL (or past
 * `MAX_PREPARED_TEXTS` shapes in the process) falls back to {@link writeLater}.
 */
export function writeLaterInsert<T extends PgTable>(tx: Tx, table: T, values: PgInsertValue<T>): void {
  const given = values as Record<string, unknown>;
  const key = shapeKey(given);
  let byShape = queuedInserts.get(table);
  if (!byShape) {
    byShape = new Map();
    queuedInserts.set(table, byShape);
  }
  let built = key === null ? undefined : byShape.get(key);
  if (!built) {
    const shape = key === null ? null : insertShape(given);
    if (!shape || key === null || queuedInsertShapes >= MAX_PREPARED_TEXTS) {
      writeLater(tx, tx.db.insert(table).values(values));
      return;
    }
    const query = tx.db
      .insert(table)
      .values(shape.placeholders as PgInsertValue<T>)
      .toSQL();
    built = {
      statement: {
        name: `lm_w_${createHash('sha1')
          .update(`${getTableName(table)}:${key}`)
          .digest('hex')
          .slice(0, 24)}`,
        text: query.sql,
      },
      params: query.params.map(placeholderParam),
    };
    byShape.set(key, built);
    queuedInsertShapes++;
  }
  const literals: string[] = [];
  for (const param of built.params)
    literals.push(
      literal(
        param.field === undefined
          ? param.constant
          : param.encoder
            ? param.encoder.mapToDriverValue(given[param.field])
            : given[param.field],
      ),
    );
  tx.pending.push({ statement: built.statement, literals });
}

/**
 * The shape key of an INSERT's values as {@link insertShape} writes it (fields in order, nulls named),
 * without building the placeholders: null when a value is SQL (the INSERT is then built as it is).
 */
function shapeKey(values: Record<string, unknown>): string | null {
  let key = '';
  for (const field of Object.keys(values).sort()) {
    const value = values[field];
    if (value === undefined) continue;
    if (value === null) key += key === '' ? `${field}=null` : `,${field}=null`;
    else if (
      typeof value === 'object' &&
      !(value instanceof Date) &&
      !Array.isArray(value) &&
      (is(value, SQL) || is(value, Placeholder))
    )
      return null;
    else key += key === '' ? field : `,${field}`;
  }
  return key;
}

/** One parameter of a built INSERT: the field it takes its value from and the column's encoder, or a constant. */
interface InsertParam {
  field?: string;
  encoder?: { mapToDriverValue(value: unknown): unknown };
  constant?: unknown;
}

function placeholderParam(param: unknown): InsertParam {
  if (is(param, Placeholder)) return { field: param.name };
  if (is(param, Param) && is(param.value, Placeholder))
    return {
      field: param.value.name,
      encoder: param.encoder as { mapToDriverValue(value: unknown): unknown },
    };
  return { constant: param };
}

/**
 * The shape of an INSERT's values, for a statement built once with placeholders ({@link prepareOnce},
 * {@link writeLaterInsert}). An undefined value is left out (the column's default, as in drizzle); a
 * null, and an SQL value listed in `fixed`, are written into the statement and named in the key; every
 * other value becomes a placeholder named after its field.
 * @returns the key naming the shape, the values to build the INSERT with, and the values to execute it
 *   with; null when a value is other SQL (the caller builds that INSERT as it is)
 */
export function insertShape(
  values: Record<string, unknown>,
  fixed: readonly SQL[] = [],
): { key: string; placeholders: Record<string, unknown>; given: Record<string, unknown> } | null {
  const fields = Object.keys(values)
    .filter((f) => values[f] !== undefined)
    .sort();
  const inline = (v: unknown) => v === null || fixed.includes(v as SQL);
  if (fields.some((f) => !inline(values[f]) && (is(values[f], SQL) || is(values[f], Placeholder))))
    return null;
  const placeholders: Record<string, unknown> = {};
  const given: Record<string, unknown> = {};
  for (const f of fields) {
    if (inline(values[f])) placeholders[f] = values[f];
    else {
      placeholders[f] = sql.placeholder(f);
      given[f] = values[f];
    }
  }
  const key = fields
    .map((f) =>
      values[f] === null ? `${f}=null` : inline(values[f]) ? `${f}=sql${fixed.indexOf(values[f] as SQL)}` : f,
    )
    .join(',');
  return { key, placeholders, given };
}

/** The statements of {@link writeLaterInsert}, by table and shape, process-wide. */
const queuedInserts = new WeakMap<
  PgTable,
  Map<string, { statement: { name: string; text: string }; params: InsertParam[] }>
>();
/** How many shapes {@link queuedInserts} holds. */
let queuedInsertShapes = 0;

/**
 * Queue a write given as SQL text with `$1..$n` parameters like {@link writeLaterInsert}: a statement
 * prepared once per connection and text (without a type list), executed with this call's `values` as
 * SQL literals at the next {@link flushWrites} or with the COMMIT. For a write whose text a library
 * builds (pg-boss's job insert) and whose answer nobody reads. Past `MAX_PREPARED_TEXTS` texts in the
 * process, the statement is queued with its values inlined as built SQL instead.
 * @param values strings, numbers, booleans or null (what {@link literal} writes)
 * @throws Error at once for any other value
 */
export function writeLaterStatement(tx: Tx, text: string, values: readonly unknown[]): void {
  const encoded = values.map(literal);
  let statement = queuedStatements.get(text);
  if (!statement) {
    if (queuedStatements.size >= MAX_PREPARED_TEXTS) {
      writeLater(tx, sql.raw(text.replace(/\$(\d+)/g, (_, n: string) => encoded[Number(n) - 1] ?? 'NULL')));
      return;
    }
    statement = { name: `lm_s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
    queuedStatements.set(text, statement);
  }
  tx.pending.push({ statement, literals: encoded });
}

/** The statements of {@link writeLaterStatement}, by text, process-wide. */
const queuedStatements = new Map<string, { name: string; text: string }>();

/**
 * Send the queued writes now, in the order queued: the `EXECUTE`s of {@link writeLaterInsert} and
 * {@link writeLaterStatement} one simple-protocol round trip for each run of them, and a write queued
 * as built SQL ({@link writeLater}) as a statement of its own. Nothing is sent when none is queued.
 */
export async function flushWrites(tx: Tx): Promise<void> {
  await sendExecutes(tx, await flushBuiltWrites(tx));
}

/** Send `executes` in one round trip ({@link asExecutes}), prepared on the connection first if not yet. */
async function sendExecutes(tx: Tx, executes: readonly QueuedExecute[]): Promise<void> {
  if (executes.length === 0) return;
  const statements = asExecutes(executes);
  await prepareOn(
    tx.client,
    statements.map((e) => e.statement),
  );
  await tx.client.query(statements.map((e) => e.execute).join(';\n'));
}

/**
 * The `EXECUTE`s that send `executes`: one statement joining them all as data-modifying CTEs of the
 * first (`with w0 as (insert …), w1 as (insert …) insert …`, prepared once per connection and
 * sequence of statements) when there are several and each is a plain INSERT; otherwise one each.
 * PostgreSQL starts, runs and ends each statement: a purchase's seven queued inserts as seven
 * statements cost it more than the inserts did. Joined, they all see the transaction as it was before
 * them (none of these writes reads another; foreign keys and AFTER triggers are checked at the end of
 * the statement), and the first that fails fails them all, as it failed the transaction before.
 */
function asExecutes(
  executes: readonly QueuedExecute[],
): { statement: { name: string; text: string }; execute: string }[] {
  const each = () =>
    executes.map((e) => ({
      statement: e.statement,
      execute: `execute ${e.statement.name}(${e.literals.join(', ')})`,
    }));
  if (executes.length < 2 || !executes.every((e) => joinable(e.statement))) return each();
  const names = executes.map((e) => e.statement.name).join(',');
  let statement = joinedStatements.get(names);
  if (!statement) {
    if (joinedStatements.size >= MAX_PREPARED_TEXTS) return each();
    let offset = 0;
    const parts = executes.map((e) => {
      const text = e.statement.text.trim().replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      offset += e.literals.length;
      return text;
    });
    // PostgreSQL runs the main statement first, then the CTEs from the last written to the first: the
    // first queued is the main statement, the others CTEs in reverse, so they run in the order queued
    // (two purchases of the same playlists then meet on their index entries in the same order).
    const [first, ...rest] = parts;
    statement = {
      name: `lm_j_${createHash('sha1').update(names).digest('hex').slice(0, 24)}`,
      text: `with ${rest
        .reverse()
        .map((text, i) => `w${i} as (${text})`)
        .join(', ')} ${first}`,
    };
    joinedStatements.set(names, statement);
  }
  return [
    { statement, execute: `execute ${statement.name}(${executes.flatMap((e) => e.literals).join(', ')})` },
  ];
}

/**
 * Whether a queued statement can be a CTE of a joined one: one plain INSERT whose every `$` is a
 * parameter (worked out once per statement).
 */
function joinable(statement: { text: string }): boolean {
  let known = joinableStatements.get(statement);
  if (known === undefined) {
    const { text } = statement;
    known =
      /^\s*insert\s/i.test(text) &&
      !text.includes(';') &&
      (text.match(/\$/g)?.length ?? 0) === (text.match(/\$\d+/g)?.length ?? 0);
    joinableStatements.set(statement, known);
  }
  return known;
}

/** {@link joinable}'s answers, per queued statement (one object per name, kept by its table). */
const joinableStatements = new WeakMap<{ text: string }, boolean>();

/** The joined statements of {@link asExecutes}, by the names of the statements they join, process-wide. */
const joinedStatements = new Map<string, { name: string; text: string }>();

/**
 * Take the queued writes out of the queue, sending those up to the last one queued as built SQL
 * ({@link writeLater}, rare: a value given as SQL, or past the shape limit) in order.
 * @returns the `EXECUTE`s queued after it, in order, for the caller to send
 */
async function flushBuiltWrites(tx: Tx): Promise<QueuedExecute[]> {
  const queued = tx.pending.splice(0);
  const lastBuilt = queued.findLastIndex((q) => is(q, SQL));
  let run: QueuedExecute[] = [];
  for (const q of queued.slice(0, lastBuilt + 1)) {
    if (is(q, SQL)) {
      await sendExecutes(tx, run);
      run = [];
      await tx.db.execute(q);
    } else run.push(q);
  }
  return queued.slice(lastBuilt + 1) as QueuedExecute[];
}

/**
 * Prepare on `client` each of `statements` not yet prepared there (a round trip each, once per
 * connection; a prepared statement outlives a rollback). Without a type list: PostgreSQL infers each
 * parameter's type from where it is used.
 * @throws Error when a name was used with another text in this process
 */
async function prepareOn(
  client: pg.PoolClient,
  statements: readonly { name: string; text: string; types?: readonly string[] }[],
): Promise<void> {
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  for (const statement of statements) {
    if (prepared.has(statement.name)) continue;
    const known = commitStatementTexts.get(statement.name);
    if (known === undefined) commitStatementTexts.set(statement.name, statement.text);
    else if (known !== statement.text)
      throw new Error(`prepared statement ${statement.name} has another text`);
    const types = statement.types && statement.types.length > 0 ? `(${statement.types.join(', ')})` : '';
    // Not through a transaction's deferred BEGIN: a PREPARE needs no transaction.
    await sendRaw(client, `prepare ${statement.name}${types} as ${statement.text}`);
    prepared.add(statement.name);
  }
}

/**
 * A statement for {@link atCommit}: a server-side prepared statement (`PREPARE name(types) AS text`),
 * prepared once per connection, and the values it is executed with this time.
 */
export interface CommitStatement {
  /** The prepared statement's name: one text per name in the whole process (a plain identifier). */
  name: string;
  /** SQL with `$1`..`$n` placeholders. */
  text: string;
  /** The SQL type of each placeholder, `$1` first (e.g. `bigint`, `varchar`). */
  types: readonly string[];
  /** This execution's values, `$1` first; sent as SQL literals. */
  values: readonly (string | number | null)[];
}

/**
 * Queue a statement to be sent with the transaction's COMMIT, in the same round trip (a
 * purchase's hold locks the payer's wallet; sent with the COMMIT, the lock lasts only while PostgreSQL
 * works, not while the API's event loop gets round to sending the COMMIT). The statements and the
 * COMMIT go as one simple-protocol query (`EXECUTE name(literals); ...; COMMIT`); each statement is
 * prepared on the connection the first time it is used there, so it is planned like any prepared
 * statement. Each runs with its own snapshot, in order, after the writes queued with
 * {@link writeLater}; the first that fails aborts the transaction, the COMMIT is not run, and
 * {@link withTransaction} rolls back and rethrows that error. A statement's answer is not read: one
 * that must refuse raises an error (e.g. `ledger_assert_funded`, SQLSTATE LM001). Only
 * {@link withTransaction} commits, so only its transactions send them; a {@link withSavepoint} that
 * rolls back drops the statements queued inside it.
 * @throws Error at once when `statement.name` was used with another text, or a value is not finite
 */
export function atCommit(tx: Tx, statement: CommitStatement): void {
  const known = commitStatementTexts.get(statement.name);
  if (known === undefined) commitStatementTexts.set(statement.name, statement.text);
  else if (known !== statement.text) throw new Error(`prepared statement ${statement.name} has another text`);
  const values = statement.values.map(literal).join(', ');
  const queued = { statement, execute: `execute ${statement.name}(${values})` };
  if (tx.commitWith) tx.commitWith.push(queued);
  else tx.commitWith = [queued];
}

/** The text of each {@link atCommit} statement name, process-wide. */
const commitStatementTexts = new Map<string, string>();
/** The {@link atCommit} statements already prepared on each connection. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * A value as an SQL literal: numbers as digits, booleans as TRUE/FALSE, strings quoted by pg's
 * `escapeLiteral`, null as NULL.
 * @throws Error for any other value (a column encoder's output is one of these)
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'number' && typeof value !== 'string')
    throw new Error(`no SQL literal for a ${typeof value} value`);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    // In parentheses when negative: `-$3` with -5 must not become the comment `--5`.
    return value < 0 ? `(${value})` : String(value);
  }
  // pg.escapeLiteral, without building the result one character at a time.
  const quoted = value.includes("'") ? value.replaceAll("'", "''") : value;
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/**
 * COMMIT, in one round trip with the writes still queued as `EXECUTE`s ({@link writeLaterInsert},
 * {@link writeLaterStatement}) and then the statements queued by {@link atCommit}, and with the
 * transaction's BEGIN when nothing was sent before: a transaction made only of queued writes is one
 * round trip. The writes queued as built SQL ({@link writeLater}) go first in a statement of their
 * own. Statements not yet prepared on this connection are prepared first (a round trip each, once per
 * connection; a prepared statement outlives a rollback). The first statement that fails aborts the
 * transaction; the COMMIT behind it does not run. A transaction that sent nothing and queued nothing
 * sends nothing.
 */
async function commit(tx: Tx): Promise<void> {
  const queued = [...asExecutes(await flushBuiltWrites(tx)), ...(tx.commitWith ?? [])];
  if (queued.length === 0) {
    if (tx.begin === undefined) await tx.client.query('commit');
    else takeBegin(tx);
    return;
  }
  await prepareOn(
    tx.client,
    queued.map((q) => q.statement),
  );
  const begin = takeBegin(tx);
  await sendRaw(
    tx.client,
    `${begin === undefined ? '' : `${begin};\n`}${queued.map((q) => q.execute).join(';\n')};\ncommit`,
  );
}

/** A query on `client` itself, not through a deferred BEGIN ({@link beginWithFirstStatement}). */
function sendRaw(client: pg.PoolClient, text: string): Promise<pg.QueryResult> {
  return (pg.Client.prototype.query as (text: string) => Promise<pg.QueryResult>).call(client, text);
}

/**
 * Defer `tx`'s BEGIN to its first statement: until then `tx.client.query` sends the BEGIN first
 * (drizzle, pg-boss and raw SQL all query through it, so no statement of the transaction can run
 * outside it), and {@link commit} sends it in the COMMIT's round trip when nothing went before.
 */
function beginWithFirstStatement(tx: Tx & { begin: string }): void {
  const { client } = tx;
  let begun: Promise<unknown> | undefined;
  Object.defineProperty(client, 'query', {
    configurable: true,
    writable: true,
    value: (...args: unknown[]) => {
      if (!begun) {
        const begin = takeBegin(tx);
        begun = begin === undefined ? Promise.resolve() : sendRaw(client, begin);
      }
      return begun.then(() =>
        (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args),
      );
    },
  });
}

/**
 * Run `read` on `tx`'s connection before the transaction begins (its BEGIN not sent yet): a read whose
 * answer decides what the transaction writes, and that needs no lock or snapshot of the transaction
 * (a purchase's targets), without a connection of its own from the pool. Within `read`, statements do
 * not send the BEGIN; after it, the next one does as usual.
 * @throws Error when the transaction has already begun
 */
export async function readBeforeBegin<T>(tx: Tx, read: (db: Pick<Tx, 'db'>) => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(tx.client, 'query');
  if (tx.begin === undefined || !own) throw new Error('readBeforeBegin: the transaction has begun');
  delete (tx.client as { query?: unknown }).query;
  try {
    return await read(tx);
  } finally {
    Object.defineProperty(tx.client, 'query', own);
  }
}

/** `tx`'s deferred BEGIN, now to be sent (undefined when it was sent); `tx.client.query` is itself again. */
function takeBegin(tx: Tx): string | undefined {
  const begin = tx.begin;
  delete tx.begin;
  delete (tx.client as { query?: unknown }).query;
  return begin;
}

/**
 * Run `fn` inside a savepoint of `tx`: when it throws, only what it wrote is undone (its queued writes
 * too, see {@link writeLater}) and the error is rethrown; the transaction stays usable.
 * @param name the savepoint's SQL name (a plain identifier)
 */
export async function withSavepoint<T>(tx: Tx, name: string, fn: () => Promise<T>): Promise<T> {
  await flushWrites(tx);
  const queuedAtCommit = tx.commitWith?.length ?? 0;
  await tx.client.query(`savepoint ${name}`);
  try {
    const result = await fn();
    // Queued writes of `fn` fail inside the savepoint, like its other statements.
    await flushWrites(tx);
    await tx.client.query(`release savepoint ${name}`);
    return result;
  } catch (err) {
    tx.pending.length = 0;
    if (tx.commitWith) tx.commitWith.length = queuedAtCommit;
    await tx.client.query(`rollback to savepoint ${name}`).catch(() => undefined);
    throw err;
  }
}

/**
 * Run `fn` in one SQL transaction; commits when it resolves (after sending the writes it queued,
 * {@link writeLater}), rolls back when it throws. The BEGIN goes with the transaction's first
 * statement ({@link beginWithFirstStatement}): a transaction that only queues its writes is sent in
 * one round trip with its COMMIT, and one that throws before sending anything sends nothing.
 * @param isolation defaults to READ COMMITTED; money flows take row locks explicitly.
 */
export async function withTransaction<T>(
  database: Database,
  fn: (tx: Tx) => Promise<T>,
  isolation: 'read committed' | 'repeatable read' | 'serializable' = 'read committed',
): Promise<T> {
  const client = await database.pool.connect();
  const tx = {
    db: drizzleOver(client),
    client,
    pending: [],
    begin: `begin isolation level ${isolation}`,
  } satisfies Tx;
  beginWithFirstStatement(tx);
  try {
    const result = await fn(tx);
    await commit(tx);
    return result;
  } catch (err) {
    const opened = (tx as Tx).begin === undefined;
    takeBegin(tx);
    if (opened) await sendRaw(client, 'rollback').catch(() => undefined);
    throw err;
  } finally {
    takeBegin(tx);
    client.release();
  }
}

/**
 * Shapes kept at most: keys per drizzle instance for {@link prepareOnce} (past it, queries are built each
 * time and run unnamed), INSERT shapes in the process for {@link writeLaterInsert} (past it, they are
 * queued as built SQL). A guard against unbounded growth.
 */
const MAX_PREPARED_TEXTS = 500;

/** Queries built by {@link prepareOnce}, per drizzle instance (the pool's or a pooled connection's) and key. */
const builtQueries = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle query built once per drizzle instance and `key`, then executed with each call's values
 * (building the SQL of a purchase's queries was the largest share of the API's CPU, more
 * than PostgreSQL's work for them). `build` makes the query on `db` with `sql.placeholder(name)` for
 * every value that changes between calls and prepares it under the name it is given
 * (`.prepare(name)`: a named PostgreSQL statement, parsed once per connection); the caller then runs
 * `.execute({ name: value, ... })`. Anything else `build` reads is frozen into the query at its first
 * call, so a key names one shape: values that change the text (an optional condition, a null) go
 * into the key. The pool's drizzle (`database.db`) runs it on any connection; a transaction's
 * (`tx.db`, one per pooled connection) on that connection. Past `MAX_PREPARED_TEXTS` keys on one
 * instance, queries are built each time and run unnamed (a guard against unbounded growth).
 * @param key the shape's name, process-wide (e.g. `express.targets.spotify:payer`)
 * @returns the prepared query `build` returned, built on the first call for this `db` and key
 */
export function prepareOnce<Q>(db: Db, key: string, build: (name: string) => Q): Q {
  let byKey = builtQueries.get(db);
  if (!byKey) {
    byKey = new Map();
    builtQueries.set(db, byKey);
  }
  const known = byKey.get(key);
  if (known !== undefined) return known as Q;
  if (byKey.size >= MAX_PREPARED_TEXTS) return build('');
  const query = build(`lm_q_${createHash('sha1').update(key).digest('hex').slice(0, 24)}`);
  byKey.set(key, query);
  return query;
}

/**
 * `column = any(<placeholder>::int[])`: membership in a list of ids as one parameter, so the statement's
 * text is the same whatever the number of ids (one {@link prepareOnce} statement), unlike `IN`; execute
 * it with the ids as an array under `name` (checked by {@link idList}).
 */
export function inIdsPlaceholder(column: SQLWrapper, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::int[])`;
}

/**
 * The value of an {@link inIdsPlaceholder}: the ids as they are, once checked.
 * @throws Error when an id is not a safe integer (callers pass validated ids)
 */
export function idList(ids: readonly number[]): number[] {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return [...ids];
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

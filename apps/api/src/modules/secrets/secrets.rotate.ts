import { type Database, withTransaction } from '../../db/client';
import type { KeyRing } from '../../platform/key-ring';
import { openSealed, resealSecret, type SealedColumn } from '../../platform/secret-box';
import { SOCIAL_ACCOUNT_SEALED_COLUMNS, SPOTIFY_CONNECTION_SEALED_COLUMN } from '../connections';
import { DKIM_KEY_SEALED_COLUMN } from '../crm';
import { PLATFORM_SPOTIFY_SEALED_COLUMN } from '../settings';
import { WEBHOOK_SECRET_SEALED_COLUMN } from '../webhooks';

/**
 * Every column of the product that stores values made by `sealSecret`, as declared by the module that
 * owns it. A test (secrets.test.ts) fails when a sealed value turns up in a column missing here.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  ...SOCIAL_ACCOUNT_SEALED_COLUMNS,
  SPOTIFY_CONNECTION_SEALED_COLUMN,
  PLATFORM_SPOTIFY_SEALED_COLUMN,
  DKIM_KEY_SEALED_COLUMN,
  WEBHOOK_SECRET_SEALED_COLUMN,
];

/** Rows read per query while walking a column (each row is then re-sealed in its own transaction). */
export const ROTATION_BATCH_SIZE = 500;

/** What `rotateSecrets` did to one column. */
export interface ColumnRotation {
  /** `table.column`. */
  column: string;
  /** Values that a previous key had sealed and that are now sealed with the current key. */
  resealed: number;
  /** Values the current key had already sealed, left as they were. */
  current: number;
}

/** A stored value that no key of the ring opens (`table.column`, row id). */
export interface UnopenableSecret {
  column: string;
  id: number;
}

/**
 * Thrown by `rotateSecrets` when a stored value opens with no key of the ring (a key missing from
 * APP_KEY_PREVIOUS, or a damaged value). The check runs before anything is written, so nothing was
 * re-sealed; a value that changed to one no key opens during the run stops it with its row untouched.
 */
export class UnopenableSecretsError extends Error {
  constructor(readonly secrets: readonly UnopenableSecret[]) {
    const shown = secrets
      .slice(0, 20)
      .map((s) => `${s.column} id ${s.id}`)
      .join(', ');
    super(
      `${secrets.length} sealed value(s) open with no key of APP_KEY and APP_KEY_PREVIOUS: ${shown}` +
        `${secrets.length > 20 ? ', ...' : ''}. Add the key they were sealed with to APP_KEY_PREVIOUS.`,
    );
    this.name = 'UnopenableSecretsError';
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** `"name"`, for the table and column names of a descriptor (code constants, checked anyway). */
function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

const nameOf = (c: SealedColumn) => `${c.table}.${c.column}`;

/** The selected columns of one row of `c`: the id, the sealed value as `sealed`, and what the purpose reads. */
function selectList(c: SealedColumn): string {
  return ['id', `${quoted(c.column)} as sealed`, ...(c.reads ?? []).map(quoted)].join(', ');
}

type SealedRow = { id: number; sealed: string | null } & Record<string, unknown>;

/** The rows of `c` holding a value, `batchSize` at a time in id order (keyset paging), unlocked. */
async function* sealedRows(database: Database, c: SealedColumn, batchSize: number) {
  let after = -1;
  for (;;) {
    const { rows } = await database.pool.query<SealedRow>(
      `select ${selectList(c)} from ${quoted(c.table)}
        where ${quoted(c.column)} is not null and id > $1 order by id limit $2`,
      [after, batchSize],
    );
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Every stored sealed value that no key of the ring opens (reads only; `npm run rotate-secrets --check`).
 * @param columns the columns to read (default: {@link SEALED_COLUMNS})
 */
export async function findUnopenableSecrets(
  database: Database,
  keys: KeyRing,
  columns: readonly SealedColumn[] = SEALED_COLUMNS,
  batchSize = ROTATION_BATCH_SIZE,
): Promise<UnopenableSecret[]> {
  const found: UnopenableSecret[] = [];
  for (const c of columns) {
    for await (const rows of sealedRows(database, c, batchSize)) {
      for (const row of rows) {
        try {
          openSealed(keys, row.sealed!, c.purpose(row));
        } catch {
          found.push({ column: nameOf(c), id: row.id });
        }
      }
    }
  }
  return found;
}

/**
 * Re-seal one row's value with the current key, under the row's lock: a concurrent writer (a token
 * refresh holds the same lock) either finished before, and its value is the one re-sealed, or waits
 * and overwrites with its own value sealed with the current key. Never writes a value it did not read
 * under the lock.
 * @returns 'resealed', 'current' (already sealed with the current key) or 'gone' (row or value removed)
 * @throws UnopenableSecretsError when no key opens the value (the transaction rolls back)
 */
async function resealRow(
  database: Database,
  keys: KeyRing,
  c: SealedColumn,
  id: number,
): Promise<'resealed' | 'current' | 'gone'> {
  return withTransaction(database, async (tx) => {
    const { rows } = await tx.client.query<SealedRow>(
      `select ${selectList(c)} from ${quoted(c.table)} where id = $1 for update`,
      [id],
    );
    const row = rows[0];
    if (!row?.sealed) return 'gone';
    let next: string | null;
    try {
      next = resealSecret(keys, row.sealed, c.purpose(row));
    } catch {
      throw new UnopenableSecretsError([{ column: nameOf(c), id }]);
    }
    if (next === null) return 'current';
    await tx.client.query(`update ${quoted(c.table)} set ${quoted(c.column)} = $2 where id = $1`, [id, next]);
    return 'resealed';
  });
}

/**
 * `npm run rotate-secrets` (issue 33, "rotate APP_KEY"): every sealed value a previous key sealed is
 * sealed again with the current key (APP_KEY), each row in its own transaction under its row lock;
 * values the current key sealed are left alone, so a second run changes nothing. Every value is
 * checked to open first: when one opens with no key, nothing is written.
 * @param keys APP_KEY and APP_KEY_PREVIOUS (`config.keys`)
 * @param options.columns the columns to rotate (default: {@link SEALED_COLUMNS})
 * @param options.batchSize rows read per query (default {@link ROTATION_BATCH_SIZE})
 * @returns per column, how many values were re-sealed and how many were already current
 * @throws Error when the ring has no previous key (APP_KEY_PREVIOUS unset: nothing could need it)
 * @throws UnopenableSecretsError naming the rows whose values no key opens
 */
export async function rotateSecrets(
  database: Database,
  keys: KeyRing,
  options: { columns?: readonly SealedColumn[]; batchSize?: number } = {},
): Promise<ColumnRotation[]> {
  if (keys.all.length < 2)
    throw new Error('APP_KEY_PREVIOUS is not set: set it to the key(s) APP_KEY replaced, then run this');
  const columns = options.columns ?? SEALED_COLUMNS;
  const batchSize = options.batchSize ?? ROTATION_BATCH_SIZE;
  const unopenable = await findUnopenableSecrets(database, keys, columns, batchSize);
  if (unopenable.length > 0) throw new UnopenableSecretsError(unopenable);
  const report: ColumnRotation[] = [];
  for (const c of columns) {
    const counts: ColumnRotation = { column: nameOf(c), resealed: 0, current: 0 };
    for await (const rows of sealedRows(database, c, batchSize)) {
      for (const { id } of rows) {
        const outcome = await resealRow(database, keys, c, id);
        if (outcome !== 'gone') counts[outcome] += 1;
      }
    }
    report.push(counts);
  }
  return report;
}

/**
 * The PostgreSQL error behind a failure, wherever it sits. node-postgres throws a `DatabaseError`
 * carrying the SQLSTATE `code` and the `constraint`; drizzle wraps it one level down
 * (`DrizzleQueryError.cause`), and other layers may wrap it again. Every place that turns a database
 * refusal into a 4xx reads it through here, so a new wrapper cannot turn a 409 into
 * a 500 again.
 */

/** The fields of a PostgreSQL error this code reads (node-postgres `DatabaseError`). */
export interface PgError {
  /** SQLSTATE, e.g. '23505' unique violation, '22021' bad UTF-8 or NUL byte. */
  code: string;
  constraint?: string;
  message: string;
  /** PostgreSQL's detail, e.g. the key a unique index refused: `Key (a, b)=(1, 2) already exists.` */
  detail?: string;
}

/** SQLSTATE codes the product maps to answers. */
export const PG = {
  UNIQUE_VIOLATION: '23505',
  CHECK_VIOLATION: '23514',
  /** character_not_in_repertoire: a NUL byte (U+0000) in a text value. */
  CHARACTER_NOT_IN_REPERTOIRE: '22021',
  UNTRANSLATABLE_CHARACTER: '22P05',
  INVALID_TEXT_REPRESENTATION: '22P02',
  NUMERIC_VALUE_OUT_OF_RANGE: '22003',
  DATETIME_FIELD_OVERFLOW: '22008',
  INVALID_DATETIME_FORMAT: '22007',
  STRING_DATA_RIGHT_TRUNCATION: '22001',
} as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_DEPTH = 8;

/**
 * The first PostgreSQL error in `err`'s `cause` chain (the error itself first).
 * @returns null when no PostgreSQL error is found within a few levels (cycles are cut)
 */
export function pgErrorOf(err: unknown): PgError | null {
  let current: unknown = err;
  for (let depth = 0; depth < MAX_DEPTH && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (
      typeof candidate.code === 'string' &&
      SQLSTATE.test(candidate.code) &&
      typeof candidate.severity === 'string'
    ) {
      return candidate as PgError;
    }
    if (candidate.cause === current) break;
    current = candidate.cause;
  }
  return null;
}

/**
 * Whether `err` (or an error it wraps) is a unique violation, optionally of the named index or
 * constraint.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === PG.UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}

/** Whether `err` (or an error it wraps) is a violation of the named CHECK constraint. */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === PG.CHECK_VIOLATION && pg.constraint === constraint;
}

/**
 * Data errors that only bad input can cause (a NUL byte, a value PostgreSQL cannot read or store):
 * the error handler answers these 422 instead of 500 (backstop behind request validation).
 */
export const INPUT_DATA_ERRORS: ReadonlySet<string> = new Set([
  PG.CHARACTER_NOT_IN_REPERTOIRE,
  PG.UNTRANSLATABLE_CHARACTER,
  PG.INVALID_TEXT_REPRESENTATION,
  PG.NUMERIC_VALUE_OUT_OF_RANGE,
  PG.DATETIME_FIELD_OVERFLOW,
  PG.INVALID_DATETIME_FORMAT,
  PG.STRING_DATA_RIGHT_TRUNCATION,
]);

import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '@lm/contracts';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Database } from '../db/client';
import { safeCast } from './csv';
import { TooManyRequestsError } from './errors';
import { t } from './i18n';

/**
 * Streamed CSV exports of the back-office lists (issue 36, "CSV export of every list the filters
 * produced"): the list's own filter, compiled to one SQL query, read through a server-side cursor
 * (`pg-query-stream`, batches of {@link EXPORT_BATCH_ROWS}) and written through csv-stringify's
 * stream to the socket, with back-pressure all the way: a million rows cost the API the same memory
 * as a thousand. Headers in the reader's language, UTF-8 with a byte order mark (spreadsheets then
 * read accents and Arabic), every cell that a spreadsheet would run as a formula neutralised
 * (`platform/csv.ts`).
 */

/** Rows fetched from the cursor per round trip (and the object stream's high-water mark). */
export const EXPORT_BATCH_ROWS = 1_000;

/**
 * Exports streaming at once in one API process: each holds one pooled connection for as long as the
 * download lasts, so a few large exports cannot take the pool that every other request needs.
 */
export const MAX_CONCURRENT_EXPORTS = 2;

let running = 0;

/**
 * Bytes of CSV gathered before they go on (to the compressor, then the socket). csv-stringify writes
 * one chunk a row (about 200 bytes); handed one by one to the streamed brotli of `platform/compression.ts`
 * each costs a trip through the thread pool: measured here, 211 µs a row against 26 µs with 64 KiB chunks
 * (`npm run bench:exports`).
 */
export const EXPORT_CHUNK_BYTES = 64 * 1_024;

/** A stream that passes bytes on in chunks of at least `size` bytes (the rest at the end). */
function coalesce(size: number): Transform {
  let held: Buffer[] = [];
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      held.push(buffer);
      bytes += buffer.length;
      if (bytes < size) return done();
      const out = Buffer.concat(held, bytes);
      held = [];
      bytes = 0;
      done(null, out);
    },
    flush(done) {
      done(null, bytes > 0 ? Buffer.concat(held, bytes) : undefined);
    },
  });
}

/** One column of an export: the row's field, the header's message key, an optional cell format. */
export interface ExportColumn<R> {
  key: keyof R & string;
  /** Message key of the header in the shared catalog (translated into the reader's language). */
  header: string;
  /** Parameters of the header's message (the currency of a money column). */
  headerParams?: Record<string, string | number>;
  /** The cell of a raw value (a translated status, a date); the raw value when absent. */
  format?: (value: R[keyof R], row: R, lang: Language) => string | number | null;
}

/**
 * The description of one export: its rows (a query read through a cursor, or, for a short summary
 * computed in the API such as a report's days, the rows themselves), columns and file name.
 */
export type CsvExport<R> = CsvExportShape<R> &
  (
    | {
        /** The rows in export order; every filter of the list applied. */
        query: SQL;
      }
    | {
        /** The rows in export order, already computed (at most a few thousand: held in memory). */
        rows: readonly R[];
      }
  );

interface CsvExportShape<R> {
  columns: readonly ExportColumn<R>[];
  /** The downloaded file's name (`audit-log-2026-11-30.csv`). */
  filename: string;
}

const dialect = new PgDialect();

/** An ISO 8601 instant of a timestamp cell (UTC, to the second), empty when absent. */
export const isoInstant = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? ''
    : new Date(value as string | Date).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A day of a file name: `2026-11-30`. */
export const fileDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Claim one of the {@link MAX_CONCURRENT_EXPORTS} export slots of this process.
 * @returns the function that gives the slot back (idempotent)
 * @throws TooManyRequestsError (429 `exports.busy`, Retry-After 30 s) when every slot is taken
 */
export function claimExportSlot(): () => void {
  if (running >= MAX_CONCURRENT_EXPORTS) throw new TooManyRequestsError('exports.busy', 30);
  running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
  };
}

/**
 * Send `spec` as a streamed CSV answer: one pooled connection is checked out, the query read through
 * a cursor and every row written as soon as the socket takes it; the connection and the export slot
 * are given back when the download ends, fails or the client goes away (the cursor is then closed and
 * nothing more is read).
 * @param release the export slot of {@link claimExportSlot}, given back at the end
 * @throws Error of the database when the query cannot start (before any byte is sent: the error
 *   handler answers it); a failure after the first byte cuts the download short (logged)
 */
export async function sendCsvExport<R extends Record<string, unknown>>(
  database: Database,
  reply: FastifyReply,
  lang: Language,
  spec: CsvExport<R>,
  release: () => void,
): Promise<void> {
  let client: pg.PoolClient | undefined;
  try {
    let held: pg.PoolClient | undefined;
    let rows: Readable;
    if ('query' in spec) {
      held = await database.pool.connect();
      client = held;
      const compiled = dialect.sqlToQuery(spec.query);
      rows = held.query(
        new QueryStream(compiled.sql, compiled.params, {
          batchSize: EXPORT_BATCH_ROWS,
          highWaterMark: EXPORT_BATCH_ROWS,
        }),
      );
    } else {
      rows = Readable.from(spec.rows, { objectMode: true });
    }
    const toRecord = new Transform({
      objectMode: true,
      highWaterMark: EXPORT_BATCH_ROWS,
      transform(row: R, _encoding, done) {
        done(
          null,
          spec.columns.map((c) => {
            const value = c.format ? c.format(row[c.key], row, lang) : row[c.key];
            return value === null || value === undefined ? '' : value;
          }),
        );
      },
    });
    const csv = stringify({
      header: true,
      columns: spec.columns.map((c) => t(lang, c.header, c.headerParams)),
      bom: true,
      cast: { ...safeCast, date: (d: Date) => isoInstant(d), boolean: (b: boolean) => (b ? '1' : '0') },
    });
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${spec.filename}"`)
      .header('cache-control', 'no-store');
    const out = coalesce(EXPORT_CHUNK_BYTES);
    const done = pipeline(rows, toRecord, csv, out);
    // The connection goes back once the cursor is drained or abandoned (the client left: the
    // pipeline destroys the query stream, which closes its cursor).
    done.then(
      () => {
        held?.release();
        release();
      },
      (err: Error) => {
        reply.log.warn({ err, file: spec.filename }, 'csv export cut short');
        // The cursor may still be open on it: the connection is closed rather than reused.
        held?.release(err);
        release();
      },
    );
    client = undefined;
    await reply.send(out);
  } catch (err) {
    client?.release();
    release();
    throw err;
  }
}

/**
 * A status of a spec status map as the stable code an export writes (`Pending for Approval` →
 * `pending_for_approval`): exports are data for spreadsheets and other tools, so a status is the same
 * word in every language (headers are translated; docs/decisions.md "CSV exports").
 */
export function statusCode(entries: readonly { id: number; label: string }[], id: unknown): string {
  const label = entries.find((e) => e.id === Number(id))?.label;
  return label
    ? label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '')
    : String(id ?? '');
}

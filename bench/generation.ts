/**
 * What the bench data generators (wallet-data.ts, admin-data.ts) share: timed steps, the SQL of the
 * ledger rows the product would have written, and the clean-up and sizes after a generation.
 */
import type pg from 'pg';

/** One timed step of a generation. */
export interface GenerationStep {
  name: string;
  /** Wall-clock ms. */
  ms: number;
}

/** Rows and on-disk size of one table after a generation. */
export interface TableSize {
  table: string;
  /** The planner's row estimate (exact after VACUUM ANALYZE). */
  rows: number;
  tableBytes: number;
  indexBytes: number;
}

/** Runs `fn`, appends its wall-clock time to `steps` under `name` and logs it. */
export async function timed<T>(steps: GenerationStep[], name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  const ms = performance.now() - started;
  steps.push({ name, ms });
  console.log(`generate: ${name} ${ms.toFixed(0)} ms`);
  return out;
}

/**
 * Runs `fill` in one transaction, with `workMem` for work_mem and maintenance_work_mem (big sorts stay
 * in memory; the session only, reset by {@link vacuumAnalyze}), and commits it as a timed step. On an
 * error the transaction is rolled back (nothing is left behind) and the error rethrown.
 * @returns the ms from the start to the commit
 */
export async function inTransaction(
  client: pg.Client,
  steps: GenerationStep[],
  workMem: string,
  fill: () => Promise<void>,
): Promise<number> {
  const started = performance.now();
  await client.query(`set work_mem = '${workMem}'`);
  await client.query(`set maintenance_work_mem = '${workMem}'`);
  await client.query('begin');
  try {
    await fill();
    await timed(steps, 'commit', () => client.query('commit'));
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  return performance.now() - started;
}

/**
 * Transfer number of generated transfer `g` (an SQL expression): `TX` + 12 characters of the product's
 * alphabet. An odd multiplier is a bijection modulo 2^48, so the numbers are unique; hex digits 0 and 1
 * are mapped to G and H (the product's alphabet has no 0, 1, I or O).
 */
export const transferNumberSql = (g: string) =>
  `'TX' || translate(upper(lpad(to_hex(((${g})::numeric * 133898154965013 % 281474976710656)::bigint), 12, '0')), '01', 'GH')`;

/**
 * The INSERT of ledger entries with their running balances and per-account sequence numbers, as the
 * product writes them, from `signedRows`: a SELECT of (id, account_id, transfer_id, amount, created_at,
 * desc_id), debits negative. Each account continues from its current balance and entry count.
 */
export const runningEntriesSql = (signedRows: string) =>
  `insert into ledger_entries (id, account_id, transfer_id, amount, balance_after, created_at, desc_id, account_seq)
   select s.id, s.account_id, s.transfer_id, s.amount,
     a.balance + sum(s.amount) over (partition by s.account_id order by s.id rows unbounded preceding),
     s.created_at, s.desc_id,
     a.entry_count + row_number() over (partition by s.account_id order by s.id)
   from (${signedRows}) s
   join ledger_accounts a on a.id = s.account_id
   order by s.id`;

/**
 * After the generation's commit: VACUUM (ANALYZE) of `tables` and a CHECKPOINT (one timed step), then
 * the session's work_mem and maintenance_work_mem back to their defaults.
 * @returns the ms the vacuum and checkpoint took
 */
export async function vacuumAnalyze(
  client: pg.Client,
  steps: GenerationStep[],
  tables: string,
): Promise<number> {
  const started = performance.now();
  await timed(steps, 'vacuum (analyze) + checkpoint', async () => {
    await client.query(`vacuum (analyze) ${tables}`);
    await client.query('checkpoint');
  });
  const ms = performance.now() - started;
  await client.query('reset work_mem');
  await client.query('reset maintenance_work_mem');
  return ms;
}

/** Sizes of `tables`, largest first (table plus indexes). */
export async function tableSizes(client: pg.Client, tables: string[]): Promise<TableSize[]> {
  const sizes = await client.query<{ table: string; rows: string; table_bytes: string; index_bytes: string }>(
    `select c.relname as table, c.reltuples::bigint::text as rows,
       pg_table_size(c.oid)::text as table_bytes, pg_indexes_size(c.oid)::text as index_bytes
     from pg_class c
     where c.relname = any($1::text[]) and c.relkind = 'r'
     order by pg_total_relation_size(c.oid) desc`,
    [tables],
  );
  return sizes.rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    tableBytes: Number(r.table_bytes),
    indexBytes: Number(r.index_bytes),
  }));
}

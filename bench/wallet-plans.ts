/**
 * Query plans of the wallet benchmark: the SQL the product sends for the balance and the transaction
 * list (the text drizzle generates in `walletBalance` and `listTransactions`, kept identical here and
 * checked against what PostgreSQL sees during the load), run under EXPLAIN (ANALYZE, BUFFERS) through
 * `pg`, and summarised into their main nodes. Also the plans of the baseline query and of a few
 * alternative query shapes and indexes (tried in a transaction that is rolled back), as evidence for
 * the recommendations.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** A statement with its parameters. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** The list query parameters the bench uses. */
export interface ListShape {
  page: number;
  limit: number;
  /** `filter[transactions_id]` (contains, case-insensitive). */
  number?: string;
  /** `filter[desc_id]`. */
  descId?: number;
}

/**
 * The statements `listTransactions(database, userId, query)` runs to find a page (wallet.service.ts
 * `pageEntryIds`), as drizzle renders them (drizzle-orm 0.45): without filters a seek on the
 * account's dense positions (`account_seq`), the total being the account's `entry_count` (no count
 * statement); with filters the page ids with OFFSET and a count stopped after COUNT_EXACT_UP_TO + 1
 * rows (above it the total is the planner's estimate). The page's rows are then joined by id (10 rows).
 */
export function productListSql(
  accountId: number,
  entryCount: number,
  shape: ListShape,
  exactUpTo = 10_000,
): { rows: Sql; count: Sql | null } {
  const skip = (shape.page - 1) * shape.limit;
  if (!shape.number && !shape.descId) {
    return {
      rows: {
        text: 'select "id" from "ledger_entries" where ("ledger_entries"."account_id" = $1 and "ledger_entries"."account_seq" >= $2 and "ledger_entries"."account_seq" <= $3) order by "ledger_entries"."account_seq" desc',
        values: [accountId, Math.max(1, entryCount - skip - shape.limit + 1), entryCount - skip],
      },
      count: null,
    };
  }
  const conditions = ['"ledger_entries"."account_id" = $1'];
  const values: unknown[] = [accountId];
  if (shape.number) {
    values.push(`%${shape.number.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    conditions.push(
      `"ledger_entries"."transfer_id" in (select "ledger_transfers"."id" from "ledger_transfers" where "ledger_transfers"."number" ilike $${values.length})`,
    );
  }
  if (shape.descId) {
    values.push(shape.descId);
    conditions.push(`"ledger_entries"."desc_id" = $${values.length}`);
  }
  const where = `where (${conditions.join(' and ')})`;
  const n = values.length;
  return {
    rows: {
      text: `select "id" from "ledger_entries" ${where} order by "ledger_entries"."id" desc limit $${n + 1} offset $${n + 2}`,
      values: [...values, shape.limit, skip],
    },
    count: {
      text: `select count(*)::int as n from (select 1 from "ledger_entries" ${where} limit $${n + 1}) c`,
      values: [...values, exactUpTo + 1],
    },
  };
}

/** The balance read of `GET /api/wallet/user/current/balance` (ledger.ts walletBalance). */
export function productBalanceSql(userId: number): Sql {
  return {
    text: 'select "balance" from "ledger_accounts" where ("ledger_accounts"."kind" = $1 and "ledger_accounts"."user_id" = $2)',
    values: ['user_wallet', userId],
  };
}

/** The baseline server's list query. */
export function baselineListSql(accountId: number): Sql {
  return {
    text: `select id, account_id, transfer_id, amount, balance_after, created_at
     from ledger_entries where account_id = $1 order by id desc limit 10`,
    values: [accountId],
  };
}

/** One node of a JSON plan (the fields used here). */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Join Type'?: string;
  'Parent Relationship'?: string;
  Strategy?: string;
  'Scan Direction'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Temp Written Blocks'?: number;
  'Sort Method'?: string;
  'Sort Space Used'?: number;
  'Sort Space Type'?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Heap Fetches'?: number;
  'Workers Launched'?: number;
  Plans?: PlanNode[];
}

/** A summarised EXPLAIN (ANALYZE, BUFFERS). */
export interface Explained {
  label: string;
  /** Which statement (e.g. "page rows", "count"). */
  part: string;
  executionMs: number;
  planningMs: number;
  /** Shared buffers hit / read (read = not in shared_buffers: OS cache or disk), temp blocks written. */
  sharedHit: number;
  sharedRead: number;
  tempWritten: number;
  /** Rows produced by the scans of ledger_entries (all loops). */
  entriesScanned: number;
  /** Lookups (loops) of the deepest ledger_transfers scan. */
  transferLookups: number;
  /** Row estimate vs actual of the first single-loop scan of ledger_entries_account_idx (the wallet's entries). */
  entriesEstimate: { est: number; actual: number } | null;
  /** Sort spilled to disk: kB, else null. */
  sortDiskKb: number | null;
  /** The plan as indented lines (node, relation/index, rows, time). */
  tree: string[];
}

const int = (v: number) => Math.round(v).toLocaleString('en-US');

function nodeLine(node: PlanNode): string {
  let name = node['Node Type'];
  if (node['Scan Direction'] === 'Backward') name += ' Backward';
  if (node.Strategy && node.Strategy !== 'Plain' && node['Node Type'] === 'Aggregate')
    name = `${node.Strategy} Aggregate`;
  if (node['Join Type'] && node['Join Type'] !== 'Inner') name = `${name} (${node['Join Type']})`;
  if (node['Index Name']) name += ` using ${node['Index Name']}`;
  if (node['Relation Name']) name += ` on ${node['Relation Name']}`;
  const loops = node['Actual Loops'];
  const parts: string[] = [];
  if (loops > 1) {
    parts.push(
      `${int(loops)} loops × ${int(node['Actual Rows'])} rows (est ${int(node['Plan Rows'])}), ${node['Actual Total Time'].toFixed(3)} ms each`,
    );
  } else {
    parts.push(
      `${int(node['Actual Rows'])} rows (est ${int(node['Plan Rows'])}), ${node['Actual Total Time'].toFixed(1)} ms`,
    );
  }
  if (node['Sort Method']) {
    parts.push(
      `${node['Sort Method']} ${int(node['Sort Space Used'] ?? 0)} kB ${node['Sort Space Type'] ?? ''}`.trim(),
    );
  }
  const removed = (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0);
  if (removed > 0) parts.push(`${int(removed * loops)} rows filtered out`);
  if (node['Workers Launched']) parts.push(`${node['Workers Launched']} workers`);
  return `${name}: ${parts.join('; ')}`;
}

function walk(node: PlanNode, depth: number, visit: (n: PlanNode, depth: number) => void): void {
  visit(node, depth);
  for (const child of node.Plans ?? []) walk(child, depth + 1, visit);
}

/** Run `sql` under EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) and summarise it. */
export async function explain(client: pg.Client, label: string, part: string, sql: Sql): Promise<Explained> {
  const res = await client.query<{ 'QUERY PLAN': unknown }>(
    `explain (analyze, buffers, format json) ${sql.text}`,
    sql.values,
  );
  const raw = res.rows[0]?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    'Planning Time': number;
    'Execution Time': number;
  }[];
  const top = doc[0]!;
  const tree: string[] = [];
  let entriesScanned = 0;
  let transferLookups = 0;
  let entriesEstimate: Explained['entriesEstimate'] = null;
  let sortDiskKb: number | null = null;
  walk(top.Plan, 0, (node, depth) => {
    tree.push(`${'  '.repeat(depth)}${depth > 0 ? '-> ' : ''}${nodeLine(node)}`);
    const loops = node['Actual Loops'];
    if (node['Index Name'] === 'ledger_entries_account_idx' && loops === 1 && !entriesEstimate) {
      entriesEstimate = { est: node['Plan Rows'], actual: node['Actual Rows'] };
    }
    if (node['Relation Name'] === 'ledger_entries' && /Scan/.test(node['Node Type'])) {
      entriesScanned += node['Actual Rows'] * loops;
    }
    if (node['Relation Name'] === 'ledger_transfers' && /Scan/.test(node['Node Type'])) {
      transferLookups = Math.max(transferLookups, loops);
    }
    if (node['Sort Space Type'] === 'Disk') sortDiskKb = (sortDiskKb ?? 0) + (node['Sort Space Used'] ?? 0);
  });
  return {
    label,
    part,
    executionMs: top['Execution Time'],
    planningMs: top['Planning Time'],
    sharedHit: top.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: top.Plan['Shared Read Blocks'] ?? 0,
    tempWritten: top.Plan['Temp Written Blocks'] ?? 0,
    entriesScanned,
    transferLookups,
    entriesEstimate,
    sortDiskKb,
    tree,
  };
}

/** Alternative shapes and indexes tried for the recommendations, with what they cost to build. */
export interface Alternatives {
  explained: Explained[];
  /** Index build times in the rolled-back transaction (ms). */
  trigramIndexMs: number | null;
  transferIdIndexMs: number | null;
  /** Why the index experiment did not run, if it did not. */
  skipped: string | null;
}

const ALT_COLUMNS =
  'e.id, e.account_id, e.transfer_id, e.amount, e.balance_after, e.created_at, t.number, t.idempotency_key, t.debit_account_id, t.credit_account_id, t.amount, t.desc_id, t.hold_id, t.money_minor, t.currency, t.meta, t.created_at, i.id, i.attachment_path, i.payment_id';
const ALT_FROM =
  'join ledger_transfers t on t.id = e.transfer_id left join invoices i on i.transfer_id = t.id';

/**
 * EXPLAIN alternative query shapes (same columns as the product's page, the wallet account id resolved
 * beforehand): the count on the (account_id, id) index alone, a deferred join and a keyset page for the
 * deep page; then, inside a transaction that is rolled back, a pg_trgm GIN index on
 * ledger_transfers.number plus a ledger_entries(transfer_id) index for the number filter.
 */
export async function explainAlternatives(
  client: pg.Client,
  accountId: number,
  deep: { page: number; limit: number },
  number: string,
  /** Why not to build the two indexes (e.g. the run is already long), or null to build them. */
  skipIndexes: string | null = null,
): Promise<Alternatives> {
  const explained: Explained[] = [];
  const offset = (deep.page - 1) * deep.limit;
  explained.push(
    await explain(client, 'count on the (account_id, id) index', 'count', {
      text: 'select count(*) from ledger_entries where account_id = $1',
      values: [accountId],
    }),
  );
  explained.push(
    await explain(client, `deep page ${deep.page}: deferred join`, 'page rows', {
      text: `select ${ALT_COLUMNS} from (select id from ledger_entries where account_id = $1 order by id desc limit $2 offset $3) p
        join ledger_entries e on e.id = p.id ${ALT_FROM} order by e.id desc`,
      values: [accountId, deep.limit, offset],
    }),
  );
  const cursor = await client.query<{ id: string }>(
    'select id::text from ledger_entries where account_id = $1 order by id desc offset $2 limit 1',
    [accountId, offset - 1],
  );
  explained.push(
    await explain(
      client,
      `deep page ${deep.page}: keyset (id < last id of page ${deep.page - 1})`,
      'page rows',
      {
        text: `select ${ALT_COLUMNS} from ledger_entries e ${ALT_FROM}
        where e.account_id = $1 and e.id < $2 order by e.id desc limit $3`,
        values: [accountId, cursor.rows[0]?.id ?? 0, deep.limit],
      },
    ),
  );
  const like = `%${number}%`;
  let trigramIndexMs: number | null = null;
  let transferIdIndexMs: number | null = null;
  let skipped: string | null = skipIndexes;
  if (skipped) return { explained, trigramIndexMs, transferIdIndexMs, skipped };
  await client.query('begin');
  try {
    await client.query('create extension if not exists pg_trgm');
    let t0 = performance.now();
    await client.query(
      'create index bench_transfers_number_trgm on ledger_transfers using gin (number gin_trgm_ops)',
    );
    trigramIndexMs = performance.now() - t0;
    t0 = performance.now();
    await client.query('create index bench_entries_transfer on ledger_entries (transfer_id)');
    transferIdIndexMs = performance.now() - t0;
    await client.query('analyze ledger_transfers');
    explained.push(
      await explain(client, 'number filter with pg_trgm + entries(transfer_id) indexes', 'page rows', {
        text: `select ${ALT_COLUMNS} from ledger_entries e ${ALT_FROM}
          where e.account_id = $1 and t.number ilike $2 order by e.id desc limit 10`,
        values: [accountId, like],
      }),
    );
    explained.push(
      await explain(client, 'number filter with pg_trgm + entries(transfer_id) indexes', 'count', {
        text: `select count(*) from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
          where e.account_id = $1 and t.number ilike $2`,
        values: [accountId, like],
      }),
    );
  } catch (err) {
    skipped = err instanceof Error ? err.message : String(err);
  } finally {
    await client.query('rollback');
  }
  return { explained, trigramIndexMs, transferIdIndexMs, skipped };
}

/**
 * Record the statement texts the product sends while the load runs (pg_stat_activity polled every
 * `pollMs`) whose text matches one of `likes` (SQL LIKE patterns), to check that the SQL explained
 * here is the SQL the product runs.
 */
export function captureStatements(
  client: pg.Client,
  applicationName: string,
  likes: string[],
  pollMs: number,
): { stop: () => Promise<string[]> } {
  const seen = new Set<string>();
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await client.query<{ query: string }>(
          `select distinct query from pg_stat_activity
           where application_name = $1 and query like any($2::text[]) and pid <> pg_backend_pid()`,
          [applicationName, likes],
        );
        for (const r of rows) seen.add(r.query);
      } catch {
        // The server is busy or stopping; try again.
      }
      await sleep(pollMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return [...seen];
    },
  };
}

/**
 * Whether `sql` is among the captured texts (pg_stat_activity truncates long statements at
 * track_activity_query_size, so a long text matches its captured prefix).
 */
export function wasCaptured(sql: Sql, captured: string[]): boolean {
  return captured.some((q) => q === sql.text || (q.length >= 900 && sql.text.startsWith(q)));
}

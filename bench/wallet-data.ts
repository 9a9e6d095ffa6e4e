/**
 * Data generator of the wallet benchmark: writes a large, consistent ledger straight into the
 * product's PostgreSQL with set-based SQL (`generate_series`, `INSERT ... SELECT`, window sums), in one
 * transaction, then vacuums/analyzes it and checks the ledger's invariants.
 *
 * Shape (all deterministic, no randomness between runs):
 * - `users` generated users (`bench-user-NNNN@bench.test`, approved, default roles of their type, the
 *   demo artist's argon2id password hash), each with a `user_wallet` ledger account;
 * - `transfers` ledger transfers, every 5th one on the demo artist's wallet (so a fifth of them, 200,000
 *   of 1,000,000, are the artist's), the others dealt round-robin over the generated wallets;
 * - per wallet, its transfers alternate credit (from `payment_clearing`: desc 1 coin purchase, or
 *   desc 3 refund) and debit (to `platform_revenue`: desc 2, 4, 5, 6 or 7) where each debit is at most
 *   the credit just before it, so no wallet ever goes below zero;
 * - each transfer has its two entries (debit side first, signed amounts) with `balance_after` the
 *   running balance of the account in entry-id order, starting from the account's balance before;
 * - transfer numbers are `TX` + 12 characters of the product's alphabet, unique by construction
 *   (an odd multiplier is a bijection modulo 2^48); idempotency keys `bench:<n, 7 digits>`;
 * - `created_at` spread evenly over the year before the run, increasing with the ids.
 *
 * Foreign-key triggers are skipped during the bulk inserts (session_replication_role = replica, this
 * transaction only); `checkLedger` verifies every reference afterwards instead.
 *
 * Rows are inserted in id order, so the heap interleaves the artist's entries with everyone else's like
 * a real append-only ledger does (the artist's rows are not physically clustered).
 */
import type pg from 'pg';
import {
  type GenerationStep,
  inTransaction,
  runningEntriesSql,
  type TableSize,
  tableSizes,
  timed,
  transferNumberSql,
  vacuumAnalyze,
} from './generation';

/** What to generate. */
export interface GenerateOptions {
  /** Number of ledger transfers (each writes two entries). */
  transfers: number;
  /** Number of generated users (each with a wallet). */
  users: number;
  /** Every `artistEvery`-th transfer is on this user's wallet. */
  artistEmail: string;
  artistEvery: number;
}

/** Timings (ms) and sizes of one generation. */
export interface GenerateResult {
  userId: number;
  artistAccountId: number;
  artistEntries: number;
  usersInserted: number;
  transfersInserted: number;
  entriesInserted: number;
  /** Wall-clock ms per step, in order. */
  steps: GenerationStep[];
  /** Users + accounts + transfers + entries + balances, committed. */
  generateMs: number;
  /** VACUUM (ANALYZE) of the touched tables and a CHECKPOINT. */
  vacuumAnalyzeMs: number;
  /** Table and index sizes after generation. */
  sizes: TableSize[];
}

/** The invariant checks, as numbers (all must be 0 but `transfers`/`entries`). */
export interface LedgerCheck {
  transfers: number;
  entries: number;
  /** Accounts whose balance differs from the sum of their entries. */
  balanceMismatches: number;
  /** Accounts whose balance differs from the balance_after of their last entry. */
  lastBalanceMismatches: number;
  /** Entries whose balance_after is not the previous balance_after of the account plus the amount. */
  brokenChains: number;
  /** Wallets (and other non-negative accounts) with a negative balance or a negative balance_after. */
  negativeWallets: number;
  /**
   * Transfers without exactly two entries summing to zero, plus entries not matching their transfer
   * (the debit account gets -amount, the credit account +amount).
   */
  unbalancedTransfers: number;
  /** Entries whose account does not exist (foreign keys are re-checked here, see generateLedger). */
  orphanEntries: number;
  /** Sum of every account balance (money neither created nor destroyed: 0). */
  sumOfBalances: number;
  ms: number;
}

/**
 * A cheap deterministic hash of a bigint expression in SQL, in 0..m-1 (m <= 65536): the upper 16 bits
 * of Knuth's multiplicative hash modulo 2^32 (its low bits are not mixed at all).
 */
const hashMod = (expr: string, m: number) =>
  `(((((${expr})::bigint * 2654435761) % 4294967296) / 65536) % ${m})`;

/**
 * Generate the ledger through `client` (a superuser connection to the product's database), commit,
 * then VACUUM (ANALYZE) and CHECKPOINT so that neither autovacuum nor a checkpoint of the bulk load
 * runs during the measurements.
 * @throws Error when the artist does not exist, or any statement fails (nothing is left behind then)
 */
export async function generateLedger(client: pg.Client, options: GenerateOptions): Promise<GenerateResult> {
  const { transfers: n, users: userCount, artistEvery } = options;
  const steps: GenerateResult['steps'] = [];
  let userId = 0;
  let artistAccountId = 0;
  let usersInserted = 0;
  let transfersInserted = 0;
  let entriesInserted = 0;
  // Big sorts (2M entries by account, then by id) stay in memory.
  const generateMs = await inTransaction(client, steps, '512MB', async () => {
    const artist = await client.query<{ id: number; password_hash: string }>(
      'select id, password_hash from users where email = $1',
      [options.artistEmail],
    );
    const found = artist.rows[0];
    if (!found) throw new Error(`generate: ${options.artistEmail} does not exist`);
    userId = found.id;

    usersInserted = await timed(
      steps,
      `users (${userCount.toLocaleString('en-US')}) + roles + wallets`,
      async () => {
        const inserted = await client.query(
          `insert into users (user_type_id, first_name, last_name, email, password_hash, gender, country_code,
           status, email_verified_at, language, created_at, updated_at)
         select 1 + (i % 3), 'Bench', 'User ' || i, 'bench-user-' || lpad(i::text, 4, '0') || '@bench.test', $2,
           (array['female', 'male', 'other'])[1 + i % 3], (array['GB', 'DE', 'FR', 'US', 'ES'])[1 + i % 5],
           'approved', now() - interval '400 days', 'en', now() - interval '400 days', now() - interval '400 days'
         from generate_series(1, $1::int) as i`,
          [userCount, found.password_hash],
        );
        // Default roles of each user's type, as assignDefaultRoles does on registration.
        await client.query(
          `insert into user_roles (user_id, role_id)
         select u.id, r.id from users u join roles r on r.default_for_user_type = u.user_type_id
         where u.email like 'bench-user-%@bench.test'
         on conflict do nothing`,
        );
        await client.query(
          `insert into ledger_accounts (kind, user_id, created_at)
         select 'user_wallet', id, created_at from users
         where email like 'bench-user-%@bench.test' or id = $1
         on conflict do nothing`,
          [userId],
        );
        // System accounts as systemAccountId() creates them (created if the demo seed did not).
        await client.query(
          `insert into ledger_accounts (kind, allow_negative)
         values ('payment_clearing', 1), ('platform_revenue', 0) on conflict do nothing`,
        );
        return inserted.rowCount ?? 0;
      },
    );

    // Bulk-load mode for the two big inserts, the way pg_restore --disable-triggers loads data: the
    // per-row foreign-key triggers (two or three SPI lookups per row, about two thirds of the insert
    // time) are skipped for this transaction only; checkLedger() re-checks every reference set-based.
    // The ledger's other triggers are UPDATE/DELETE-only and would not fire on inserts anyway.
    await client.query('set local session_replication_role = replica');

    // Wallet number 0 is the artist, 1..users the generated users.
    await client.query(
      `create temp table bench_wallets on commit drop as
       select 0 as w, a.id as account_id from ledger_accounts a where a.kind = 'user_wallet' and a.user_id = $1
       union all
       select row_number() over (order by u.id)::int, a.id
       from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
       where u.email like 'bench-user-%@bench.test'`,
      [userId],
    );
    await client.query('create unique index on bench_wallets (w)');
    const walletRows = await client.query<{ n: number; artist: string }>(
      'select count(*)::int as n, max(account_id) filter (where w = 0)::text as artist from bench_wallets',
    );
    artistAccountId = Number(walletRows.rows[0]?.artist);
    if (walletRows.rows[0]?.n !== userCount + 1) throw new Error('generate: wallets missing');

    // The plan of every transfer: g = 1..n; artist when g % artistEvery = 0, else round-robin.
    await timed(steps, `plan ${n.toLocaleString('en-US')} transfers (temp table)`, () =>
      client.query(
        `create temp table bench_plan on commit drop as
         with slots as (
           select g,
             case when g % ${artistEvery} = 0 then 0 else 1 + (g - g / ${artistEvery} - 1) % ${userCount} end as w,
             case when g % ${artistEvery} = 0 then g / ${artistEvery} - 1
                  else (g - g / ${artistEvery} - 1) / ${userCount} end as k
           from generate_series(1, $1::bigint) as g
         ), sized as (
           select g, w, k, k % 2 = 0 as is_credit,
             case when k % 2 = 0 then 50 + ${hashMod('w * 1000003 + k', 951)}
                  else 1 + ${hashMod('g + 17', 65536)} % (50 + ${hashMod('w * 1000003 + k - 1', 951)}) end
               as amount
           from slots
         )
         select s.g, s.is_credit, s.amount, b.account_id as wallet,
           case when s.is_credit then case when ${hashMod('s.g + 7', 4)} = 0 then 3 else 1 end
                else (array[2, 4, 5, 6, 7])[1 + ${hashMod('s.g + 11', 5)}] end::smallint as desc_id
         from sized s join bench_wallets b using (w)`,
        [n],
      ),
    );

    const bases = await client.query<{ t: string; e: string; clearing: string; revenue: string }>(
      `select (select coalesce(max(id), 0) from ledger_transfers)::text as t,
              (select coalesce(max(id), 0) from ledger_entries)::text as e,
              (select id from ledger_accounts where kind = 'payment_clearing' and user_id is null)::text as clearing,
              (select id from ledger_accounts where kind = 'platform_revenue' and user_id is null)::text as revenue`,
    );
    const base = bases.rows[0]!;

    transfersInserted = await timed(
      steps,
      `ledger_transfers (${n.toLocaleString('en-US')} rows)`,
      async () => {
        const res = await client.query(
          `insert into ledger_transfers (id, number, idempotency_key, debit_account_id, credit_account_id, amount,
           desc_id, money_minor, currency, meta, created_at)
         select $1::bigint + p.g,
           ${transferNumberSql('p.g')},
           'bench:' || lpad(p.g::text, 7, '0'),
           case when p.is_credit then $3::bigint else p.wallet end,
           case when p.is_credit then p.wallet else $4::bigint end,
           p.amount, p.desc_id,
           case when p.desc_id = 1 then p.amount * 9 end,
           case when p.desc_id = 1 then 'GBP' end,
           case p.desc_id
             when 3 then jsonb_build_object('refund_type', 'refund')
             when 2 then jsonb_build_object('campaign_type', 'express', 'campaign_id', (p.g % 5000)::text)
           end,
           now() - interval '365 days' + make_interval(secs => p.g * 31536000.0 / $2::bigint)
         from bench_plan p
         order by p.g`,
          [base.t, n, base.clearing, base.revenue],
        );
        await client.query(
          "select setval(pg_get_serial_sequence('ledger_transfers', 'id'), (select max(id) from ledger_transfers))",
        );
        return res.rowCount ?? 0;
      },
    );

    entriesInserted = await timed(
      steps,
      `ledger_entries (${(2 * n).toLocaleString('en-US')} rows, running balances)`,
      async () => {
        const res = await client.query(
          runningEntriesSql(
            `select $1::bigint + 2 * t.g - 1 as id, case when t.is_credit then $3::bigint else t.wallet end as account_id,
               $2::bigint + t.g as transfer_id, -t.amount as amount, t.created_at, t.desc_id
             from (select p.*, now() - interval '365 days' + make_interval(secs => p.g * 31536000.0 / $5::bigint)
                     as created_at from bench_plan p) t
             union all
             select $1::bigint + 2 * t.g, case when t.is_credit then t.wallet else $4::bigint end,
               $2::bigint + t.g, t.amount, t.created_at, t.desc_id
             from (select p.*, now() - interval '365 days' + make_interval(secs => p.g * 31536000.0 / $5::bigint)
                     as created_at from bench_plan p) t`,
          ),
          [base.e, base.t, base.clearing, base.revenue, n],
        );
        await client.query(
          "select setval(pg_get_serial_sequence('ledger_entries', 'id'), (select max(id) from ledger_entries))",
        );
        return res.rowCount ?? 0;
      },
    );

    await timed(steps, 'account balances', () =>
      client.query(
        `update ledger_accounts a
         set balance = (select e.balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1),
           entry_count = (select e.account_seq from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)
         where a.id in (select account_id from bench_wallets) or a.id = $1 or a.id = $2`,
        [base.clearing, base.revenue],
      ),
    );
  });

  const vacuumAnalyzeMs = await vacuumAnalyze(
    client,
    steps,
    'ledger_entries, ledger_transfers, ledger_accounts, users, user_roles',
  );

  const artistEntries = await client.query<{ n: number }>(
    'select count(*)::int as n from ledger_entries where account_id = $1',
    [artistAccountId],
  );
  const sizes = await tableSizes(client, ['ledger_entries', 'ledger_transfers', 'ledger_accounts', 'users']);
  return {
    userId,
    artistAccountId,
    artistEntries: artistEntries.rows[0]?.n ?? 0,
    usersInserted,
    transfersInserted,
    entriesInserted,
    steps,
    generateMs,
    vacuumAnalyzeMs,
    sizes,
  };
}

/**
 * Check the ledger's invariants over the whole database, set-based: one pass over the entries in
 * (account, id) order (running sums, chains, last balance, orphans) and one over the entries grouped
 * by transfer against the transfers (full join: orphans both ways). A few seconds at 2M entries.
 */
export async function checkLedger(client: pg.Client): Promise<LedgerCheck> {
  const started = performance.now();
  await client.query("set work_mem = '512MB'");
  try {
    const perAccount = await client.query<Record<string, string>>(
      `with x as (
         select e.account_id, e.amount, e.balance_after,
           sum(e.amount) over w as running,
           lag(e.balance_after) over w as prev,
           lead(e.id) over w is null as is_last
         from ledger_entries e
         window w as (partition by e.account_id order by e.id rows unbounded preceding)
       )
       select
         count(*)::text as entries,
         count(*) filter (where a.id is null)::text as orphans,
         count(*) filter (where x.is_last and a.balance <> x.running)::text as balance_mismatches,
         count(*) filter (where x.is_last and a.balance <> x.balance_after)::text as last_mismatches,
         count(*) filter (where x.balance_after <> x.running
                            or x.balance_after <> coalesce(x.prev, 0) + x.amount)::text as broken_chains,
         count(*) filter (where a.allow_negative = 0 and x.balance_after < 0)::text as negative_entries
       from x left join ledger_accounts a on a.id = x.account_id`,
    );
    const accounts = await client.query<Record<string, string>>(
      `select
         (select count(*) from ledger_accounts a where a.balance <> 0
            and not exists (select 1 from ledger_entries e where e.account_id = a.id))::text as no_entries,
         (select count(*) from ledger_accounts where allow_negative = 0 and balance < 0)::text as negative,
         (select coalesce(sum(balance), 0) from ledger_accounts)::text as sum_of_balances`,
    );
    const perTransfer = await client.query<Record<string, string>>(
      `with e as (
         select transfer_id, count(*) as n, sum(amount) as total, min(amount) as lo, max(amount) as hi,
           max(account_id) filter (where amount < 0) as debit, max(account_id) filter (where amount > 0) as credit
         from ledger_entries group by transfer_id
       )
       select count(t.id)::text as transfers,
         count(*) filter (where t.id is null or e.transfer_id is null or e.n <> 2 or e.total <> 0
           or e.lo <> -t.amount or e.hi <> t.amount
           or e.debit is distinct from t.debit_account_id
           or e.credit is distinct from t.credit_account_id)::text as unbalanced
       from ledger_transfers t full join e on e.transfer_id = t.id`,
    );
    const a = perAccount.rows[0] ?? {};
    const b = accounts.rows[0] ?? {};
    const c = perTransfer.rows[0] ?? {};
    return {
      transfers: Number(c.transfers),
      entries: Number(a.entries),
      balanceMismatches: Number(a.balance_mismatches) + Number(b.no_entries),
      lastBalanceMismatches: Number(a.last_mismatches),
      brokenChains: Number(a.broken_chains),
      negativeWallets: Number(a.negative_entries) + Number(b.negative),
      unbalancedTransfers: Number(c.unbalanced),
      orphanEntries: Number(a.orphans),
      sumOfBalances: Number(b.sum_of_balances),
      ms: performance.now() - started,
    };
  } finally {
    await client.query('reset work_mem');
  }
}

/** Whether every invariant holds. */
export function ledgerHolds(c: LedgerCheck): boolean {
  return (
    c.balanceMismatches === 0 &&
    c.lastBalanceMismatches === 0 &&
    c.brokenChains === 0 &&
    c.negativeWallets === 0 &&
    c.unbalancedTransfers === 0 &&
    c.orphanEntries === 0 &&
    c.sumOfBalances === 0
  );
}

/** Escrow accounts whose balance differs from their pending holds (must be none). */
export async function escrowMismatches(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`
    select count(*)::int n from ledger_accounts a
      left join (select escrow_account_id, sum(amount) held from ledger_holds where status = 'pending'
                  group by escrow_account_id) h on h.escrow_account_id = a.id
     where a.kind in ('campaign_escrow', 'payout_escrow') and a.balance <> coalesce(h.held, 0)`);
  return rows[0]!.n;
}

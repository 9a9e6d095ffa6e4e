/**
 * Data generator of the admin lists benchmark: writes the back-office's big tables straight into the
 * product's PostgreSQL with set-based SQL (`generate_series`, `INSERT … SELECT`, window sums), in one
 * transaction, then vacuums/analyzes them. Deterministic (hashes of the row number, no randomness).
 *
 * - `admins` staff accounts (`bench-admin-NN@bench.test`, active);
 * - `users` users of the three types (60 % artists, 25 % curators, 15 % influencers) with realistic
 *   first and last names, e-mails `first.last.N@bench.test`, statuses (78 % approved, then pending,
 *   declined, disabled, invited, not registered), countries (40 % from ten big markets, the rest spread
 *   over every country of the lookup), a tier for curators and influencers (artists have none, as the
 *   user modal rules say), 1 % deleted, `created_at` spread over the two years before the run
 *   (increasing with the id), default roles of their type;
 * - `audit` audit log rows over the same two years (increasing with the id): 30 % by the staff (a few
 *   admins do most of it), 62 % by users, 6 % by the system, 2 % by guests (failed sign-ins), with the
 *   product's action names and target kinds, an IP, a user agent and small `meta`; insert only (the
 *   table is append-only by trigger);
 * - for the reports, over the year before the run: `payments` coin purchases (90 % paid, by card or
 *   PayPal, GBP/EUR/USD), every paid one credited to the buyer's wallet by a ledger transfer (desc 1);
 *   every second paid purchase funds an express campaign on a curator's playlist a few minutes later
 *   (hold desc 2 into campaign escrow, `express:<id>:hold`), resolved 3-10 days later when that is in
 *   the past: completed (hold posted to the curator less the platform fee), or declined / failed to
 *   submit (hold voided back to the artist); every 4th completed campaign's curator then requests a
 *   payout of what they earned (recipient, quote, hold desc 4 into payout escrow), paid two days later
 *   (posted to payout clearing, desc 6) or declined / failed (voided back).
 *
 * Every debit of a wallet is paired with an earlier credit of at least the same amount to the same
 * wallet, so no wallet goes below zero; `balance_after` is the running balance in entry-id order and
 * the ledger's invariants are checked afterwards (wallet-data.ts `checkLedger`), with the holds.
 * Foreign-key triggers are skipped for the ledger and report inserts only (`session_replication_role =
 * replica`, this transaction only; the audit table's append-only trigger fires on UPDATE/DELETE, which
 * this never does) and `checkReferences` verifies every reference afterwards.
 */
import type pg from 'pg';
import {
  inTransaction,
  runningEntriesSql,
  tableSizes,
  timed,
  transferNumberSql,
  vacuumAnalyze,
} from './generation';
import type { GenerateResult } from './wallet-data';

/** What to generate. */
export interface AdminGenerateOptions {
  admins: number;
  users: number;
  audit: number;
  payments: number;
  /** Curators (among the generated) that own an express playlist. */
  playlists: number;
  /** The demo accounts whose password hashes the generated accounts reuse. */
  adminEmail: string;
  userEmail: string;
}

/** Timings (ms) and sizes of one generation. */
export interface AdminGenerateResult
  extends Pick<GenerateResult, 'steps' | 'generateMs' | 'vacuumAnalyzeMs' | 'sizes'> {
  counts: Record<string, number>;
}

/** A deterministic hash of a bigint SQL expression in 0..m-1 (m <= 65536), see wallet-data.ts. */
const h = (expr: string, m: number) => `(((((${expr})::bigint * 2654435761) % 4294967296) / 65536) % ${m})`;

const FIRST = [
  'James',
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isla',
  'Lucas',
  'Mia',
  'Mateo',
  'Ava',
  'Leo',
  'Freya',
  'Hugo',
  'Lea',
  'Felix',
  'Clara',
  'Omar',
  'Aisha',
  'Yusuf',
  'Fatima',
  'Emre',
  'Zeynep',
  'Ali',
  'Elif',
  'Lukas',
  'Hannah',
  'Jonas',
  'Marie',
  'Louis',
  'Chloe',
  'Gabriel',
  'Ines',
  'Diego',
  'Lucia',
  'Alexander',
  'Sara',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Anderson',
  'Martin',
  'Thompson',
  'White',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Dubois',
  'Bernard',
  'Moreau',
  'Laurent',
  'Garcia',
  'Martinez',
  'Lopez',
  'Rossi',
  'Russo',
  'Yilmaz',
  'Kaya',
  'Demir',
  'Sahin',
  'Haddad',
  'Nasser',
  'Khalil',
  'Mansour',
  'Nguyen',
  'Kim',
  'Silva',
  'Santos',
  'Novak',
  'Kowalski',
];
const BIG_MARKETS = ['GB', 'US', 'DE', 'FR', 'ES', 'IT', 'NL', 'TR', 'BR', 'AE'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];
/** Staff actions (weight, action, target kind), as the product's routes record them. */
const ADMIN_ACTIONS: [number, string, string | null][] = [
  [20, 'admin.login', 'admin'],
  [22, 'users.update', 'user'],
  [6, 'users.disable', 'user'],
  [4, 'users.enable', 'user'],
  [5, 'users.invite', 'user'],
  [4, 'users.reset_password', 'user'],
  [3, 'users.create', 'user'],
  [8, 'payouts.approved', 'payout'],
  [2, 'payouts.declined', 'payout'],
  [4, 'wallet.adjustment', 'user'],
  [3, 'settings.update', 'setting'],
  [2, 'roles.update', 'role'],
  [2, 'admins.update', 'admin'],
  [3, 'express.tier_update', 'express_tier'],
  [4, 'lookups.update', 'genre'],
  [4, 'queues.retry', 'job'],
  [4, 'wallet.package_update', 'coin_package'],
];
const USER_ACTIONS: [number, string, string | null][] = [
  [52, 'auth.login', 'user'],
  [14, 'auth.logout', 'user'],
  [3, 'auth.password_changed', 'user'],
  [3, 'auth.password_reset_requested', 'user'],
  [2, 'auth.password_reset', 'user'],
  [3, 'auth.email_verified', 'user'],
  [2, 'auth.session_revoked', 'access_token'],
  [9, 'express.created', 'express_campaign'],
  [2, 'express.playlist_created', 'express_playlist'],
  [6, 'files.upload', 'file'],
  [2, 'payouts.requested', 'payout'],
  [2, 'payouts.recipient_added', 'payout_recipient'],
];
const SYSTEM_ACTIONS: [number, string, string | null][] = [
  [80, 'payments.credited', 'payment'],
  [15, 'payouts.reconciled', 'payout'],
  [5, 'payments.amount_mismatch', 'payment'],
];
const GUEST_ACTIONS: [number, string, string | null][] = [
  [85, 'auth.login_failed', null],
  [15, 'admin.login_failed', null],
];

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arr = (xs: string[]) => `array[${xs.map(lit).join(', ')}]`;
/** Weighted pick arrays: each action repeated by its weight, plus its target kind at the same index. */
function weighted(list: [number, string, string | null][]): { actions: string; targets: string; n: number } {
  const actions: string[] = [];
  const targets: (string | null)[] = [];
  for (const [w, a, t] of list)
    for (let i = 0; i < w; i++) {
      actions.push(a);
      targets.push(t);
    }
  return {
    actions: arr(actions),
    targets: `array[${targets.map((t) => (t === null ? 'null' : lit(t))).join(', ')}]::text[]`,
    n: actions.length,
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Generate everything through `client` (a superuser connection to the product's database), commit,
 * then VACUUM (ANALYZE) and CHECKPOINT so neither autovacuum nor a checkpoint of the bulk load runs
 * during the measurements.
 * @throws Error when a demo account is missing or a statement fails (nothing is left behind then)
 */
export async function generateAdminData(
  client: pg.Client,
  o: AdminGenerateOptions,
): Promise<AdminGenerateResult> {
  const steps: AdminGenerateResult['steps'] = [];
  const counts: Record<string, number> = {};
  const generateMs = await inTransaction(client, steps, '256MB', async () => {
    const hashes = await client.query<{ admin_hash: string; user_hash: string }>(
      `select (select password_hash from admins where email = $1) as admin_hash,
              (select password_hash from users where email = $2) as user_hash`,
      [o.adminEmail, o.userEmail],
    );
    const { admin_hash: adminHash, user_hash: userHash } = hashes.rows[0] ?? {};
    if (!adminHash || !userHash) throw new Error(`generate: ${o.adminEmail} or ${o.userEmail} missing`);

    // 1. Staff.
    counts.admins = await timed(steps, `admins (${fmt(o.admins)})`, async () => {
      const r = await client.query(
        `insert into admins (name, email, password_hash, status, created_at, updated_at)
         select (${arr(FIRST)})[1 + (i * 7) % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i * 11) % ${LAST.length}],
           'bench-admin-' || lpad(i::text, 2, '0') || '@bench.test', $2, 'active',
           now() - interval '800 days', now() - interval '800 days'
         from generate_series(1, $1::int) i`,
        [o.admins, adminHash],
      );
      return r.rowCount ?? 0;
    });

    // 2. Users.
    const lookups = await client.query<{ countries: string[]; tiers: number[] }>(
      `select (select array_agg(code order by code) from countries) as countries,
              (select array_agg(id order by id) from tiers where is_active) as tiers`,
    );
    const countries = lookups.rows[0]?.countries ?? [];
    const tiers = lookups.rows[0]?.tiers ?? [];
    const markets = BIG_MARKETS.filter((c) => countries.includes(c));
    if (countries.length === 0 || tiers.length === 0 || markets.length === 0)
      throw new Error('generate: the countries or tiers lookups are empty');
    counts.users = await timed(steps, `users (${fmt(o.users)}) + roles`, async () => {
      const r = await client.query(
        `insert into users (user_type_id, first_name, last_name, email, password_hash, gender, country_code,
           status, tier_id, email_verified_at, language, created_at, updated_at, deleted_at)
         select x.t, x.fn, x.ln, lower(x.fn || '.' || translate(x.ln, 'ü', 'u') || '.' || x.i || '@bench.test'), $2,
           (array['female', 'male', 'other'])[1 + ${h('x.i + 5', 3)}],
           case when ${h('x.i + 3', 100)} < 40 then (${arr(markets)})[1 + ${h('x.i + 4', markets.length)}]
                else (${arr(countries)})[1 + ${h('x.i + 6', countries.length)}] end,
           x.status,
           case when x.t = 1 then null else (array[${tiers.join(', ')}]::int[])[1 + ${h('x.i + 7', tiers.length)}] end,
           case when x.status in ('invited', 'not_registered') then null else x.at end,
           (array['en', 'en', 'en', 'fr', 'de', 'ar', 'tr'])[1 + ${h('x.i + 8', 7)}],
           x.at, x.at,
           case when ${h('x.i + 9', 100)} = 0 then x.at + interval '30 days' end
         from (
           select i, (${arr(FIRST)})[1 + ${h('i + 1', FIRST.length)}] as fn,
             (${arr(LAST)})[1 + ${h('i + 2', LAST.length)}] as ln,
             case when ${h('i', 100)} < 60 then 1 when ${h('i', 100)} < 85 then 2 else 3 end as t,
             case when ${h('i + 10', 100)} < 78 then 'approved' when ${h('i + 10', 100)} < 86 then 'pending_approval'
                  when ${h('i + 10', 100)} < 89 then 'declined' when ${h('i + 10', 100)} < 92 then 'disabled'
                  when ${h('i + 10', 100)} < 96 then 'invited' else 'not_registered' end as status,
             now() - interval '730 days' + make_interval(secs => i * 63072000.0 / $1::int) as at
           from generate_series(1, $1::int) i
         ) x`,
        [o.users, userHash],
      );
      await client.query(
        `insert into user_roles (user_id, role_id)
         select u.id, r.id from users u join roles r on r.default_for_user_type = u.user_type_id
         where u.email like '%@bench.test'
         on conflict do nothing`,
      );
      return r.rowCount ?? 0;
    });

    // Numbered views of the generated accounts, for picking actors and payers by index.
    await client.query(
      `create temp table bench_admins on commit drop as
       select row_number() over (order by id)::int as k, id from admins where email like 'bench-admin-%@bench.test'`,
    );
    await client.query(
      `create temp table bench_users on commit drop as
       select row_number() over (order by id)::int as k, id, user_type_id, email, created_at from users
       where email like '%@bench.test' and email not like 'bench-admin-%'`,
    );
    await client.query('create unique index on bench_users (k)');

    // 3. Audit log. The generated accounts have consecutive ids (one INSERT each), so actors are
    // picked by arithmetic on the first id.
    const ids = (
      await client.query<{ admin: number; usr: number; admins: number; users: number }>(
        `select (select min(id) from bench_admins) as admin, (select min(id) from bench_users) as usr,
           (select max(id) - min(id) + 1 from bench_admins) as admins, (select max(id) - min(id) + 1 from bench_users) as users`,
      )
    ).rows[0]!;
    if (ids.admins !== o.admins || ids.users !== o.users)
      throw new Error('generate: account ids are not consecutive');
    const admin = weighted(ADMIN_ACTIONS);
    const user = weighted(USER_ACTIONS);
    const system = weighted(SYSTEM_ACTIONS);
    const guest = weighted(GUEST_ACTIONS);
    // Bulk-load the way pg_restore does: the table's secondary indexes are dropped for the insert
    // and built again afterwards with their exact definitions (same transaction: nothing else sees it).
    const auditIndexes = (
      await client.query<{ name: string; def: string }>(
        `select indexname as name, indexdef as def from pg_indexes
         where tablename = 'audit_logs' and indexname <> 'audit_logs_pkey'`,
      )
    ).rows;
    counts.audit = await timed(steps, `audit_logs (${fmt(o.audit)} rows)`, async () => {
      for (const i of auditIndexes) await client.query(`drop index "${i.name}"`);
      const r = await client.query(
        `insert into audit_logs (actor_type, actor_id, action, target_type, target_id, ip, user_agent, meta, created_at)
         select x.actor_type, x.actor_id, x.action, x.target_type,
           case when x.target_type is null then null
                when x.target_type = 'user' and x.actor_type = 'user' then x.actor_id::text
                when x.target_type = 'user' then ($5::int + (${h('x.g + 21', 65536)} * 65536 + ${h('x.g + 22', 65536)}) % $3::int)::text
                when x.target_type in ('setting') then (array['platform_fee_percent', 'coin_price_pence', 'maintenance', 'sender_name'])[1 + ${h('x.g + 23', 4)}]
                else (1 + ${h('x.g + 24', 65536)} % 5000)::text end,
           '10.' || ${h('x.g + 31', 256)} || '.' || ${h('x.g + 32', 256)} || '.' || ${h('x.g + 33', 256)},
           (${arr(USER_AGENTS)})[1 + ${h('x.g + 34', USER_AGENTS.length)}],
           case x.action
             when 'users.update' then jsonb_build_object('fields', (array['["first_name"]', '["phone_number"]', '["tier_id", "genre_ids"]', '["status"]'])[1 + ${h('x.g + 35', 4)}]::jsonb)
             when 'auth.login_failed' then jsonb_build_object('email', 'someone' || ${h('x.g + 36', 5000)} || '@example.com')
             when 'admin.login_failed' then jsonb_build_object('email', 'staff' || ${h('x.g + 36', 50)} || '@example.com')
             when 'wallet.adjustment' then jsonb_build_object('coins', 10 * (1 + ${h('x.g + 37', 50)}))
           end,
           x.at
         from (
           select g, a.actor_type,
             case a.actor_type
               when 'admin' then $4::int + floor($2::int * power(${h('g + 12', 65536)} / 65536.0, 2))::int
               when 'user' then $5::int + (${h('g + 13', 65536)} * 65536 + ${h('g + 14', 65536)}) % $3::int
             end as actor_id,
             case a.actor_type
               when 'admin' then (${admin.actions})[1 + ${h('g + 15', admin.n)}]
               when 'user' then (${user.actions})[1 + ${h('g + 15', user.n)}]
               when 'system' then (${system.actions})[1 + ${h('g + 15', system.n)}]
               else (${guest.actions})[1 + ${h('g + 15', guest.n)}] end as action,
             case a.actor_type
               when 'admin' then (${admin.targets})[1 + ${h('g + 15', admin.n)}]
               when 'user' then (${user.targets})[1 + ${h('g + 15', user.n)}]
               when 'system' then (${system.targets})[1 + ${h('g + 15', system.n)}]
               else (${guest.targets})[1 + ${h('g + 15', guest.n)}] end as target_type,
             now() - interval '730 days' + make_interval(secs => g * 63072000.0 / $1::int) as at
           from generate_series(1, $1::int) g,
             lateral (select case when ${h('g + 11', 100)} < 30 then 'admin' when ${h('g + 11', 100)} < 92 then 'user'
                                  when ${h('g + 11', 100)} < 98 then 'system' else 'guest' end as actor_type) a
         ) x
         order by x.g`,
        [o.audit, o.admins, o.users, ids.admin, ids.usr],
      );
      return r.rowCount ?? 0;
    });
    await timed(steps, `audit_logs indexes rebuilt (${auditIndexes.length})`, async () => {
      for (const i of auditIndexes) await client.query(i.def);
    });

    // 4. Reports: payments, express campaigns, payouts and their ledger movements.
    await client.query('set local session_replication_role = replica');
    const report = await timed(steps, `report data (${fmt(o.payments)} payments) + ledger`, () =>
      generateReportData(client, o),
    );
    Object.assign(counts, report);
    // The report triggers (enabled ALWAYS, so also under replica) wrote one delta per row above: fold
    // them into the daily rollups as the product's `reports.compact` job does every minute.
    await timed(steps, 'report rollups (compaction of the trigger deltas)', () =>
      client.query('select report_compact()'),
    );
  });
  const vacuumAnalyzeMs = await vacuumAnalyze(
    client,
    steps,
    `audit_logs, users, admins, user_roles, payments, express_campaigns, express_playlists,
       payouts, payout_quotes, payout_recipients, ledger_holds, ledger_transfers, ledger_entries, ledger_accounts,
       report_daily, report_deltas`,
  );
  const sizes = await tableSizes(client, [
    'audit_logs',
    'users',
    'admins',
    'payments',
    'express_campaigns',
    'payouts',
    'ledger_transfers',
    'ledger_entries',
  ]);
  return {
    counts,
    steps,
    generateMs,
    vacuumAnalyzeMs,
    sizes,
  };
}

/** Payments, playlists, campaigns, payouts and their ledger movements (inside the caller's transaction). */
async function generateReportData(
  client: pg.Client,
  o: AdminGenerateOptions,
): Promise<Record<string, number>> {
  const one = async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows[0] as T;
  const fee = await one<{ v: number | null }>(
    "select (value #>> '{}')::int as v from settings where key = 'platform_fee_percent'",
  );
  const feePercent = fee?.v ?? 20;
  // System accounts as systemAccountId() creates them (if the demo seed did not).
  await client.query(
    `insert into ledger_accounts (kind, allow_negative) values ('payment_clearing', 1), ('platform_revenue', 1),
       ('campaign_escrow', 0), ('payout_escrow', 0), ('payout_clearing', 1) on conflict do nothing`,
  );
  const sys = await one<Record<string, string>>(
    `select max(id) filter (where kind = 'payment_clearing')::text as clearing,
            max(id) filter (where kind = 'platform_revenue')::text as revenue,
            max(id) filter (where kind = 'campaign_escrow')::text as escrow,
            max(id) filter (where kind = 'payout_escrow')::text as payout_escrow,
            max(id) filter (where kind = 'payout_clearing')::text as payout_clearing
     from ledger_accounts where user_id is null`,
  );
  const lookups = await one<{ duration: number | null; tiers: number; admin: number | null }>(
    `select (select min(id) from express_durations) as duration, (select count(*)::int from express_tiers) as tiers,
            (select min(id) from admins where email like 'bench-admin-%') as admin`,
  );
  if (!lookups.duration || lookups.tiers === 0)
    throw new Error('generate: express tiers or durations missing');

  // Artists who buy (approved, live), curators who own a playlist.
  await client.query(
    `create temp table bench_artists on commit drop as
     select row_number() over (order by u.id)::int as k, u.id, u.created_at from users u
     join bench_users b on b.id = u.id where u.user_type_id = 1 and u.status = 'approved' and u.deleted_at is null`,
  );
  await client.query('create unique index on bench_artists (k)');
  const nArtists = (await one<{ n: number }>('select count(*)::int as n from bench_artists')).n;
  const playlistBase = Number(
    (await one<{ m: string }>('select coalesce(max(id), 0)::text as m from express_playlists')).m,
  );
  await client.query(
    `insert into express_playlists (id, curator_id, spotify_playlist_id, spotify_url, name, followers, tier_id,
       duration_id, status_id, renewable, created_at, updated_at)
     select $1::int + p.k, p.id, 'bench' || lpad(p.k::text, 17, '0'), 'https://open.spotify.com/playlist/bench' || p.k,
       'Bench playlist ' || p.k, 1000 * (1 + ${h('p.k + 41', 500)}), t.id, $3::int, 1, true, p.created_at, p.created_at
     from (select row_number() over (order by u.id)::int as k, u.id, u.created_at from users u
           join bench_users b on b.id = u.id
           where u.user_type_id = 2 and u.status = 'approved' and u.deleted_at is null
           order by u.id limit $2::int) p
     join (select row_number() over (order by id)::int as r, id from express_tiers) t on t.r = 1 + ${h('p.k + 42', lookups.tiers)}`,
    [playlistBase, o.playlists, lookups.duration],
  );
  await client.query(
    "select setval(pg_get_serial_sequence('express_playlists', 'id'), (select max(id) from express_playlists))",
  );
  await client.query(
    `create temp table bench_playlists on commit drop as
     select row_number() over (order by p.id)::int as k, p.id, p.curator_id, p.tier_id, t.price
     from express_playlists p join express_tiers t on t.id = p.tier_id where p.spotify_playlist_id like 'bench%'`,
  );
  await client.query('create unique index on bench_playlists (k)');
  const nPlaylists = (await one<{ n: number }>('select count(*)::int as n from bench_playlists')).n;
  if (nArtists === 0 || nPlaylists === 0) throw new Error('generate: no approved artists or curators');

  const bases = await one<Record<string, string>>(
    `select (select coalesce(max(id), 0) from payments)::text as payment,
            (select coalesce(max(id), 0) from express_campaigns)::text as campaign,
            (select coalesce(max(id), 0) from ledger_holds)::text as hold,
            (select coalesce(max(id), 0) from payouts)::text as payout,
            (select coalesce(max(id), 0) from payout_quotes)::text as quote,
            (select coalesce(max(id), 0) from payout_recipients)::text as recipient,
            (select coalesce(max(id), 0) from ledger_transfers)::text as transfer,
            (select coalesce(max(id), 0) from ledger_entries)::text as entry`,
  );

  // The purchase plan: g = 1..payments over the last 365 days; a payer among the artists who existed
  // then (users are created evenly over two years in id order); every 2nd paid one funds a campaign.
  await client.query('create index on bench_artists (created_at)');
  await client.query('analyze bench_artists');
  await client.query('analyze bench_playlists');
  // A payer among the artists who had signed up at least a day before (artists are numbered in
  // sign-up order): k in 1..(the last one before), picked by hash.
  await client.query(
    `create temp table bench_pay on commit drop as
     select y.*, a.id as user_id
     from (
       select x.*, x.at + make_interval(secs => 20 + ${h('x.g + 58', 100)}) as paid_at,
         1 + (${h('x.g + 53', 65536)} * 65536 + ${h('x.g + 54', 65536)}) % greatest(1, coalesce(
           (select k from bench_artists where created_at < x.at - interval '1 day' order by created_at desc limit 1), 1)) as payer_k,
         case when x.funds then (select min(c) from unnest(array[100, 250, 500, 1000, 2500]) c where c >= x.price)
              else (array[100, 250, 500, 1000, 2500])[1 + ${h('x.g + 51', 5)}] end as coins
       from (
         select g, $2::bigint + g as payment_id,
           now() - interval '365 days' + make_interval(secs => g * 31536000.0 / $1::int) as at,
           case when ${h('g + 52', 100)} < 90 then 'paid' when ${h('g + 52', 100)} < 95 then 'failed' else 'cancelled' end as status,
           ${h('g + 52', 100)} < 90 and g % 2 = 0 as funds,
           pl.id as playlist_id, pl.curator_id, pl.tier_id, pl.price,
           case when ${h('g + 55', 100)} < 80 then 'GBP' when ${h('g + 55', 100)} < 92 then 'EUR' else 'USD' end as currency,
           case when ${h('g + 56', 100)} < 75 then 'card' else 'paypal' end as method
         from generate_series(1, $1::int) g
         join bench_playlists pl on pl.k = 1 + ${h('g + 57', 65536)} % $3::int
       ) x
     ) y join bench_artists a on a.k = y.payer_k`,
    [o.payments, bases.payment, nPlaylists],
  );
  await client.query('analyze bench_pay');
  const payments = await client.query(
    `insert into payments (id, user_id, method, provider, provider_ref, purpose, coins, amount_minor, currency,
       status, failure_reason, meta, created_at, paid_at)
     select payment_id, user_id, method, case method when 'card' then 'stripe' else 'paypal' end,
       'bench_' || g, 'coins', coins,
       coins * case currency when 'GBP' then 9 when 'EUR' then 11 else 12 end, currency, status,
       case status when 'failed' then 'card_declined' end, null, at,
       case when status = 'paid' then paid_at end
     from bench_pay order by g`,
  );

  // Campaigns funded by every 2nd paid purchase, 5 minutes after it; resolved 3-10 days later if past.
  await client.query(
    `create temp table bench_camp on commit drop as
     select c.*, case when c.resolve_at < now() then
                   case when ${h('c.j + 61', 100)} < 70 then 6 when ${h('c.j + 61', 100)} < 90 then 7 else 8 end
                 else 1 + ${h('c.j + 62', 4)} end as status_id
     from (
       select row_number() over (order by p.g)::int as j, p.g, p.user_id as artist_id, p.curator_id, p.playlist_id,
         p.tier_id, p.price, p.paid_at + interval '5 minutes' as at,
         p.paid_at + interval '5 minutes' + make_interval(days => (3 + ${h('p.g + 63', 8)})::int) as resolve_at
       from bench_pay p where p.funds
     ) c`,
  );
  await client.query(
    `alter table bench_camp add column campaign_id bigint, add column hold_id bigint, add column paid int`,
  );
  await client.query(
    `update bench_camp set campaign_id = $1::bigint + j, hold_id = $2::bigint + j,
       paid = price - floor(price * $3::int / 100)::int`,
    [bases.campaign, bases.hold, feePercent],
  );
  await client.query('analyze bench_camp');
  const nCampaigns = (await one<{ n: number }>('select count(*)::int as n from bench_camp')).n;

  // Payouts: every 4th completed campaign's curator asks for what they earned a day later (if at
  // least 3 days ago), paid two days after that (85 %), else declined or failed.
  await client.query(
    `create temp table bench_payout on commit drop as
     select row_number() over (order by c.j)::int as q, c.j, c.curator_id, c.paid as coins,
       c.resolve_at + interval '1 day' as at, c.resolve_at + interval '3 days' as done_at,
       case when ${h('c.j + 71', 100)} < 85 then 3 when ${h('c.j + 71', 100)} < 95 then 4 else 5 end as status_id
     from bench_camp c
     where c.status_id = 6 and c.j % 4 = 0 and c.resolve_at + interval '4 days' < now()`,
  );
  await client.query(
    'alter table bench_payout add column payout_id bigint, add column hold_id bigint, add column quote_id bigint',
  );
  await client.query(
    `update bench_payout set payout_id = $1::bigint + q, quote_id = $2::bigint + q,
       hold_id = $3::bigint + $4::int + q`,
    [bases.payout, bases.quote, bases.hold, nCampaigns],
  );
  await client.query('analyze bench_payout');
  // One GBP recipient per curator who asks for a payout.
  await client.query(
    `create temp table bench_recipient on commit drop as
     select $1::bigint + row_number() over (order by curator_id) as recipient_id, curator_id, min(at) as at
     from bench_payout group by curator_id`,
    [bases.recipient],
  );

  // Wallets of the payers and curators (created lazily by the product on first use).
  await client.query(
    `insert into ledger_accounts (kind, user_id, created_at)
     select 'user_wallet', u, now() - interval '366 days' from (
       select distinct user_id as u from bench_pay where status = 'paid'
       union select distinct curator_id from bench_camp where status_id = 6) w
     on conflict do nothing`,
  );

  // Every ledger movement, in time order (ord breaks ties inside one event).
  await client.query(
    `create temp table bench_moves on commit drop as
     select m.*, $1::bigint + row_number() over (order by m.at, m.ord, m.ref) as transfer_id
     from (
       -- Coin purchases credited (desc 1).
       select p.paid_at as at, 0 as ord, p.g as ref,
         $2::bigint as debit, w.id as credit, p.coins as amount, 1 as desc_id, null::bigint as hold_id,
         p.coins * case p.currency when 'GBP' then 9 when 'EUR' then 11 else 12 end as money_minor, p.currency,
         jsonb_build_object('payment_id', p.payment_id) as meta, 'payment:' || p.payment_id || ':credit' as key,
         p.payment_id
       from bench_pay p join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = p.user_id
       where p.status = 'paid'
       union all
       -- Campaign holds (desc 2) into campaign escrow.
       select c.at, 1, c.j, w.id, $3::bigint, c.price, 2, c.hold_id, null, null,
         jsonb_build_object('campaign_type', 'spotify', 'campaign_id', c.campaign_id),
         'express:' || c.campaign_id || ':hold', null
       from bench_camp c join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = c.artist_id
       union all
       -- Completed: posted to the curator less the fee, the fee to platform revenue.
       select c.resolve_at, 2, c.j, $3::bigint, w.id, c.paid, 2, c.hold_id, null, null,
         jsonb_build_object('campaign_type', 'spotify', 'campaign_id', c.campaign_id), 'hold:' || c.hold_id || ':post', null
       from bench_camp c join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = c.curator_id
       where c.status_id = 6 and c.paid > 0
       union all
       select c.resolve_at, 3, c.j, $3::bigint, $4::bigint, c.price - c.paid, 2, c.hold_id, null, null,
         jsonb_build_object('campaign_type', 'spotify', 'campaign_id', c.campaign_id, 'fee_percent', $5::int),
         'hold:' || c.hold_id || ':fee', null
       from bench_camp c where c.status_id = 6 and c.price > c.paid
       union all
       -- Declined / failed to submit: voided back to the artist (desc 3).
       select c.resolve_at, 2, c.j, $3::bigint, w.id, c.price, 3, c.hold_id, null, null,
         jsonb_build_object('campaign_type', 'spotify', 'campaign_id', c.campaign_id, 'refund_type', 'refund'),
         'hold:' || c.hold_id || ':void', null
       from bench_camp c join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = c.artist_id
       where c.status_id in (7, 8)
       union all
       -- Payout holds (desc 4) into payout escrow.
       select p.at, 4, p.q, w.id, $6::bigint, p.coins, 4, p.hold_id, null, null,
         jsonb_build_object('wise_quote_id', 'bench-q-' || p.quote_id), 'payout-quote:' || p.quote_id || ':hold', null
       from bench_payout p join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = p.curator_id
       union all
       -- Paid: posted to payout clearing (desc 6); declined / failed: voided back (desc 3).
       select p.done_at, 5, p.q, $6::bigint, case when p.status_id = 3 then $7::bigint else w.id end, p.coins,
         case when p.status_id = 3 then 6 else 3 end, p.hold_id, null, null,
         case when p.status_id = 3 then jsonb_build_object('payout_id', p.payout_id)
              else jsonb_build_object('payout_id', p.payout_id, 'refund_type', 'payout_returned') end,
         'hold:' || p.hold_id || case when p.status_id = 3 then ':post' else ':void' end, null
       from bench_payout p join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = p.curator_id
     ) m`,
    [
      bases.transfer,
      sys.clearing,
      sys.escrow,
      sys.revenue,
      feePercent,
      sys.payout_escrow,
      sys.payout_clearing,
    ],
  );
  await client.query('analyze bench_moves');
  await client.query(
    `update payments p set credited_transfer_id = m.transfer_id from bench_moves m where m.payment_id = p.id`,
  );

  // Holds, campaigns, recipients, quotes, payouts.
  await client.query(
    `insert into ledger_holds (id, payer_account_id, escrow_account_id, amount, status, posted_amount, ref_type,
       ref_id, created_at, resolved_at)
     select c.hold_id, w.id, $1::bigint, c.price,
       case when c.status_id = 6 then 'posted' when c.status_id in (7, 8) then 'voided' else 'pending' end,
       case when c.status_id = 6 then c.price when c.status_id in (7, 8) then 0 end,
       'express_campaign', c.campaign_id::text, c.at, case when c.status_id >= 6 then c.resolve_at end
     from bench_camp c join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = c.artist_id
     union all
     select p.hold_id, w.id, $2::bigint, p.coins, case when p.status_id = 3 then 'posted' else 'voided' end,
       case when p.status_id = 3 then p.coins else 0 end, 'payout_quote', p.quote_id::text, p.at, p.done_at
     from bench_payout p join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = p.curator_id`,
    [sys.escrow, sys.payout_escrow],
  );
  await client.query(
    `insert into express_campaigns (id, artist_id, curator_id, playlist_id, tier_id, track_id, track_url, track_name,
       track_artist, status_id, price, hold_id, payment_method, fee_percent, playlist_submission_days, on_going_days,
       auditing_days, paid_coins, refunded_coins, created_at, updated_at, completed_at)
     select c.campaign_id, c.artist_id, c.curator_id, c.playlist_id, c.tier_id,
       'bench' || lpad(c.j::text, 17, '0'), 'https://open.spotify.com/track/bench' || c.j, 'Bench track ' || c.j,
       'Bench artist ' || c.artist_id, c.status_id, c.price, c.hold_id, 'coins', $1::int, 3, 7, 3,
       case when c.status_id = 6 then c.price when c.status_id in (7, 8) then 0 end,
       case when c.status_id = 6 then 0 when c.status_id in (7, 8) then c.price end,
       c.at, case when c.status_id >= 6 then c.resolve_at else c.at end,
       case when c.status_id = 6 then c.resolve_at end
     from bench_camp c order by c.j`,
    [feePercent],
  );
  await client.query(
    `insert into payout_recipients (id, user_id, currency, country, type, account_holder_name, details,
       wise_account_id, created_at)
     select r.recipient_id, r.curator_id, 'GBP', 'GB', 'sort_code', u.first_name || ' ' || u.last_name,
       jsonb_build_object('sortCode', '040004', 'accountNumber', lpad((r.recipient_id % 100000000)::text, 8, '0')),
       'bench-acc-' || r.recipient_id, r.at - interval '1 hour'
     from bench_recipient r join users u on u.id = r.curator_id`,
  );
  await client.query(
    `insert into payout_quotes (id, wise_quote_id, user_id, recipient_id, coins, payout_rate_pence, source_minor,
       source_currency, target_minor, target_currency, fee_minor, rate, expires_at, verified_at, created_at)
     select p.quote_id, 'bench-q-' || p.quote_id, p.curator_id, r.recipient_id, p.coins, 7, p.coins * 7, 'GBP',
       p.coins * 7 - 50, 'GBP', 50, 1, p.at + interval '30 minutes', p.at, p.at - interval '2 minutes'
     from bench_payout p join bench_recipient r on r.curator_id = p.curator_id`,
  );
  await client.query(
    `insert into payouts (id, user_id, quote_id, recipient_id, hold_id, coins, amount_minor, currency, target_minor,
       target_currency, fee_minor, rate, email, status_id, customer_transaction_id, wise_quote_id, wise_account_id,
       wise_transfer_id, wise_status, payment_transfer_id, decline_reason, failure_reason, reviewed_by_admin_id,
       reviewed_at, funded_at, paid_at, coins_returned_at, created_at, updated_at)
     select p.payout_id, p.curator_id, p.quote_id, r.recipient_id, p.hold_id, p.coins, p.coins * 7, 'GBP',
       p.coins * 7 - 50, 'GBP', 50, 1, u.email, p.status_id, md5('bench-payout-' || p.payout_id),
       'bench-q-' || p.quote_id, 'bench-acc-' || r.recipient_id,
       case when p.status_id <> 4 then 'bench-wt-' || p.payout_id end,
       case p.status_id when 3 then 'outgoing_payment_sent' when 5 then 'bounced_back' end,
       case when p.status_id = 3 then m.transfer_id end,
       case when p.status_id = 4 then 'Bank details do not match the account holder' end,
       case when p.status_id = 5 then 'bounced_back' end,
       $1::int, p.at + interval '1 day',
       case when p.status_id = 3 then p.done_at end, case when p.status_id = 3 then p.done_at end,
       case when p.status_id <> 3 then p.done_at end, p.at, p.done_at
     from bench_payout p join bench_recipient r on r.curator_id = p.curator_id
     join users u on u.id = p.curator_id
     left join bench_moves m on m.key = 'hold:' || p.hold_id || ':post'`,
    [lookups.admin],
  );

  // The ledger: transfers, then their two entries with running balances.
  const transfers = await client.query(
    `insert into ledger_transfers (id, number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id,
       hold_id, money_minor, currency, meta, created_at)
     select m.transfer_id,
       ${transferNumberSql('m.transfer_id')},
       m.key, m.debit, m.credit, m.amount, m.desc_id, m.hold_id, m.money_minor, m.currency, m.meta, m.at
     from bench_moves m order by m.transfer_id`,
  );
  const entries = await client.query(
    runningEntriesSql(
      `select $1::bigint + 2 * (m.transfer_id - $2::bigint) - 1 as id, m.debit as account_id, m.transfer_id,
         -m.amount as amount, m.at as created_at, m.desc_id from bench_moves m
       union all
       select $1::bigint + 2 * (m.transfer_id - $2::bigint), m.credit, m.transfer_id, m.amount, m.at, m.desc_id
       from bench_moves m`,
    ),
    [bases.entry, bases.transfer],
  );
  await client.query(
    `update ledger_accounts a
     set balance = (select e.balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1),
       entry_count = (select e.account_seq from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)
     where a.id in (select distinct account_id from ledger_entries where id > $1::bigint)`,
    [bases.entry],
  );
  for (const [table, column] of [
    ['payments', 'id'],
    ['express_campaigns', 'id'],
    ['ledger_holds', 'id'],
    ['payouts', 'id'],
    ['payout_quotes', 'id'],
    ['payout_recipients', 'id'],
    ['ledger_transfers', 'id'],
    ['ledger_entries', 'id'],
  ] as const) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', '${column}'), greatest(1, (select max(${column}) from ${table})))`,
    );
  }
  const recipients = await one<{ n: number }>('select count(*)::int as n from bench_recipient');
  const payouts = await one<{ n: number }>('select count(*)::int as n from bench_payout');
  return {
    payments: payments.rowCount ?? 0,
    playlists: nPlaylists,
    campaigns: nCampaigns,
    payouts: payouts.n,
    recipients: recipients.n,
    transfers: transfers.rowCount ?? 0,
    entries: entries.rowCount ?? 0,
  };
}

/** Reference and consistency checks of the generated report data (all must be 0). */
export interface ReferenceCheck {
  /** Rows whose foreign key points nowhere (payments, campaigns, playlists, holds, payouts, quotes). */
  orphans: number;
  /** Paid payments without their credit transfer, or whose transfer's amount is not the coins. */
  uncreditedPayments: number;
  /** Payments made before the payer's account existed. */
  paymentsBeforeSignup: number;
  /** Holds whose transfers do not match their status (pending: held only; posted/voided: resolved in full). */
  holdMismatches: number;
  /** Escrow balances different from the sum of their pending holds. */
  escrowMismatches: number;
  ms: number;
}

/** Check the report data's references and the holds against the ledger, set-based. */
export async function checkReferences(client: pg.Client): Promise<ReferenceCheck> {
  const started = performance.now();
  const r = await client.query<Record<string, string>>(
    `select
       ((select count(*) from payments p left join users u on u.id = p.user_id where u.id is null)
        + (select count(*) from express_campaigns c left join users a on a.id = c.artist_id
             left join users cu on cu.id = c.curator_id left join express_playlists pl on pl.id = c.playlist_id
             left join express_tiers t on t.id = c.tier_id left join ledger_holds hd on hd.id = c.hold_id
           where a.id is null or cu.id is null or pl.id is null or t.id is null or (c.hold_id is not null and hd.id is null))
        + (select count(*) from express_playlists p left join users u on u.id = p.curator_id where u.id is null)
        + (select count(*) from ledger_holds hd left join ledger_accounts a on a.id = hd.payer_account_id
             left join ledger_accounts e on e.id = hd.escrow_account_id where a.id is null or e.id is null)
        + (select count(*) from ledger_transfers t left join ledger_holds hd on hd.id = t.hold_id
           where t.hold_id is not null and hd.id is null)
        + (select count(*) from payouts p left join payout_quotes q on q.id = p.quote_id
             left join payout_recipients r on r.id = p.recipient_id left join ledger_holds hd on hd.id = p.hold_id
             left join users u on u.id = p.user_id where q.id is null or r.id is null or hd.id is null or u.id is null)
        + (select count(*) from payout_quotes q left join payout_recipients r on r.id = q.recipient_id where r.id is null)
       )::text as orphans,
       (select count(*) from payments p left join ledger_transfers t on t.id = p.credited_transfer_id
         where p.status = 'paid' and (t.id is null or t.amount <> p.coins or t.desc_id <> 1))::text as uncredited,
       (select count(*) from payments p join users u on u.id = p.user_id where p.created_at < u.created_at)::text as early,
       (select count(*) from (
          select hd.id, hd.status, hd.amount,
            coalesce(sum(t.amount) filter (where t.credit_account_id = hd.escrow_account_id), 0) as held,
            coalesce(sum(t.amount) filter (where t.debit_account_id = hd.escrow_account_id), 0) as released
          from ledger_holds hd left join ledger_transfers t on t.hold_id = hd.id group by hd.id) x
        where x.held <> x.amount
           or (x.status = 'pending' and x.released <> 0)
           or (x.status <> 'pending' and x.released <> x.amount))::text as hold_mismatches,
       (select count(*) from ledger_accounts a
         where a.kind in ('campaign_escrow', 'payout_escrow') and a.user_id is null
           and a.balance <> (select coalesce(sum(amount), 0) from ledger_holds hd
                             where hd.escrow_account_id = a.id and hd.status = 'pending'))::text as escrow_mismatches`,
  );
  const row = r.rows[0] ?? {};
  return {
    orphans: Number(row.orphans),
    uncreditedPayments: Number(row.uncredited),
    paymentsBeforeSignup: Number(row.early),
    holdMismatches: Number(row.hold_mismatches),
    escrowMismatches: Number(row.escrow_mismatches),
    ms: performance.now() - started,
  };
}

/** Whether every reference check holds: every count of problems found is 0. */
export function referencesHold(c: ReferenceCheck): boolean {
  const { ms: _took, ...found } = c;
  return Object.values(found).every((n) => n === 0);
}

/**
 * The `## Wallet benchmark` section of docs/performance.md: data set, per-endpoint load tables against
 * the baseline, CPU per request, query plans, findings and recommendations derived from the numbers.
 */
import os from 'node:os';
import { machineLine } from './report';
import type { GenerateResult, LedgerCheck } from './wallet-data';
import type { Stat, WalletLoadResult, WalletLoadSettings } from './wallet-load';
import type { Alternatives, Explained } from './wallet-plans';

/** Heading of the section this bench owns. */
export const WALLET_HEADING = '## Wallet benchmark';

/** One endpoint measured: the product target and the baselines it is compared with. */
export interface EndpointReport {
  key: 'balance' | 'page1' | 'limit100' | 'deep' | 'number' | 'desc';
  title: string;
  /** What the request asks for, in words. */
  detail: string;
  product: WalletLoadResult;
  /** Sequential (one client) latency of the product target. */
  single: { medianMs: number; maxMs: number; n: number };
  /** `pagination.total` the product answered (lists), for context. */
  total: number | null;
  /** Baselines, the first is the one of the bold ratio row. */
  baselines: { label: string; result: WalletLoadResult }[];
  /** EXPLAINs of the product's statements for this endpoint. */
  plans: Explained[];
}

/** Everything one wallet bench run measured. */
export interface WalletReport {
  date: Date;
  loadAvgAtStart: number;
  load: WalletLoadSettings;
  generate: GenerateResult;
  check: LedgerCheck;
  transfers: number;
  users: number;
  numberFilter: string;
  descFilter: number;
  deepPage: number;
  postgres: { version: string; sharedBuffers: string; workMem: string };
  endpoints: EndpointReport[];
  baselinePlan: Explained;
  alternatives: Alternatives;
  /** Whether each product statement explained was seen in pg_stat_activity during the load. */
  sqlVerified: { label: string; seen: boolean }[];
  cancelledQueries: number;
  totalSeconds: number | null;
  notes: string[];
}

const int = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : 'n/a');
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v >= 100 ? 0 : 2) : 'n/a');
/** A percentile, "≥" when it is a lower bound (see `Stat`). */
const stat = (s: Stat) => `${s.understated ? '≥ ' : ''}${ms(s.ms)}`;
const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);
const sec = (v: number) => (v / 1000).toFixed(1);

const times = (r: number) =>
  `${r === 0 ? '0' : r >= 100 ? r.toFixed(0) : r >= 0.01 ? r.toFixed(2) : r.toPrecision(2)}×`;

function ratio(a: number, b: number): string {
  if (!(b > 0) || !Number.isFinite(a / b)) return 'n/a';
  return times(a / b);
}

/** Ratio of two percentiles, "≥" when the product's is a lower bound. */
function statRatio(p: Stat, b: Stat): string {
  const r = ratio(p.ms, b.ms);
  return p.understated && r !== 'n/a' ? `≥ ${r}` : r;
}

function failures(r: WalletLoadResult): string {
  const non2xx = Object.values(r.non2xx).reduce((a, b) => a + b, 0);
  return `${non2xx} / ${r.errors}`;
}

function loadRow(label: string, r: WalletLoadResult, single?: { medianMs: number; n: number }): string {
  const one = single ? `${ms(single.medianMs)} (n=${single.n})` : '';
  const cut = r.cutOff > 0 ? `${r.cutOff} (oldest ${ms(r.cutOffMaxAgeMs)} ms)` : '0';
  return `| ${label} | ${r.reqPerSec.toFixed(r.reqPerSec < 10 ? 1 : 0)} | ${stat(r.p50)} | ${stat(r.p95)} | ${stat(r.p99)} | ${r.ok} | ${cut} | ${failures(r)} | ${one} |`;
}

/** The load table of one endpoint (markdown); also used by the admin lists benchmark. */
export function endpointTable(e: Pick<EndpointReport, 'title' | 'product' | 'single' | 'baselines'>): string {
  const lines = [
    '| Target | req/s | p50 (ms) | p95 (ms) | p99 (ms) | 2xx in window | cut off at end | non-2xx / errors | 1 client, median (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    loadRow(`Product \`${e.title}\``, e.product, e.single),
  ];
  for (const b of e.baselines) lines.push(loadRow(`Baseline: ${b.label}`, b.result));
  for (const [i, b] of e.baselines.entries()) {
    const p = e.product;
    const r = b.result;
    const label = `Ratio product / ${b.label}`;
    const bold = (s: string) => (i === 0 ? `**${s}**` : s);
    lines.push(
      `| ${bold(label)} | ${bold(ratio(p.reqPerSec, r.reqPerSec))} | ${statRatio(p.p50, r.p50)} | ${bold(statRatio(p.p95, r.p95))} | ${statRatio(p.p99, r.p99)} | | | | |`,
    );
  }
  return lines.join('\n');
}

/** CPU per request of every target (markdown); also used by the admin lists benchmark. */
export function cpuTable(report: {
  endpoints: Pick<EndpointReport, 'title' | 'product' | 'baselines'>[];
}): string {
  const seen = new Set<string>();
  const rows: string[] = [];
  const add = (label: string, r: WalletLoadResult) => {
    if (seen.has(r.name) || !r.cpu) return;
    seen.add(r.name);
    const n = Math.max(1, r.ok + Object.values(r.non2xx).reduce((a, b) => a + b, 0));
    rows.push(
      `| ${label} | ${(r.cpu.nodeMs / n).toFixed(2)} | ${(r.cpu.postgresMs / n).toFixed(2)} | ${r.cpu.nodeCorePct.toFixed(0)} % | ${r.cpu.postgresCorePct.toFixed(0)} % | ${r.cpu.machineBusyPct.toFixed(0)} % |`,
    );
  };
  for (const e of report.endpoints) {
    add(`Product \`${e.title}\``, e.product);
    for (const b of e.baselines) add(`Baseline: ${b.label}`, b.result);
  }
  return [
    '| Target | server CPU ms / 2xx response | PostgreSQL CPU ms / 2xx response | server CPU (share of one core) | PostgreSQL CPU (share of one core) | machine busy (all cores) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

function planRow(label: string, x: Explained): string {
  const est = x.entriesEstimate ? `${int(x.entriesEstimate.est)} / ${int(x.entriesEstimate.actual)}` : '';
  const spill = x.sortDiskKb !== null ? `${int(x.sortDiskKb / 1024)} MB` : '';
  return `| ${label} | ${x.part} | ${ms(x.executionMs)} | ${ms(x.planningMs)} | ${int(x.entriesScanned)} | ${int(x.transferLookups)} | ${est} | ${int(x.sharedHit)} / ${int(x.sharedRead)} | ${spill} |`;
}

/** The plan summary table (markdown). */
export function planTable(report: WalletReport): string {
  const rows: string[] = [];
  for (const e of report.endpoints) for (const x of e.plans) rows.push(planRow(`\`${e.title}\``, x));
  rows.push(planRow('Baseline list query', report.baselinePlan));
  for (const x of report.alternatives.explained) rows.push(planRow(`Alternative: ${x.label}`, x));
  return [
    '| Query | statement | execution (ms) | planning (ms) | ledger_entries rows read | ledger_transfers lookups | wallet rows estimated / actual | shared buffers hit / read | sort spilled to disk |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/** The plans as trees, in one fenced block. */
function planTrees(report: WalletReport): string[] {
  const out: string[] = ['```text'];
  const add = (title: string, x: Explained) => {
    out.push(`# ${title}: ${x.part} (${ms(x.executionMs)} ms)`);
    out.push(...x.tree);
    out.push('');
  };
  for (const e of report.endpoints) for (const x of e.plans) add(e.title, x);
  add('Baseline list query', report.baselinePlan);
  for (const x of report.alternatives.explained) add(`Alternative: ${x.label}`, x);
  if (out.at(-1) === '') out.pop();
  out.push('```');
  return out;
}

const find = (report: WalletReport, key: EndpointReport['key']) =>
  report.endpoints.find((e) => e.key === key);
const part = (e: EndpointReport | undefined, name: string) => e?.plans.find((p) => p.part === name);
const alt = (report: WalletReport, key: string, name: string) =>
  report.alternatives.explained.find((x) => x.label.includes(key) && x.part === name);

/** Findings derived from the numbers. */
export function findings(report: WalletReport): string[] {
  const out: string[] = [];
  const balance = find(report, 'balance');
  const page1 = find(report, 'page1');
  const deep = find(report, 'deep');
  const number = find(report, 'number');
  const desc = find(report, 'desc');
  if (balance) {
    const b = balance.baselines[0]?.result;
    out.push(
      `The balance endpoint does not depend on the ledger size (one row of ledger_accounts by the partial unique index, ${ms(part(balance, 'balance')?.executionMs ?? Number.NaN)} ms in PostgreSQL): p95 ${stat(balance.product.p95)} ms at ${balance.product.reqPerSec.toFixed(0)} req/s${b ? `, ${statRatio(balance.product.p95, b.p95)} the p95 of the bare balance query` : ''}; the difference is the framework, auth and settings lookups, as on \`GET /api/user/info\` in the API benchmark.`,
    );
  }
  const count1 = part(page1, 'count');
  const rows1 = part(page1, 'page rows');
  if (page1 && count1 && rows1) {
    out.push(
      `Page 1 of the list is dominated by its \`count(*)\`: the page rows take ${ms(rows1.executionMs)} ms (backward scan of the entries' primary key, which stops after the first 10 matching rows), the count ${ms(count1.executionMs)} ms: it reads all ${int(count1.entriesScanned)} of the wallet's entries (a bitmap heap scan: the wallet's rows are spread over the whole table) and joins each one to ledger_transfers (${int(count1.transferLookups)} primary-key lookups) although no transfer column is filtered, ${int(count1.sharedHit + count1.sharedRead)} buffer accesses in all. Under 10 connections that gives p95 ${stat(page1.product.p95)} ms at ${page1.product.reqPerSec.toFixed(1)} req/s, against ${stat(page1.baselines[0]!.result.p95)} ms for the baseline's 10-row query (${statRatio(page1.product.p95, page1.baselines[0]!.result.p95)}).`,
    );
  }
  if (count1?.entriesEstimate) {
    out.push(
      `The planner expects ${int(count1.entriesEstimate.est)} entries for the wallet and finds ${int(count1.entriesEstimate.actual)}: the list filters on \`ledger_accounts.user_id\`, so PostgreSQL cannot use the per-account statistics of \`ledger_entries.account_id\` and assumes an average account. That is why it chooses nested loops with one ledger_transfers lookup per entry, and for the deep page a sort sized for 2,000 rows that ends up spilling to disk.`,
    );
  }
  const limit100 = find(report, 'limit100');
  const rows100 = part(limit100, 'page rows');
  if (page1 && limit100 && rows100 && rows1) {
    out.push(
      `100 per page costs about the same as 10: its page rows take ${ms(rows100.executionMs)} ms (${ms(rows1.executionMs)} ms for 10), small next to the same count; p95 ${stat(limit100.product.p95)} ms against ${stat(page1.product.p95)} ms under load.`,
    );
  }
  const deepRows = part(deep, 'page rows');
  if (deep && deepRows) {
    out.push(
      `The deep page (page ${int(report.deepPage)}, offset ${int((report.deepPage - 1) * 10)}) builds the full joined rows of every entry of the wallet, sorts them (${deepRows.sortDiskKb !== null ? `external merge, ${int(deepRows.sortDiskKb / 1024)} MB on disk with the default 4 MB work_mem` : 'in memory'}) and throws all but 10 away: ${ms(deepRows.executionMs)} ms, plus the same count. Under load: ${deep.product.ok} responses in the ${deep.product.seconds.toFixed(0)} s window, p95 ${stat(deep.product.p95)} ms${deep.product.cutOff > 0 ? ` (${deep.product.cutOff} requests still running when the window closed, the oldest for ${int(deep.product.cutOffMaxAgeMs)} ms)` : ''}.`,
    );
  }
  const numRows = part(number, 'page rows');
  const numCount = part(number, 'count');
  if (number && numRows && numCount) {
    out.push(
      `The \`filter[transactions_id]\` substring (\`${report.numberFilter}\`, ${number.total ?? '?'} matching entries) cannot use an index (\`ILIKE '%…%'\` on ledger_transfers.number): both statements join all ${int(numCount.entriesScanned)} wallet entries to their transfers and filter there, ${ms(numRows.executionMs)} ms + ${ms(numCount.executionMs)} ms; p95 ${stat(number.product.p95)} ms under load.`,
    );
  }
  const descRows = part(desc, 'page rows');
  const descCount = part(desc, 'count');
  if (desc && descRows && descCount) {
    out.push(
      `\`filter[desc_id]=${report.descFilter}\` (${int(desc.total ?? Number.NaN)} matching entries) finds its first page quickly (${ms(descRows.executionMs)} ms, the match rate is high) but its count again joins every wallet entry to ledger_transfers, where desc_id lives: ${ms(descCount.executionMs)} ms; p95 ${stat(desc.product.p95)} ms under load.`,
    );
  }
  const lists = report.endpoints.filter((e) => e.key !== 'balance' && e.product.cpu);
  if (lists.length > 0) {
    const pgShare = lists.map((e) => e.product.cpu!.postgresCorePct / 100);
    const nodeShare = lists.map((e) => e.product.cpu!.nodeCorePct);
    out.push(
      `The lists are bound by PostgreSQL: during their runs it used ${Math.min(...pgShare).toFixed(1)}–${Math.max(...pgShare).toFixed(1)} of the ${os.cpus().length} cores, the Node server ${Math.min(...nodeShare).toFixed(0)}–${Math.max(...nodeShare).toFixed(0)} % of one. Ten concurrent list requests queue behind each other in the database, so their latency under load is several times the one-client latency.`,
    );
  }
  const countAlt = alt(report, 'count on the', 'count');
  if (countAlt && count1) {
    out.push(
      `For comparison, \`count(*)\` of the wallet's entries on the (account_id, id) index alone is an index-only scan: ${ms(countAlt.executionMs)} ms instead of ${ms(count1.executionMs)} ms.`,
    );
  }
  if (report.loadAvgAtStart > os.cpus().length * 0.5) {
    out.push(
      `The machine was already busy when the bench started (load average ${report.loadAvgAtStart.toFixed(2)} on ${os.cpus().length} CPUs): absolute numbers vary between runs; the orders of magnitude and the product/baseline ratios are what to read.`,
    );
  }
  return out;
}

/** Recommendations (no API code was changed by the bench), with the evidence measured in this run. */
export function recommendations(report: WalletReport): string[] {
  const page1 = find(report, 'page1');
  const count1 = part(page1, 'count');
  const countAlt = alt(report, 'count on the', 'count');
  const deep = find(report, 'deep');
  const deferred = alt(report, 'deferred join', 'page rows');
  const keyset = alt(report, 'keyset', 'page rows');
  const trgmRows = alt(report, 'pg_trgm', 'page rows');
  const trgmCount = alt(report, 'pg_trgm', 'count');
  const number = find(report, 'number');
  const a = report.alternatives;
  const numRows = part(number, 'page rows');
  const numCount = part(number, 'count');
  const trgmNote =
    trgmRows && trgmCount && a.trigramIndexMs !== null && a.transferIdIndexMs !== null
      ? `: ${ms(trgmRows.executionMs)} ms + ${ms(trgmCount.executionMs)} ms${numRows && numCount ? ` instead of ${ms(numRows.executionMs)} ms + ${ms(numCount.executionMs)} ms` : ''} (tried in a rolled-back transaction; building them took ${sec(a.trigramIndexMs)} s and ${sec(a.transferIdIndexMs)} s on ${int(report.transfers)} transfers)`
      : ` (not measured in this run: ${a.skipped ?? 'no plan'})`;
  const out: string[] = [
    `**Resolve the wallet account first and filter \`ledger_entries.account_id = $id\`** (one indexed lookup of ledger_accounts, as \`walletAccountId\` already does) instead of joining ledger_accounts and filtering \`user_id\`. The planner then sees the account's real row count from the column statistics and the (account_id, id) index becomes usable for ordering and counting.`,
    `**Make the total cheap.** Count on ledger_entries alone when no transfer column is filtered (${countAlt ? `${ms(countAlt.executionMs)} ms` : 'an index-only scan'} instead of ${count1 ? `${ms(count1.executionMs)} ms` : 'a join per entry'} here), or keep a per-account entry counter next to the balance (ledger_accounts is already updated under a row lock by every transfer), or stop counting: answer \`has_more\` / cap \`total\` (e.g. "10,000+"). The count is paid on every page, including page 1.`,
    `**Paginate by keyset for deep pages**: \`where account_id = $1 and id < $last_id order by id desc limit 10\` (${keyset ? `${ms(keyset.executionMs)} ms` : 'constant time'} at page ${int(report.deepPage)}${deep && part(deep, 'page rows') ? ` against ${ms(part(deep, 'page rows')!.executionMs)} ms with OFFSET` : ''}). Where page numbers must stay, page the ids on the index first and join only the 10 rows (deferred join: ${deferred ? `${ms(deferred.executionMs)} ms` : 'an index-only offset walk'}), rather than joining and sorting every entry before the OFFSET.`,
    `**Index the transaction-number search**: a pg_trgm GIN index on ledger_transfers.number and a btree on ledger_entries(transfer_id) (the entries have no index from transfer to entry today) let the substring filter start from the few matching transfers${trgmNote}. Needs \`create extension pg_trgm\` in a migration; substrings shorter than 3 characters still scan. Alternatively require at least 3-4 characters, or search by prefix/exact number with a plain btree.`,
    `**Copy \`desc_id\` onto ledger_entries** (both tables are immutable, so the copy cannot drift) with an index on (account_id, desc_id, id): the type filter and its count then stay inside the entries' index instead of one ledger_transfers lookup per wallet entry.`,
    `**Index invoices(transfer_id)**: every list query left-joins invoices on transfer_id, which has no index; with one invoice per purchase that becomes a scan of the whole invoices table per page.`,
  ];
  return out;
}

/** The whole section (markdown). */
export function renderWalletSection(report: WalletReport): string {
  const g = report.generate;
  const c = report.check;
  const load = report.load;
  const sizes = g.sizes.map(
    (s) => `| ${s.table} | ${int(s.rows)} | ${mb(s.tableBytes)} | ${mb(s.indexBytes)} |`,
  );
  const verifiedAll = report.sqlVerified.every((v) => v.seen);
  const lines: string[] = [
    WALLET_HEADING,
    '',
    'Generated by `npm run bench:wallet` (`bench/wallet.ts`); numbers are from one run and are overwritten',
    'by the next. They are a report, not a pass/fail gate.',
    '',
    `- Date: ${report.date.toISOString().replace(/\.\d+Z$/, 'Z')}${report.totalSeconds !== null ? `; whole run ${report.totalSeconds.toFixed(0)} s` : ''}`,
    `- Machine: ${machineLine()}; 1-min load average when the bench started: ${report.loadAvgAtStart.toFixed(2)}`,
    `- Product: the compiled API (\`node apps/api/dist/main.js\`, what \`npm run start:prod\` runs, \`RESPONSE_SERIALIZER=compiled\`) on a fresh DATA_DIR with the embedded PostgreSQL (${report.postgres.version}; shared_buffers ${report.postgres.sharedBuffers}, work_mem ${report.postgres.workMem}: the defaults), \`LOG_LEVEL=warn\`, rate limit raised out of the way, signed in as \`artist@demo.test\` (bearer token on every request).`,
    "- Baseline: `bench/wallet-baseline-server.ts`, bare Fastify + `pg` (pool of 20 like the product), no auth or plugins, same database after the generation. Route `/wallet/transactions`: `select id, account_id, transfer_id, amount, balance_after, created_at from ledger_entries where account_id = $1 order by id desc limit 10` (the artist's wallet account); route `/wallet/balance`: `select balance from ledger_accounts where id = $1`.",
    `- Load: autocannon 9 (programmatic), ${load.connections} connections, HTTP/1.1 keep-alive over loopback, one continuous run per target: ${load.warmupSeconds} s warm-up (responses discarded), then ${load.durationSeconds} s measured. req/s = 2xx responses completed in the measured window / its length. Percentiles are over the 2xx responses completed in the measured window, as autocannon reports them. With 10 connections up to 10 requests are still running when the window closes; they are not dropped silently: "cut off at end" gives their number and the age of the oldest (a lower bound of its latency), and when those requests, counted at their age, already push a percentile over all requests more than 2 % above the one of the completed responses, that lower bound is shown instead, marked "≥". A list request that takes longer than the whole run is therefore visible as few completed responses and old cut-off requests. The queries of abandoned requests are cancelled in PostgreSQL before the next target starts (${report.cancelledQueries} cancelled in this run), so targets do not overlap. The load generator shares the machine with the servers and the database.`,
    '- "1 client, median": sequential requests, one at a time, before the load (n requests).',
    '',
    '### Data',
    '',
    `Generated by \`bench/wallet-data.ts\` straight into PostgreSQL with set-based SQL (\`generate_series\`, \`INSERT … SELECT\`, window sums), in one transaction: ${int(report.users)} users (\`bench-user-NNNN@bench.test\`, default roles, each with a \`user_wallet\` account), ${int(report.transfers)} ledger transfers, each with its two entries (debit first, signed amounts, \`balance_after\` the running balance of the account). Every 5th transfer is on the demo artist's wallet, the others go round-robin over the generated wallets; per wallet they alternate a credit from \`payment_clearing\` (desc_id 1 purchase or 3 refund) and a debit to \`platform_revenue\` (desc_id 2, 4, 5, 6, 7) no larger than the credit before it; \`created_at\` spread over the year before the run, increasing with the ids; unique \`TX…\` numbers and \`bench:NNNNNNN\` idempotency keys. Rows are inserted in id order, so a wallet's entries are spread over the whole table as in an append-only ledger. Foreign-key triggers are skipped during the two bulk inserts (\`session_replication_role = replica\`, that transaction only); the check below re-verifies every reference.`,
    '',
    '| Step | time (ms) |',
    '| --- | ---: |',
    ...g.steps.map((s) => `| ${s.name} | ${int(s.ms)} |`),
    `| **Generation total (users → committed ledger)** | **${int(g.generateMs)}** |`,
    `| Invariant check (below) | ${int(c.ms)} |`,
    '',
    '| Table | rows | table (MB) | indexes (MB) |',
    '| --- | ---: | ---: | ---: |',
    ...sizes,
    '',
    `Entries on the demo artist's wallet: ${int(g.artistEntries)} (the list below pages through these). Invariants after generation, checked over the whole database (set-based, one pass per account and per transfer): ${int(c.transfers)} transfers, ${int(c.entries)} entries; accounts whose balance is not the sum of their entries: ${c.balanceMismatches}; whose balance is not their last balance_after: ${c.lastBalanceMismatches}; entries breaking the running balance: ${c.brokenChains}; negative wallets or balance_after on non-negative accounts: ${c.negativeWallets}; transfers without exactly two matching entries (debit −amount, credit +amount, summing to 0): ${c.unbalancedTransfers}; entries of missing accounts: ${c.orphanEntries}; **sum of all balances: ${c.sumOfBalances}**.`,
    '',
    '### Throughput and latency per endpoint',
    '',
  ];
  for (const e of report.endpoints) {
    lines.push(`#### \`GET ${e.title}\``, '', e.detail, '', endpointTable(e), '');
  }
  lines.push(
    '### Where the time goes',
    '',
    'CPU read from `/proc` over each measured window, per 2xx response completed in it (the work of cut-off requests is included, so for the slowest lists this overstates the cost per response); the machine busy share includes autocannon and anything else running at the time.',
    '',
    cpuTable(report),
    '',
    '### Query plans',
    '',
    `EXPLAIN (ANALYZE, BUFFERS) through \`pg\` after the load, one run each, the statements exactly as drizzle renders them in \`listTransactions\` (page rows and count, run concurrently by the product) and \`walletBalance\`, with the bench's parameters. ${
      verifiedAll
        ? 'Each of these texts was seen in `pg_stat_activity` while the product served the load, so they are the statements it runs.'
        : `Not every text was seen in \`pg_stat_activity\` during the load (${report.sqlVerified
            .filter((v) => !v.seen)
            .map((v) => v.label)
            .join(', ')}): the product's SQL may have changed since this bench was written.`
    } "shared buffers read" are pages not found in PostgreSQL's 128 MB cache (they come from the OS page cache here). Alternatives were run the same way; ${report.alternatives.skipped ? `the experiment with two extra indexes was skipped: ${report.alternatives.skipped}` : 'the two extra indexes were created in a transaction that was rolled back'}.`,
    '',
    planTable(report),
    '',
    'Main nodes of each plan (rows are per loop; "est" is the planner\'s estimate):',
    '',
    ...planTrees(report),
    '',
    '### Reading this run',
    '',
    ...findings(report).map((l) => `- ${l}`),
    '',
    '### Recommendations',
    '',
    'No API code was changed by this benchmark; in order of impact on the measured lists:',
    '',
    ...recommendations(report).map((l, i) => `${i + 1}. ${l}`),
    '',
  );
  if (report.notes.length > 0) {
    lines.push('### Observations from this run', '');
    for (const note of report.notes) lines.push(`- ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

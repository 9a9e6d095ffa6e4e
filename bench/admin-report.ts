/**
 * The `## Admin lists benchmark` section of docs/performance.md: data set, per-endpoint load tables
 * against the baseline (wallet-report.ts tables), CPU per request, the plans of the statements the
 * services send, and findings derived from the numbers.
 */
import os from 'node:os';
import type { AdminGenerateResult, ReferenceCheck } from './admin-data';
import type { LedgerCheck } from './wallet-data';
import type { Explained } from './wallet-plans';
import {
  cpuTable,
  type EndpointReport,
  endpointTable,
  int,
  type LoadRunReport,
  markdownTable,
  mb,
  ms,
  observations,
  planTableAndTrees,
  sectionIntro,
  stat,
} from './wallet-report';

/** Heading of the section this bench owns. */
export const ADMIN_HEADING = '## Admin lists benchmark';

/** A plan of one statement the product sent, and whether PostgreSQL showed that text under load. */
export interface AdminPlan extends Explained {
  seen: boolean;
  sql: string;
}

/** One endpoint measured: as a wallet endpoint, with the admin plans and any key. */
export interface AdminEndpoint extends Omit<EndpointReport, 'key' | 'plans'> {
  key: string;
  plans: AdminPlan[];
}

/** Everything one admin bench run measured. */
export interface AdminReport extends LoadRunReport<AdminEndpoint> {
  sizes: { audit: number; users: number; payments: number; admins: number };
  generate: AdminGenerateResult;
  ledger: LedgerCheck;
  references: ReferenceCheck;
  indexes: { table: string; name: string; def: string }[];
}

const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(1)}×` : 'n/a');

/** Big-table sequential scans in a plan tree (e.g. "Seq Scan on audit_logs"). */
function seqScans(p: Explained): string[] {
  const found = new Set<string>();
  for (const line of p.tree) {
    const m = /Seq Scan on (audit_logs|users|payments|express_campaigns|payouts|admins)\b/.exec(line);
    if (m) found.add(m[1]!);
  }
  return [...found];
}

function planTable(report: AdminReport): string {
  const rows: string[] = [];
  for (const e of report.endpoints)
    for (const p of e.plans)
      rows.push(
        `| \`${e.key}\` | ${p.part} | ${ms(p.executionMs)} | ${ms(p.planningMs)} | ${int(p.sharedHit)} / ${int(p.sharedRead)} | ${seqScans(p).join(', ') || '–'} | ${p.seen ? 'yes' : 'no'} |`,
      );
  rows.push(
    `| baseline | page rows | ${ms(report.baselinePlan.executionMs)} | ${ms(report.baselinePlan.planningMs)} | ${int(report.baselinePlan.sharedHit)} / ${int(report.baselinePlan.sharedRead)} | ${seqScans(report.baselinePlan).join(', ') || '–'} | |`,
  );
  return markdownTable(
    '| Endpoint | statement | execution (ms) | planning (ms) | shared buffers hit / read | sequential scans of big tables | text seen under load |',
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
    rows,
  );
}

function planTrees(report: AdminReport): string[] {
  const out: string[] = ['```text'];
  for (const e of report.endpoints)
    for (const p of e.plans) {
      out.push(`# ${e.key}: ${p.part} (${ms(p.executionMs)} ms)`, ...p.tree, '');
    }
  out.push(`# baseline (${ms(report.baselinePlan.executionMs)} ms)`, ...report.baselinePlan.tree, '```');
  return out;
}

/** Findings derived from the numbers of this run. */
export function findings(report: AdminReport): string[] {
  const out: string[] = [];
  const base = report.endpoints[0]?.baselines[0]?.result;
  const sorted = [...report.endpoints].sort((a, b) => b.product.p95.ms - a.product.p95.ms);
  const summary = sorted.map(
    (e) => `\`${e.key}\` ${stat(e.product.p95)} ms (${base ? ratio(e.product.p95.ms, base.p95.ms) : 'n/a'})`,
  );
  out.push(`p95 under 10 connections, slowest first (ratio to the baseline's p95): ${summary.join('; ')}.`);
  for (const e of report.endpoints) {
    const slowest = [...e.plans].sort((a, b) => b.executionMs - a.executionMs)[0];
    if (!slowest) continue;
    const total = e.plans.reduce((s, p) => s + p.executionMs, 0);
    const scans = [...new Set(e.plans.flatMap(seqScans))];
    out.push(
      `\`${e.key}\`: the database work is ${ms(total)} ms over ${e.plans.length} statement(s) (page rows and count, or the six report statements, run concurrently), the largest being "${slowest.part}" at ${ms(slowest.executionMs)} ms${scans.length > 0 ? `; sequential scan of ${scans.join(', ')}` : ''}. One client: median ${ms(e.single.medianMs)} ms; under load ${e.product.reqPerSec.toFixed(e.product.reqPerSec < 10 ? 1 : 0)} req/s.`,
    );
  }
  const cpu = report.endpoints.filter((e) => e.product.cpu);
  if (cpu.length > 0) {
    const pg = cpu.map((e) => e.product.cpu!.postgresCorePct / 100);
    const node = cpu.map((e) => e.product.cpu!.nodeCorePct);
    out.push(
      `During the product's runs PostgreSQL used ${Math.min(...pg).toFixed(1)}–${Math.max(...pg).toFixed(1)} of the ${os.cpus().length} cores, the Node server ${Math.min(...node).toFixed(0)}–${Math.max(...node).toFixed(0)} % of one.`,
    );
  }
  if (report.loadAvgAtStart > os.cpus().length * 0.5)
    out.push(
      `The machine was already busy when the bench started (load average ${report.loadAvgAtStart.toFixed(2)} on ${os.cpus().length} CPUs): absolute numbers vary between runs; the orders of magnitude and the product/baseline ratios are what to read.`,
    );
  return out;
}

/** The whole section (markdown). */
export function renderAdminSection(report: AdminReport): string {
  const g = report.generate;
  const c = g.counts;
  const l = report.ledger;
  const r = report.references;
  const load = report.load;
  const lines: string[] = [
    ...sectionIntro(ADMIN_HEADING, 'npm run bench:admin', 'bench/admin.ts', report),
    `- Product: the compiled API (\`node apps/api/dist/main.js\`, what \`npm run start:prod\` runs, \`RESPONSE_SERIALIZER=compiled\`) on a fresh DATA_DIR with the embedded PostgreSQL (${report.postgres.version}; shared_buffers ${report.postgres.sharedBuffers}, work_mem ${report.postgres.workMem}), \`LOG_LEVEL=warn\`, rate limit raised out of the way, signed in through \`/api/admin/login\` as \`admin@demo.test\` (Super Admin; bearer token on every request).`,
    '- Baseline: `bench/admin-baseline-server.ts`, bare Fastify + `pg` (pool of 20 like the product), no auth or plugins, same database after the generation, one route: `select id, actor_type, actor_id, action, target_type, target_id, created_at from audit_logs order by created_at desc, id desc limit 10` (the `(created_at, id)` index).',
    `- Load: the wallet benchmark's runner (\`bench/wallet-load.ts\`): autocannon 9, ${load.connections} connections, keep-alive over loopback, per target ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s measured; percentiles over the 2xx responses of the measured window, "≥" when requests cut off at the end prove them higher; queries of abandoned requests cancelled before the next target (${report.cancelledQueries} in this run). "1 client, median": sequential requests before the load.`,
    '- Plans: the services (`listAuditLogs`, `listUsers`, `buildReport`) are called once per endpoint on a pool whose connections record each statement and its parameters (transaction control left out); each is run under EXPLAIN (ANALYZE, BUFFERS) after the load. EXPLAIN ANALYZE times every row, which inflates plans reading many rows (a count over a million index entries) compared with the same statement run normally. "text seen under load" says whether PostgreSQL showed that text in `pg_stat_activity` while the product served the requests.',
    '',
    '### Data',
    '',
    `Generated by \`bench/admin-data.ts\` straight into PostgreSQL with set-based SQL in one transaction (deterministic): ${int(c.admins ?? 0)} staff accounts; ${int(c.users ?? 0)} users (60 % artists, 25 % curators, 15 % influencers; 78 % approved, the rest pending, declined, disabled, invited or not registered; 40 % from ten big markets, the rest over every country; a tier for curators and influencers; 1 % deleted; sign-ups spread over two years); ${int(c.audit ?? 0)} audit entries over the same two years (30 % staff, a few admins doing most of it; 62 % users; 6 % system; 2 % failed sign-ins), with the product's action names and target kinds, insert only; for the reports, over the last year: ${int(c.payments ?? 0)} coin purchases (90 % paid, each credited to the buyer's wallet by a ledger transfer), ${int(c.campaigns ?? 0)} express campaigns on ${int(c.playlists ?? 0)} curators' playlists (a hold each, posted to the curator less the fee or voided back once resolved), ${int(c.payouts ?? 0)} payouts (recipient, quote, hold posted to payout clearing or voided back): ${int(c.transfers ?? 0)} ledger transfers and ${int(c.entries ?? 0)} entries.`,
    '',
    '| Step | time (ms) |',
    '| --- | ---: |',
    ...g.steps.map((s) => `| ${s.name} | ${int(s.ms)} |`),
    `| **Generation total** | **${int(g.generateMs)}** |`,
    `| Ledger and reference checks | ${int(l.ms + r.ms)} |`,
    '',
    '| Table | rows | table (MB) | indexes (MB) |',
    '| --- | ---: | ---: | ---: |',
    ...g.sizes.map((s) => `| ${s.table} | ${int(s.rows)} | ${mb(s.tableBytes)} | ${mb(s.indexBytes)} |`),
    '',
    `Checks after generation: ledger (whole database) ${int(l.transfers)} transfers, ${int(l.entries)} entries, balance mismatches ${l.balanceMismatches + l.lastBalanceMismatches}, broken running balances ${l.brokenChains}, negative wallets ${l.negativeWallets}, unbalanced transfers ${l.unbalancedTransfers}, orphan entries ${l.orphanEntries}, sum of all balances ${l.sumOfBalances}; dangling references ${r.orphans}, paid purchases without their credit ${r.uncreditedPayments}, purchases before the buyer signed up ${r.paymentsBeforeSignup}, holds whose transfers do not match their status ${r.holdMismatches}, escrow balances different from their pending holds ${r.escrowMismatches}.`,
    '',
    '### Throughput and latency per endpoint',
    '',
  ];
  for (const e of report.endpoints) {
    lines.push(
      `#### \`GET ${e.title}\``,
      '',
      `${e.detail}${e.total !== null ? ` \`pagination.total\`: ${int(e.total)}.` : ''}`,
      '',
      endpointTable(e),
      '',
    );
  }
  lines.push(
    '### Where the time goes',
    '',
    'CPU read from `/proc` over each measured window, per 2xx response completed in it; the machine busy share includes autocannon and anything else running at the time.',
    '',
    cpuTable(report),
    '',
    '### Query plans',
    '',
    ...planTableAndTrees(planTable(report), planTrees(report)),
    'Indexes on the listed tables during this run:',
    '',
    '```text',
    ...report.indexes.map((i) => i.def),
    '```',
    '',
    '### Reading this run',
    '',
    ...findings(report).map((x) => `- ${x}`),
    '',
  );
  lines.push(...observations(report.notes));
  return lines.join('\n');
}

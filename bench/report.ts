import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult, LoadSettings } from './load';
import { REPO_ROOT } from './processes';
import { productionNodeArgs } from './product';

/** Heading of the section this bench owns in docs/performance.md. */
export const SECTION_HEADING = '## API benchmark';

/** Where the report goes. */
export const REPORT_FILE = path.join(REPO_ROOT, 'docs', 'performance.md');

/** Ready time of one start of the product. */
export interface StartTiming {
  /** From spawn (of `node apps/api/dist/main.js` or `npx tsx apps/api/src/main.ts`) until `GET /api/health` answered 200. */
  healthMs: number;
  /** The product's own `READY_MS=` line (in-process: config, boot, buildApp, listen); null if missing. */
  readyMs: number | null;
}

/** One benchmarked path: the product's route and the baseline's route measured in the same run. */
export interface PathResult {
  /** The product's route, e.g. `GET /api/user/info`. */
  path: string;
  /** What the baseline's route runs (its one query). */
  baselineQuery: string;
  product: LoadResult;
  baseline: LoadResult;
}

/** Everything one bench run measured. */
export interface BenchReport {
  date: Date;
  load: LoadSettings;
  paths: PathResult[];
  cold: StartTiming;
  warm: StartTiming;
  /** 1-minute load average of the machine when the bench started and ended (other work skews the numbers). */
  loadAvgAtStart: number;
  loadAvgAtEnd: number;
  /** Free-form observations gathered during the run (errors, warnings, shutdown problems). */
  notes: string[];
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : 'n/a');
const failures = (r: LoadResult) => {
  const non2xx = Object.values(r.non2xx).reduce((a, b) => a + b, 0);
  return `${non2xx} / ${r.errors + r.timeouts}`;
};
const requestsOf = (r: LoadResult) => Math.max(1, r.ok + Object.values(r.non2xx).reduce((a, b) => a + b, 0));
const mib = (v: number | null) => (v === null ? 'n/a' : v.toFixed(0));

/** The machine line: CPU count and model, memory, OS, Node version. */
export function machineLine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus.length} CPU (${model}), ${memGiB} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`;
}

/** The throughput/latency table (markdown), printed by the bench and written to the docs. */
export function loadTable(report: BenchReport): string {
  const rows = report.paths.flatMap(({ path: route, product: p, baseline: b }) => [
    `| Product \`${route}\` | ${p.reqPerSec.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${p.ok} | ${failures(p)} |`,
    `| Baseline for it (bare Fastify + pg, 1 query) | ${b.reqPerSec.toFixed(0)} | ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.p99)} | ${b.ok} | ${failures(b)} |`,
    `| **Ratio product / baseline** | **${ratio(p.reqPerSec, b.reqPerSec)}** | ${ratio(p.p50, b.p50)} | **${ratio(p.p95, b.p95)}** | ${ratio(p.p99, b.p99)} | | |`,
  ]);
  return [
    '| Target | req/s | p50 (ms) | p95 (ms) | p99 (ms) | 2xx | non-2xx / errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/** Where the CPU went during each measured run (markdown); empty when nothing was sampled. */
export function cpuTable(report: BenchReport): string {
  const rows: string[] = [];
  for (const { path: route, product, baseline } of report.paths) {
    for (const [label, r] of [
      [`Product \`${route}\``, product],
      ['Baseline for it', baseline],
    ] as const) {
      if (!r.cpu) continue;
      const xact = r.dbXactPerRequest === null ? 'n/a' : r.dbXactPerRequest.toFixed(1);
      rows.push(
        `| ${label} | ${xact} | ${r.cpu.nodeCorePct.toFixed(0)} % | ${(r.cpu.nodeMs / requestsOf(r)).toFixed(3)} | ${r.cpu.postgresCorePct.toFixed(0)} % | ${(r.cpu.postgresMs / requestsOf(r)).toFixed(3)} | ${mib(r.rssMaxMb)} / ${mib(r.rssMeanMb)} | ${r.cpu.machineBusyPct.toFixed(0)} % |`,
      );
    }
  }
  if (rows.length === 0) return '';
  return [
    '| Target | PostgreSQL transactions / request | server process CPU (share of one core) | server CPU ms / request | PostgreSQL CPU (share of one core) | PostgreSQL CPU ms / request | server RSS under load, max / mean (MiB) | machine busy (all cores) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/** The ready-time table (markdown). */
export function startTable(report: BenchReport): string {
  const row = (label: string, t: StartTiming) =>
    `| ${label} | ${t.healthMs.toFixed(0)} | ${t.readyMs ?? 'n/a'} |`;
  return [
    '| Start | spawn → `GET /api/health` 200 (ms) | `READY_MS` printed by the product (ms) |',
    '| --- | ---: | ---: |',
    row('Cold (fresh DATA_DIR: initdb + migrations + seed)', report.cold),
    row('Warm restart (same DATA_DIR)', report.warm),
  ].join('\n');
}

/** Plain-language lines derived from the numbers (no thresholds, no verdicts). */
export function summaryLines(report: BenchReport): string[] {
  const { cold, warm } = report;
  const out: string[] = [];
  for (const { path: route, product: p, baseline: b } of report.paths) {
    out.push(
      `\`${route}\`: the product serves ${ratio(p.reqPerSec, b.reqPerSec)} of its baseline's throughput; its p95 latency is ${ratio(p.p95, b.p95)} the baseline's.`,
    );
    if (p.dbXactPerRequest !== null && b.dbXactPerRequest !== null) {
      out.push(
        `\`${route}\`: database round-trips per request about ${p.dbXactPerRequest.toFixed(1)} for the product against ${b.dbXactPerRequest.toFixed(1)} for the baseline.`,
      );
    }
    if (p.cpu && b.cpu) {
      const pNode = p.cpu.nodeMs / requestsOf(p);
      const bNode = b.cpu.nodeMs / requestsOf(b);
      out.push(
        `\`${route}\`: server CPU per request ${pNode.toFixed(3)} ms against ${bNode.toFixed(3)} ms (${ratio(pNode, bNode)}); PostgreSQL CPU per request ${ratio(p.cpu.postgresMs / requestsOf(p), b.cpu.postgresMs / requestsOf(b))} the baseline's; the API's resident memory peaked at ${mib(p.rssMaxMb)} MiB under this load.`,
      );
    }
  }
  if (warm.readyMs !== null && cold.readyMs !== null) {
    out.push(
      `\`READY_MS\` counts from the process start; loading before \`main()\` and the health probe took ${(cold.healthMs - cold.readyMs).toFixed(0)} ms on the cold start and ${(warm.healthMs - warm.readyMs).toFixed(0)} ms on the warm one. Cold minus warm (initdb, migrations, seeding): ${(cold.readyMs - warm.readyMs).toFixed(0)} ms by \`READY_MS\`, ${(cold.healthMs - warm.healthMs).toFixed(0)} ms spawn to health.`,
    );
  }
  if (Math.max(report.loadAvgAtStart, report.loadAvgAtEnd) > os.cpus().length * 0.5) {
    out.push(
      `The machine was busy with other work (load average ${report.loadAvgAtStart.toFixed(2)} at the start, ${report.loadAvgAtEnd.toFixed(2)} at the end, on ${os.cpus().length} CPUs): absolute numbers vary between runs; the product/baseline ratios, measured in alternating turns, are steadier.`,
    );
  }
  return out;
}

/** The whole `## API benchmark` section (markdown, ending with a newline). */
export function renderSection(report: BenchReport): string {
  const { load } = report;
  const lines = [
    SECTION_HEADING,
    '',
    `Generated by \`npm run bench\` (\`bench/run-all.ts\`); numbers are from one run and are overwritten by`,
    'the next. They are a report, not a pass/fail gate.',
    '',
    `- Date: ${report.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${machineLine()}; 1-min load average ${report.loadAvgAtStart.toFixed(2)} when the bench started, ${report.loadAvgAtEnd.toFixed(2)} when it ended (the machine is shared)`,
    `- Load: autocannon 9 (programmatic), ${load.connections} connections, HTTP/1.1 keep-alive over loopback; per target a ${load.warmupSeconds} s warm-up, then ${load.durationSeconds} s measured in ${load.rounds} turns of ${load.durationSeconds / load.rounds} s, all targets taking turns (so drifting background load hits each alike). The load generator runs on the same machine as the servers and the database.`,
    `- Product: the compiled production bundle, \`node ${productionNodeArgs().join(' ')} apps/api/dist/main.js\` (what`,
    '  `npm run start:prod` runs, built by `npm run build`), with the production response serialiser',
    '  (`RESPONSE_SERIALIZER=compiled`) and no development mailbox (`DEV_MAIL=0`, as production); NODE_ENV stays unset because production refuses the demo seed, the',
    '  sandbox providers and the mail outbox the bench signs in with. Fresh DATA_DIR with the embedded',
    '  PostgreSQL, `LOG_LEVEL=warn`, rate limit raised out of the way, signed in as `artist@demo.test`',
    '  (bearer token on every request).',
    '- Baseline: `bench/baseline-server.ts`, bare Fastify + `pg` (pool of 20 like the product), one route',
    '  per product path, each running one query against the same embedded database, no auth or plugins:',
    ...report.paths.map((p) => `  - for \`${p.path}\`: \`${p.baselineQuery}\``),
    "- Server RSS: resident memory of the server's process group (PostgreSQL excluded) read from `/proc` every 250 ms during the measured turns: the one Node process for the product; npx, tsx and Node for the baseline.",
    '- req/s = completed responses / measured seconds; latency percentiles are over every 2xx response of the measured turns.',
    '',
    '### Throughput and latency',
    '',
    loadTable(report),
    '',
    ...(cpuTable(report)
      ? [
          'Where the time goes. CPU is read from `/proc` during the measured runs (the machine busy share',
          'includes autocannon and anything else running at the time). PostgreSQL transactions per request',
          'come from `pg_stat_database.xact_commit` around 200 sequential requests per target before the load,',
          'once the statistics have settled, idle background (pg-boss polling) subtracted; each autocommit read',
          'is one transaction, i.e. one round-trip.',
          '',
          cpuTable(report),
          '',
        ]
      : []),
    '### Ready time',
    '',
    startTable(report),
    '',
    '### Reading this run',
    '',
    ...summaryLines(report).map((l) => `- ${l}`),
    '',
  ];
  if (report.notes.length > 0) {
    lines.push('### Observations from this run', '');
    for (const note of report.notes) lines.push(`- ${note}`);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

/**
 * Write `section` into docs/performance.md: replace the existing section under `heading` (default
 * `## API benchmark`, up to the next `## ` heading) or append it, keeping every other section as it
 * is; then format the file with Biome (only that file, when it is inside the repository).
 */
export function writeSection(
  section: string,
  file: string = REPORT_FILE,
  heading: string = SECTION_HEADING,
): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const lines = existing.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  let next: string;
  if (start === -1) {
    next = `${existing.replace(/\n*$/, '')}\n\n${section}`;
  } else {
    let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
    if (end === -1) end = lines.length;
    const before = lines.slice(0, start).join('\n').replace(/\n*$/, '');
    const after = lines.slice(end).join('\n').replace(/^\n*/, '');
    next = `${before ? `${before}\n\n` : ''}${section}${after ? `\n${after}` : ''}`;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
  // Align the tables the way the repository's formatter wants them (`npm run lint` checks docs too);
  // a file outside the repository (a partial run's /tmp output) is not Biome's to format.
  if (path.relative(REPO_ROOT, path.resolve(file)).startsWith('..')) return;
  const formatted = spawnSync('npx', ['biome', 'format', '--write', file], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (formatted.status !== 0) console.warn(`biome format ${file} failed: ${formatted.stderr.slice(0, 500)}`);
}

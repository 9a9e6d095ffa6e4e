/**
 * The soak's report (`soak.ts`): the line printed each minute, and the `## Soak benchmark` section of
 * docs/performance.md.
 */
import { cpuUsage } from './cpu';
import { machineLine } from './report';
import type { Check, Flatness, Sample } from './soak-checks';
import { GROUPS, type Group, percentile, type RouteStats } from './soak-driver';

export const HEADING = '## Soak benchmark';

/** One minute of the measured run. */
export interface MinuteRow {
  /** 1-based. */
  minute: number;
  calls: number;
  perSecond: number;
  groups: Record<Group, { count: number; p50: number; p99: number }>;
  status4xx: number;
  status5xx: number;
  errors: number;
  /** Calls due this minute the driver did not send (too many in flight). */
  dropped: number;
  apiRssMb: number;
  workerRssMb: number;
  connections: number;
  jobsDue: number;
  apiCpuPct: number;
  workerCpuPct: number;
  postgresCpuPct: number;
  /** CPU of the bench's own process (the load driver), share of one core. */
  driverCpuPct: number;
  /** Share of the whole machine's CPU time busy (all processes, all cores). */
  machineBusyPct: number;
  loadAvg: number;
}

const sumStatuses = (s: RouteStats, from: number, to: number) =>
  Object.entries(s.statuses).reduce(
    (a, [code, n]) => (Number(code) >= from && Number(code) < to ? a + n : a),
    0,
  );

/** The row of one minute: its answers (by due time) and the system samples taken within it. */
export function minuteRow(
  minute: number,
  routes: Map<string, RouteStats>,
  samples: readonly Sample[],
  seconds: number,
  loadAvg: number,
  dropped: number,
): MinuteRow {
  const groups = Object.fromEntries(
    GROUPS.map((g) => [g, { count: 0, p50: Number.NaN, p99: Number.NaN }]),
  ) as MinuteRow['groups'];
  const times = Object.fromEntries(GROUPS.map((g) => [g, [] as number[]])) as Record<Group, number[]>;
  let calls = 0;
  let status4xx = 0;
  let status5xx = 0;
  let errors = 0;
  for (const s of routes.values()) {
    for (const t of s.times) times[s.group].push(t);
    calls += s.times.length + s.errors;
    status4xx += sumStatuses(s, 400, 500);
    status5xx += sumStatuses(s, 500, 600);
    errors += s.errors;
  }
  for (const g of GROUPS)
    groups[g] = { count: times[g].length, p50: percentile(times[g], 50), p99: percentile(times[g], 99) };
  const inMinute = samples.filter((s) => s.at >= minute * 60 && s.at <= (minute + 1) * 60);
  const first = inMinute[0];
  const last = inMinute.at(-1);
  const max = (f: (s: Sample) => number) => (inMinute.length ? Math.max(...inMinute.map(f)) : Number.NaN);
  const api = first && last && first !== last ? cpuUsage([[first.apiCpu, last.apiCpu]]) : null;
  const worker = first && last && first !== last ? cpuUsage([[first.workerCpu, last.workerCpu]]) : null;
  return {
    minute: minute + 1,
    calls,
    perSecond: calls / seconds,
    groups,
    status4xx,
    status5xx,
    errors,
    dropped,
    apiRssMb: max((s) => s.apiRssMb),
    workerRssMb: max((s) => s.workerRssMb),
    connections: max((s) => s.connections),
    jobsDue: max((s) => s.jobsDue),
    apiCpuPct: api?.nodeCorePct ?? Number.NaN,
    workerCpuPct: worker?.nodeCorePct ?? Number.NaN,
    postgresCpuPct: api?.postgresCorePct ?? Number.NaN,
    driverCpuPct:
      first && last && last.at > first.at
        ? (100 * (last.driverCpuMs - first.driverCpuMs)) / ((last.at - first.at) * 1000)
        : Number.NaN,
    machineBusyPct: api?.machineBusyPct ?? Number.NaN,
    loadAvg,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : '-');
const whole = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');

/** The console line of a minute. */
export function minuteLine(r: MinuteRow): string {
  const p99 = GROUPS.map((g) => `${g} ${ms(r.groups[g].p99)}`).join(', ');
  return (
    `soak: minute ${r.minute}: ${r.calls} calls (${r.perSecond.toFixed(1)}/s), 4xx ${r.status4xx}, 5xx ${r.status5xx}, errors ${r.errors}, not sent ${r.dropped}; ` +
    `p99 ms: ${p99}; RSS API ${whole(r.apiRssMb)} MiB, worker ${whole(r.workerRssMb)} MiB; PostgreSQL connections ${whole(r.connections)}; ` +
    `jobs due ${whole(r.jobsDue)}; CPU API ${whole(r.apiCpuPct)} %, worker ${whole(r.workerCpuPct)} %, PostgreSQL ${whole(r.postgresCpuPct)} %, driver ${whole(r.driverCpuPct)} %, machine busy ${whole(r.machineBusyPct)} %; load ${r.loadAvg.toFixed(1)}`
  );
}

/** Everything the section reports. */
export interface SoakReport {
  date: Date;
  command: string;
  minutes: number;
  wholeRunMinutes: number;
  loadAvgAtStart: number;
  loadAvgAtEnd: number;
  apiCommand: string;
  workerCommand: string;
  world: { artists: number; payees: number; sellers: number; offers: number; leads: number };
  capacity: { perSecond: number; seconds: number; concurrency: number; status5xx: number };
  fraction: number;
  rate: number;
  driver: { due: number; late: number; dropped: number; connections: number };
  mix: { name: string; group: string; share: number; made: number; standIns: number }[];
  rows: MinuteRow[];
  routes: Map<string, RouteStats>;
  flat: { apiRss: Flatness; workerRss: Flatness; connections: Flatness };
  tolerance: { rss: number; connections: number; connectionSlack: number };
  connectionsByApp: string;
  jobsByState: string;
  drainMs: number;
  checks: Check[];
  notes: string[];
}

function routeTable(routes: Map<string, RouteStats>): string[] {
  const rows = [...routes].sort(
    (a, b) => GROUPS.indexOf(a[1].group) - GROUPS.indexOf(b[1].group) || a[0].localeCompare(b[0]),
  );
  return [
    '| group | route | calls | p50 (ms) | p99 (ms) | max (ms) | answers other than 2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(([route, s]) => {
      const other = Object.entries(s.statuses)
        .filter(([code]) => Number(code) >= 300)
        .map(([code, n]) => `${code}: ${n}`);
      if (s.errors) other.push(`no answer: ${s.errors}`);
      return `| ${s.group} | \`${route}\` | ${s.times.length + s.errors} | ${ms(percentile(s.times, 50))} | ${ms(percentile(s.times, 99))} | ${ms(Math.max(...s.times))} | ${other.join(', ') || '-'} |`;
    }),
  ];
}

function flatLine(name: string, unit: string, f: Flatness): string {
  return `| ${name} | ${f.second.toFixed(0)} | ${f.last.toFixed(0)} | ${f.lastMax.toFixed(0)} | ${f.slopePerHour >= 0 ? '+' : ''}${f.slopePerHour.toFixed(1)} ${unit}/h | ${f.flat ? 'flat' : '**growing**'} |`;
}

/** The `## Soak benchmark` section. */
export function renderSoak(r: SoakReport): string {
  const short = r.minutes < 30;
  return [
    HEADING,
    '',
    `Generated by \`${r.command}\` (\`bench/soak.ts\`), ${r.date.toISOString().slice(0, 16)}Z; numbers are from one run and`,
    'overwritten by the next.',
    ...(short
      ? [
          '',
          `**This is a ${r.minutes}-minute run**, not the 30-minute soak (\`npm run bench:soak\` without \`--minutes\`): it shows the`,
          'bench works and what the first minutes look like; memory and connections "flat after warm-up" over',
          `${r.minutes} minute${r.minutes === 1 ? '' : 's'} say little about a working day.`,
        ]
      : []),
    '',
    `- ${machineLine()}; 1-min load average ${r.loadAvgAtStart.toFixed(2)} at the start, ${r.loadAvgAtEnd.toFixed(2)} at the end (the machine is shared: other work moves the latencies).`,
    `- Product: the compiled API as \`npm run start:prod\` runs it (\`${r.apiCommand}\`, \`RUN_JOBS=0\`, \`RESPONSE_SERIALIZER=compiled\`) with its embedded PostgreSQL, and one worker as \`npm run worker:prod\` runs it (\`${r.workerCommand}\`) on the same database (\`DATABASE_URL\`), the shape of docs/operations.md. NODE_ENV stays unset: production refuses the demo seed, the sandbox providers and the outbox mail the bench reads the payout codes from.`,
    `- Data, made through the product's APIs on a fresh database: the demo seed, ${r.world.artists} artists with 1,000,000 coins each (staff adjustments), ${r.world.payees} payees (curators without playlists, coins to withdraw, a Wise recipient each), the ${r.world.sellers} demo curators with their ${r.world.offers} playlists on sale, the demo staff account, a CRM list of ${r.world.leads} imported leads. Every user signed in once (bearer tokens).`,
    r.capacity.perSecond > 0
      ? `- Capacity: the same mix in a closed loop (${r.capacity.concurrency} calls in flight, each sent when the previous answered) for ${r.capacity.seconds} s after a 5 s warm-up: **${r.capacity.perSecond.toFixed(0)} calls/s**${r.capacity.status5xx ? ` (${r.capacity.status5xx} answers 5xx)` : ''}.`
      : '- Capacity: not measured (`--rate` given).',
    `- Load: **${r.rate.toFixed(1)} calls/s**${r.capacity.perSecond > 0 ? ` (${(r.fraction * 100).toFixed(0)} % of the capacity)` : ''} for ${r.minutes} minute${r.minutes === 1 ? '' : 's'}, open loop: call k is due at start + k / rate whatever the answers before it, and its latency counts from that due time (a stall shows in every call that should have started meanwhile, no coordinated omission); undici, ${r.driver.connections} keep-alive connections at most, loopback. ${r.driver.due} calls due, ${r.driver.late} sent more than 50 ms late by the driver, ${r.driver.dropped} not sent (too many in flight).`,
    `- Whole run ${r.wholeRunMinutes.toFixed(1)} minutes (build, start, data, capacity, load, drain, checks); the worker caught up ${(r.drainMs / 1000).toFixed(1)} s after the load stopped.`,
    '',
    '### The mix',
    '',
    'Each call is one operation drawn by its share. The flows advance one step per call (listen, decide,',
    'place and submit a request; quote, code, verify and request a payout, staff approve nine in ten);',
    "an operation whose flow had nothing ready sent its stand-in, the read its user makes meanwhile (the seller's",
    "inbox, a thread, the payee's payout list, the staff's request list).",
    '',
    '| operation | group | share | calls | of which stand-ins |',
    '| --- | --- | ---: | ---: | ---: |',
    ...r.mix.map(
      (m) => `| ${m.name} | ${m.group} | ${(m.share * 100).toFixed(1)} % | ${m.made} | ${m.standIns} |`,
    ),
    '',
    '### Minute by minute',
    '',
    'p99 latency per group (ms, every answer of the minute by due time); RSS (MiB), PostgreSQL client',
    'connections and jobs due but not taken: the highest reading of the minute (one every 5 s); CPU: share of one core',
    '(driver: the bench process sending the calls); machine busy: share of both cores busy with anything, other',
    'work on the machine included; "unanswered": calls without an answer or not sent (too many in flight).',
    '',
    `| min | calls/s | ${GROUPS.join(' | ')} | 4xx | 5xx | API RSS | worker RSS | PG conns | jobs due | CPU API / worker / PG / driver | machine busy | load |`,
    `| ---: | ---: | ${GROUPS.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |`,
    ...r.rows.map(
      (m) =>
        `| ${m.minute} | ${m.perSecond.toFixed(1)} | ${GROUPS.map((g) => ms(m.groups[g].p99)).join(' | ')} | ${m.status4xx} | ${m.status5xx + m.errors + m.dropped ? `${m.status5xx}${m.errors + m.dropped ? ` (+${m.errors + m.dropped} unanswered)` : ''}` : 0} | ${whole(m.apiRssMb)} | ${whole(m.workerRssMb)} | ${whole(m.connections)} | ${whole(m.jobsDue)} | ${whole(m.apiCpuPct)} / ${whole(m.workerCpuPct)} / ${whole(m.postgresCpuPct)} / ${whole(m.driverCpuPct)} | ${whole(m.machineBusyPct)} % | ${m.loadAvg.toFixed(1)} |`,
    ),
    '',
    `Connections by application at the end: ${r.connectionsByApp}.`,
    '',
    '### Flat after warm-up',
    '',
    'The run is cut into thirds by time; the first is the warm-up (JIT, caches, pools and the young',
    `generation filling). A series is flat when the median of the last third is at most ${(r.tolerance.rss * 100).toFixed(0)} % above the median`,
    `of the second third (connections: ${(r.tolerance.connections * 100).toFixed(0)} % + ${r.tolerance.connectionSlack}, they are small whole numbers). The slope is a least-squares fit over the`,
    'two thirds after the warm-up, for information.',
    '',
    '| series | median, second third | median, last third | max, last third | slope | verdict |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    flatLine('API RSS (MiB)', 'MiB', r.flat.apiRss),
    flatLine('worker RSS (MiB)', 'MiB', r.flat.workerRss),
    flatLine('PostgreSQL client connections', 'conns', r.flat.connections),
    '',
    '### Per route (the whole load)',
    '',
    ...routeTable(r.routes),
    '',
    '### Checks',
    '',
    `Jobs created during the run, by state: ${r.jobsByState}.`,
    '',
    ...r.checks.map((c) => `- ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`),
    ...(r.notes.length > 0 ? ['', 'Observations:', '', ...r.notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');
}

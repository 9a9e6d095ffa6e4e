/**
 * Load runner of the wallet benchmark. Unlike `measureInTurns` (load.ts), each target gets one
 * continuous autocannon run of warm-up + measured seconds: responses completed during the first
 * `warmupSeconds` are discarded, the rest are measured. Some wallet endpoints take longer than a
 * whole run under 10 connections, so the requests still in flight when autocannon closes its
 * connections are not dropped silently: they are counted as "cut off", with their age at that moment
 * (a lower bound of their latency), and a percentile they prove understated is flagged (see `Stat`).
 *
 * Autocannon closing a connection does not stop the server's work for it: the product keeps running
 * the abandoned queries. `drain` cancels them in PostgreSQL before the next target starts, so targets
 * do not slow each other down.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type pg from 'pg';
import { type CpuSnapshot, type CpuUsage, cpuUsage } from './cpu';

/**
 * A latency percentile over the 2xx responses completed in the measured window (autocannon's own
 * convention), unless the requests cut off at the end prove it too low: counted at their age (a lower
 * bound of their latency) they push the percentile over all requests more than 2 % higher. Then `ms`
 * is that lower bound and `understated` is set.
 */
export interface Stat {
  ms: number;
  understated: boolean;
}

/** One wallet load target. */
export interface WalletTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  sample?: () => CpuSnapshot;
  /** PostgreSQL CPU by pid (cpu.ts postgresCpuByPid); replaces the snapshot's PostgreSQL total. */
  postgresByPid?: () => Map<number, number>;
}

/** Settings of every wallet load run. */
export interface WalletLoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export const WALLET_LOAD: WalletLoadSettings = { connections: 10, warmupSeconds: 2, durationSeconds: 10 };

/** Result of one target. */
export interface WalletLoadResult {
  name: string;
  /** 2xx responses completed in the measured window, per measured second. */
  reqPerSec: number;
  p50: Stat;
  p95: Stat;
  p99: Stat;
  /** 2xx responses completed in the measured window. */
  ok: number;
  /** Requests still in flight when the run ended (their latency is only known to be at least their age). */
  cutOff: number;
  /** Oldest of those, ms. */
  cutOffMaxAgeMs: number;
  non2xx: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Measured seconds (from the end of the warm-up to the end of the run). */
  seconds: number;
  cpu: CpuUsage | null;
}

/** Nearest-rank percentile of a non-empty ascending array. */
function rankValue(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** Percentile `p` of the `completed` latencies, raised to a lower bound when cut-off `ages` prove it low. */
export function percentileOf(completed: number[], ages: number[], p: number): Stat {
  const all = [...completed, ...ages].sort((x, y) => x - y);
  if (all.length === 0) return { ms: Number.NaN, understated: false };
  const lowerBound = rankValue(all, p);
  if (completed.length === 0) return { ms: lowerBound, understated: true };
  const value = rankValue(
    [...completed].sort((x, y) => x - y),
    p,
  );
  return lowerBound > value * 1.02
    ? { ms: lowerBound, understated: true }
    : { ms: value, understated: false };
}

/** Run one target: warm-up and measurement in one autocannon run (loopback only). */
export async function runTarget(
  target: WalletTarget,
  settings: WalletLoadSettings = WALLET_LOAD,
): Promise<WalletLoadResult> {
  const { hostname } = new URL(target.url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`refusing non-loopback ${target.url}`);
  const total = settings.warmupSeconds + settings.durationSeconds;
  console.log(`load: ${target.name} (${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s)`);
  const times: number[] = [];
  const non2xx: Record<string, number> = {};
  /** Per connection: when its last response arrived (its next request was sent right then). */
  const lastResponseAt = new Map<unknown, number>();
  let responses = 0;
  const startedAt = performance.now();
  let measureFrom = Number.POSITIVE_INFINITY;
  let cpuBefore: CpuSnapshot | undefined;
  let pgBefore: Map<number, number> | undefined;
  const mark = setTimeout(() => {
    measureFrom = performance.now();
    cpuBefore = target.sample?.();
    pgBefore = target.postgresByPid?.();
  }, settings.warmupSeconds * 1000);
  const run = autocannon({
    url: target.url,
    headers: target.headers,
    connections: settings.connections,
    duration: total,
    // Never time a request out: a request still running at the end is accounted as cut off instead.
    timeout: total + 30,
    renderProgressBar: false,
    renderResultsTable: false,
  });
  let lastTickAt = Number.NaN;
  run.on('tick', () => {
    lastTickAt = performance.now();
  });
  run.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const now = performance.now();
    responses++;
    lastResponseAt.set(client, now);
    if (now < measureFrom) return;
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    else non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
  });
  const result = await run;
  // autocannon emits a last 'tick' right before it closes its connections; aggregating the result takes
  // a while longer, which must not count in the age of the cut-off requests.
  const endedAt = Number.isFinite(lastTickAt) ? lastTickAt : performance.now();
  clearTimeout(mark);
  const cpuAfter = target.sample?.();
  const pgAfter = target.postgresByPid?.();
  if (!Number.isFinite(measureFrom)) measureFrom = startedAt + settings.warmupSeconds * 1000;
  // Sent minus answered minus failed: the requests still in flight when the connections were closed.
  const inFlight = Math.min(
    settings.connections,
    Math.max(0, result.requests.sent - responses - result.errors),
  );
  const ages: number[] = [];
  for (const at of lastResponseAt.values()) ages.push(endedAt - at);
  const silent = Math.max(0, settings.connections - lastResponseAt.size);
  for (let i = 0; i < silent; i++) ages.push(endedAt - startedAt);
  // Keep the `inFlight` oldest candidates (a connection whose last request errored is not in flight).
  ages.sort((a, b) => b - a);
  const cutOff = ages.slice(0, Math.min(inFlight, ages.length));
  const seconds = (endedAt - measureFrom) / 1000;
  const cpu = cpuBefore && cpuAfter ? cpuUsage([[cpuBefore, cpuAfter]]) : null;
  if (cpu && cpuBefore && cpuAfter && pgBefore && pgAfter) {
    let postgresMs = 0;
    for (const [pid, ms] of pgAfter) postgresMs += Math.max(0, ms - (pgBefore.get(pid) ?? 0));
    cpu.postgresMs = postgresMs;
    cpu.postgresCorePct = (100 * postgresMs) / Math.max(1, cpuAfter.at - cpuBefore.at);
  }
  return {
    name: target.name,
    reqPerSec: seconds > 0 ? times.length / seconds : Number.NaN,
    p50: percentileOf(times, cutOff, 50),
    p95: percentileOf(times, cutOff, 95),
    p99: percentileOf(times, cutOff, 99),
    ok: times.length,
    cutOff: cutOff.length,
    cutOffMaxAgeMs: cutOff[0] ?? 0,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds,
    cpu,
  };
}

/**
 * Cancel the queries the product is still running for requests autocannon abandoned, then wait until
 * PostgreSQL has no active query of `applicationName` left (at most `timeoutMs`).
 * @returns how many queries were cancelled
 */
export async function drain(admin: pg.Client, applicationName: string, timeoutMs = 15_000): Promise<number> {
  await sleep(200);
  const cancelled = await admin.query<{ n: number }>(
    `select count(*) filter (where pg_cancel_backend(pid))::int as n from pg_stat_activity
     where application_name = $1 and state = 'active' and pid <> pg_backend_pid()`,
    [applicationName],
  );
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const active = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where application_name = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [applicationName],
    );
    if ((active.rows[0]?.n ?? 0) === 0) break;
    await sleep(100);
  }
  // Let the server finish answering the closed connections.
  await sleep(300);
  return cancelled.rows[0]?.n ?? 0;
}

/** Sequential latency of `url` (one client): at least `min` and at most `max` requests within `budgetMs`. */
export async function sequentialLatency(
  url: string,
  headers: Record<string, string>,
  options: { min: number; max: number; budgetMs: number },
): Promise<{ medianMs: number; maxMs: number; n: number; body: unknown }> {
  const times: number[] = [];
  let body: unknown = null;
  const started = performance.now();
  while (
    times.length < options.max &&
    (times.length < options.min || performance.now() - started < options.budgetMs)
  ) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
    body = JSON.parse(text);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    medianMs: sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN,
    maxMs: sorted.at(-1) ?? Number.NaN,
    n: sorted.length,
    body,
  };
}

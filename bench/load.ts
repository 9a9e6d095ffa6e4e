import autocannon from 'autocannon';
import { type CpuSnapshot, type CpuUsage, cpuUsage } from './cpu';

/** Load settings shared by every target so the runs are comparable. */
export interface LoadSettings {
  connections: number;
  /** Seconds of warm-up load per target whose results are discarded. */
  warmupSeconds: number;
  /** Seconds of measured load per target, split into `rounds` equal segments. */
  durationSeconds: number;
  /**
   * Measured segments per target. Targets are loaded in turns (A, B, A, B, ...) so that a change in
   * background load on a shared machine hits both about equally.
   */
  rounds: number;
}

/** The bench's default load: 10 connections, 2 s warm-up, 10 s measured in two 5 s turns per target. */
export const DEFAULT_LOAD: LoadSettings = {
  connections: 10,
  warmupSeconds: 2,
  durationSeconds: 10,
  rounds: 2,
};

/** One target of the load: a loopback URL, its headers, and an optional CPU sampler. */
export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** POST targets: the method, and a body made fresh for every request (a new order, a new payer). */
  method?: 'POST';
  body?: () => { headers?: Record<string, string>; body: unknown };
  /** Takes a CPU snapshot; called right before and after each measured segment. */
  sample?: () => CpuSnapshot;
  /** Reads the server's resident memory (MiB); sampled every 250 ms during the measured segments. */
  rss?: () => number;
}

/** Summary of a target's measured segments. Latencies are in milliseconds, over 2xx responses only. */
export interface LoadResult {
  /** Completed responses per second over the measured segments. */
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Completed 2xx responses. */
  ok: number;
  /** Completed responses with another status, by status code. */
  non2xx: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Measured seconds (sum of the segments). */
  seconds: number;
  /** CPU used during the measured segments, when a sampler was given. */
  cpu: CpuUsage | null;
  /** PostgreSQL transactions per request (sequential probe after the run), when probed. */
  dbXactPerRequest: number | null;
  /** Server resident memory during the measured segments (MiB): highest and mean sample; null unsampled. */
  rssMaxMb: number | null;
  rssMeanMb: number | null;
}

interface Segment {
  times: number[];
  non2xx: Record<string, number>;
  errors: number;
  timeouts: number;
  seconds: number;
  cpu: [CpuSnapshot, CpuSnapshot] | null;
  rss: number[];
}

function assertLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error(`refusing non-loopback ${url}`);
}

/** One autocannon run of `seconds` against `target`, recording every response time. */
async function segment(
  target: Target,
  connections: number,
  seconds: number,
  record: boolean,
): Promise<Segment> {
  const times: number[] = [];
  const non2xx: Record<string, number> = {};
  const before = record ? target.sample?.() : undefined;
  const rss: number[] = [];
  const readRss = target.rss;
  const rssTimer = record && readRss ? setInterval(() => rss.push(readRss()), 250) : null;
  const run = autocannon({
    url: target.url,
    headers: target.headers,
    ...(target.body
      ? {
          method: target.method ?? 'POST',
          requests: [
            {
              method: target.method ?? 'POST',
              setupRequest: (req) => {
                const made = target.body!();
                return {
                  ...req,
                  headers: { ...req.headers, 'content-type': 'application/json', ...made.headers },
                  body: JSON.stringify(made.body),
                };
              },
            },
          ],
        }
      : {}),
    connections,
    duration: seconds,
    timeout: 10,
    renderProgressBar: false,
    renderResultsTable: false,
  });
  run.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    else non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
  });
  const result = await run;
  if (rssTimer) clearInterval(rssTimer);
  const after = record ? target.sample?.() : undefined;
  return {
    times,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
    cpu: before && after ? [before, after] : null,
    rss,
  };
}

/**
 * Load every target with autocannon (loopback only): a warm-up per target, then `rounds` measured
 * segments per target, taking turns. Percentiles are computed from every 2xx response time of the
 * measured segments (autocannon itself reports p97.5, not p95).
 * @returns one result per target, in the order given
 * @throws Error when a URL is not on 127.0.0.1 or localhost
 */
export async function measureInTurns(
  targets: Target[],
  settings: LoadSettings = DEFAULT_LOAD,
): Promise<LoadResult[]> {
  for (const t of targets) assertLoopback(t.url);
  for (const t of targets) {
    console.log(`load: ${t.name} warm-up ${settings.warmupSeconds} s`);
    await segment(t, settings.connections, settings.warmupSeconds, false);
  }
  const perTarget: Segment[][] = targets.map(() => []);
  const seconds = settings.durationSeconds / settings.rounds;
  for (let round = 0; round < settings.rounds; round++) {
    for (const [i, t] of targets.entries()) {
      console.log(`load: ${t.name} round ${round + 1}/${settings.rounds} (${seconds} s)`);
      perTarget[i]?.push(await segment(t, settings.connections, seconds, true));
    }
  }
  return perTarget.map(summarize);
}

function summarize(segments: Segment[]): LoadResult {
  const times = Float64Array.from(segments.flatMap((s) => s.times)).sort();
  const non2xx: Record<string, number> = {};
  for (const s of segments)
    for (const [code, n] of Object.entries(s.non2xx)) non2xx[code] = (non2xx[code] ?? 0) + n;
  const seconds = segments.reduce((a, s) => a + s.seconds, 0);
  const completed = times.length + Object.values(non2xx).reduce((a, b) => a + b, 0);
  const cpuPairs = segments.flatMap((s) => (s.cpu ? [s.cpu] : []));
  const rss = segments.flatMap((s) => s.rss);
  return {
    reqPerSec: seconds > 0 ? completed / seconds : Number.NaN,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    ok: times.length,
    non2xx,
    errors: segments.reduce((a, s) => a + s.errors, 0),
    timeouts: segments.reduce((a, s) => a + s.timeouts, 0),
    seconds,
    cpu: cpuPairs.length > 0 ? cpuUsage(cpuPairs) : null,
    dbXactPerRequest: null,
    rssMaxMb: rss.length > 0 ? Math.max(...rss) : null,
    rssMeanMb: rss.length > 0 ? rss.reduce((a, b) => a + b, 0) / rss.length : null,
  };
}

/** Nearest-rank percentile `p` (0-100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

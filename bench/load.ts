import autocannon from 'autocannon';

/** Load settings shared by every target so the runs are comparable. */
export interface LoadSettings {
  connections: number;
  /** Seconds of warm-up load whose results are discarded. */
  warmupSeconds: number;
  /** Seconds of measured load. */
  durationSeconds: number;
}

/** The bench's default load: 10 connections, 2 s warm-up, 10 s measured. */
export const DEFAULT_LOAD: LoadSettings = { connections: 10, warmupSeconds: 2, durationSeconds: 10 };

/** Summary of one measured run. Latencies are in milliseconds, over 2xx responses only. */
export interface LoadResult {
  /** Mean requests per second over the measured run (autocannon's per-second samples). */
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
}

/**
 * Run autocannon against `url` (loopback only): a warm-up run, then the measured run.
 * Percentiles are computed from every 2xx response time of the measured run (autocannon reports
 * p97.5, not p95).
 * @throws Error when `url` is not on 127.0.0.1 or localhost
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings = DEFAULT_LOAD,
): Promise<LoadResult> {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error(`refusing non-loopback ${url}`);
  const base = {
    url,
    headers,
    connections: settings.connections,
    timeout: 10,
    renderProgressBar: false,
    renderResultsTable: false,
  };
  await autocannon({ ...base, duration: settings.warmupSeconds });

  const times: number[] = [];
  const non2xx: Record<string, number> = {};
  const run = autocannon({ ...base, duration: settings.durationSeconds });
  run.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    else non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
  });
  const result = await run;
  const sorted = Float64Array.from(times).sort();
  return {
    reqPerSec: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    ok: times.length,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Nearest-rank percentile `p` (0-100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

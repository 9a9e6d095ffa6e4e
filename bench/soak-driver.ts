/**
 * The soak benchmark's load driver (`soak.ts`): HTTP calls over one undici pool, a recorder of every
 * answer by route and minute, an open-loop runner that starts calls at a fixed arrival rate, and a
 * closed-loop runner that measures what the product can take.
 *
 * Open loop (fixed arrival rate): call k is due at `start + k / rate` whatever happened to the calls
 * before it, and its latency is counted from that due time, not from when it was sent. A server that
 * stalls therefore shows the stall in the latency of every call that should have started meanwhile
 * (no coordinated omission, the way wrk2 measures); autocannon keeps a fixed number of connections
 * busy instead, which hides it.
 */
import { Pool } from 'undici';

/** The kinds of work the soak mixes; the per-minute table gives one p99 per group. */
export const GROUPS = ['browse', 'purchase', 'decide', 'message', 'payout', 'list', 'export'] as const;
export type Group = (typeof GROUPS)[number];

/** One HTTP call of the mix. */
export interface Call {
  /** The route's pattern, e.g. `GET /api/express/campaigns/:id/messages` (what the report groups by). */
  route: string;
  group: Group;
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  /** Bearer token (a user's or staff member's session). */
  token?: string;
  /** A JSON body. */
  body?: unknown;
  /** Parse the answer as JSON and hand it to `done` (otherwise it is read and dropped). */
  json?: boolean;
  /** Called when the answer has been read (status 0: the request failed without an answer). */
  done?: (status: number, data: unknown) => void;
}

/** What a route answered within one minute. */
export interface RouteStats {
  group: Group;
  /** Latencies of every answer (ms), whatever its status. */
  times: number[];
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** Requests without an answer (connection errors, timeouts). */
  errors: number;
}

/** Percentile `p` (0-100) of `values` by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/**
 * Every answer of a run, by minute (of the due time, from the recorder's start) and route. Statuses
 * are counted per route, so a business refusal (409, 422, 429) is visible where it happened.
 */
export class Recorder {
  readonly minutes: Map<string, RouteStats>[] = [];
  /** Calls the driver did not send (too many in flight), by minute. */
  readonly dropped: number[] = [];
  private startedAt = performance.now();

  /** Count minutes from now. */
  start(): void {
    this.startedAt = performance.now();
    this.minutes.length = 0;
    this.dropped.length = 0;
  }

  /** A call due at `dueAt` that was not sent. */
  drop(dueAt: number): void {
    const minute = this.minuteOf(dueAt);
    this.dropped[minute] = (this.dropped[minute] ?? 0) + 1;
  }

  /** The minute (0-based) of a `performance.now()` instant. */
  minuteOf(at: number): number {
    return Math.max(0, Math.floor((at - this.startedAt) / 60_000));
  }

  record(call: Call, dueAt: number, status: number, ms: number): void {
    const minute = this.minuteOf(dueAt);
    while (this.minutes.length <= minute) this.minutes.push(new Map());
    const bucket = this.minutes[minute]!;
    let stats = bucket.get(call.route);
    if (!stats) {
      stats = { group: call.group, times: [], statuses: {}, errors: 0 };
      bucket.set(call.route, stats);
    }
    if (status === 0) stats.errors++;
    else {
      stats.times.push(ms);
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    }
  }

  /** The minutes `from` (inclusive) to `to` (exclusive) merged per route. */
  merged(from = 0, to = this.minutes.length): Map<string, RouteStats> {
    const out = new Map<string, RouteStats>();
    for (const bucket of this.minutes.slice(from, to)) {
      for (const [route, s] of bucket) {
        let m = out.get(route);
        if (!m) {
          m = { group: s.group, times: [], statuses: {}, errors: 0 };
          out.set(route, m);
        }
        for (const t of s.times) m.times.push(t);
        for (const [code, n] of Object.entries(s.statuses))
          m.statuses[Number(code)] = (m.statuses[Number(code)] ?? 0) + n;
        m.errors += s.errors;
      }
    }
    return out;
  }
}

/** Calls to the product over keep-alive connections of one pool (loopback only). */
export class HttpClient {
  private readonly pool: Pool;
  inFlight = 0;

  /** @param origin `http://127.0.0.1:<port>` */
  constructor(origin: string, connections: number) {
    const { hostname } = new URL(origin);
    if (hostname !== '127.0.0.1' && hostname !== 'localhost')
      throw new Error(`refusing non-loopback ${origin}`);
    this.pool = new Pool(origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
  }

  /**
   * Send `call`, read its answer, record it against `dueAt` (a `performance.now()` instant: the due
   * time in an open loop, the send time in a closed one) and run its `done`.
   */
  async send(call: Call, recorder: Recorder, dueAt: number): Promise<number> {
    this.inFlight++;
    let status = 0;
    let data: unknown = null;
    try {
      const res = await this.pool.request({
        method: call.method,
        path: call.path,
        headers: {
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          'accept-language': 'en',
          'x-platform': '2',
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      if (call.json) {
        const text = await res.body.text();
        try {
          data = text ? JSON.parse(text) : null;
        } catch {
          data = text.slice(0, 300);
        }
      } else await res.body.arrayBuffer();
      status = res.statusCode;
    } catch (err) {
      data = err instanceof Error ? err.message : String(err);
    } finally {
      this.inFlight--;
    }
    recorder.record(call, dueAt, status, performance.now() - dueAt);
    try {
      call.done?.(status, data);
    } catch (err) {
      console.error(`soak: handling the answer of ${call.route} failed:`, err);
    }
    return status;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** How an open-loop run went on the driver's side. */
export interface OpenLoopStats {
  /** Calls due (= started, unless dropped). */
  due: number;
  /** Calls sent more than 50 ms after their due time (the driver itself fell behind). */
  late: number;
  /** Calls not sent because `maxInFlight` calls were already waiting (counted as failures). */
  dropped: number;
}

/**
 * Start `next()`'s call every `1000 / rate` ms for `seconds`, without waiting for answers, then wait
 * for the calls still in flight. `onMinute(m)` runs once minute `m` of the recorder has passed (plus
 * a short grace for its last answers).
 */
export async function runOpenLoop(options: {
  client: HttpClient;
  recorder: Recorder;
  rate: number;
  seconds: number;
  next: () => Call;
  maxInFlight: number;
  onMinute?: (minute: number) => void;
}): Promise<OpenLoopStats> {
  const { client, recorder, rate, seconds, next, maxInFlight, onMinute } = options;
  const interval = 1000 / rate;
  const total = Math.floor(seconds * rate);
  const start = performance.now();
  const stats: OpenLoopStats = { due: 0, late: 0, dropped: 0 };
  const pending = new Set<Promise<unknown>>();
  let reported = 0;
  const reportMinutes = (now: number) => {
    while (onMinute && now - start >= (reported + 1) * 60_000 + 2_000) onMinute(reported++);
  };
  let k = 0;
  while (k < total) {
    const now = performance.now();
    while (k < total && start + k * interval <= now) {
      const dueAt = start + k * interval;
      k++;
      stats.due++;
      if (client.inFlight >= maxInFlight) {
        stats.dropped++;
        recorder.drop(dueAt);
        continue;
      }
      if (now - dueAt > 50) stats.late++;
      const p = client.send(next(), recorder, dueAt);
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    reportMinutes(now);
    const wait = start + k * interval - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wait, 100))));
  }
  await Promise.all(pending);
  const end = Math.max(performance.now(), start + seconds * 1000 + 2_000);
  reportMinutes(end);
  if (onMinute && reported * 60_000 < seconds * 1000) onMinute(reported);
  return stats;
}

/**
 * Closed loop: `concurrency` workers each send `next()`'s call as soon as their previous one has been
 * answered, for `seconds`. The rate they reach is what the product serves of this mix.
 * @returns answers per second (every status), and how many calls were answered
 */
export async function runClosedLoop(options: {
  client: HttpClient;
  recorder: Recorder;
  concurrency: number;
  seconds: number;
  next: () => Call;
}): Promise<{ perSecond: number; answered: number }> {
  const { client, recorder, concurrency, seconds, next } = options;
  const start = performance.now();
  const end = start + seconds * 1000;
  let answered = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const status = await client.send(next(), recorder, performance.now());
        if (status !== 0) answered++;
      }
    }),
  );
  return { perSecond: answered / ((performance.now() - start) / 1000), answered };
}

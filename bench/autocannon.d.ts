/**
 * Minimal typings for the part of autocannon 9's programmatic API the bench uses
 * (the package ships no types and `@types/autocannon` is not installed).
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** Options of one autocannon run (subset). */
  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Per-request timeout in seconds. */
    timeout?: number;
    renderProgressBar?: boolean;
    renderResultsTable?: boolean;
    /** Requests to send in turn; `setupRequest` may rewrite each one before it is sent. */
    requests?: RequestSpec[];
  }

  /** One request of `requests` (subset). */
  export interface RequestSpec {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: RequestSpec, context: Record<string, unknown>) => RequestSpec;
  }

  /** Summary statistics of one histogram. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: string]: number | undefined;
  }

  /** Result of one run. */
  export interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** A running instance: an event emitter that is also awaitable for its result. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  /** Start a run. */
  export default function autocannon(options: Options): Instance;
}

import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

/** The route label of a request that matched no route (404s of unknown paths, scanners). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * One process's Prometheus metrics (issue 33): a registry of its own holding Node's default process
 * metrics, the HTTP histogram, the PostgreSQL pool gauges, the job counters, and whatever gauges the
 * modules add at boot (modules/metrics).
 */
export interface Metrics {
  registry: Registry;
  /**
   * Count one answered request under its route pattern.
   * @param route Fastify's `routeOptions.url` (e.g. `/api/express/campaigns/:id`), never the raw URL;
   *   undefined for a request no route matched ({@link UNMATCHED_ROUTE})
   * @param ms time from the request's arrival to the answer (Fastify's `reply.elapsedTime`)
   */
  observeRequest(method: string, route: string | undefined, status: number, ms: number): void;
  /**
   * Count one job run by this process's workers.
   * @param outcome `completed`, or `failed` when the handler threw (pg-boss retries it)
   * @param ms the handler's run time
   */
  observeJob(queue: string, outcome: 'completed' | 'failed', ms: number): void;
}

/** `2xx`, `4xx`... of an HTTP status. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Build the metrics of a process on `database`'s pool.
 * Metric names: `liberty_http_request_duration_seconds{method,route,status_class}` (histogram: its
 * `_count` is the request rate), `liberty_db_pool_connections`, `liberty_db_pool_idle_connections`,
 * `liberty_db_pool_waiting_clients`, `liberty_job_runs_total{queue,outcome}`,
 * `liberty_job_duration_seconds{queue}`, and prom-client's default `process_*` / `nodejs_*`.
 */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'liberty_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class: time from arrival to answer',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { pool } = database;
  new Gauge({
    name: 'liberty_db_pool_connections',
    help: 'PostgreSQL connections open in the API pool (busy and idle)',
    registers: [registry],
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'liberty_db_pool_idle_connections',
    help: 'PostgreSQL connections of the API pool open and idle',
    registers: [registry],
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'liberty_db_pool_waiting_clients',
    help: 'Queries waiting for a connection of the API pool (all connections busy)',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  const jobRuns = new Counter({
    name: 'liberty_job_runs_total',
    help: "Jobs run by this process's workers, by queue and outcome (failed: the handler threw)",
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'liberty_job_duration_seconds',
    help: "Run time of the jobs of this process's workers, by queue",
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, ms) {
      requests.observe(
        { method, route: route ?? UNMATCHED_ROUTE, status_class: statusClass(status) },
        ms / 1000,
      );
    },
    observeJob(queue, outcome, ms) {
      jobRuns.inc({ queue, outcome });
      jobDuration.observe({ queue }, ms / 1000);
    },
  };
}

/** A started metrics server. */
export interface MetricsServer {
  /** The port it listens on (the given one, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Serve `metrics` in Prometheus's text format on a port of its own (`METRICS_PORT`), apart from the
 * API's: `GET /metrics`, any other path 404. With `token`, a request without
 * `Authorization: Bearer <token>` is answered 401 (for a port reachable beyond the private network).
 * @throws the listen error (port in use, address not available)
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token?: string },
): Promise<MetricsServer> {
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  const authorized = (header: string | undefined) => {
    if (!expected) return true;
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!authorized(req.headers.authorization)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(err)}\n`);
      },
    );
  });
  // Prometheus keeps its connection open between scrapes; the default 5 s keep-alive would close it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

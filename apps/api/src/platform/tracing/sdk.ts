import fs from 'node:fs';
import path from 'node:path';
import FastifyOtelInstrumentation from '@fastify/otel';
import { DiagConsoleLogger, DiagLogLevel, diag } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { API_ROOT } from '../../config/paths';
import { redactSpanUrls } from './redact';
import { tracingStarted } from './state';

/** The two kinds of process (issue 33: service.name lm-api / lm-worker). */
export type TracedService = 'lm-api' | 'lm-worker';

/**
 * Requests not traced: load balancers' and orchestrators' health probes (several a second) and
 * Prometheus' scrapes of the metrics server (`/metrics` on METRICS_PORT).
 */
const UNTRACED_PATH = /^(\/api\/health(\/|\?|$)|\/metrics(\?|$))/;

/** The API's version: `version` of apps/api/package.json (beside dist and src alike). */
export function serviceVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

/**
 * Start the OpenTelemetry SDK for `service`: traces only (metrics are Prometheus', issue 33), exported
 * the way the standard `OTEL_*` variables say (OTLP over http/protobuf by default, to
 * `OTEL_EXPORTER_OTLP_ENDPOINT`; `OTEL_TRACES_SAMPLER` and `_ARG` for sampling), with the HTTP server
 * and client, Fastify (`@fastify/otel`, hooked on every Fastify instance as it is created), node-postgres
 * and undici (`fetch`) instrumentations. Database and outgoing-call spans are made only inside a
 * request's or a job's trace, so pg-boss' polling and the pools' own queries export nothing.
 *
 * Must run before pg, fastify and undici are imported, with import-in-the-middle's loader registered
 * (src/instrumentation.ts does both).
 * @param env `NODE_ENV` names the deployment environment (`deployment.environment.name`);
 *   `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` override the resource given here
 */
export function startTracing(service: TracedService, env: NodeJS.ProcessEnv = process.env): void {
  // The SDK prints its own problems (an unreachable collector, a bad sampler) only with a logger set.
  if (!env.OTEL_LOG_LEVEL) diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.WARN);
  const sdk = new NodeSDK({
    // Ours first; the env detector (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) merges over it.
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: service,
        [ATTR_SERVICE_VERSION]: serviceVersion(),
        // Semantic conventions' incubating name, spelled out (their package advises copying those).
        'deployment.environment.name': env.NODE_ENV ?? 'development',
      }),
    ),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATH.test(req.url ?? ''),
        requireParentforOutgoingSpans: true,
        // Query values and path tokens never reach the collector (platform/tracing/redact.ts).
        requestHook: (span) => redactSpanUrls(span),
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        requestHook: (span) => redactSpanUrls(span),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({ requireParentforSpans: true, requestHook: (span) => redactSpanUrls(span) }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  tracingStarted(() => sdk.shutdown());
}

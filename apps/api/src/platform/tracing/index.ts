/**
 * Traces (issue 33): OpenTelemetry spans exported over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 * The SDK is started by the `--import` entry src/instrumentation.ts (platform/tracing/sdk.ts, never
 * imported by the application, so an untraced process does not load it); the application reads
 * whether it runs, names its requests after their traces and adds the job and provider spans.
 */
export { JOB_TRACE_KEY, runJobInSpan, type TracedJob, withJobTraceContext } from './job-spans';
export { type ProviderMode, traceProvider } from './provider-spans';
export { requestId } from './request-id';
export { isTracingOn, shutdownTracing, tracingNotStartedWarning, tracingRequested } from './state';

/**
 * Whether this process traces, shared by the `--import` entry (src/instrumentation.ts, which starts the
 * SDK) and the application (request ids, job and provider spans, the flush at shutdown). Both import
 * this one module, so they share its state: under tsx by its file URL, in dist through the chunk
 * esbuild splits out for modules that both entry points import.
 */

/** The environment variables that decide whether traces are on (issue 33, "Traces"). */
export interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_SDK_DISABLED?: string;
}

/**
 * True when traces are asked for: `OTEL_EXPORTER_OTLP_ENDPOINT` is set (not empty) and
 * `OTEL_SDK_DISABLED` is not `true`. Off, the OpenTelemetry SDK is not even loaded.
 */
export function tracingRequested(env: TracingEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

let stopSdk: (() => Promise<void>) | null = null;

/** Record the started SDK's shutdown (called once by the SDK start, platform/tracing/sdk.ts). */
export function tracingStarted(shutdown: () => Promise<void>): void {
  stopSdk = shutdown;
}

/** True once the SDK started in this process (and until {@link shutdownTracing}). */
export function isTracingOn(): boolean {
  return stopSdk !== null;
}

/**
 * Export the spans still buffered and stop the SDK (the last step of a graceful shutdown); nothing
 * when tracing is off. Never throws: an exporter that cannot reach its collector must not turn a
 * clean stop into a failed one, so its error is printed instead.
 * @param timeoutMs how long to wait for the export before giving up (ms)
 */
export async function shutdownTracing(timeoutMs = 5_000): Promise<void> {
  const stop = stopSdk;
  stopSdk = null;
  if (!stop) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`traces: the last spans were not exported within ${timeoutMs} ms`);
      resolve();
    }, timeoutMs);
  });
  try {
    await Promise.race([stop(), timeout]);
  } catch (err) {
    console.error('traces: the last spans could not be exported', err instanceof Error ? err.message : err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The warning to print when `OTEL_EXPORTER_OTLP_ENDPOINT` asks for traces but the process was started
 * without the `--import` entry that starts them (a hand-written `node dist/main.js`), else null.
 * @param entry how the entry should have been started, for the message
 */
export function tracingNotStartedWarning(entry: string): string | null {
  if (!tracingRequested() || isTracingOn()) return null;
  return `OTEL_EXPORTER_OTLP_ENDPOINT is set but traces are off: start with ${entry} (docs/operations.md, "Traces")`;
}

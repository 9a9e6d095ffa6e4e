/**
 * Traces' start (issue 33), loaded before the application by Node's `--import`:
 * `node --import ./dist/instrumentation.js dist/main.js` in production, after `--import tsx` from the
 * sources (the npm scripts pass it). ES modules are linked before any of them runs, so an `import` at
 * the top of main.ts would come too late: pg and fastify would be loaded already, unpatched.
 *
 * With `OTEL_EXPORTER_OTLP_ENDPOINT` set (in the environment or `.env`), it registers
 * import-in-the-middle's loader hook (told, through its message channel, to wrap only the modules an
 * instrumentation asks for) and starts the SDK (platform/tracing/sdk.ts) as `lm-worker` for the worker
 * entry and `lm-api` otherwise. Without it, nothing more is loaded: no hook, no SDK.
 */
import path from 'node:path';
import { loadDotEnv } from './config/paths';
import { tracingRequested } from './platform/tracing/state';

loadDotEnv();
if (tracingRequested()) {
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const entry = path.basename(process.argv[1] ?? '');
  try {
    const { startTracing } = await import('./platform/tracing/sdk');
    startTracing(entry.startsWith('worker') ? 'lm-worker' : 'lm-api');
    // The loader knows every module to wrap before the application's first import.
    await waitForAllMessagesAcknowledged();
  } catch (err) {
    // Traces are for operators; a bad OTEL_* setting must not keep the product down.
    console.error(`Traces are off: the OpenTelemetry SDK could not start (${(err as Error).message})`);
  }
}

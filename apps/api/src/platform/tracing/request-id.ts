import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { isTracingOn } from './state';

/**
 * Fastify's `genReqId`: with tracing on, the id of the trace the HTTP server span of this request
 * belongs to (32 lowercase hex digits), so that a log line's `reqId`, an error answer's `requestId`
 * and the trace in the collector are one key. The HTTP instrumentation makes that span the active one
 * while Fastify takes the request in. Off (or for a request left untraced, like the health probes), a
 * random UUID as before issue 33.
 */
export function requestId(): string {
  if (!isTracingOn()) return randomUUID();
  const context = trace.getActiveSpan()?.spanContext();
  return context && context.traceId !== '00000000000000000000000000000000' ? context.traceId : randomUUID();
}

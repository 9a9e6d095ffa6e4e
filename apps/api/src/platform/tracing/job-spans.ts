import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { isTracingOn } from './state';

/**
 * The key of a job's data that carries the sender's trace context (W3C `traceparent`, `tracestate`).
 * Written only with tracing on, and removed before the handler sees the data.
 */
export const JOB_TRACE_KEY = '_trace';

const tracer = trace.getTracer('lm-jobs');

/**
 * `data` with the active trace context added under {@link JOB_TRACE_KEY}, so the job's run joins the
 * trace of the request (or job) that sent it. `data` itself when tracing is off or nothing is traced.
 */
export function withJobTraceContext<T extends object>(data: T): T {
  if (!isTracingOn() || Array.isArray(data)) return data;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...data, [JOB_TRACE_KEY]: carrier } : data;
}

/** A job as the worker runs it: its queue, id, retries so far and data (with the sender's context). */
export interface TracedJob {
  queue: string;
  id: string;
  retryCount: number;
  data: object;
}

/**
 * Run `handler` on `job` inside a span named after the queue (kind CONSUMER), the child of the span
 * that sent the job when its data carries one: a request's trace shows the jobs it caused, their
 * retries included. Attributes: `messaging.system` pg-boss, `messaging.destination.name` (queue),
 * `messaging.message.id` (job id), `pgboss.job.attempt` (1 for the first run) and, at the end,
 * `pgboss.job.outcome` (`completed` or `failed`; a failure also records the exception and sets the
 * span's status to error). Tracing off: `handler` alone.
 * @param handler receives the job's data without {@link JOB_TRACE_KEY}
 * @throws whatever `handler` throws (pg-boss then retries or fails the job)
 */
export async function runJobInSpan(job: TracedJob, handler: (data: object) => Promise<void>): Promise<void> {
  const { [JOB_TRACE_KEY]: carrier, ...data } = job.data as Record<string, unknown>;
  const own = carrier === undefined ? job.data : data;
  if (!isTracingOn()) return handler(own);
  const parent =
    carrier && typeof carrier === 'object'
      ? propagation.extract(context.active(), carrier as Record<string, string>)
      : context.active();
  return tracer.startActiveSpan(
    job.queue,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'pg-boss',
        'messaging.operation.type': 'process',
        'messaging.destination.name': job.queue,
        'messaging.message.id': job.id,
        'pgboss.job.attempt': job.retryCount + 1,
      },
    },
    parent,
    async (span) => {
      try {
        await handler(own);
        span.setAttribute('pgboss.job.outcome', 'completed');
      } catch (err) {
        span.setAttribute('pgboss.job.outcome', 'failed');
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: err instanceof Error ? err.message : String(err),
        });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

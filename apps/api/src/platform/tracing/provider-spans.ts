import { SpanStatusCode, trace } from '@opentelemetry/api';
import { isTracingOn } from './state';

const tracer = trace.getTracer('lm-providers');

/** How a provider runs (providers/modes.ts): the vendor's API, the sandbox, or turned off. */
export type ProviderMode = 'real' | 'sandbox' | 'off' | string;

/**
 * `target` with each of its methods (or only `methods`) run inside a span `<provider>.<method>`, with
 * the attributes `provider.name`, `provider.operation` and `provider.mode`; an error (thrown, or a
 * rejected promise) sets the span's status to error and is passed on unchanged. The HTTP calls a
 * real client makes (undici's `fetch`, node's http) are the span's children. Tracing off: `target`
 * itself, so the untraced product pays nothing.
 * @param provider the provider's name in spans (`spotify`, `wise`, `payments.card`, `mail` ...)
 */
export function traceProvider<T extends object>(
  provider: string,
  mode: ProviderMode,
  target: T,
  methods?: readonly string[],
): T {
  if (!isTracingOn()) return target;
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || (methods && !methods.includes(key)))
        return value;
      let traced = wrapped.get(key);
      if (!traced) {
        traced = function (this: unknown, ...args: unknown[]) {
          return inSpan(provider, mode, key, () => value.apply(this === receiver ? object : this, args));
        };
        wrapped.set(key, traced);
      }
      return traced;
    },
  });
}

/** Run `call` in the span of one provider operation; the span ends when its promise settles. */
function inSpan(provider: string, mode: string, operation: string, call: () => unknown): unknown {
  return tracer.startActiveSpan(
    `${provider}.${operation}`,
    { attributes: { 'provider.name': provider, 'provider.operation': operation, 'provider.mode': mode } },
    (span) => {
      const failed = (err: unknown) => {
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: err instanceof Error ? err.message : String(err),
        });
      };
      let result: unknown;
      try {
        result = call();
      } catch (err) {
        failed(err);
        span.end();
        throw err;
      }
      if (result instanceof Promise) {
        return result.then(
          (value) => {
            span.end();
            return value;
          },
          (err: unknown) => {
            failed(err);
            span.end();
            throw err;
          },
        );
      }
      span.end();
      return result;
    },
  );
}

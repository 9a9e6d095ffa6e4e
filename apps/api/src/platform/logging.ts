import { type FastifyServerOptions, LogController } from 'fastify';

/** True when the `pino-pretty` package can be loaded (a devDependency: absent from a production install). */
export function prettyAvailable(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's logging: on a terminal, one readable line per request through
 * pino-pretty (`GET /api/health 200 3 ms`), the request lines of Fastify turned off in favour of that
 * one; otherwise (a pipe, a file, a log collector) pino's JSON lines unchanged. `silent` logs nothing.
 */
export function loggerOptions(
  level: string,
  tty: boolean,
  pretty: boolean = prettyAvailable(),
): Pick<FastifyServerOptions, 'logger' | 'logController'> & { oneLinePerRequest: boolean } {
  if (level === 'silent') return { logger: false, oneLinePerRequest: false };
  if (!tty || !pretty) return { logger: { level }, oneLinePerRequest: false };
  return {
    logger: {
      level,
      transport: {
        target: 'pino-pretty',
        options: {
          colorize: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId',
        },
      },
    },
    logController: new LogController({ disableRequestLogging: true }),
    oneLinePerRequest: true,
  };
}

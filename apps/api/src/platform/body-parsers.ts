import type { ZodApp } from './app';
import { ValidationError } from './errors';

// Request bodies that are not parsed as JSON: webhooks read their exact bytes, HTML forms post
// URL-encoded fields. Each route scope that needs one of these registers it for itself.

/** Largest request body a webhook may send (1 MiB). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Keep the JSON bodies of `scope` as they arrived (a Buffer, or a string with `parseAs: 'string'`), up
 * to 1 MiB, instead of parsing them: a webhook's signature is computed over the exact bytes. Call it
 * inside the webhook's own `app.register` scope, so the rest of the app still parses JSON.
 */
export function keepRawJsonBodies(scope: ZodApp, parseAs: 'buffer' | 'string'): void {
  scope.addContentTypeParser(
    'application/json',
    { parseAs, bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
}

/**
 * Parse the URL-encoded bodies of `scope` (what plain HTML forms post) into an object of strings, up
 * to `bodyLimit` bytes.
 */
export function parseFormBodies(scope: ZodApp, bodyLimit: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/**
 * Parse the JSON bodies of `scope` whether they arrive as `application/json` or as `text/plain` (what
 * `navigator.sendBeacon` sends for a string: a beacon cannot set its own content type without a CORS
 * preflight), up to `bodyLimit` bytes. Text that is not JSON is the caller's input: a translated 422,
 * not the 400 of Fastify's own parser.
 */
export function parseBeaconBodies(scope: ZodApp, bodyLimit: number): void {
  const parse = (_req: unknown, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new ValidationError({ _: ['validation.invalid'] }));
    }
  };
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, parse);
  scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, parse);
}

import type { Attributes, Span } from '@opentelemetry/api';

/**
 * Span attributes that carry an address (old and stable HTTP semantic conventions): their query values
 * and the tokens some paths carry are secrets or personal data (password-reset tokens and e-mail
 * addresses in a query, `access_token` and `client_secret` of provider calls, share and unsubscribe
 * tokens in a path) that must not reach a trace collector (issue 33).
 */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full', 'url.path', 'url.query', 'url.original'];

/** Paths whose last segment is a bearer token: results share links, CRM unsubscribe, open and click links. */
const TOKEN_PATH = /^((?:[a-z]+:\/\/[^/]+)?\/api\/(?:public\/results|crm\/[uoc]))\/[^/?#]+/i;

/**
 * `value` with every query parameter's value replaced by `REDACTED` (names kept, for debugging) and a
 * token path segment by `:token`.
 * @param isQuery the value is a query alone (`url.query`, no `?`)
 */
export function redactUrl(value: string, isQuery = false): string {
  const hide = (query: string) => query.replace(/=[^&#]*/g, '=REDACTED');
  if (isQuery) return hide(value);
  const at = value.indexOf('?');
  const base = (at === -1 ? value : value.slice(0, at)).replace(TOKEN_PATH, '$1/:token');
  return at === -1 ? base : `${base}?${hide(value.slice(at + 1))}`;
}

/**
 * Rewrite the address attributes a span was started with through {@link redactUrl}: the instrumentations'
 * `requestHook`, called right after they set them.
 */
export function redactSpanUrls(span: Span): void {
  // The SDK's spans keep their attributes readable (ReadableSpan); a non-recording span has none.
  const attributes = (span as unknown as { attributes?: Attributes }).attributes;
  if (!attributes) return;
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key];
    if (typeof value === 'string') span.setAttribute(key, redactUrl(value, key === 'url.query'));
  }
}

import type { ApiError } from '@lm/contracts';

/**
 * Error thrown by the API clients for every failed call: HTTP errors carry the server's
 * `{ message, code?, errors?, requestId }`; client-side failures use status 0 and the codes
 * OFFLINE, TIMEOUT, NETWORK or ABORTED.
 */
export class ApiRequestError extends Error implements ApiError {
  readonly status: number;
  readonly code?: string;
  readonly errors?: Record<string, string[]>;
  readonly requestId?: string;

  constructor(status: number, body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body.code;
    this.errors = body.errors;
    this.requestId = body.requestId;
  }
}

/** True when `error` is an {@link ApiRequestError} with the given HTTP status (and code, when given). */
export function isApiError(error: unknown, status?: number, code?: string): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    (status === undefined || error.status === status) &&
    (code === undefined || error.code === code)
  );
}

import type { ApiError } from '@lm/contracts/api';

/**
 * A call the API refused or could not answer (issue 34, "A typed SDK"). HTTP errors carry the
 * server's error body (DESIGN section 3: `{ message, code?, errors?, requestId }`, the message in the
 * client's language) and the status; a body that is not the API's error shape (a proxy's page)
 * keeps the status with the response's status text as the message.
 */
export class ApiCallError extends Error implements ApiError {
  /** HTTP status: 401 (`USR_UNAUTHENTICATED`), 403, 404, 409, 422 (`VALIDATION_FAILED`), 429, 503... */
  readonly status: number;
  /** Machine-readable code (`ERROR_CODES` of `@lm/contracts/api`), when the API gave one. */
  readonly code?: string;
  /** Per-field messages of a 422, e.g. `{ "playlist_ids": ["..."] }`. */
  readonly errors?: Record<string, string[]>;
  /** The request's id, to quote when asking for support. */
  readonly requestId?: string;

  constructor(status: number, body: ApiError) {
    super(body.message);
    this.name = 'ApiCallError';
    this.status = status;
    this.code = body.code;
    this.errors = body.errors;
    this.requestId = body.requestId;
  }
}

/** Whether `value` has the API's error shape (a string `message`). */
export function isApiErrorBody(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).message === 'string';
}

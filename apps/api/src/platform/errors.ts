import { ERROR_CODES } from '@lm/contracts';

/** Field errors as i18n keys (or key + params), translated by the error handler. */
export type FieldErrors = Record<string, (string | { key: string; params?: Record<string, unknown> })[]>;

/**
 * A business error with an HTTP status and a message key of the shared catalog. The single error
 * handler translates the key into the request language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly options: {
      code?: string;
      params?: Record<string, unknown>;
      errors?: FieldErrors;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

/** 401 USR_UNAUTHENTICATED: token missing, expired or revoked. */
export class UnauthenticatedError extends AppError {
  constructor(messageKey = 'auth.unauthenticated') {
    super(401, messageKey, { code: ERROR_CODES.UNAUTHENTICATED });
  }
}

/** 403: signed in but lacking the permission (or another forbidding rule, with its own code). */
export class ForbiddenError extends AppError {
  constructor(messageKey = 'auth.forbidden', code: string = ERROR_CODES.FORBIDDEN) {
    super(403, messageKey, { code });
  }
}

/** 404. */
export class NotFoundError extends AppError {
  constructor(messageKey = 'errors.not_found') {
    super(404, messageKey, { code: ERROR_CODES.NOT_FOUND });
  }
}

/** 409: the state machine or a balance forbids the action. */
export class ConflictError extends AppError {
  constructor(messageKey = 'errors.conflict', params?: Record<string, unknown>) {
    super(409, messageKey, { code: ERROR_CODES.CONFLICT, params });
  }
}

/** 422 with per-field messages; the first field's first message is also the main message. */
export class ValidationError extends AppError {
  constructor(errors: FieldErrors, messageKey?: string) {
    const first = Object.values(errors)[0]?.[0];
    const key = messageKey ?? (typeof first === 'string' ? first : (first?.key ?? 'errors.bad_request'));
    super(422, key, {
      code: ERROR_CODES.VALIDATION,
      errors,
      params: typeof first === 'object' ? first.params : undefined,
    });
  }
}

/** 429 with Retry-After. */
export class TooManyRequestsError extends AppError {
  constructor(messageKey: string, retryAfterSeconds: number, params?: Record<string, unknown>) {
    super(429, messageKey, {
      code: ERROR_CODES.RATE_LIMITED,
      params,
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}

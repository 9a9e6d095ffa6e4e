import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { translateMessage } from '../i18n/i18n';

/** What every zod issue carries besides its own fields. */
type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/**
 * Text of an issue the schema gave no message for, as the API answers it (apps/api
 * `validationText`): a missing value is "Field is required", a number out of range
 * "{value} is min value" / "{value} is max value", a string too long "Value is too long".
 */
function genericMessage(issue: RawIssue): string {
  const i = issue as RawIssue & { minimum?: unknown; maximum?: unknown; origin?: string; input?: unknown };
  if (i.code === 'invalid_type' && i.input === undefined) return translateMessage('validation.required');
  if (i.code === 'too_small') {
    if (i.origin === 'string' && Number(i.minimum) === 1) return translateMessage('validation.required');
    return translateMessage('validation.min_value', { value: i.minimum });
  }
  if (i.code === 'too_big') {
    if (i.origin === 'string') return translateMessage('validation.too_long');
    return translateMessage('validation.max_value', { value: i.maximum });
  }
  return translateMessage('validation.invalid');
}

/**
 * Text of a zod issue for a form field: a message key of the contracts is translated with the issue's
 * own fields as parameters (`{{minimum}}`, `{{maximum}}`, and a custom issue's `params`), exactly as
 * the API's error handler does, so a field shows the sentence the server would answer.
 */
export function issueMessage(issue: Issue): string {
  const {
    code: _code,
    message,
    path: _path,
    ...fields
  } = issue as Issue & { params?: Record<string, unknown> };
  const params = { ...fields, ...((fields as { params?: Record<string, unknown> }).params ?? {}) };
  return translateMessage(message, params);
}

/**
 * react-hook-form resolver for a contracts zod schema (STYLE "Forms"): parses with the schema's own
 * method, gives issues without a message the API's generic texts and translates message keys with
 * their parameters ({@link issueMessage}); the first issue of a field is its error.
 */
export function contractsResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { error: genericMessage });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      flat[path] ??= { type: issue.code, message: issueMessage(issue) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

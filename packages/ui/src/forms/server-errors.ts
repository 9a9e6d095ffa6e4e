import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../api/api-error';

/**
 * Puts the server's field errors of a 422 answer (`errors: { field: [msg, ...] }`) under their
 * fields, first message each (spec section 5). Returns true when at least one field got an error.
 * Only fields the form knows are set when `fields` is given.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): boolean {
  if (!(error instanceof ApiRequestError) || !error.errors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages?.[0];
    if (!first || (fields && !fields.includes(field))) continue;
    setError(field as Path<T>, { type: 'server', message: first });
    applied = true;
  }
  return applied;
}

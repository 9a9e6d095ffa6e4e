import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/api-error';
import { applyServerErrors } from './server-errors';

describe('applyServerErrors', () => {
  it('sets the first message of each field', () => {
    const setError = vi.fn();
    const error = new ApiRequestError(422, {
      message: 'Invalid',
      errors: { email: ['taken', 'second'], phone_number: ['bad'], unknown: ['x'] },
    });
    expect(applyServerErrors(error, setError, ['email', 'phone_number'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'taken' }],
      ['phone_number', { type: 'server', message: 'bad' }],
    ]);
  });

  it('ignores other errors', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new Error('x'), setError)).toBe(false);
    expect(applyServerErrors(new ApiRequestError(500, { message: 'x' }), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

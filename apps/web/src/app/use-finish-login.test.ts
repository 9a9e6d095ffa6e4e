import { describe, expect, it } from 'vitest';
import { safeRedirect } from './use-finish-login';

describe('safeRedirect', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/account?tab=1')).toBe('/account?tab=1');
    expect(safeRedirect('//evil.test/x')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.test')).toBe('/dashboard');
    expect(safeRedirect('https://evil.test')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});

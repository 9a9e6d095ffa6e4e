import { describe, expect, it } from 'vitest';
import { toastPosition } from './AppProviders';

describe('toastPosition (toasts never cover the top bar or the page title)', () => {
  it('opens toasts at the bottom on phones, where a toast is as wide as the screen', () => {
    expect(toastPosition(true, false)).toBe('bottom-center');
    expect(toastPosition(true, true)).toBe('bottom-center');
  });

  it('opens toasts in the bottom corner at the start of the reading direction on wider screens, away from the header, "New campaign" and the Save button', () => {
    expect(toastPosition(false, false)).toBe('bottom-left');
    expect(toastPosition(false, true)).toBe('bottom-right');
  });
});

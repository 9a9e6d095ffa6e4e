import { describe, expect, it } from 'vitest';
import { formatVital } from './WebVitalsPage';

describe('formatVital', () => {
  it('writes paints in seconds from 1 s, INP in ms and CLS unitless, in the reader’s language', () => {
    expect(formatVital('LCP', 2634.4, 'en')).toBe('2.63 sec');
    expect(formatVital('LCP', 812, 'en')).toBe('812 ms');
    expect(formatVital('INP', 199.6, 'en')).toBe('200 ms');
    expect(formatVital('CLS', 0.1, 'en')).toBe('0.10');
    expect(formatVital('LCP', 2634.4, 'fr')).toBe('2,63\u202fs');
    // Arabic keeps Latin digits (docs/frontend.md) and its own unit.
    expect(formatVital('LCP', 2634.4, 'ar')).toBe('2.63 ث');
  });
});

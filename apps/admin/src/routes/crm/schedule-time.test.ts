import { describe, expect, it } from 'vitest';
import { instantToZoned, timeZones, zonedToInstant } from './schedule-time';

describe('schedule times in a chosen zone', () => {
  it('reads a wall-clock time in the zone, across summer and winter time', () => {
    expect(zonedToInstant('2026-12-01T10:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
    expect(zonedToInstant('2026-07-01T10:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(zonedToInstant('2026-12-01T10:00', 'Asia/Dubai')?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(zonedToInstant('2026-12-01T10:00', 'America/New_York')?.toISOString()).toBe(
      '2026-12-01T15:00:00.000Z',
    );
    expect(zonedToInstant('2026-12-01T10:00', 'UTC')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('takes the first of a repeated hour and refuses what is not a date and time', () => {
    // 29 March 2026 02:30 does not exist in Paris (clocks jump to 03:00); 25 October 02:30 happens twice.
    expect(zonedToInstant('2026-10-25T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedToInstant('2026-13-45', 'Europe/Paris')).toBeNull();
    expect(zonedToInstant('', 'UTC')).toBeNull();
  });

  it('writes an instant back as the zone reads it, and lists UTC first', () => {
    expect(instantToZoned('2026-12-01T09:00:00.000Z', 'Europe/Paris')).toBe('2026-12-01T10:00');
    expect(timeZones()[0]).toBe('UTC');
    expect(timeZones()).toContain('Europe/Istanbul');
  });
});

/** Source of the current time; tests pass a controllable one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance (milliseconds). */
export function manualClock(
  start = new Date(),
): Clock & { set(d: Date): void; advance(ms: number): void; offsetMs(): number; reset(): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    offsetMs: () => current - Date.now(),
    reset: () => {
      current = Date.now();
    },
    set: (d) => {
      current = d.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/**
 * The system clock shifted by an offset that a dev control can move forward (sandbox time travel for
 * demos and browser tests: a campaign's 28 days pass in one click). Never used in production.
 * The offset lives in this process.
 */
export function offsetClock(): Clock & { advance(ms: number): void; offsetMs(): number; reset(): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
    reset: () => {
      offset = 0;
    },
  };
}

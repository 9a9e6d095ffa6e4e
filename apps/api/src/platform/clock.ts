/** Source of the current time; tests pass a controllable one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance (milliseconds). */
export function manualClock(start = new Date()): Clock & { set(d: Date): void; advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d) => {
      current = d.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

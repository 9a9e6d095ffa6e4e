/**
 * Wall-clock times in a chosen time zone for campaign schedules (issue 36 item 2): the staff member picks
 * a date, a time and an IANA zone; the API stores the instant and the zone's name.
 */

/** Every IANA zone the browser knows, UTC first. */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}

/** The browser's own zone (`Europe/Paris`), or UTC when it tells none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The wall-clock parts of `instant` in `zone`, as milliseconds of a UTC date with the same reading. */
function wallMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/**
 * The instant at which clocks in `zone` read `local` (`YYYY-MM-DDTHH:mm`, as a datetime-local input
 * gives it), or null when `local` is not such a value. A reading skipped by a daylight-saving jump
 * lands just after the jump; a repeated one takes its first occurrence.
 */
export function zonedToInstant(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wanted = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let guess = wanted - (wallMs(wanted, zone) - wanted);
  guess = wanted - (wallMs(guess, zone) - guess);
  const earlier = guess - 3_600_000;
  if (wallMs(earlier, zone) === wanted) return new Date(earlier);
  return new Date(guess);
}

/** `instant` as clocks in `zone` read it, in the datetime-local input's form (`YYYY-MM-DDTHH:mm`). */
export function instantToZoned(instant: string | Date, zone: string): string {
  return new Date(wallMs(new Date(instant).getTime(), zone)).toISOString().slice(0, 16);
}

/** "1 Dec 2026, 10:00 GMT+1" in the language, read in `zone`. */
export function formatInZone(instant: string | Date, language: string, zone: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  }).format(new Date(instant));
}

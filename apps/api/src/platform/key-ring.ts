/**
 * The application's secret keys during a rotation (issue 33, "rotate APP_KEY"): `current` (APP_KEY)
 * seals and signs everything new; `all` is what opening and verifying try, the current key first, then
 * the previous ones (APP_KEY_PREVIOUS) in the order given. Built once from the configuration
 * (`config.keys`); the secret box (platform/secret-box.ts), signed values (platform/signed.ts) and the
 * CRM's mail links take it.
 */
export interface KeyRing {
  /** The key everything new is sealed or signed with. */
  readonly current: string;
  /** The current key, then the previous ones, without repeats. */
  readonly all: readonly string[];
}

/** What the sealing and signing functions take: a ring, or one key (a ring of that key alone). */
export type Keys = KeyRing | string;

/** The shortest key accepted (APP_KEY and every APP_KEY_PREVIOUS entry), in characters. */
export const MIN_KEY_LENGTH = 32;

/**
 * A key ring of `current` and the keys it replaced.
 * @param previous older keys, most recent first; repeats and the current key itself are dropped
 */
export function createKeyRing(current: string, previous: readonly string[] = []): KeyRing {
  const all = [...new Set([current, ...previous])];
  return Object.freeze({ current, all: Object.freeze(all) });
}

/** `keys` as a ring (a single key is a ring of one). */
export function asKeyRing(keys: Keys): KeyRing {
  return typeof keys === 'string' ? createKeyRing(keys) : keys;
}

/**
 * The keys of `APP_KEY_PREVIOUS`: comma-separated, spaces around each trimmed, empty entries dropped.
 * @returns [] when unset or empty
 */
export function parsePreviousKeys(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { asKeyRing, type Keys } from './key-ring';

/** Format marker of a sealed value (lets a later key or algorithm change read old values). */
const VERSION = 'v1';

/** Derived keys by APP_KEY: HKDF once per key and process, not once per seal or open. */
const derived = new Map<string, Buffer>();

/** A 256-bit key for provider tokens, derived from APP_KEY with HKDF-SHA256 (never APP_KEY itself). */
function tokenKey(appKey: string): Buffer {
  let key = derived.get(appKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appKey, 'liberty-marketplace', 'provider-tokens:v1', 32));
    derived.set(appKey, key);
  }
  return key;
}

/**
 * Encrypt a provider secret (OAuth access or refresh token, DKIM private key) for storage: AES-256-GCM
 * with a random 96-bit nonce, key derived from the ring's current key (APP_KEY). `purpose` is bound as
 * additional data, so a value sealed for one column (e.g. `tiktok:refresh`) does not open as another.
 * @returns `v1.<nonce>.<tag>.<ciphertext>` in base64url
 */
export function sealSecret(keys: Keys, plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(asKeyRing(keys).current), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** A sealed value opened: its plain text and the key of the ring that opened it (0: the current one). */
export interface OpenedSecret {
  plain: string;
  /** Index in `KeyRing.all`: 0 is the current key, more is a previous one (the value wants re-sealing). */
  keyIndex: number;
}

/**
 * Open a value made by `sealSecret` with the ring's keys, current first: GCM's tag tells which key
 * sealed it (a wrong key fails authentication, it never yields other plain text).
 * @throws Error when the value is malformed, no key of the ring opens it with this purpose, or it was
 *   altered
 */
export function openSealed(keys: Keys, sealed: string, purpose: string): OpenedSecret {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('sealed secret malformed');
  const { all } = asKeyRing(keys);
  for (let keyIndex = 0; keyIndex < all.length; keyIndex += 1) {
    const decipher = createDecipheriv('aes-256-gcm', tokenKey(all[keyIndex]!), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return { plain: plain.toString('utf8'), keyIndex };
    } catch {
      // Authentication failed: another key, or an altered value (then no key opens it).
    }
  }
  throw new Error('sealed secret does not open with any key (APP_KEY, APP_KEY_PREVIOUS) for this purpose');
}

/**
 * Decrypt a value made by `sealSecret` with the same purpose, trying the current key, then the previous
 * ones (see {@link openSealed}).
 * @throws Error when the value is malformed, was sealed with no key of the ring or another purpose, or
 *   was altered
 */
export function openSecret(keys: Keys, sealed: string, purpose: string): string {
  return openSealed(keys, sealed, purpose).plain;
}

/**
 * The value sealed again with the current key when a previous key sealed it (`npm run rotate-secrets`),
 * or null when the current key already did (nothing to do).
 * @throws Error like {@link openSealed} when no key opens it
 */
export function resealSecret(keys: Keys, sealed: string, purpose: string): string | null {
  const opened = openSealed(keys, sealed, purpose);
  return opened.keyIndex === 0 ? null : sealSecret(keys, opened.plain, purpose);
}

/**
 * A database column whose values are made by `sealSecret`, declared by the module that owns it and
 * re-sealed by `npm run rotate-secrets` (modules/secrets). The table's key is its `id` column.
 */
export interface SealedColumn {
  /** Table name in SQL. */
  table: string;
  /** Column name in SQL (text, null when nothing is stored). */
  column: string;
  /** Other columns of the row the purpose depends on (e.g. `platform`); none when it is constant. */
  reads?: readonly string[];
  /** The purpose the row's value was sealed with (the same `sealSecret` was given). */
  purpose(row: Readonly<Record<string, unknown>>): string;
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Format marker of a sealed value (lets a later key or algorithm change read old values). */
const VERSION = 'v1';

/** A 256-bit key for provider tokens, derived from APP_KEY with HKDF-SHA256 (never APP_KEY itself). */
function tokenKey(appKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'liberty-marketplace', 'provider-tokens:v1', 32));
}

/**
 * Encrypt a provider secret (OAuth access or refresh token) for storage: AES-256-GCM with a random
 * 96-bit nonce, key derived from APP_KEY. `purpose` is bound as additional data, so a value sealed for
 * one column (e.g. `tiktok:refresh`) does not open as another.
 * @returns `v1.<nonce>.<tag>.<ciphertext>` in base64url
 */
export function sealSecret(appKey: string, plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(appKey), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Decrypt a value made by `sealSecret` with the same key and purpose.
 * @throws Error when the value is malformed, was sealed with another key or purpose, or was altered
 */
export function openSecret(appKey: string, sealed: string, purpose: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('sealed secret malformed');
  const decipher = createDecipheriv('aes-256-gcm', tokenKey(appKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

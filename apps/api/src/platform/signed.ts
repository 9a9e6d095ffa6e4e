import { createHmac, timingSafeEqual } from 'node:crypto';
import { asKeyRing, type Keys } from './key-ring';

/**
 * Sign a small JSON payload with HMAC-SHA256 of the ring's current key and an expiry:
 * `base64url(payload).base64url(mac)`. Stateless, so any instance can verify it (OAuth state, share
 * links, sandbox provider codes).
 * @param ttlSeconds lifetime in seconds
 */
export function signValue(keys: Keys, payload: object, ttlSeconds: number, nowMs = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ ...payload, exp: Math.floor(nowMs / 1000) + ttlSeconds }),
  ).toString('base64url');
  const mac = createHmac('sha256', asKeyRing(keys).current).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/**
 * Verify and decode a value made by `signValue` under any key of the ring (current first, then
 * APP_KEY_PREVIOUS); null when forged, malformed or expired.
 */
export function verifyValue<T extends object>(keys: Keys, value: string, nowMs = Date.now()): T | null {
  const [body, mac] = value.split('.');
  if (!body || !mac) return null;
  const given = Buffer.from(mac, 'base64url');
  const signed = asKeyRing(keys).all.some((key) => {
    const expected = createHmac('sha256', key).update(body).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp: number };
    if (typeof parsed.exp !== 'number' || parsed.exp * 1000 < nowMs) return null;
    return parsed;
  } catch {
    return null;
  }
}

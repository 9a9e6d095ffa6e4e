import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Sign a small JSON payload with HMAC-SHA256 and an expiry: `base64url(payload).base64url(mac)`.
 * Stateless, so any instance can verify it (OAuth state, sandbox provider codes).
 * @param ttlSeconds lifetime in seconds
 */
export function signValue(key: string, payload: object, ttlSeconds: number, nowMs = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ ...payload, exp: Math.floor(nowMs / 1000) + ttlSeconds }),
  ).toString('base64url');
  const mac = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** Verify and decode a value made by `signValue`; null when forged, malformed or expired. */
export function verifyValue<T extends object>(key: string, value: string, nowMs = Date.now()): T | null {
  const [body, mac] = value.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp: number };
    if (typeof parsed.exp !== 'number' || parsed.exp * 1000 < nowMs) return null;
    return parsed;
  } catch {
    return null;
  }
}

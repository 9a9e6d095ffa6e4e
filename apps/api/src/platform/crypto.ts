import { hash as digest, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP argon2id parameters (m=19456 KiB, t=2, p=1). Algorithm 2 = Argon2id in @node-rs/argon2. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password with argon2id (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verify a password against a PHC hash; false for a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A fixed argon2id hash used to spend equal time when an account does not exist (no enumeration by timing). */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-the-password-of-anyone');
  return dummyHash.then((h) => verifyPassword(h, password));
}

/** 256 random bits, URL-safe base64 (43 chars). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 hex of a token or code: the only form stored. Node's one-shot `crypto.hash` (every
 * authenticated request hashes its token; a Hash object per call showed in the profile).
 */
export function sha256(value: string): string {
  return digest('sha256', value, 'hex');
}

/** A 6-digit code from a CSPRNG, zero-padded. */
export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header the sandbox providers sign their webhook deliveries with (Stripe's scheme, own name). */
export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';
/** How old (or how far ahead) a signed timestamp may be, in seconds (Stripe's default). */
export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;

function mac(key: string, timestamp: number, body: string | Buffer): Buffer {
  return createHmac('sha256', key).update(`${timestamp}.`).update(body).digest();
}

/**
 * Sign a webhook body like Stripe does: HMAC-SHA256 over `${t}.${body}`.
 * @param nowMs signing time (ms since epoch)
 * @returns the header value `t=<unix seconds>,v1=<hex>`
 */
export function signSandboxPayload(key: string, body: string | Buffer, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(key, t, body).toString('hex')}`;
}

/**
 * Check a `Sandbox-Signature` header against the raw body: one `v1` must match and `t` must be
 * within the tolerance of `nowMs`.
 * @throws Error when the header is missing or malformed, no signature matches, or it is too old
 */
export function verifySandboxSignature(
  key: string,
  rawBody: Buffer,
  header: string | undefined,
  nowMs = Date.now(),
): void {
  if (!header) throw new Error(`sandbox webhook without ${SANDBOX_SIGNATURE_HEADER} header`);
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value))
      signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new Error(`malformed ${SANDBOX_SIGNATURE_HEADER} header`);
  }
  const expected = mac(key, timestamp, rawBody);
  if (!signatures.some((given) => timingSafeEqual(given, expected))) {
    throw new Error('sandbox webhook signature does not match the body');
  }
  if (Math.abs(nowMs / 1000 - timestamp) > SANDBOX_SIGNATURE_TOLERANCE_SECONDS) {
    throw new Error('sandbox webhook signature timestamp outside the tolerance');
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';

/** Development secret of the inbound mail webhook, used only outside production when none is set. */
const DEV_INBOUND_SECRET = 'dev-only-inbound-mail-secret-0123456789abcdef';

/**
 * The secret the inbound mail webhook is signed with: `INBOUND_MAIL_SECRET`, or the development one
 * outside production; null in production without it (reply-by-mail is off).
 */
export function inboundSecret(config: Pick<Config, 'INBOUND_MAIL_SECRET' | 'NODE_ENV'>): string | null {
  return config.INBOUND_MAIL_SECRET ?? (config.NODE_ENV === 'production' ? null : DEV_INBOUND_SECRET);
}

function mac(secret: string, ticketId: number): string {
  return createHmac('sha256', `${secret}:ticket-reply`).update(String(ticketId)).digest('hex').slice(0, 24);
}

/**
 * The Reply-To address of mails about ticket `ticketId`: `ticket+<id>.<mac>@<INBOUND_MAIL_DOMAIN>`, the
 * mac an HMAC of the id (96 bits), so an address cannot be made up for another ticket (
 * replies are matched by this token, never by the subject). Null when reply-by-mail is off.
 */
export function replyAddress(
  config: Pick<Config, 'INBOUND_MAIL_SECRET' | 'NODE_ENV' | 'INBOUND_MAIL_DOMAIN'>,
  ticketId: number,
): string | null {
  const secret = inboundSecret(config);
  if (!secret) return null;
  return `ticket+${ticketId}.${mac(secret, ticketId)}@${config.INBOUND_MAIL_DOMAIN}`;
}

/**
 * The ticket id named by a genuine reply address among `recipients` (a To/Cc header value: names,
 * angle brackets and several addresses allowed), or null when none carries a valid token.
 */
export function ticketFromRecipients(
  config: Pick<Config, 'INBOUND_MAIL_SECRET' | 'NODE_ENV' | 'INBOUND_MAIL_DOMAIN'>,
  recipients: string,
): number | null {
  const secret = inboundSecret(config);
  if (!secret) return null;
  const domain = config.INBOUND_MAIL_DOMAIN.toLowerCase().replace(/[.]/g, '\\.');
  const pattern = new RegExp(`ticket\\+(\\d{1,9})\\.([0-9a-f]{24})@${domain}`, 'gi');
  for (const match of recipients.matchAll(pattern)) {
    const id = Number(match[1]);
    const given = Buffer.from(match[2]!.toLowerCase());
    const expected = Buffer.from(mac(secret, id));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  return null;
}

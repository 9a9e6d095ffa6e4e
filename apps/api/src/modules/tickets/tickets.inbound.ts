import { createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_LIMITS } from '@lm/contracts/tickets';
import { sql } from 'drizzle-orm';
import EmailReplyParser from 'email-reply-parser';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { files } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { newUploadKey } from '../files';
import { inboundSecret, ticketFromRecipients } from './tickets.inbound-address';
import { addReply, type TicketDeps } from './tickets.service';

/** Seconds a signed inbound delivery stays acceptable (replays of an old capture are refused). */
export const INBOUND_TOLERANCE_SECONDS = 300;

/** The inbound webhook's signature is missing, malformed, stale or forged. */
export class InboundSignatureError extends Error {}
/** Reply-by-mail is off (production without INBOUND_MAIL_SECRET). */
export class InboundOffError extends Error {}

/**
 * The shape the common inbound-mail providers post, normalised (Postmark, Mailgun, SendGrid and
 * Cloudflare Email Workers all give these): sender, recipients, subject, text and HTML parts, the
 * Message-ID, and attachments as base64.
 */
export const inboundMailSchema = z.object({
  from: z.string().max(500),
  to: z.string().max(2_000),
  cc: z.string().max(2_000).optional(),
  subject: z.string().max(1_000).optional(),
  text: z.string().max(200_000).optional(),
  html: z.string().max(500_000).optional(),
  message_id: z.string().max(300).optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().max(255).optional(),
        content_type: z.string().max(100).optional(),
        content: z.string().max(15_000_000),
      }),
    )
    .max(20)
    .optional(),
});
export type InboundMail = z.infer<typeof inboundMailSchema>;

/**
 * Sign a webhook body the way the inbound provider does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">` (used by the sandbox sender and the tests).
 */
export function signInbound(
  secret: string,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac('sha256', secret).update(`${nowSeconds}.${rawBody}`).digest('hex');
  return `t=${nowSeconds},v1=${mac}`;
}

/**
 * Check a delivery's signature header against the body, within INBOUND_TOLERANCE_SECONDS.
 * @throws InboundSignatureError when missing, malformed, stale or not matching
 */
export function verifyInbound(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs = Date.now(),
) {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]),
  );
  const ts = Number(parts.t);
  if (!parts.t || !parts.v1 || !Number.isInteger(ts)) throw new InboundSignatureError('malformed');
  if (Math.abs(nowMs / 1000 - ts) > INBOUND_TOLERANCE_SECONDS) throw new InboundSignatureError('stale');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest('hex'));
  const given = Buffer.from(String(parts.v1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new InboundSignatureError('forged');
}

/** The visible text of a mail: its text part (or its HTML reduced to text), without quoted history or signature. */
export function visibleText(mail: Pick<InboundMail, 'text' | 'html'>): string {
  const text =
    mail.text ??
    sanitizeHtml(
      (mail.html ?? '').replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|blockquote|h\d)>/gi, '\n'),
      {
        allowedTags: [],
        allowedAttributes: {},
        nonTextTags: ['style', 'script', 'textarea', 'noscript', 'head', 'title'],
      },
    )
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  return new EmailReplyParser()
    .parseReply(text.replace(/\r\n/g, '\n'))
    .trim()
    .slice(0, TICKET_LIMITS.messageMax);
}

const addressOf = (value: string): string => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();

/** What became of a delivery. */
export type InboundOutcome =
  | { status: 'added'; ticket_id: number; reply_id: number }
  | { status: 'duplicate'; ticket_id: number }
  | { status: 'ignored'; reason: 'no_ticket' | 'sender' | 'empty' };

/**
 * Process one delivery of the generic signed shape (the `signed` inbound provider, default, and the
 * sandbox sender's): verify the `x-inbound-signature` header, then `acceptInboundMail`: find
 * the ticket by the signed token of its reply address (never by the subject), accept it only from
 * the ticket's user's address, strip quoted text, keep allowed attachments (type by content, 10 MB,
 * 5 at most), and add the reply as the user's. A delivery replayed (same Message-ID, or the same body
 * when the provider gives none) adds nothing the second time.
 * @throws InboundOffError (reply-by-mail off); InboundSignatureError; ZodError (body not the shape)
 */
export async function processInbound(
  deps: TicketDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<InboundOutcome> {
  const secret = inboundSecret(deps.config);
  if (!secret) throw new InboundOffError();
  verifyInbound(secret, rawBody, signature);
  const mail = inboundMailSchema.parse(JSON.parse(rawBody));
  return acceptInboundMail(deps, mail, `sha256:${sha256(rawBody)}`);
}

/**
 * Add a verified, normalised inbound mail to its ticket (the part every provider's adapter shares):
 * the ticket found by the signed token of its reply address, the sender the ticket's user, the text
 * stripped of quoted history, the allowed attachments kept, the reply added once per Message-ID
 * (`fallbackId`, a hash of the delivery, when the mail has none).
 * @throws InboundOffError (reply-by-mail off); ZodError (the mail does not fit the normalised shape)
 */
export async function acceptInboundMail(
  deps: TicketDeps,
  input: InboundMail,
  fallbackId: string,
): Promise<InboundOutcome> {
  if (!inboundSecret(deps.config)) throw new InboundOffError();
  const mail = inboundMailSchema.parse(input);
  const ticketId = ticketFromRecipients(deps.config, `${mail.to},${mail.cc ?? ''}`);
  if (ticketId === null) return { status: 'ignored', reason: 'no_ticket' };
  const rows = await deps.database.db.execute<{ user_id: number; email: string }>(sql`
    select t.user_id, u.email from tickets t join users u on u.id = t.user_id
     where t.id = ${ticketId} and u.deleted_at is null`);
  const ticket = rows.rows[0];
  if (!ticket || addressOf(mail.from) !== ticket.email.toLowerCase())
    return { status: 'ignored', reason: 'sender' };
  const messageId = mail.message_id?.trim().slice(0, 300) || fallbackId;
  const known = await deps.database.db.execute(
    sql`select 1 from ticket_replies where inbound_message_id = ${messageId}`,
  );
  if (known.rows.length > 0) return { status: 'duplicate', ticket_id: ticketId };
  const message = visibleText(mail);
  if (!message) return { status: 'ignored', reason: 'empty' };
  const stored = [];
  for (const attachment of (mail.attachments ?? []).slice(0, TICKET_LIMITS.attachmentsPerMessage)) {
    const bytes = Buffer.from(attachment.content, 'base64');
    if (bytes.length === 0 || bytes.length > TICKET_LIMITS.attachmentMaxBytes) continue;
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !TICKET_LIMITS.attachmentMimes.includes(type.mime)) continue;
    const key = newUploadKey(deps.clock.now(), type.ext === 'jpeg' ? 'jpg' : type.ext);
    await deps.storage.put(key, bytes, type.mime);
    const file = {
      path: key,
      originalName: (attachment.filename || `attachment.${type.ext}`).slice(0, 255),
      mime: type.mime,
      sizeBytes: bytes.length,
    };
    await deps.database.db
      .insert(files)
      .values({ ...file, driver: deps.storage.driver, userId: ticket.user_id });
    stored.push(file);
  }
  const replyId = await addReply(
    deps,
    { kind: 'user', id: ticket.user_id },
    {
      ticket_id: ticketId,
      message,
      is_internal: false,
      files: stored,
      via: 'email',
      inboundMessageId: messageId,
    },
  );
  if (replyId === null) return { status: 'duplicate', ticket_id: ticketId };
  return { status: 'added', ticket_id: ticketId, reply_id: replyId };
}

import { createHmac, createPublicKey, timingSafeEqual, verify as verifySignature } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { sha256 } from '../../platform/crypto';
import { type InboundMailProvider, inboundMailMode } from '../../providers/modes';
import {
  acceptInboundMail,
  INBOUND_TOLERANCE_SECONDS,
  type InboundMail,
  InboundOffError,
  type InboundOutcome,
  InboundSignatureError,
  processInbound,
} from './tickets.inbound';
import { inboundSecret } from './tickets.inbound-address';
import type { TicketDeps } from './tickets.service';

/** One delivery of an inbound-mail webhook, as the route received it (the raw bytes are signed). */
export interface InboundRequest {
  body: Buffer;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Turns a provider's delivery into the normalised mail, after checking it comes from that provider. */
export type InboundAdapter = (config: Config, request: InboundRequest, nowMs: number) => Promise<InboundMail>;

const header = (request: InboundRequest, name: string): string | undefined => {
  const v = request.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const fresh = (seconds: number, nowMs: number) =>
  Number.isFinite(seconds) && Math.abs(nowMs / 1000 - seconds) <= INBOUND_TOLERANCE_SECONDS;

/** Multipart or URL-encoded form fields and files, parsed by the platform's own `Response.formData()`. */
async function formOf(request: InboundRequest): Promise<FormData> {
  const type = request.contentType.toLowerCase();
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded'))
    throw new SyntaxError('a form was expected');
  return new Response(new Uint8Array(request.body), {
    headers: { 'content-type': request.contentType },
  }).formData();
}

const field = (form: FormData, name: string): string | undefined => {
  const v = form.get(name);
  return typeof v === 'string' ? v : undefined;
};

async function fileAttachment(value: ReturnType<FormData['get']>) {
  if (!value || typeof value === 'string') return null;
  const bytes = Buffer.from(await value.arrayBuffer());
  return { filename: value.name, content_type: value.type, content: bytes.toString('base64') };
}

/** The Message-ID of a raw header block ("Name: value" lines, folded lines joined). */
function messageIdOfHeaders(raw: string | undefined): string | undefined {
  const unfolded = (raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(.+)$/im.exec(unfolded)?.[1]?.trim();
}

// --- Postmark -------------------------------------------------------------------------------------

const postmarkAddress = z.object({ Email: z.string(), Name: z.string().optional() });
/** Postmark's inbound webhook JSON (the fields used here; Postmark sends more). */
const postmarkSchema = z.object({
  From: z.string().optional(),
  FromFull: postmarkAddress.optional(),
  To: z.string().default(''),
  ToFull: z.array(postmarkAddress).optional(),
  Cc: z.string().optional(),
  OriginalRecipient: z.string().optional(),
  Subject: z.string().optional(),
  MessageID: z.string().optional(),
  TextBody: z.string().optional(),
  HtmlBody: z.string().optional(),
  Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
  Attachments: z
    .array(z.object({ Name: z.string().optional(), Content: z.string(), ContentType: z.string().optional() }))
    .optional(),
});

/**
 * Postmark inbound (JSON). Postmark does not sign inbound posts; its documented protection is HTTP
 * basic authentication in the webhook URL, so the `Authorization: Basic` header must carry
 * `INBOUND_POSTMARK_BASIC_AUTH` ("user:password"), compared in constant time.
 * @throws InboundSignatureError (credentials missing or wrong); ZodError / SyntaxError (not Postmark's shape)
 */
export const postmarkAdapter: InboundAdapter = async (config, request) => {
  const auth = header(request, 'authorization') ?? '';
  const given = /^basic\s+(.+)$/i.exec(auth)?.[1];
  const expected = config.INBOUND_POSTMARK_BASIC_AUTH ?? '';
  if (!given || !expected || !sameText(Buffer.from(given, 'base64').toString('utf8'), expected))
    throw new InboundSignatureError('forged');
  const mail = postmarkSchema.parse(JSON.parse(request.body.toString('utf8')));
  const headerId = mail.Headers?.find((h) => h.Name.toLowerCase() === 'message-id')?.Value;
  return {
    from: mail.FromFull?.Email ?? mail.From ?? '',
    to: [mail.To, mail.OriginalRecipient, ...(mail.ToFull ?? []).map((t) => t.Email)]
      .filter(Boolean)
      .join(','),
    cc: mail.Cc,
    subject: mail.Subject,
    text: mail.TextBody || undefined,
    html: mail.HtmlBody || undefined,
    message_id: headerId ?? (mail.MessageID ? `postmark:${mail.MessageID}` : undefined),
    attachments: (mail.Attachments ?? []).map((a) => ({
      filename: a.Name,
      content_type: a.ContentType,
      content: a.Content,
    })),
  };
};

// --- Mailgun --------------------------------------------------------------------------------------

/** Mailgun's route signature: hex HMAC-SHA256 of `timestamp + token` with the webhook signing key. */
export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest('hex');
}

/**
 * Mailgun routes `forward()` (URL-encoded, or multipart when the mail has attachments): `timestamp`,
 * `token` and `signature` in the body are checked with `INBOUND_MAILGUN_SIGNING_KEY` within
 * INBOUND_TOLERANCE_SECONDS; `from`, `recipient`/`To`, `Cc`, `subject`, `body-plain`, `body-html`,
 * `Message-Id` and the files `attachment-1` … `attachment-<attachment-count>` make the mail.
 * @throws InboundSignatureError (missing, stale or forged); SyntaxError (not a form)
 */
export const mailgunAdapter: InboundAdapter = async (config, request, nowMs) => {
  const form = await formOf(request);
  const timestamp = field(form, 'timestamp') ?? '';
  const token = field(form, 'token') ?? '';
  const signature = field(form, 'signature') ?? '';
  const key = config.INBOUND_MAILGUN_SIGNING_KEY ?? '';
  if (!timestamp || !token || !signature || !key) throw new InboundSignatureError('malformed');
  if (!fresh(Number(timestamp), nowMs)) throw new InboundSignatureError('stale');
  if (!sameText(signature.toLowerCase(), mailgunSignature(key, timestamp, token)))
    throw new InboundSignatureError('forged');
  const count = Math.min(Number(field(form, 'attachment-count') ?? 0) || 0, 20);
  const attachments = [];
  for (let i = 1; i <= count; i += 1) {
    const file = await fileAttachment(form.get(`attachment-${i}`));
    if (file) attachments.push(file);
  }
  return {
    from: field(form, 'from') ?? field(form, 'sender') ?? '',
    to: [field(form, 'To'), field(form, 'recipient')].filter(Boolean).join(','),
    cc: field(form, 'Cc'),
    subject: field(form, 'subject'),
    text: field(form, 'body-plain') || undefined,
    html: field(form, 'body-html') || undefined,
    message_id: field(form, 'Message-Id'),
    attachments,
  };
};

// --- SendGrid -------------------------------------------------------------------------------------

/** SendGrid's signature headers (the Event Webhook's ECDSA scheme, used by Inbound Parse security policies). */
export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** The public key of `INBOUND_SENDGRID_PUBLIC_KEY`: PEM, or the base64 DER (SPKI) SendGrid shows. */
function sendgridKey(value: string) {
  const pem = value.includes('BEGIN PUBLIC KEY')
    ? value
    : `-----BEGIN PUBLIC KEY-----\n${value.replace(/\s+/g, '')}\n-----END PUBLIC KEY-----\n`;
  return createPublicKey(pem);
}

/**
 * SendGrid Inbound Parse (multipart): the ECDSA (P-256, SHA-256) signature of `timestamp + raw body`
 * in the signature header is checked with `INBOUND_SENDGRID_PUBLIC_KEY` within
 * INBOUND_TOLERANCE_SECONDS; `from`, `to`, `cc`, `subject`, `text`, `html`, the Message-ID of
 * `headers`, and the files `attachment1` … `attachment<attachments>` (names from `attachment-info`)
 * make the mail.
 * @throws InboundSignatureError (missing, stale or forged); SyntaxError (not a form)
 */
export const sendgridAdapter: InboundAdapter = async (config, request, nowMs) => {
  const signature = header(request, SENDGRID_SIGNATURE_HEADER);
  const timestamp = header(request, SENDGRID_TIMESTAMP_HEADER);
  const key = config.INBOUND_SENDGRID_PUBLIC_KEY;
  if (!signature || !timestamp || !key) throw new InboundSignatureError('malformed');
  if (!fresh(Number(timestamp), nowMs)) throw new InboundSignatureError('stale');
  let valid = false;
  try {
    valid = verifySignature(
      'sha256',
      Buffer.concat([Buffer.from(timestamp), request.body]),
      sendgridKey(key),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    valid = false;
  }
  if (!valid) throw new InboundSignatureError('forged');
  const form = await formOf(request);
  const count = Math.min(Number(field(form, 'attachments') ?? 0) || 0, 20);
  let info: Record<string, { filename?: string; type?: string }> = {};
  try {
    info = JSON.parse(field(form, 'attachment-info') ?? '{}');
  } catch {
    info = {};
  }
  const attachments = [];
  for (let i = 1; i <= count; i += 1) {
    const file = await fileAttachment(form.get(`attachment${i}`));
    if (file) attachments.push({ ...file, filename: info[`attachment${i}`]?.filename ?? file.filename });
  }
  return {
    from: field(form, 'from') ?? '',
    to: field(form, 'to') ?? '',
    cc: field(form, 'cc'),
    subject: field(form, 'subject'),
    text: field(form, 'text') || undefined,
    html: field(form, 'html') || undefined,
    message_id: messageIdOfHeaders(field(form, 'headers')),
    attachments,
  };
};

/** The adapter of each provider (the generic signed JSON is `processInbound` itself). */
export const INBOUND_ADAPTERS: Record<Exclude<InboundMailProvider, 'signed'>, InboundAdapter> = {
  postmark: postmarkAdapter,
  mailgun: mailgunAdapter,
  sendgrid: sendgridAdapter,
};

/**
 * One delivery of `POST /api/tickets/inbound-mail`: read and verified by the adapter of the
 * configured provider (`inboundMailMode`: the generic signed JSON by default, or Postmark, Mailgun,
 * SendGrid), then added to its ticket once (a replay of the same Message-ID adds nothing).
 * @throws InboundOffError; InboundSignatureError; ZodError / SyntaxError (not the provider's shape)
 */
export async function receiveInbound(
  deps: TicketDeps,
  request: InboundRequest,
  nowMs = Date.now(),
): Promise<InboundOutcome> {
  const mode = inboundMailMode(deps.config);
  if (mode === 'signed')
    return processInbound(deps, request.body.toString('utf8'), header(request, 'x-inbound-signature'));
  if (!inboundSecret(deps.config)) throw new InboundOffError();
  const mail = await INBOUND_ADAPTERS[mode](deps.config, request, nowMs);
  return acceptInboundMail(deps, mail, `sha256:${sha256(request.body.toString('base64'))}`);
}

import { TICKET_LIMITS } from '@lm/contracts/tickets';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { files } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { TicketDeps } from './tickets.context';
import { ticketAttachments } from './tickets.schema';

/** A file checked for a ticket message. */
export interface CheckedFile {
  path: string;
  originalName: string;
  mime: string;
  sizeBytes: number;
}

/**
 * Check attachment keys: each an upload (`file/upload`) by this uploader, of an allowed type (decided
 * from the bytes at upload) and at most 10 MB; at most 5 a message (the schema refuses more).
 * @throws ValidationError 422 on `attachments` ('validation.upload_not_yours', 'tickets.attachment_type',
 *   'tickets.attachment_too_large')
 */
export async function checkAttachments(
  db: Database | Tx,
  keys: readonly string[],
  uploader: { userId: number } | { adminId: number },
): Promise<CheckedFile[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const owner =
    'userId' in uploader ? eq(files.userId, uploader.userId) : eq(files.adminId, uploader.adminId);
  const rows = await db.db
    .select()
    .from(files)
    .where(and(inArray(files.path, unique), owner));
  const byPath = new Map(rows.map((r) => [r.path, r]));
  return unique.map((key) => {
    const file = byPath.get(key);
    if (!file) throw new ValidationError({ attachments: ['validation.upload_not_yours'] });
    if (!TICKET_LIMITS.attachmentMimes.includes(file.mime))
      throw new ValidationError({ attachments: ['tickets.attachment_type'] });
    if (file.sizeBytes > TICKET_LIMITS.attachmentMaxBytes)
      throw new ValidationError({
        attachments: [{ key: 'tickets.attachment_too_large', params: { max: '10 MB' } }],
      });
    return { path: file.path, originalName: file.originalName, mime: file.mime, sizeBytes: file.sizeBytes };
  });
}

/** Store a message's attachments, their bytes moved out of the public /storage so only the ticket's people can read them. */
export async function saveAttachments(
  tx: Tx,
  storage: TicketDeps['storage'],
  ticketId: number,
  replyId: number | null,
  list: CheckedFile[],
) {
  if (list.length === 0) return;
  const moved = [];
  for (const f of list) moved.push({ ...f, path: await storage.makePrivate(f.path) });
  await tx.db.insert(ticketAttachments).values(moved.map((f) => ({ ticketId, replyId, ...f })));
}

/**
 * The name a download offers: the sender's file name without folders, control characters, quotes or
 * backslashes (a name from an inbound mail is anyone's text), at most 200 characters, 'attachment'
 * when nothing is left. The header encoding itself (RFC 6266/8187) is the content-disposition package's.
 */
export function downloadName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/["\\]/g, '_')
    .trim()
    .slice(0, 200);
  return clean || 'attachment';
}

/** An attachment's stored bytes as its download answers them. */
export type AttachmentDownload = {
  path: string;
  name: string;
  mime: string;
  size: number;
};

/**
 * The attachment `id` if `viewer` may download it: a user only one of their own
 * tickets' attachments, on the ticket itself or on a message that is not an internal note; staff (the
 * route checks `tickets.show`) any. Others answer 404, so existence is not revealed.
 * @throws NotFoundError 404
 */
export async function attachmentForDownload(
  deps: Pick<TicketDeps, 'database'>,
  viewer: { kind: 'user'; id: number } | { kind: 'admin' },
  id: number,
): Promise<AttachmentDownload> {
  const rows = await deps.database.db.execute<AttachmentDownload>(sql`
    select a.path, a.original_name as name, a.mime, a.size_bytes::float8 as size
      from ticket_attachments a
      join tickets t on t.id = a.ticket_id
      left join ticket_replies r on r.id = a.reply_id
     where a.id = ${id}
       ${viewer.kind === 'user' ? sql`and t.user_id = ${viewer.id} and not coalesce(r.is_internal, false)` : sql``}`);
  const row = rows.rows[0];
  if (!row) throw new NotFoundError();
  return row;
}

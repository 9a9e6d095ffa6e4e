import type { Language } from '@lm/contracts';
import type { MailMessageKey, NotificationMessage } from '@lm/contracts/messages';
import {
  TICKET_EDITABLE_STATUSES,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_STATUS,
  TICKET_STATUSES,
  type TicketCreate,
  type TicketReply,
  type TicketUpdate,
  ticketDeletable,
} from '@lm/contracts/tickets';
import { localized, type Translations } from '@lm/contracts/translations';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { localizedSql } from '../../db/localized';
import { isUniqueViolation } from '../../db/pg-error';
import { files } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { type AuditActor, audit } from '../audit';
import { notify } from '../notifications';
import { getSettings } from '../settings';
import { replyAddress } from './tickets.inbound-address';
import {
  ticketAttachments,
  ticketReplies,
  tickets,
  ticketsDepartmentAdmins,
  ticketsDepartments,
} from './tickets.schema';
import { clockOnStatus, dueTimes, isRunning } from './tickets.sla';

/** What the tickets service needs from the app. */
export type TicketDeps = Pick<AppDeps, 'database' | 'mail' | 'clock' | 'config' | 'storage'>;

/** Who acts: a user on their own tickets, or an admin (route permissions already checked). */
export type TicketActor =
  | { kind: 'user'; id: number; userTypeId?: number; ip?: string; userAgent?: string | null }
  | { kind: 'admin'; id: number; permissions?: ReadonlySet<string>; ip?: string; userAgent?: string | null };

const auditActor = (a: TicketActor): AuditActor => ({
  type: a.kind,
  id: a.id,
  ip: a.ip ?? null,
  userAgent: a.userAgent ?? null,
});

/** Statuses counted as open work (assignment, stats). */
const OPEN_SQL = sql.raw('(1, 2, 5)');

// ---------------------------------------------------------------------------------------------
// Views

/** Name and colour of a status or priority, the name in the reader's language. */
export interface Badge {
  name: string;
  color: string;
}

/** `tickets_status{name,color}` of a status id in `lang`. */
export function statusBadge(statusId: number, lang: Language): Badge {
  const entry = TICKET_STATUSES.find((s) => s.id === statusId);
  return { name: t(lang, `tickets.status.${statusId}`), color: entry ? kindColor(entry.kind) : 'gray' };
}

/** `tickets_priority{name,color}` of a priority id in `lang`. */
export function priorityBadge(priorityId: number, lang: Language): Badge {
  const entry = TICKET_PRIORITIES.find((p) => p.id === priorityId);
  return { name: t(lang, `tickets.priority.${priorityId}`), color: entry?.color ?? 'gray' };
}

function kindColor(kind: string): string {
  return (
    { waiting: 'yellow', in_progress: 'blue', success: 'green', failure: 'red', neutral: 'gray' } as Record<
      string,
      string
    >
  )[kind]!;
}

/**
 * An attachment as readers get it: the file's name, type, size and `url`, the access-checked
 * download route (`GET /api/ticket_attachments/{id}`, a bearer token needed), never a public address.
 */
export interface AttachmentView {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/** A ticket as the lists and the detail answer it (spec section 3 "Ticket" and issue 14). */
export interface TicketView {
  id: number;
  ticket_subject: string;
  initial_message: string;
  campaign_id: number | null;
  custom_campaign_id: number | null;
  campaign_name: string | null;
  department_id: number;
  tickets_department: { department_name: string };
  user_id: number;
  user_name: string;
  user_email: string;
  admin_id: number | null;
  admin_name: string | null;
  priority_id?: number;
  tickets_priority?: Badge;
  status_id?: number;
  tickets_status?: Badge;
  attachments: AttachmentView[];
  created_at: string;
  updated_at: string;
  last_reply_at: string | null;
  first_response_due_at: string | null;
  resolution_due_at: string | null;
  first_response_at: string | null;
  resolved_at: string | null;
  /** The next promise staff must keep (null when not waiting on staff). */
  due_at: string | null;
  overdue: boolean;
  rating: number | null;
  rating_comment: string | null;
  is_closed: boolean;
  can_close: boolean;
  can_rate: boolean;
  can_delete: boolean;
}

type TicketRow = {
  id: number;
  ticket_subject: string;
  initial_message: string;
  campaign_id: number | null;
  custom_campaign_id: number | null;
  campaign_name: string | null;
  department_id: number;
  department_name: string;
  department_translations: Translations<'department_name'> | null;
  user_id: number;
  user_name: string;
  user_email: string;
  admin_id: number | null;
  admin_name: string | null;
  priority_id: number;
  status_id: number;
  created_at: Date;
  updated_at: Date;
  last_reply_at: Date | null;
  first_response_due_at: Date;
  first_response_at: Date | null;
  resolution_due_at: Date;
  resolved_at: Date | null;
  rating: number | null;
  rating_comment: string | null;
};

/** The next due time of a running ticket: the first answer while none was given, then resolution. */
const DUE_SQL = sql`(case when t.status_id in (1, 2) then
  case when t.first_response_at is null then least(t.first_response_due_at, t.resolution_due_at)
       else t.resolution_due_at end end)`;

/** The platform's name of an express campaign row `c` (1 Spotify, 2 TikTok, 3 Instagram). */
const PLATFORM_NAME_SQL = sql.raw(
  `(case c.campaign_type_id when 2 then 'TikTok' when 3 then 'Instagram' else 'Spotify' end)`,
);

const TICKET_SELECT = sql`select t.id, t.ticket_subject, t.initial_message, t.campaign_id, t.custom_campaign_id,
    case when c.id is not null then '#' || c.id || ' ' || c.track_name || ' (' || ${PLATFORM_NAME_SQL} || ')'
         when cc.id is not null then '#' || cc.id || ' ' || cc.name || ' (Spotify)'
    end as campaign_name,
    t.department_id, d.department_name, d.translations as department_translations, t.user_id,
    trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email,
    t.admin_id, a.name as admin_name, t.priority_id, t.status_id, t.created_at, t.updated_at,
    t.last_reply_at, t.first_response_due_at, t.first_response_at, t.resolution_due_at, t.resolved_at,
    t.rating, t.rating_comment
  from tickets t
  join tickets_departments d on d.id = t.department_id
  join users u on u.id = t.user_id
  left join admins a on a.id = t.admin_id
  left join express_campaigns c on c.id = t.campaign_id
  left join custom_campaigns cc on cc.id = t.custom_campaign_id`;

/** Raw `execute` answers timestamps as text ("2026-05-01 10:00:00.123+00"): make them dates. */
function normaliseDates<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(row))
    if (key.endsWith('_at') && typeof value === 'string') out[key] = new Date(value);
  return out as T;
}

function toView(
  row: TicketRow,
  attachments: AttachmentView[],
  viewer: { kind: 'user'; userTypeId: number } | { kind: 'admin' },
  lang: Language,
  now: Date,
): TicketView {
  row = normaliseDates(row);
  const running = isRunning(row.status_id);
  const due = running
    ? row.first_response_at
      ? row.resolution_due_at
      : new Date(Math.min(row.first_response_due_at.getTime(), row.resolution_due_at.getTime()))
    : null;
  // Spec section 6: priority and status columns are hidden from signed-in users of type above 1.
  const showBadges = viewer.kind === 'admin' || viewer.userTypeId <= 1;
  const closed = row.status_id === TICKET_STATUS.CLOSED;
  const resolved = row.status_id === TICKET_STATUS.RESOLVED || closed;
  return {
    id: row.id,
    ticket_subject: row.ticket_subject,
    initial_message: row.initial_message,
    campaign_id: row.campaign_id,
    custom_campaign_id: row.custom_campaign_id,
    campaign_name: row.campaign_name,
    department_id: row.department_id,
    tickets_department: {
      department_name: localized(row.department_name, row.department_translations, 'department_name', lang),
    },
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    admin_id: row.admin_id,
    admin_name: row.admin_name,
    ...(showBadges
      ? {
          priority_id: row.priority_id,
          tickets_priority: priorityBadge(row.priority_id, lang),
          status_id: row.status_id,
          tickets_status: statusBadge(row.status_id, lang),
        }
      : {}),
    attachments,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_reply_at: row.last_reply_at?.toISOString() ?? null,
    first_response_due_at: viewer.kind === 'admin' ? row.first_response_due_at.toISOString() : null,
    resolution_due_at: viewer.kind === 'admin' ? row.resolution_due_at.toISOString() : null,
    first_response_at: row.first_response_at?.toISOString() ?? null,
    resolved_at: row.resolved_at?.toISOString() ?? null,
    due_at: viewer.kind === 'admin' && due ? due.toISOString() : null,
    overdue: viewer.kind === 'admin' && due !== null && due < now,
    rating: row.rating,
    rating_comment: row.rating_comment,
    is_closed: closed,
    can_close: !closed,
    can_rate: resolved,
    can_delete: ticketDeletable(row.status_id),
  };
}

/** The download route of an attachment (issue 14 item a). */
export const attachmentUrl = (id: number): string => `/api/ticket_attachments/${id}`;

async function attachmentsOf(
  db: Database | Tx,
  _deps: Pick<TicketDeps, 'storage'>,
  ticketId: number,
  replyIds: number[] | null,
): Promise<Map<number | null, AttachmentView[]>> {
  const rows = await db.db
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(ticketAttachments.id);
  const out = new Map<number | null, AttachmentView[]>();
  for (const r of rows) {
    if (replyIds && r.replyId !== null && !replyIds.includes(r.replyId)) continue;
    const list = out.get(r.replyId) ?? [];
    list.push({
      id: r.id,
      name: r.originalName,
      mime: r.mime,
      size: r.sizeBytes,
      url: attachmentUrl(r.id),
    });
    out.set(r.replyId, list);
  }
  return out;
}

/**
 * One ticket as `viewer` may see it (`GET ticket/{id}`): a user only their own (others answer 404,
 * never 403, so existence is not revealed).
 * @throws NotFoundError 404 when it does not exist or is another user's
 */
export async function getTicket(
  deps: TicketDeps,
  viewer: { kind: 'user'; id: number; userTypeId: number } | { kind: 'admin' },
  id: number,
  lang: Language,
): Promise<TicketView> {
  const owner = viewer.kind === 'user' ? sql` and t.user_id = ${viewer.id}` : sql``;
  const rows = await deps.database.db.execute<TicketRow>(sql`${TICKET_SELECT} where t.id = ${id}${owner}`);
  const row = rows.rows[0];
  if (!row) throw new NotFoundError();
  const attachments = await attachmentsOf(deps.database, deps, id, []);
  return toView(row, attachments.get(null) ?? [], viewer, lang, deps.clock.now());
}

/** Filters of the staff list (issue 14 "staff list with filters (status, priority, department, assignee, due)"). */
export interface TicketListFilter {
  statusId?: number[];
  priorityId?: number;
  departmentId?: number;
  /** An admin id, 'none' (unassigned). */
  adminId?: number | 'none';
  userId?: number;
  /** overdue: a running ticket past its next due time; soon: due within 24 hours. */
  due?: 'overdue' | 'soon';
  q?: string;
}

/** Sortable columns of ticket lists. */
export const TICKET_ORDER_COLUMNS = [
  'created_at',
  'due',
  'priority_id',
  'status_id',
  'id',
  'last_reply_at',
] as const;
export type TicketOrderColumn = (typeof TICKET_ORDER_COLUMNS)[number];

/**
 * A page of tickets, filtered and sorted in SQL (`GET /api/admin/tickets`, `user_tickets/{id}`, the
 * user's own list). `viewer` decides the hidden columns.
 */
export async function listTickets(
  deps: TicketDeps,
  viewer: { kind: 'user'; userTypeId: number } | { kind: 'admin' },
  filter: TicketListFilter,
  page: { page: number; limit: number; order: { column: TicketOrderColumn; dir: 'asc' | 'desc' } },
  lang: Language,
): Promise<{ rows: TicketView[]; total: number }> {
  const now = deps.clock.now();
  const where: SQL[] = [sql`true`];
  if (filter.userId !== undefined) where.push(sql`t.user_id = ${filter.userId}`);
  if (filter.statusId?.length)
    where.push(
      sql`t.status_id in (${sql.join(
        filter.statusId.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.priorityId !== undefined) where.push(sql`t.priority_id = ${filter.priorityId}`);
  if (filter.departmentId !== undefined) where.push(sql`t.department_id = ${filter.departmentId}`);
  if (filter.adminId === 'none') where.push(sql`t.admin_id is null`);
  else if (filter.adminId !== undefined) where.push(sql`t.admin_id = ${filter.adminId}`);
  if (filter.due === 'overdue') where.push(sql`${DUE_SQL} < ${now.toISOString()}`);
  if (filter.due === 'soon')
    where.push(
      sql`${DUE_SQL} between ${now.toISOString()} and ${new Date(now.getTime() + 86_400_000).toISOString()}`,
    );
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asId = /^#?\d{1,9}$/.test(filter.q) ? Number(filter.q.replace('#', '')) : -1;
    where.push(
      sql`(t.id = ${asId} or t.ticket_subject ilike ${like} or u.email ilike ${like}
           or (u.first_name || ' ' || u.last_name) ilike ${like})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const dir = sql.raw(page.order.dir === 'asc' ? 'asc' : 'desc');
  const orderExpr =
    page.order.column === 'due'
      ? sql`${DUE_SQL} ${dir} nulls last, t.id desc`
      : sql`${sql.raw(`t.${page.order.column}`)} ${dir} nulls last, t.id desc`;
  const [rows, count] = await Promise.all([
    deps.database.db.execute<TicketRow>(
      sql`${TICKET_SELECT} where ${cond} order by ${orderExpr} limit ${page.limit} offset ${(page.page - 1) * page.limit}`,
    ),
    deps.database.db.execute<{ n: number }>(sql`select count(*)::int as n from tickets t
      join users u on u.id = t.user_id where ${cond}`),
  ]);
  return {
    rows: rows.rows.map((r) => toView(r, [], viewer, lang, now)),
    total: count.rows[0]?.n ?? 0,
  };
}

/** A message of a ticket's conversation as its reader sees it. */
export interface ReplyView {
  id: number;
  ticket_id: number;
  message: string;
  is_internal: boolean;
  via: 'app' | 'email';
  author: { kind: 'user' | 'admin'; id: number; name: string };
  attachments: AttachmentView[];
  created_at: string;
}

/**
 * The conversation of a ticket (`GET ticket_replies/{id}`), oldest first. A user reads only their own
 * ticket's, and never an internal note (filtered in SQL, not in the screen).
 * @throws NotFoundError 404 when the ticket does not exist or is another user's
 */
export async function listReplies(
  deps: TicketDeps,
  viewer: { kind: 'user'; id: number } | { kind: 'admin' },
  ticketId: number,
): Promise<ReplyView[]> {
  const [ticket] = await deps.database.db
    .select({ userId: tickets.userId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket || (viewer.kind === 'user' && ticket.userId !== viewer.id)) throw new NotFoundError();
  const rows = await deps.database.db.execute<{
    id: number;
    message: string;
    is_internal: boolean;
    via: 'app' | 'email';
    author_user_id: number | null;
    author_admin_id: number | null;
    author_name: string;
    created_at: Date;
  }>(sql`select r.id, r.message, r.is_internal, r.via, r.author_user_id, r.author_admin_id,
      coalesce(a.name, trim(u.first_name || ' ' || u.last_name)) as author_name, r.created_at
    from ticket_replies r
    left join users u on u.id = r.author_user_id
    left join admins a on a.id = r.author_admin_id
    where r.ticket_id = ${ticketId} ${viewer.kind === 'user' ? sql`and not r.is_internal` : sql``}
    order by r.created_at, r.id`);
  const ids = rows.rows.map((r) => r.id);
  const attachments = await attachmentsOf(deps.database, deps, ticketId, ids);
  return rows.rows.map((r) => ({
    id: r.id,
    ticket_id: ticketId,
    message: r.message,
    is_internal: r.is_internal,
    via: r.via,
    author: r.author_admin_id
      ? { kind: 'admin' as const, id: r.author_admin_id, name: r.author_name }
      : { kind: 'user' as const, id: r.author_user_id!, name: r.author_name },
    attachments: attachments.get(r.id) ?? [],
    created_at: new Date(r.created_at).toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Attachments

/** A file checked for a ticket message. */
interface CheckedFile {
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

/** Store a message's attachments, their bytes moved out of the public /storage (issue 14 item a). */
async function saveAttachments(
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
 * The attachment `id` if `viewer` may download it (issue 14 item a): a user only one of their own
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

// ---------------------------------------------------------------------------------------------
// People to tell

type Person = {
  id: number;
  email: string;
  name: string;
  language: Language;
};

async function userPerson(db: Database | Tx, userId: number): Promise<Person | undefined> {
  const rows = await db.db.execute<Person>(sql`select id, email, first_name as name, language
    from users where id = ${userId} and deleted_at is null`);
  return rows.rows[0];
}

async function adminPeople(db: Database | Tx, ids: number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const rows = await db.db.execute<Person>(sql`select id, email, name, language from admins
    where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and status = 'active' and deleted_at is null`);
  return rows.rows;
}

/** The assignee, or when there is none every admin of the department. */
async function staffToTell(db: Database | Tx, ticket: { adminId: number | null; departmentId: number }) {
  if (ticket.adminId !== null) return adminPeople(db, [ticket.adminId]);
  const rows = await db.db
    .select({ id: ticketsDepartmentAdmins.adminId })
    .from(ticketsDepartmentAdmins)
    .where(eq(ticketsDepartmentAdmins.departmentId, ticket.departmentId));
  return adminPeople(
    db,
    rows.map((r) => r.id),
  );
}

const userLink = (id: number) => `/my-ticket/details/${id}`;
const staffLink = (id: number) => `/tickets/details/${id}`;

async function tellUser(
  deps: TicketDeps,
  tx: Tx,
  person: Person,
  ticket: { id: number; subject: string },
  message: NotificationMessage,
  mail: { key: MailMessageKey; text?: string } | null,
) {
  await notify(tx, {
    userId: person.id,
    type: `tickets.${message.split('.').pop()}`,
    message,
    params: { id: ticket.id, subject: ticket.subject },
    link: userLink(ticket.id),
    data: { ticket_id: ticket.id },
  });
  if (!mail) return;
  const replyTo = replyAddress(deps.config, ticket.id);
  await deps.mail.send(
    {
      to: person.email,
      language: person.language,
      key: mail.key,
      params: {
        id: ticket.id,
        subject: ticket.subject,
        name: person.name,
        message: mail.text ?? '',
        link: `${deps.config.appUrl}${userLink(ticket.id)}`,
        reply_hint: replyTo ? t(person.language, 'tickets.mail.reply_hint') : '',
      },
      ...(replyTo ? { replyTo } : {}),
    },
    tx,
  );
}

async function tellStaff(
  deps: TicketDeps,
  tx: Tx,
  people: Person[],
  ticket: { id: number; subject: string },
  message: NotificationMessage,
  mail: { key: MailMessageKey; text?: string; author?: string } | null,
) {
  for (const person of people) {
    await notify(tx, {
      adminId: person.id,
      type: `tickets.${message.split('.').pop()}`,
      message,
      params: { id: ticket.id, subject: ticket.subject },
      link: staffLink(ticket.id),
      data: { ticket_id: ticket.id },
    });
    if (!mail) continue;
    await deps.mail.send(
      {
        to: person.email,
        language: person.language,
        key: mail.key,
        params: {
          id: ticket.id,
          subject: ticket.subject,
          name: person.name,
          author: mail.author ?? '',
          message: mail.text ?? '',
          link: `${deps.config.appUrl}/admin${staffLink(ticket.id)}`,
        },
      },
      tx,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * The department's admin with the fewest open tickets (ties: the lowest id), or null when the
 * department has no active admin. Call it under the assignment lock (see createTicket).
 */
async function leastBusyAdmin(tx: Tx, departmentId: number): Promise<number | null> {
  const rows = await tx.db.execute<{ admin_id: number }>(sql`
    select da.admin_id from tickets_department_admins da
      join admins a on a.id = da.admin_id and a.status = 'active' and a.deleted_at is null
     where da.department_id = ${departmentId}
     order by (select count(*) from tickets t where t.admin_id = da.admin_id and t.status_id in ${OPEN_SQL}),
              da.admin_id
     limit 1`);
  return rows.rows[0]?.admin_id ?? null;
}

/** Serialises assignment: counting open tickets and inserting the new one happen under one lock. */
async function lockAssignment(tx: Tx) {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('tickets.assign'))`);
}

async function assertActiveAdmin(db: Database | Tx, adminId: number, field: string) {
  const rows = await db.db.execute(
    sql`select 1 from admins where id = ${adminId} and status = 'active' and deleted_at is null`,
  );
  if (rows.rows.length === 0) throw new ValidationError({ [field]: ['tickets.admin_unknown'] });
}

/**
 * Open a ticket (`POST tickets`, spec section 7): a user for themselves, or staff for a user (the
 * new-ticket form, `user_id` required). Priority defaults to Low (3). A campaign must be one of the
 * user's own (as artist or as curator). The ticket goes to `admin_id` when staff name one, otherwise
 * to the department's admin with the fewest open tickets, counted and inserted under one advisory
 * lock so concurrent tickets spread evenly. Due times come from the priority's settings. The
 * assignee (or the department's admins) and, for a ticket staff opened, the user are told in-app and
 * by mail in their language.
 * @returns the new ticket's id
 * @throws ValidationError 422 (`user_id`, `department_id`, `campaign_id`, `admin_id`, `attachments`)
 */
export async function createTicket(
  deps: TicketDeps,
  actor: TicketActor,
  input: TicketCreate,
): Promise<number> {
  const userId = actor.kind === 'user' ? actor.id : input.user_id;
  if (userId === undefined) throw new ValidationError({ user_id: ['validation.required'] });
  return withTransaction(deps.database, async (tx) => {
    const user = await userPerson(tx, userId);
    if (!user) throw new ValidationError({ user_id: ['tickets.user_unknown'] });
    const [department] = await tx.db
      .select({ id: ticketsDepartments.id })
      .from(ticketsDepartments)
      .where(eq(ticketsDepartments.id, input.department_id));
    if (!department) throw new ValidationError({ department_id: ['tickets.department_required'] });
    if (input.campaign_id != null && input.custom_campaign_id != null)
      throw new ValidationError({ custom_campaign_id: ['tickets.one_campaign'] });
    if (input.custom_campaign_id != null) {
      const own = await tx.db.execute(sql`select 1 from custom_campaigns
        where id = ${input.custom_campaign_id} and artist_id = ${userId}`);
      if (own.rows.length === 0)
        throw new ValidationError({ custom_campaign_id: ['tickets.campaign_not_yours'] });
    }
    if (input.campaign_id != null) {
      const own = await tx.db.execute(sql`select 1 from express_campaigns
        where id = ${input.campaign_id} and (artist_id = ${userId} or curator_id = ${userId})`);
      if (own.rows.length === 0) throw new ValidationError({ campaign_id: ['tickets.campaign_not_yours'] });
    }
    const uploads = await checkAttachments(
      tx,
      input.attachments,
      actor.kind === 'user' ? { userId: actor.id } : { adminId: actor.id },
    );
    await lockAssignment(tx);
    let adminId: number | null;
    if (actor.kind === 'admin' && input.admin_id != null) {
      await assertActiveAdmin(tx, input.admin_id, 'admin_id');
      adminId = input.admin_id;
    } else adminId = await leastBusyAdmin(tx, department.id);
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    const due = dueTimes(settings, { createdAt: now, priorityId: input.priority_id, pausedSeconds: 0 });
    const [row] = await tx.db
      .insert(tickets)
      .values({
        userId,
        departmentId: department.id,
        campaignId: input.campaign_id ?? null,
        customCampaignId: input.custom_campaign_id ?? null,
        adminId,
        createdByAdminId: actor.kind === 'admin' ? actor.id : null,
        ticketSubject: input.ticket_subject,
        initialMessage: input.initial_message,
        priorityId: input.priority_id,
        statusId: TICKET_STATUS.OPEN,
        ...due,
        createdAt: now,
        updatedAt: now,
        lastReplyAt: now,
      })
      .returning({ id: tickets.id });
    const id = row!.id;
    await saveAttachments(tx, deps.storage, id, null, uploads);
    const ref = { id, subject: input.ticket_subject };
    await tellStaff(
      deps,
      tx,
      await staffToTell(tx, { adminId, departmentId: department.id }),
      ref,
      'tickets.notify.new',
      { key: 'tickets.mail.new', text: input.initial_message, author: user.name },
    );
    if (actor.kind === 'admin')
      await tellUser(deps, tx, user, ref, 'tickets.notify.opened_for_you', {
        key: 'tickets.mail.opened_for_you',
        text: input.initial_message,
      });
    await audit(
      deps.database,
      auditActor(actor),
      {
        action: 'tickets.create',
        targetType: 'ticket',
        targetId: id,
        meta: { user_id: userId, admin_id: adminId },
      },
      tx,
    );
    return id;
  });
}

// ---------------------------------------------------------------------------------------------
// Replies

type TicketLocked = typeof tickets.$inferSelect;

async function lockTicket(tx: Tx, id: number): Promise<TicketLocked | undefined> {
  const [row] = await tx.db.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

/** Columns to write for a status change at `now` (clock pause/resume, resolved/closed stamps). */
function statusPatch(
  settings: Awaited<ReturnType<typeof getSettings>>,
  ticket: TicketLocked,
  next: number,
  now: Date,
): Partial<typeof tickets.$inferInsert> {
  if (next === ticket.statusId) return {};
  return {
    statusId: next,
    ...clockOnStatus(settings, ticket, next, now),
    ...(next === TICKET_STATUS.RESOLVED ? { resolvedAt: now } : {}),
    ...(next === TICKET_STATUS.CLOSED ? { closedAt: now, resolvedAt: ticket.resolvedAt ?? now } : {}),
    ...(isRunning(next) ? { resolvedAt: null, closedAt: null } : {}),
  };
}

/** A reply to store: from the user (the app or e-mail) or from staff. */
export interface ReplyInput extends Pick<TicketReply, 'ticket_id' | 'message' | 'is_internal'> {
  files: CheckedFile[];
  via?: 'app' | 'email';
  inboundMessageId?: string;
}

/**
 * Add a message to a ticket (`POST ticket_reply`) under the ticket's row lock. A user writes only on
 * their own ticket and never an internal note; the ticket reopens (In Progress, 2) when it was
 * waiting on them, resolved or closed. A staff reply (not a note) moves it to Waiting on User (5),
 * which pauses the time promises, and is its first response when none was given. The other side is
 * told in-app and by mail in their language; an internal note is told to the assignee only and
 * never reaches the user by API or mail.
 * @returns the new reply's id, or null when `inboundMessageId` was already stored (a replayed mail)
 * @throws NotFoundError 404 (no such ticket, or another user's); ValidationError 422 `is_internal`
 */
export async function addReply(
  deps: TicketDeps,
  actor: TicketActor,
  input: ReplyInput,
): Promise<number | null> {
  if (actor.kind === 'user' && input.is_internal)
    throw new ValidationError({ is_internal: ['tickets.internal_staff_only'] });
  try {
    return await withTransaction(deps.database, async (tx) => {
      const ticket = await lockTicket(tx, input.ticket_id);
      if (!ticket || (actor.kind === 'user' && ticket.userId !== actor.id)) throw new NotFoundError();
      const now = deps.clock.now();
      const [reply] = await tx.db
        .insert(ticketReplies)
        .values({
          ticketId: ticket.id,
          authorUserId: actor.kind === 'user' ? actor.id : null,
          authorAdminId: actor.kind === 'admin' ? actor.id : null,
          message: input.message,
          isInternal: input.is_internal,
          via: input.via ?? 'app',
          inboundMessageId: input.inboundMessageId ?? null,
          createdAt: now,
        })
        .returning({ id: ticketReplies.id });
      await saveAttachments(tx, deps.storage, ticket.id, reply!.id, input.files);
      const settings = await getSettings(tx);
      const ref = { id: ticket.id, subject: ticket.ticketSubject };
      let patch: Partial<typeof tickets.$inferInsert> = { updatedAt: now };
      if (actor.kind === 'user') {
        const next = ticket.statusId === TICKET_STATUS.OPEN ? TICKET_STATUS.OPEN : TICKET_STATUS.IN_PROGRESS;
        patch = { ...patch, ...statusPatch(settings, ticket, next, now), lastReplyAt: now };
        const user = await userPerson(tx, actor.id);
        await tellStaff(deps, tx, await staffToTell(tx, ticket), ref, 'tickets.notify.reply_staff', {
          key: 'tickets.mail.user_replied',
          text: input.message,
          author: user?.name ?? '',
        });
      } else if (input.is_internal) {
        if (ticket.adminId !== null && ticket.adminId !== actor.id)
          await tellStaff(
            deps,
            tx,
            await adminPeople(tx, [ticket.adminId]),
            ref,
            'tickets.notify.note',
            null,
          );
      } else {
        patch = {
          ...patch,
          ...statusPatch(settings, ticket, TICKET_STATUS.WAITING_ON_USER, now),
          lastReplyAt: now,
          ...(ticket.firstResponseAt ? {} : { firstResponseAt: now }),
        };
        const user = await userPerson(tx, ticket.userId);
        if (user)
          await tellUser(deps, tx, user, ref, 'tickets.notify.reply_user', {
            key: 'tickets.mail.reply',
            text: input.message,
          });
      }
      await tx.db.update(tickets).set(patch).where(eq(tickets.id, ticket.id));
      return reply!.id;
    });
  } catch (err) {
    if (input.inboundMessageId && isUniqueViolation(err, 'ticket_replies_inbound_unique')) return null;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Staff changes

/**
 * Edit Ticket side panel (`PUT update_ticket/{id}`): department, priority, status, assignee. A status
 * change needs `tickets.status.edit` as well; a priority change moves the due times; a department
 * change hands the ticket to the new department's least busy admin unless an assignee is named or
 * the current one belongs to it. Audited with what changed; a new assignee is told.
 * @throws NotFoundError 404; ForbiddenError 403 (status without tickets.status.edit);
 *   ValidationError 422 (`department_id`, `admin_id`, `status_id`)
 */
export async function updateTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
  input: TicketUpdate,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw new NotFoundError();
    if (
      input.status_id !== undefined &&
      input.status_id !== ticket.statusId &&
      !actor.permissions?.has('tickets.status.edit')
    )
      throw new ForbiddenError();
    if (
      input.status_id !== undefined &&
      input.status_id !== ticket.statusId &&
      !TICKET_EDITABLE_STATUSES.includes(input.status_id)
    )
      throw new ValidationError({ status_id: ['tickets.status_not_settable'] });
    await lockAssignment(tx);
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    const patch: Partial<typeof tickets.$inferInsert> = { updatedAt: now };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.department_id !== undefined && input.department_id !== ticket.departmentId) {
      const [dep] = await tx.db
        .select({ id: ticketsDepartments.id })
        .from(ticketsDepartments)
        .where(eq(ticketsDepartments.id, input.department_id));
      if (!dep) throw new ValidationError({ department_id: ['tickets.department_required'] });
      patch.departmentId = dep.id;
      changes.department_id = { from: ticket.departmentId, to: dep.id };
      if (input.admin_id === undefined) {
        const member =
          ticket.adminId !== null &&
          (
            await tx.db.execute(sql`select 1 from tickets_department_admins
              where department_id = ${dep.id} and admin_id = ${ticket.adminId}`)
          ).rows.length > 0;
        if (!member) patch.adminId = await leastBusyAdmin(tx, dep.id);
      }
    }
    if (input.admin_id !== undefined) {
      if (input.admin_id !== null) await assertActiveAdmin(tx, input.admin_id, 'admin_id');
      patch.adminId = input.admin_id;
    }
    if (patch.adminId !== undefined && patch.adminId !== ticket.adminId)
      changes.admin_id = { from: ticket.adminId, to: patch.adminId };
    else delete patch.adminId;
    if (input.priority_id !== undefined && input.priority_id !== ticket.priorityId) {
      const due = dueTimes(settings, { ...ticket, priorityId: input.priority_id });
      patch.priorityId = input.priority_id;
      patch.firstResponseDueAt = due.firstResponseDueAt;
      patch.resolutionDueAt = due.resolutionDueAt;
      changes.priority_id = { from: ticket.priorityId, to: input.priority_id };
    }
    if (input.status_id !== undefined && input.status_id !== ticket.statusId) {
      Object.assign(
        patch,
        statusPatch(settings, { ...ticket, ...(patch as object) } as TicketLocked, input.status_id, now),
      );
      changes.status_id = { from: ticket.statusId, to: input.status_id };
    }
    if (Object.keys(changes).length === 0) return;
    await tx.db.update(tickets).set(patch).where(eq(tickets.id, id));
    const ref = { id, subject: ticket.ticketSubject };
    if (changes.admin_id && patch.adminId != null && patch.adminId !== actor.id)
      await tellStaff(deps, tx, await adminPeople(tx, [patch.adminId]), ref, 'tickets.notify.assigned', null);
    if (changes.status_id && input.status_id === TICKET_STATUS.RESOLVED) await tellResolved(deps, tx, ticket);
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.update', targetType: 'ticket', targetId: id, meta: changes },
      tx,
    );
  });
}

async function tellResolved(deps: TicketDeps, tx: Tx, ticket: TicketLocked) {
  const user = await userPerson(tx, ticket.userId);
  if (user)
    await tellUser(
      deps,
      tx,
      user,
      { id: ticket.id, subject: ticket.ticketSubject },
      'tickets.notify.resolved',
      {
        key: 'tickets.mail.resolved',
      },
    );
}

/**
 * Set a ticket's status (`PUT ticket_status/{id}/{status}`; Mark Resolved is status 3, spec section 4).
 * Resolving tells the user and asks for a rating.
 * @throws NotFoundError 404; ValidationError 422 `status` (Open is not set by staff)
 */
export async function setStatus(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
  statusId: number,
): Promise<void> {
  if (!TICKET_EDITABLE_STATUSES.includes(statusId))
    throw new ValidationError({ status: ['tickets.status_not_settable'] });
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw new NotFoundError();
    if (ticket.statusId === statusId) return;
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    await tx.db
      .update(tickets)
      .set({ ...statusPatch(settings, ticket, statusId, now), updatedAt: now })
      .where(eq(tickets.id, id));
    if (statusId === TICKET_STATUS.RESOLVED) await tellResolved(deps, tx, ticket);
    await audit(
      deps.database,
      auditActor(actor),
      {
        action: 'tickets.status',
        targetType: 'ticket',
        targetId: id,
        meta: { from: ticket.statusId, to: statusId },
      },
      tx,
    );
  });
}

/**
 * The user closes their ticket (`PUT user/close_ticket/{id}`): status Closed (4); the time promises
 * stop. A new reply reopens it.
 * @throws NotFoundError 404 (not theirs); ConflictError 409 'tickets.already_closed'
 */
export async function closeTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'user' }>,
  id: number,
) {
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== actor.id) throw new NotFoundError();
    if (ticket.statusId === TICKET_STATUS.CLOSED) throw new ConflictError('tickets.already_closed');
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    await tx.db
      .update(tickets)
      .set({ ...statusPatch(settings, ticket, TICKET_STATUS.CLOSED, now), updatedAt: now })
      .where(eq(tickets.id, id));
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.close', targetType: 'ticket', targetId: id },
      tx,
    );
  });
}

/**
 * The user rates the help once the ticket is resolved or closed (1-5 and an optional comment); a later
 * rating replaces the earlier one.
 * @throws NotFoundError 404; ConflictError 409 'tickets.not_resolved'
 */
export async function rateTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'user' }>,
  id: number,
  input: { rating: number; comment?: string },
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== actor.id) throw new NotFoundError();
    if (ticket.statusId !== TICKET_STATUS.RESOLVED && ticket.statusId !== TICKET_STATUS.CLOSED)
      throw new ConflictError('tickets.not_resolved');
    await tx.db
      .update(tickets)
      .set({ rating: input.rating, ratingComment: input.comment || null, ratedAt: deps.clock.now() })
      .where(eq(tickets.id, id));
  });
}

/**
 * Delete a ticket (`DELETE ticket/{id}`): only while Open (spec section 4: delete disabled when the
 * status is above 1), a guarded delete so a reply arriving meanwhile wins.
 * @throws NotFoundError 404; ConflictError 409 'tickets.delete_not_open'
 */
export async function deleteTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
) {
  await withTransaction(deps.database, async (tx) => {
    const deleted = await tx.db
      .delete(tickets)
      .where(and(eq(tickets.id, id), sql`${tickets.statusId} <= 1`))
      .returning({ id: tickets.id, subject: tickets.ticketSubject, userId: tickets.userId });
    if (deleted.length === 0) {
      const [exists] = await tx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id));
      if (!exists) throw new NotFoundError();
      throw new ConflictError('tickets.delete_not_open');
    }
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.delete', targetType: 'ticket', targetId: id, meta: { user_id: deleted[0]!.userId } },
      tx,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Departments

/** A department with its admins and open tickets (`GET tickets_departments`). */
export interface DepartmentView {
  id: number;
  department_name: string;
  /** The name in the other languages (issue 28 item 11). */
  translations: Translations<'department_name'>;
  admins: { id: number; name: string }[];
  open_tickets: number;
  tickets: number;
}

/** Every department, by name, with its admins and ticket counts. */
export async function listDepartments(database: Database): Promise<DepartmentView[]> {
  const rows = await database.db.execute<{
    id: number;
    department_name: string;
    translations: Translations<'department_name'>;
    admins: { id: number; name: string }[] | null;
    open_tickets: number;
    tickets: number;
  }>(sql`select d.id, d.department_name, d.translations,
      (select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name)
         from tickets_department_admins da join admins a on a.id = da.admin_id
        where da.department_id = d.id and a.deleted_at is null) as admins,
      (select count(*)::int from tickets t where t.department_id = d.id and t.status_id in ${OPEN_SQL}) as open_tickets,
      (select count(*)::int from tickets t where t.department_id = d.id) as tickets
    from tickets_departments d order by lower(d.department_name), d.id`);
  return rows.rows.map((r) => ({ ...r, admins: r.admins ?? [] }));
}

/**
 * Departments matching `q` (`tickets_department_q`), for pickers: names in the reader's language,
 * English where a department has none (issue 28 item 11), matched and ordered as shown.
 */
export async function searchDepartments(
  database: Database,
  q: string | undefined,
  limit: number,
  lang: Language = 'en',
) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
  const name = localizedSql(
    ticketsDepartments.departmentName,
    ticketsDepartments.translations,
    'department_name',
    lang,
  );
  const rows = await database.db
    .select({ id: ticketsDepartments.id, department_name: name })
    .from(ticketsDepartments)
    .where(sql`${name} ilike ${like}`)
    .orderBy(sql`lower(${name})`, ticketsDepartments.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.department_name, department_name: r.department_name }));
}

/**
 * Create or rename a department; the name is unique in any case.
 * @throws ValidationError 422 'tickets.department_exists' on `department_name`; NotFoundError 404 (rename)
 */
export async function saveDepartment(
  database: Database,
  actor: AuditActor,
  input: { id?: number; department_name: string; translations?: Translations<'department_name'> },
): Promise<number> {
  try {
    return await withTransaction(database, async (tx) => {
      let id: number;
      if (input.id === undefined) {
        const [row] = await tx.db
          .insert(ticketsDepartments)
          .values({ departmentName: input.department_name, translations: input.translations })
          .returning({ id: ticketsDepartments.id });
        id = row!.id;
      } else {
        const [row] = await tx.db
          .update(ticketsDepartments)
          .set({ departmentName: input.department_name, translations: input.translations })
          .where(eq(ticketsDepartments.id, input.id))
          .returning({ id: ticketsDepartments.id });
        if (!row) throw new NotFoundError();
        id = row.id;
      }
      await audit(
        database,
        actor,
        {
          action: input.id === undefined ? 'tickets.department_create' : 'tickets.department_update',
          targetType: 'ticket_department',
          targetId: id,
          meta: { department_name: input.department_name },
        },
        tx,
      );
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tickets_departments_name_unique'))
      throw new ValidationError({ department_name: ['tickets.department_exists'] });
    throw err;
  }
}

/**
 * Delete a department (`DELETE delete_department/{id}`) that no ticket uses (tickets keep their
 * department for history; move them first).
 * @throws NotFoundError 404; ConflictError 409 'tickets.department_in_use'
 */
export async function deleteDepartment(database: Database, actor: AuditActor, id: number): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [dep] = await tx.db
      .select()
      .from(ticketsDepartments)
      .where(eq(ticketsDepartments.id, id))
      .for('update');
    if (!dep) throw new NotFoundError();
    const used = await tx.db.execute(sql`select 1 from tickets where department_id = ${id} limit 1`);
    if (used.rows.length > 0) throw new ConflictError('tickets.department_in_use');
    await tx.db.delete(ticketsDepartments).where(eq(ticketsDepartments.id, id));
    await audit(
      database,
      actor,
      {
        action: 'tickets.department_delete',
        targetType: 'ticket_department',
        targetId: id,
        meta: { department_name: dep.departmentName },
      },
      tx,
    );
  });
}

/**
 * Assign admins to a department, or remove them (`assign_admins_tickets_departments`,
 * `remove_assigned_admins_tickets_departments`). Assigning twice is a no-op; tickets already
 * assigned keep their assignee.
 * @throws NotFoundError 404 (department); ValidationError 422 `admin_ids` (unknown or inactive admin)
 */
export async function changeDepartmentAdmins(
  database: Database,
  actor: AuditActor,
  input: { department_id: number; admin_ids: number[] },
  mode: 'assign' | 'remove',
): Promise<void> {
  await withTransaction(database, async (tx) => {
    const [dep] = await tx.db
      .select({ id: ticketsDepartments.id })
      .from(ticketsDepartments)
      .where(eq(ticketsDepartments.id, input.department_id))
      .for('update');
    if (!dep) throw new NotFoundError();
    const ids = [...new Set(input.admin_ids)];
    if (mode === 'assign') {
      const live = await tx.db.execute<{ id: number }>(sql`select id from admins
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) and status = 'active' and deleted_at is null`);
      if (live.rows.length !== ids.length)
        throw new ValidationError({ admin_ids: ['tickets.admin_unknown'] });
      await tx.db
        .insert(ticketsDepartmentAdmins)
        .values(ids.map((adminId) => ({ departmentId: dep.id, adminId })))
        .onConflictDoNothing();
    } else {
      await tx.db
        .delete(ticketsDepartmentAdmins)
        .where(
          and(
            eq(ticketsDepartmentAdmins.departmentId, dep.id),
            inArray(ticketsDepartmentAdmins.adminId, ids),
          ),
        );
    }
    await audit(
      database,
      actor,
      {
        action: 'tickets.department_admins',
        targetType: 'ticket_department',
        targetId: dep.id,
        meta: { [mode]: ids },
      },
      tx,
    );
  });
}

/** Admins of a department (`assigned_admins_q/{id}`), matching `q`. */
export async function departmentAdmins(
  database: Database,
  departmentId: number,
  q: string | undefined,
  limit: number,
) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
  const rows = await database.db.execute<{ id: number; name: string }>(sql`
    select a.id, a.name from tickets_department_admins da join admins a on a.id = da.admin_id
     where da.department_id = ${departmentId} and a.deleted_at is null and a.name ilike ${like}
     order by a.name, a.id limit ${limit}`);
  return rows.rows;
}

/** A campaign the ticket form offers: number, song, platform, and which series its id belongs to. */
export interface CampaignOption {
  id: number;
  /** `#5 Lucky Skyline (TikTok)`, for clients that show one text (brand names: not translated). */
  name: string;
  kind: 'express' | 'custom';
  platform: 'spotify' | 'tiktok' | 'instagram';
  track_name: string;
}

/**
 * The user's own campaigns for the ticket form (`campaign/getUserCampaignWithQ/{id}`), newest first:
 * express campaigns as artist or seller, each with its platform, and with `includeCustom` the artist's
 * custom (managed) campaigns too (issue 28 item 20). `q` matches the song or the number.
 */
export async function userCampaigns(
  database: Database,
  userId: number,
  q: string | undefined,
  limit: number,
  options: { includeCustom?: boolean } = {},
): Promise<CampaignOption[]> {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
  const custom = options.includeCustom
    ? sql`union all
      select id, 'custom' as kind, 'spotify' as platform, name as track_name, created_at from custom_campaigns
       where artist_id = ${userId} and status <> 5 and (name ilike ${like} or id::text = ${q ?? ''})`
    : sql``;
  const rows = await database.db.execute<{
    id: number;
    kind: 'express' | 'custom';
    platform: 'spotify' | 'tiktok' | 'instagram';
    track_name: string;
  }>(sql`
    select id, kind, platform, track_name from (
      select c.id, 'express' as kind,
             (case c.campaign_type_id when 2 then 'tiktok' when 3 then 'instagram' else 'spotify' end) as platform,
             c.track_name, c.created_at from express_campaigns c
       where (c.artist_id = ${userId} or c.curator_id = ${userId})
         and (c.track_name ilike ${like} or c.id::text = ${q ?? ''})
      ${custom}
    ) x order by created_at desc, id desc limit ${limit}`);
  const label = { spotify: 'Spotify', tiktok: 'TikTok', instagram: 'Instagram' } as const;
  return rows.rows.map((r) => ({
    ...r,
    name: `#${r.id} ${r.track_name} (${label[r.platform]})`,
  }));
}

// ---------------------------------------------------------------------------------------------
// Stats

/** `tickets_stats` (issue 14): open, overdue, by department, by priority, times and satisfaction. */
export interface TicketStats {
  open: number;
  waiting_on_staff: number;
  overdue: number;
  unassigned: number;
  by_department: { id: number; department_name: string; open: number }[];
  by_priority: { id: number; name: string; color: string; open: number }[];
  avg_first_response_seconds: number | null;
  avg_resolution_seconds: number | null;
  satisfaction: { average: number | null; ratings: number };
}

/** Figures of the support desk now, on the product's clock. */
export async function ticketStats(deps: TicketDeps, lang: Language): Promise<TicketStats> {
  const now = deps.clock.now().toISOString();
  const [totals, byDep, byPri] = await Promise.all([
    deps.database.db.execute<{
      open: number;
      waiting: number;
      overdue: number;
      unassigned: number;
      first: number | null;
      resolution: number | null;
      rating: number | null;
      ratings: number;
    }>(sql`select
        count(*) filter (where t.status_id in ${OPEN_SQL})::int as open,
        count(*) filter (where t.status_id in (1, 2))::int as waiting,
        count(*) filter (where ${DUE_SQL} < ${now})::int as overdue,
        count(*) filter (where t.status_id in ${OPEN_SQL} and t.admin_id is null)::int as unassigned,
        round(avg(extract(epoch from t.first_response_at - t.created_at)))::float8 as first,
        round(avg(extract(epoch from t.resolved_at - t.created_at) - t.paused_seconds)
              filter (where t.resolved_at is not null))::float8 as resolution,
        round(avg(t.rating)::numeric, 2)::float8 as rating,
        count(t.rating)::int as ratings
      from tickets t`),
    deps.database.db.execute<{ id: number; department_name: string; open: number }>(sql`
      select d.id, d.department_name, count(t.id)::int as open from tickets_departments d
        left join tickets t on t.department_id = d.id and t.status_id in ${OPEN_SQL}
       group by d.id order by lower(d.department_name), d.id`),
    deps.database.db.execute<{ id: number; open: number }>(sql`
      select priority_id as id, count(*)::int as open from tickets where status_id in ${OPEN_SQL} group by priority_id`),
  ]);
  const row = totals.rows[0]!;
  const pri = new Map(byPri.rows.map((r) => [r.id, r.open]));
  return {
    open: row.open,
    waiting_on_staff: row.waiting,
    overdue: row.overdue,
    unassigned: row.unassigned,
    by_department: byDep.rows,
    by_priority: TICKET_PRIORITIES.map((p) => ({
      id: p.id,
      ...priorityBadge(p.id, lang),
      open: pri.get(p.id) ?? 0,
    })),
    avg_first_response_seconds: row.first,
    avg_resolution_seconds: row.resolution === null ? null : Math.max(0, row.resolution),
    satisfaction: { average: row.rating, ratings: row.ratings },
  };
}

// ---------------------------------------------------------------------------------------------
// Breaches

/**
 * The breach sweep (queue `tickets.sla`, every minute): running tickets whose first-response or
 * resolution promise passed get it stamped once (`*_breached_at`), and the assignee and the
 * department's admins are told. Rows are taken `for update skip locked`, so two sweeps never tell
 * twice; paused tickets (Waiting on User, Resolved, Closed) are never breached.
 * @returns how many promises were found broken
 */
export async function sweepBreaches(deps: TicketDeps, batch = 200): Promise<number> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const due = await tx.db.execute<{
      id: number;
      ticket_subject: string;
      admin_id: number | null;
      department_id: number;
      response: boolean;
      resolution: boolean;
    }>(sql`select id, ticket_subject, admin_id, department_id,
        (first_response_at is null and first_response_breached_at is null and first_response_due_at < ${now.toISOString()}) as response,
        (resolution_breached_at is null and resolution_due_at < ${now.toISOString()}) as resolution
      from tickets
      where status_id in (1, 2) and (
        (first_response_at is null and first_response_breached_at is null and first_response_due_at < ${now.toISOString()})
        or (resolution_breached_at is null and resolution_due_at < ${now.toISOString()}))
      order by id limit ${batch} for update skip locked`);
    let found = 0;
    for (const row of due.rows) {
      await tx.db
        .update(tickets)
        .set({
          ...(row.response ? { firstResponseBreachedAt: now } : {}),
          ...(row.resolution ? { resolutionBreachedAt: now } : {}),
        })
        .where(eq(tickets.id, row.id));
      const deptAdmins = await tx.db
        .select({ id: ticketsDepartmentAdmins.adminId })
        .from(ticketsDepartmentAdmins)
        .where(eq(ticketsDepartmentAdmins.departmentId, row.department_id));
      const ids = [...new Set([...(row.admin_id ? [row.admin_id] : []), ...deptAdmins.map((a) => a.id)])];
      const people = await adminPeople(tx, ids);
      const ref = { id: row.id, subject: row.ticket_subject };
      for (const kind of ['response', 'resolution'] as const) {
        if (!row[kind]) continue;
        found += 1;
        await tellStaff(deps, tx, people, ref, `tickets.notify.breached_${kind}`, null);
      }
    }
    return found;
  });
}

import type { Language } from '@lm/contracts';
import { TICKET_PRIORITIES, TICKET_STATUS, TICKET_STATUSES, ticketDeletable } from '@lm/contracts/tickets';
import { localized, type Translations } from '@lm/contracts/translations';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { containsPattern } from '../../db/search';
import { type ExportColumn, isoInstant, statusCode } from '../../platform/csv-export';
import { NotFoundError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { TicketDeps } from './tickets.context';
import { ticketAttachments, tickets } from './tickets.schema';
import { isRunning } from './tickets.sla';

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

/** A ticket as the lists and the detail answer it (spec section 3 "Ticket"). */
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
  /** The ticket this one was merged into, or null (issue 36). */
  merged_into_id: number | null;
  /** Staff's tags (staff readers only). */
  tags?: string[];
}

/** A ticket's row as `TICKET_SELECT` reads it: the view's plain fields, with dates not yet strings. */
type TicketRow = Pick<
  TicketView,
  | 'id'
  | 'ticket_subject'
  | 'initial_message'
  | 'campaign_id'
  | 'custom_campaign_id'
  | 'campaign_name'
  | 'department_id'
  | 'user_id'
  | 'user_name'
  | 'user_email'
  | 'admin_id'
  | 'admin_name'
  | 'rating'
  | 'rating_comment'
  | 'merged_into_id'
> & {
  tags: string[];
  department_name: string;
  department_translations: Translations<'department_name'> | null;
  priority_id: number;
  status_id: number;
  created_at: Date;
  updated_at: Date;
  last_reply_at: Date | null;
  first_response_due_at: Date;
  first_response_at: Date | null;
  resolution_due_at: Date;
  resolved_at: Date | null;
};

/** The next due time of a running ticket: the first answer while none was given, then resolution. */
export const DUE_SQL = sql`(case when t.status_id in (1, 2) then
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
    t.rating, t.rating_comment, t.merged_into_id,
    array(select g.tag from ticket_tags g where g.ticket_id = t.id order by g.tag) as tags
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
    merged_into_id: row.merged_into_id,
    ...(viewer.kind === 'admin' ? { tags: row.tags } : {}),
  };
}

/** The download route of an attachment: bytes are private, so links go through the access check. */
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

/** Filters of the staff list: status, priority, department, assignee, due. */
export interface TicketListFilter {
  statusId?: number[];
  priorityId?: number;
  departmentId?: number;
  /** An admin id, 'none' (unassigned). */
  adminId?: number | 'none';
  userId?: number;
  /** overdue: a running ticket past its next due time; soon: due within 24 hours. */
  due?: 'overdue' | 'soon';
  /** A tag the ticket has (normalised, issue 36). */
  tag?: string;
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
  const { cond, orderExpr } = ticketListSql(filter, page.order, now);
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

/** The staff ticket list's condition (on `tickets t` joined to `users u`) and order of a filter. */
function ticketListSql(
  filter: TicketListFilter,
  order: { column: TicketOrderColumn; dir: 'asc' | 'desc' },
  now: Date,
): { cond: SQL; orderExpr: SQL } {
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
  if (filter.tag !== undefined)
    where.push(sql`exists (select 1 from ticket_tags g where g.ticket_id = t.id and g.tag = ${filter.tag})`);
  if (filter.due === 'overdue') where.push(sql`${DUE_SQL} < ${now.toISOString()}`);
  if (filter.due === 'soon')
    where.push(
      sql`${DUE_SQL} between ${now.toISOString()} and ${new Date(now.getTime() + 86_400_000).toISOString()}`,
    );
  if (filter.q) {
    const like = containsPattern(filter.q);
    const asId = /^#?\d{1,9}$/.test(filter.q) ? Number(filter.q.replace('#', '')) : -1;
    where.push(
      sql`(t.id = ${asId} or t.ticket_subject ilike ${like} or u.email ilike ${like}
           or (u.first_name || ' ' || u.last_name) ilike ${like})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const dir = sql.raw(order.dir === 'asc' ? 'asc' : 'desc');
  const orderExpr =
    order.column === 'due'
      ? sql`${DUE_SQL} ${dir} nulls last, t.id desc`
      : sql`${sql.raw(`t.${order.column}`)} ${dir} nulls last, t.id desc`;
  return { cond, orderExpr };
}

/** One ticket as a row of the staff ticket list's CSV export. */
export interface TicketExportRow extends Record<string, unknown> {
  id: number;
  created_at: Date;
  ticket_subject: string;
  user_id: number;
  user_name: string;
  user_email: string;
  department_name: string;
  admin_name: string | null;
  priority_id: number;
  status_id: number;
  campaign_name: string | null;
  last_reply_at: Date | null;
  first_response_at: Date | null;
  resolved_at: Date | null;
  due_at: Date | null;
  rating: number | null;
}

/** Columns of the staff ticket list's CSV export, headers from `exports.tickets.*`. */
export const TICKET_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.tickets.id' },
  { key: 'created_at', header: 'exports.tickets.created_at', format: isoInstant },
  { key: 'ticket_subject', header: 'exports.tickets.subject' },
  { key: 'user_id', header: 'exports.tickets.user_id' },
  { key: 'user_name', header: 'exports.tickets.user_name' },
  { key: 'user_email', header: 'exports.tickets.user_email' },
  { key: 'department_name', header: 'exports.tickets.department' },
  { key: 'admin_name', header: 'exports.tickets.assignee' },
  { key: 'priority_id', header: 'exports.tickets.priority', format: (v) => statusCode(TICKET_PRIORITIES, v) },
  { key: 'status_id', header: 'exports.tickets.status', format: (v) => statusCode(TICKET_STATUSES, v) },
  { key: 'campaign_name', header: 'exports.tickets.campaign' },
  { key: 'last_reply_at', header: 'exports.tickets.last_reply_at', format: isoInstant },
  { key: 'first_response_at', header: 'exports.tickets.first_response_at', format: isoInstant },
  { key: 'resolved_at', header: 'exports.tickets.resolved_at', format: isoInstant },
  { key: 'due_at', header: 'exports.tickets.due_at', format: isoInstant },
  { key: 'rating', header: 'exports.tickets.rating' },
] as const satisfies readonly ExportColumn<TicketExportRow>[];

/**
 * The query of the staff ticket list's CSV export (`GET /api/admin/tickets/export.csv`, issue 36):
 * every ticket the list's filter selects, in the list's order, with its user, department, assignee,
 * campaign and service dates (`due_at`: the next SLA deadline of an open ticket).
 */
export function ticketExportQuery(
  filter: TicketListFilter,
  order: { column: TicketOrderColumn; dir: 'asc' | 'desc' },
  now: Date,
): SQL {
  const { cond, orderExpr } = ticketListSql(filter, order, now);
  return sql`select x.*, ${DUE_SQL} as due_at from (${TICKET_SELECT} where ${cond}) x
    join tickets t on t.id = x.id
    join users u on u.id = t.user_id
    order by ${orderExpr}`;
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
  merged_from_ticket_id: number | null;
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
    merged_from_ticket_id: number | null;
    created_at: Date;
  }>(sql`select r.id, r.message, r.is_internal, r.via, r.author_user_id, r.author_admin_id,
      coalesce(a.name, trim(u.first_name || ' ' || u.last_name)) as author_name, r.merged_from_ticket_id,
      r.created_at
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
    merged_from_ticket_id: r.merged_from_ticket_id,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

import { isolateTextParams, type Language, type LocalizedParam } from '@lm/contracts';
import type { NotificationMessage } from '@lm/contracts/messages';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { type Database, type Tx, writeLaterInsert } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { notifications } from './notifications.schema';

/** Whose notifications: one user's or one admin's (each reads only their own). */
export type NotificationOwner = { userId: number } | { adminId: number };

/** A parameter of a notification message: stored as JSON, formatted by the catalog when read. */
export type NotificationParam =
  | string
  | number
  | boolean
  | null
  | { minor: number; currency: string }
  // Written in the reader's language when read (a staff-edited list's text, `localizedParam`).
  | LocalizedParam;

/** What `notify` stores. Exactly one of `userId` / `adminId` names the recipient. */
export type NotificationInput = NotificationOwner & {
  /** Dotted kind for the apps to pick an icon or filter by, e.g. `express.approved`. */
  type: string;
  /** The catalog message (`<message>.title`, `<message>.body`) written in the reader's language when read. */
  message: NotificationMessage;
  /**
   * The message's parameters, raw: numbers stay numbers (the catalog writes `{{coins, coins}}`), days
   * as `YYYY-MM-DD` (`{{date, day}}`), amounts as `{ minor, currency }` (`{{amount, money}}`).
   */
  params?: Record<string, NotificationParam>;
  /** In-app path to open, e.g. `/campaigns/12` (at most 300 characters). */
  link?: string | null;
  /** Ids the notification is about, kept for later use; never shown as such. */
  data?: Record<string, unknown> | null;
  /**
   * When the event happened, on the product's clock (demo history seeded 40 days back is
   * dated then, not "a few seconds ago"); the database's now() when absent.
   */
  createdAt?: Date;
};

/** A notification as the bell and `/notifications` list it. */
export interface NotificationView {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

/**
 * Store an in-app notification for one user or one admin (the bell of both apps). Pass the business
 * transaction as `db` so the notification commits, or rolls back, with the change it announces
 * (each state transition sends its notification in the transition's transaction). The text is not
 * written now: the message key and its parameters are stored, and each reader gets it in the language
 * they read in.
 * @returns the new notification's id
 * @throws Error when the input names no recipient or both kinds (a programming error, answered 500)
 */
export async function notify(db: Database | Tx, input: NotificationInput): Promise<number> {
  const [row] = await db.db
    .insert(notifications)
    .values(notificationRow(input))
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * {@link notify} queued with the transaction's other writes (`writeLater`), for callers that
 * do not need the new row's id.
 */
export function notifyLater(tx: Tx, input: NotificationInput): void {
  writeLaterInsert(tx, notifications, notificationRow(input));
}

function notificationRow(input: NotificationInput): typeof notifications.$inferInsert {
  const userId = 'userId' in input ? input.userId : null;
  const adminId = 'adminId' in input ? input.adminId : null;
  if ((userId === null) === (adminId === null))
    throw new Error('notify needs exactly one of userId or adminId');
  return {
    userId,
    adminId,
    type: input.type,
    messageKey: input.message,
    params: input.params ?? {},
    link: input.link ?? null,
    data: input.data ?? null,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  };
}

const ownedBy = (owner: NotificationOwner): SQL =>
  'userId' in owner ? eq(notifications.userId, owner.userId) : eq(notifications.adminId, owner.adminId);

/**
 * A stored notification as its reader sees it: title and body written from its message key in `lang`
 * (rows without a key, stored before notifications had keys, keep the text they were written with).
 */
function view(row: typeof notifications.$inferSelect, lang: Language): NotificationView {
  const params = isolateTextParams(lang, row.params ?? {});
  return {
    id: row.id,
    type: row.type,
    title: row.messageKey ? t(lang, `${row.messageKey}.title`, params) : (row.title ?? ''),
    body: row.messageKey ? t(lang, `${row.messageKey}.body`, params) : (row.body ?? ''),
    link: row.link,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A page of the owner's notifications, newest first, written in `lang` (`GET /api/notifications`,
 * `GET /api/admin/notifications`: the request's language).
 * @param page from 1; @param limit rows per page
 */
export async function listNotifications(
  database: Database,
  owner: NotificationOwner,
  page: number,
  limit: number,
  lang: Language,
): Promise<{ rows: NotificationView[]; total: number }> {
  const [rows, total] = await Promise.all([
    database.db
      .select()
      .from(notifications)
      .where(ownedBy(owner))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    database.db.$count(notifications, ownedBy(owner)),
  ]);
  return { rows: rows.map((row) => view(row, lang)), total };
}

/** How many of the owner's notifications are unread (`.../unread-count`). */
export async function unreadCount(database: Database, owner: NotificationOwner): Promise<number> {
  return database.db.$count(notifications, and(ownedBy(owner), isNull(notifications.readAt)));
}

/**
 * Mark one of the owner's notifications read (`.../{id}/read`); reading it again keeps the first time.
 * @returns the notification as it is now, written in `lang`
 * @throws NotFoundError 404 when it does not exist or belongs to someone else
 */
export async function markRead(
  database: Database,
  owner: NotificationOwner,
  id: number,
  clock: Clock,
  lang: Language,
): Promise<NotificationView> {
  const [updated] = await database.db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(eq(notifications.id, id), ownedBy(owner), isNull(notifications.readAt)))
    .returning();
  if (updated) return view(updated, lang);
  const [existing] = await database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), ownedBy(owner)));
  if (!existing) throw new NotFoundError();
  return view(existing, lang);
}

/**
 * Mark every unread notification of the owner read (`.../read-all`).
 * @returns how many were marked
 */
export async function markAllRead(
  database: Database,
  owner: NotificationOwner,
  clock: Clock,
): Promise<number> {
  const rows = await database.db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(ownedBy(owner), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import { notifications } from './notifications.schema';

/** Whose notifications: one user's or one admin's (each reads only their own). */
export type NotificationOwner = { userId: number } | { adminId: number };

/** What `notify` stores. Exactly one of `userId` / `adminId` names the recipient. */
export type NotificationInput = NotificationOwner & {
  /** Dotted kind for the apps to pick an icon or filter by, e.g. `campaign.approved`. */
  type: string;
  /** Final text in the recipient's language (users.language; en for admins), at most 200 characters. */
  title: string;
  /** Final text in the recipient's language. */
  body: string;
  /** In-app path to open, e.g. `/campaigns/12` (at most 300 characters). */
  link?: string | null;
  /** Ids the notification is about, kept for later use; never shown as such. */
  data?: Record<string, unknown> | null;
  /**
   * When the event happened, on the product's clock (issue 20: demo history seeded 40 days back is
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

const TITLE_MAX = 200;

/**
 * Store an in-app notification for one user or one admin (the bell of both apps). Pass the business
 * transaction as `db` so the notification commits, or rolls back, with the change it announces
 * (DESIGN section 5: each transition sends its notification in its transaction).
 * @returns the new notification's id
 * @throws Error when the input names no recipient or both kinds (a programming error, answered 500)
 */
export async function notify(db: Database | Tx, input: NotificationInput): Promise<number> {
  const userId = 'userId' in input ? input.userId : null;
  const adminId = 'adminId' in input ? input.adminId : null;
  if ((userId === null) === (adminId === null))
    throw new Error('notify needs exactly one of userId or adminId');
  const [row] = await db.db
    .insert(notifications)
    .values({
      userId,
      adminId,
      type: input.type,
      title: input.title.slice(0, TITLE_MAX),
      body: input.body,
      link: input.link ?? null,
      data: input.data ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  return row!.id;
}

const ownedBy = (owner: NotificationOwner): SQL =>
  'userId' in owner ? eq(notifications.userId, owner.userId) : eq(notifications.adminId, owner.adminId);

function view(row: typeof notifications.$inferSelect): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A page of the owner's notifications, newest first (`GET /api/notifications`,
 * `GET /api/admin/notifications`).
 * @param page from 1; @param limit rows per page
 */
export async function listNotifications(
  database: Database,
  owner: NotificationOwner,
  page: number,
  limit: number,
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
  return { rows: rows.map(view), total };
}

/** How many of the owner's notifications are unread (`.../unread-count`). */
export async function unreadCount(database: Database, owner: NotificationOwner): Promise<number> {
  return database.db.$count(notifications, and(ownedBy(owner), isNull(notifications.readAt)));
}

/**
 * Mark one of the owner's notifications read (`.../{id}/read`); reading it again keeps the first time.
 * @returns the notification as it is now
 * @throws NotFoundError 404 when it does not exist or belongs to someone else
 */
export async function markRead(
  database: Database,
  owner: NotificationOwner,
  id: number,
  clock: Clock,
): Promise<NotificationView> {
  const [updated] = await database.db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(eq(notifications.id, id), ownedBy(owner), isNull(notifications.readAt)))
    .returning();
  if (updated) return view(updated);
  const [existing] = await database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), ownedBy(owner)));
  if (!existing) throw new NotFoundError();
  return view(existing);
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

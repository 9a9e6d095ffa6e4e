import { STAFF_TODO_PERMISSIONS } from '@lm/contracts';
import { CUSTOM_STATUS } from '@lm/contracts/custom-campaigns';
import type { NotificationMessage } from '@lm/contracts/messages';
import type { StaffTodo } from '@lm/contracts/staff';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { notify } from '../notifications';

/**
 * What needs staff action, each kind with the permission of the screen it
 * links to: an admin sees a kind's count, and is notified of a new item, only while holding it.
 */
export const TODO_KINDS = {
  pending_users: {
    permission: STAFF_TODO_PERMISSIONS.pending_users,
    link: '/users/list?filter[status]=pending_approval',
  },
  pending_playlists: {
    permission: STAFF_TODO_PERMISSIONS.pending_playlists,
    link: '/express/playlists/list?filter[status_id]=2',
  },
  payout_requests: { permission: STAFF_TODO_PERMISSIONS.payout_requests, link: '/requests/list' },
  failed_jobs: { permission: STAFF_TODO_PERMISSIONS.failed_jobs, link: '/horizon' },
  // Support tickets: waiting on staff (Open or In Progress), and past a promised time.
  open_tickets: {
    permission: STAFF_TODO_PERMISSIONS.open_tickets,
    link: '/tickets/list?filter[status_id]=1,2&order=due:asc',
  },
  breached_tickets: {
    permission: STAFF_TODO_PERMISSIONS.breached_tickets,
    link: '/tickets/list?filter[due]=overdue&order=due:asc',
  },
  // Playlist forms: new forms wait for staff until their status is Completed.
  pending_forms: {
    permission: STAFF_TODO_PERMISSIONS.pending_forms,
    link: '/forms/list?filter[status_id]=1',
  },
  // Instagram reels disputed by their artist: staff who may decide disputes (the campaigns'
  // permission, as the decision route) until a decision; each notification links its campaign.
  express_disputes: {
    permission: STAFF_TODO_PERMISSIONS.express_disputes,
    link: '/express/instagram/campaigns/list?filter[disputed]=1',
  },
  // Custom campaigns ordered by artists wait for staff approval before the artist may pay: staff who
  // may approve them (the approve route's permission).
  pending_custom_campaigns: {
    permission: STAFF_TODO_PERMISSIONS.pending_custom_campaigns,
    link: `/custom/campaigns/list?filter[status]=${CUSTOM_STATUS.PENDING_APPROVAL}`,
  },
  // Fake-audience flags waiting for a review: staff who may review them.
  trust_flags: {
    permission: STAFF_TODO_PERMISSIONS.trust_flags,
    link: '/trust/flags?filter[status]=pending',
  },
} as const satisfies Record<StaffTodo['kind'], { permission: string; link: string }>;
export type TodoKind = keyof typeof TODO_KINDS;

/** One line of the dashboard's to-do card. */
export interface TodoItem {
  kind: TodoKind;
  count: number;
  /** Back-office path of the screen where the items are handled. */
  link: string;
}

const COUNTS: Record<TodoKind, ReturnType<typeof sql>> = {
  pending_users: sql`select count(*)::int as n from users where status = 'pending_approval' and deleted_at is null`,
  pending_playlists: sql`select count(*)::int as n from express_playlists where status_id = 2`,
  payout_requests: sql`select count(*)::int as n from payouts where status_id = 1`,
  // pg-boss's own maintenance queues are not the product's (the queue monitor hides them too).
  failed_jobs: sql`select count(*)::int as n from pgboss.job where state = 'failed' and name not like '\\_\\_pgboss\\_\\_%'`,
  open_tickets: sql`select count(*)::int as n from tickets where status_id in (1, 2)`,
  // Breached and still waiting on staff (the stamp stays after an answer; only running tickets count).
  breached_tickets: sql`select count(*)::int as n from tickets where status_id in (1, 2)
    and (first_response_breached_at is not null and first_response_at is null or resolution_breached_at is not null)`,
  pending_forms: sql`select count(*)::int as n from playlist_forms where status_id = 1`,
  // Waiting for a decision on a campaign still Verifying (a force-end leaves a dispute undecided).
  express_disputes: sql`select count(*)::int as n from express_campaigns
    where disputed_at is not null and dispute_decision is null and status_id = 3`,
  pending_custom_campaigns: sql`select count(*)::int as n from custom_campaigns where status = ${CUSTOM_STATUS.PENDING_APPROVAL}`,
  trust_flags: sql`select count(*)::int as n from trust_flags where status = 'pending'`,
};

/**
 * The to-dos an admin may see (`GET /api/admin/dashboard/todos`): for each kind whose permission the
 * admin holds, how many items wait, and where to handle them. Kinds the admin may not open are left
 * out, not counted as zero. Counts are read live (each an index or small-table count).
 */
export async function todosFor(database: Database, permissions: ReadonlySet<string>): Promise<TodoItem[]> {
  const kinds = (Object.keys(TODO_KINDS) as TodoKind[]).filter((k) =>
    permissions.has(TODO_KINDS[k].permission),
  );
  return Promise.all(
    kinds.map(async (kind) => {
      const rows = await database.db.execute<{ n: number }>(COUNTS[kind]);
      return { kind, count: rows.rows[0]?.n ?? 0, link: TODO_KINDS[kind].link };
    }),
  );
}

/** Active admins holding `permission` through a role, with the language their mails and notes use. */
export async function staffHolding(db: Database | Tx, permission: string) {
  const rows = await db.db.execute<{ id: number; language: string }>(sql`
    select distinct a.id, a.language
      from admins a
      join admin_roles ar on ar.admin_id = a.id
      join role_permissions rp on rp.role_id = ar.role_id
      join permissions p on p.id = rp.permission_id
     where p.name = ${permission} and a.status = 'active' and a.deleted_at is null`);
  return rows.rows;
}

/**
 * Notify every admin holding the kind's permission that a new item waits (in-app, their language,
 * linking to the screen, or to `options.link` when the item has its own page), in the caller's
 * transaction. Texts `todos.notify.<kind>.title|body` (or `options.message`).
 * `options.skipIfUnread` leaves out admins who still have an unread notification of the same kind and
 * key (one unread note per failing queue, not one per failed job).
 * @returns how many admins were notified
 */
async function notifyStaff(
  db: Database | Tx,
  kind: Exclude<TodoKind, 'open_tickets' | 'breached_tickets' | 'pending_custom_campaigns' | 'trust_flags'>,
  params: Record<string, string | number>,
  data: Record<string, unknown>,
  options: {
    skipIfUnread?: { key: string; value: string };
    link?: string;
    /** A message other than the kind's own `todos.notify.<kind>` (the same staff, another event). */
    message?: NotificationMessage;
  } = {},
): Promise<number> {
  const { permission } = TODO_KINDS[kind];
  const link = options.link ?? TODO_KINDS[kind].link;
  const { skipIfUnread } = options;
  let staff = await staffHolding(db, permission);
  if (skipIfUnread) {
    const unread = await db.db.execute<{ admin_id: number }>(sql`
      select distinct admin_id from notifications
       where type = ${`todos.${kind}`} and read_at is null and admin_id is not null
         and data ->> ${skipIfUnread.key} = ${skipIfUnread.value}`);
    const skip = new Set(unread.rows.map((r) => r.admin_id));
    staff = staff.filter((a) => !skip.has(a.id));
  }
  for (const admin of staff) {
    await notify(db, {
      adminId: admin.id,
      type: `todos.${kind}`,
      message: options.message ?? `todos.notify.${kind}`,
      params,
      link,
      data,
    });
  }
  return staff.length;
}

/** A user now waits for approval (verified address, status Pending For Approval): tell the staff who approve users. */
export function notifyStaffPendingUser(db: Database | Tx, user: { id: number; name: string; email: string }) {
  return notifyStaff(db, 'pending_users', { name: user.name, email: user.email }, { user_id: user.id });
}

/** A playlist now waits for approval (new, or its tier changed): tell the staff who approve playlists. */
export function notifyStaffPendingPlaylist(db: Database | Tx, playlist: { id: number; name: string }) {
  return notifyStaff(db, 'pending_playlists', { name: playlist.name }, { playlist_id: playlist.id });
}

/** A playlist form was submitted: tell the staff who handle forms. */
export function notifyStaffNewForm(db: Database | Tx, form: { id: number; userId: number }) {
  return notifyStaff(db, 'pending_forms', { id: form.id }, { form_id: form.id, user_id: form.userId });
}

/**
 * An artist edited and resubmitted a form staff had asked more information about (issue 36): tell the
 * staff who handle forms, linking to the form. Texts `todos.notify.form_resubmitted`.
 */
export function notifyStaffFormResubmitted(db: Database | Tx, form: { id: number; userId: number }) {
  return notifyStaff(
    db,
    'pending_forms',
    { id: form.id },
    { form_id: form.id, user_id: form.userId },
    { message: 'todos.notify.form_resubmitted', link: `/forms/${form.id}` },
  );
}

/** A payout request waits for a decision: tell the staff who approve payouts. */
export function notifyStaffPayoutRequest(db: Database | Tx, payout: { id: number; coins: number }) {
  return notifyStaff(db, 'payout_requests', { id: payout.id, coins: payout.coins }, { payout_id: payout.id });
}

/**
 * A job failed for good (no retry left): tell the staff of the queue monitor, once per queue while
 * their previous note about that queue is unread.
 */
export function notifyStaffFailedJob(db: Database | Tx, job: { queue: string; id: string }) {
  return notifyStaff(
    db,
    'failed_jobs',
    { queue: job.queue },
    { queue: job.queue, job_id: job.id },
    { skipIfUnread: { key: 'queue', value: job.queue } },
  );
}

/**
 * An artist disputed an Instagram reel's sound: tell the staff
 * who may decide it (`express.campaigns.show`, the decision route's permission), linking to the
 * campaign's back-office page. Texts `todos.notify.express_disputes`, rendered when read.
 */
export function notifyStaffDisputeOpened(db: Database | Tx, campaign: { id: number; track: string }) {
  return notifyStaff(
    db,
    'express_disputes',
    { id: campaign.id, track: campaign.track },
    { campaign_id: campaign.id },
    { link: `/express-instagram-campaigns/${campaign.id}` },
  );
}

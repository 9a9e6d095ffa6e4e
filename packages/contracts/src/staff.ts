import { z } from 'zod';
import { JOB_STATES } from './statuses';
import { translationsResponseSchema } from './translations';

/**
 * Answer shapes of the back-office's staff calls: admins, roles and permissions, the audit log, system
 * settings and the platform's Spotify account, the queue monitor, lookups and sliders, reports and the
 * dashboard's to-dos. The API serialises its answers through these (a field missing here is dropped
 * from the answer), and the back-office imports their types only (`import type`), which keeps zod out
 * of its bundle. Times are ISO 8601 strings.
 */

/**
 * An id and a name: a picker's option (the public lookups such as `user/genre/getAllGenresWithQ`, the
 * role picker), or a role as an admin's row names it.
 */
export const idNameSchema = z.object({ id: z.number(), name: z.string() });
export type IdName = z.infer<typeof idNameSchema>;

/** The statuses of a staff account: a disabled admin cannot sign in. */
export const ADMIN_STATUSES = ['active', 'disabled'] as const;

/** A staff account (`GET admin/admins`). */
export const staffAdminSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.enum(ADMIN_STATUSES),
  roles: z.array(idNameSchema),
  /** True until the admin has chosen a password through their invitation. */
  invitation_pending: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffAdmin = z.infer<typeof staffAdminSchema>;

/** What `POST admin/admins/{id}/reset-password` sent: an invitation (no password yet) or a reset link. */
export const adminPasswordLinkSchema = z.object({ kind: z.enum(['invite', 'reset']), email: z.string() });

/** Who a role is for: staff (`admin`) or users of the apps (`user`). */
export const GUARDS = ['admin', 'user'] as const;
export const guardSchema = z.enum(GUARDS);

/** A permission as the role editor reads it. */
export const permissionSchema = z.object({ id: z.number(), name: z.string(), guard: guardSchema });

/** Every permission grouped by guard (`GET permissions`). */
export const permissionGroupSchema = z.object({ guard: guardSchema, permissions: z.array(permissionSchema) });
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

/** A role (`GET roles`); the counts only where the list asks for them. */
export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  guard: guardSchema,
  default_for_user_type: z.number().nullable(),
  permissions: z.array(z.string()),
  users_count: z.number().int().optional(),
  admins_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** An audit entry (`GET admin/audit-logs`). */
export const auditLogSchema = z.object({
  id: z.number(),
  actor_type: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** System settings (`GET admin/settings`): money in pence per coin, durations in days. */
export const systemSettingsSchema = z.object({
  maintenance_mode: z.boolean(),
  /** Staff's words on the maintenance screen; '' for the apps' translated text. */
  maintenance_message: z.string(),
  platform_fee_percent: z.number(),
  coin_price_pence: z.number(),
  payout_rate_pence: z.number(),
  /** Smallest withdrawal, in coins. */
  min_withdrawal_coins: z.number(),
  /** Coins above which a payout request needs a second approver (0: off). */
  payout_second_approval_coins: z.number(),
  playlist_submission_days: z.number(),
  on_going_days: z.number(),
  auditing_days: z.number(),
  /** Days a seller has to answer a request. */
  answer_days: z.number(),
  min_listen_seconds: z.number(),
  /** Words of written feedback a decline needs. */
  min_feedback_words: z.number(),
  mail_from_name: z.string(),
  // Support tickets' promised hours per priority.
  ticket_response_hours_high: z.number(),
  ticket_response_hours_medium: z.number(),
  ticket_response_hours_low: z.number(),
  ticket_resolution_hours_high: z.number(),
  ticket_resolution_hours_medium: z.number(),
  ticket_resolution_hours_low: z.number(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** `PUT admin/settings`: the settings after the change, and the keys that changed. */
export const savedSettingsSchema = systemSettingsSchema.extend({ changed: z.array(z.string()) });
export type SavedSettings = z.infer<typeof savedSettingsSchema>;

/** The platform's Spotify account as staff see it (`GET admin/spotify/platform`). */
export const platformSpotifySchema = z.object({
  connected: z.boolean(),
  spotify_user_id: z.string().nullable(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  connected_at: z.string().nullable(),
  connected_by: z.string().nullable(),
});
export type PlatformSpotify = z.infer<typeof platformSpotifySchema>;

/** How a connection of the platform's Spotify account ended (`GET admin/spotify/platform/outcome?token=`). */
export const platformSpotifyOutcomeSchema = z.object({
  status: z.enum(['connected', 'denied', 'failed']),
  display_name: z.string().optional(),
  spotify_user_id: z.string().optional(),
});
export type PlatformSpotifyOutcome = z.infer<typeof platformSpotifyOutcomeSchema>;

/** Where Spotify's consent page is (`POST admin/spotify/platform/connect`). */
export const consentUrlSchema = z.object({ url: z.string() });

/** A queue monitor's job state. */
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

/** A queue (`GET admin/queues`): its jobs counted by state. */
export const queueInfoSchema = z.object({
  name: z.string(),
  policy: z.string(),
  retry_limit: z.number(),
  counts: z.record(jobStateSchema, z.number()),
  backlog: z.number(),
});
export type QueueInfo = z.infer<typeof queueInfoSchema>;

/** A job (`GET admin/queues/{name}/jobs`). */
export const queueJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: jobStateSchema,
  data: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  retry_count: z.number(),
  retry_limit: z.number(),
  created_on: z.string(),
  start_after: z.string(),
  started_on: z.string().nullable(),
  completed_on: z.string().nullable(),
});
export type QueueJob = z.infer<typeof queueJobSchema>;

/** The throughput series (`GET admin/queues/throughput`): jobs finished per bucket. */
export const throughputSchema = z.object({
  bucket: z.enum(['minute', 'hour']),
  completed: z.number(),
  failed: z.number(),
  points: z.array(z.object({ at: z.string(), completed: z.number(), failed: z.number() })),
});
export type Throughput = z.infer<typeof throughputSchema>;

/** A named lookup entry (genres, interests, tiers); `usage`: how many records use it. */
export const lookupEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable().optional(),
  /** Tiers only: name and description in the other languages. */
  translations: translationsResponseSchema('name', 'description').optional(),
  is_active: z.boolean(),
  usage: z.number(),
});
export type LookupEntry = z.infer<typeof lookupEntrySchema>;

/** A user type with its number of users (`GET admin/user-types`). */
export const userTypeCountSchema = z.object({ id: z.number(), name: z.string(), users: z.number() });
export type UserTypeCount = z.infer<typeof userTypeCountSchema>;

/** A slider (`GET admin/sliders`, and the user app's `user/slider`). */
export const sliderSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  image: z.string(),
  image_url: z.string(),
  link: z.string().nullable(),
  position: z.number(),
  is_active: z.boolean(),
});
export type Slider = z.infer<typeof sliderSchema>;

const series = z.object({ day: z.string() });
const byStatus = z.array(z.object({ status_id: z.number(), count: z.number() }));
const payoutFigures = {
  requested: z.number(),
  requested_coins: z.number(),
  paid: z.number(),
  paid_coins: z.number(),
  paid_minor: z.number(),
};
const userFigures = { artists: z.number(), curators: z.number(), influencers: z.number() };

/**
 * The report of a day range (`GET admin/reports`). `revenue`: money taken by card payments per currency
 * (minor units); `fees`: the platform's revenue in coins, fees kept net of refunds.
 */
export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sales: z.object({
    days: z.array(
      series.extend({
        coins: z.number(),
        payments: z.number(),
        revenue: z.record(z.string(), z.number()),
        /** The platform's revenue of the day in coins: fees kept, net of refunds. */
        fees: z.number(),
      }),
    ),
    totals: z.object({
      coins: z.number(),
      payments: z.number(),
      revenue: z.array(z.object({ currency: z.string(), amount_minor: z.number() })),
      fees: z.number(),
    }),
  }),
  campaigns: z.object({ by_status: byStatus, coins: z.number() }),
  users: z.object({ days: z.array(series.extend(userFigures)), totals: z.object(userFigures) }),
  payouts: z.object({
    days: z.array(series.extend(payoutFigures)),
    by_status: byStatus,
    totals: z.object(payoutFigures),
  }),
});
export type Report = z.infer<typeof reportSchema>;

/** The kinds of lines of the dashboard's to-dos, each opened by its own permission. */
export const STAFF_TODO_KINDS = [
  'pending_users',
  'pending_playlists',
  'payout_requests',
  'failed_jobs',
  'open_tickets',
  'breached_tickets',
  'pending_forms',
  'express_disputes',
  'pending_custom_campaigns',
  'trust_flags',
] as const;

/** A line of the dashboard's to-dos (`GET admin/dashboard/todos`): how many wait, and where. */
export const staffTodoSchema = z.object({
  kind: z.enum(STAFF_TODO_KINDS),
  count: z.number(),
  link: z.string(),
});
export type StaffTodo = z.infer<typeof staffTodoSchema>;

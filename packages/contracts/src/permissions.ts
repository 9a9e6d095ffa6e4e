/**
 * Permission names of spec section 6. These strings are the contract between the API (route guards,
 * seeded `permissions` table) and both apps (menu items and route guards through CASL, action `call`).
 */

/** User-side roles/permissions (spec section 6 "Roles"). */
export const USER_PERMISSIONS = [
  'ARTIST_PERMISSION',
  'ARTIST_ALL_PERMISSION',
  'CURATOR_PERMISSION',
  'INFLUENCER_PERMISSION',
] as const;
export type UserPermission = (typeof USER_PERMISSIONS)[number];

/** Resource open to any signed-in user (spec section 6: "Resource 'general' is open to any signed-in user"). */
export const GENERAL = 'general' as const;

const VIEW_AREAS = [
  'admins',
  'roles',
  'logs',
  'notifications',
  'genres',
  'settings',
  'queue.horizon',
  'users',
  'scraping',
  'fan.finder',
  'crm.leads',
  'tickets',
  'departments',
] as const;

/** Admin permission names: spec section 6's, plus the dev mailbox's (outside production only). */
export const ADMIN_PERMISSIONS = [
  ...VIEW_AREAS.map((area) => `view.main.${area}.tab.list` as const),
  'scraping.show',
  'crm.templates.add',
  'crm.templates.edit',
  'crm.leads.show',
  'crm.marketing.show',
  'tickets.show',
  'tickets.add',
  'tickets.edit',
  'tickets.status.edit',
  'tickets.delete',
  /**
   * Not in the spec (docs/decisions.md "Saved replies (issue 36)"): creating, editing and deleting
   * the helpdesk's saved replies. Inserting one into an answer needs only `tickets.add`.
   */
  'tickets.saved.replies.edit',
  'ROLES_VIEW_LIST',
  'users.edit',
  'users.show.invite',
  'users.show.reset.password',
  /**
   * Not in the spec (docs/decisions.md "Lists: search, filters, deep links, notes"): staff notes on a
   * user, reading them (`users.notes.show`) and adding one (`users.notes.add`). Named like the spec's
   * `users.show.*` permissions.
   */
  'users.notes.show',
  'users.notes.add',
  'INFLUENCER_ADD_FORM',
  'VIEW_FORM',
  'EDIT_FORM',
  'CHANGE_STATUS',
  'DELETE_FORM',
  'custom.campaigns.add',
  'custom.campaigns.show',
  'custom.campaigns.edit',
  'custom.campaigns.delete',
  'express.playlist.show',
  'express.campaigns.show',
  /**
   * Not in the spec (docs/decisions.md "Campaign messages"): reading any campaign's conversation
   * between artist and seller. Without it, staff holding `express.campaigns.show` read a thread only
   * when a support ticket or a dispute names the campaign.
   */
  'express.messages.read',
  'invoices.show',
  'transfers.show',
  'INFLUENCER_VIEW_TIERS',
  'INFLUENCER_VIEW_PAYOUT_PROFILE',
  /**
   * Not in the spec (docs/decisions.md "Payout decisions: permission, second approver, risk"):
   * approving and declining payout requests. `INFLUENCER_VIEW_PAYOUT_PROFILE` keeps the lists and
   * the detail; migration 0061 gave this one to every role that could decide before.
   */
  'payouts.decide',
  'main.wallet.show.all.transactions',
  /**
   * Not in the spec (docs/decisions.md "Fake-audience detection (session 6)"): the
   * fake-audience review queue (`trust.flags.show`) and confirming or dismissing a flag
   * (`trust.flags.review`: hides a playlist or account from artists and refunds its open campaigns).
   */
  'trust.flags.show',
  'trust.flags.review',
  /**
   * Not in the spec (docs/decisions.md "Real-user Core Web Vitals (issue 37)"): the real-user speed
   * screen (Core Web Vitals per route), named like the spec's screens (`view.main.{area}.tab.list`).
   */
  'view.main.web.vitals.tab.list',
  /**
   * Not in the spec (docs/decisions.md "Organisations in the back-office (issue 35)"): the
   * organisations list and detail (`view.main.organisations.tab.list`, named like the spec's screens)
   * and suspending, reactivating and correcting an organisation's name and billing details
   * (`organisations.edit`).
   */
  'view.main.organisations.tab.list',
  'organisations.edit',
  /**
   * Not in the spec (docs/decisions.md): reading the dev mailbox, which holds every mail the
   * product sent (reset links included). The route exists only outside production.
   */
  'dev.mailbox.show',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** User types of spec section 1: 1 artist, 2 curator, 3 other (influencer: Instagram/TikTok account holder). */
export const USER_TYPES = { ARTIST: 1, CURATOR: 2, INFLUENCER: 3 } as const;
export type UserTypeId = (typeof USER_TYPES)[keyof typeof USER_TYPES];

/**
 * Default role given to a new user of each type (spec section 6: "A default role is given to new users";
 * the mapping itself is "not shown", decided in docs/decisions.md).
 */
export const DEFAULT_USER_ROLES: Record<UserTypeId, readonly UserPermission[]> = {
  1: ['ARTIST_PERMISSION', 'ARTIST_ALL_PERMISSION'],
  2: ['CURATOR_PERMISSION', 'ARTIST_ALL_PERMISSION'],
  3: ['INFLUENCER_PERMISSION', 'ARTIST_ALL_PERMISSION'],
};

/** Name of the admin role holding every admin permission. */
export const SUPER_ADMIN_ROLE = 'Super Admin';

/** A CASL rule as returned at login: `{ action: 'call', subject: <permission name> }`. */
export interface AbilityRule {
  action: 'call';
  subject: string;
}

/** Back-office permissions of Spotify express (admin routes of apps/api express module). */
export const EXPRESS_ADMIN_PERMISSIONS = {
  campaigns: 'express.campaigns.show',
  playlists: 'express.playlist.show',
  tiers: 'INFLUENCER_VIEW_TIERS',
  messages: 'express.messages.read',
} as const satisfies Record<string, AdminPermission>;

/** Back-office permissions of the users screens (spec section 6). */
export const USER_ADMIN_PERMISSIONS = {
  /** List, overview and every overview tab. */
  view: 'view.main.users.tab.list',
  /** Create, edit, approve, decline, disable, enable. */
  edit: 'users.edit',
  invite: 'users.show.invite',
  resetPassword: 'users.show.reset.password',
  /** The overview's Notes tab: staff notes on the user. */
  notesShow: 'users.notes.show',
  /** Adding a staff note (with `notesShow`). */
  notesAdd: 'users.notes.add',
} as const satisfies Record<string, AdminPermission>;

/**
 * Back-office permissions of the scraping screens (docs/decisions.md "Scraping"):
 * - `view` (view.main.scraping.tab.list): the job and auto-job lists and the scraping event log;
 * - `manage` (scraping.show): what shows or changes leads' data: a job's or an auto job's details and
 *   results, starting and cancelling jobs, auto jobs' changes and runs, CSV export, sending to a
 *   leads list, erasing a lead;
 * - `dashboard` (view.main.genres.tab.list): /scraping_dashboard, as spec section 2 gates it.
 */
export const SCRAPING_PERMISSIONS = {
  view: 'view.main.scraping.tab.list',
  manage: 'scraping.show',
  dashboard: 'view.main.genres.tab.list',
} as const satisfies Record<string, AdminPermission>;

/**
 * Back-office permissions of the CRM (docs/decisions.md "CRM and e-mail marketing"):
 * - `view` (view.main.crm.leads.tab.list): the leads lists and the artists list;
 * - `leads` (crm.leads.show): an artist's profile, lists' members, import, export, consent, suppression;
 * - `marketing` (crm.marketing.show): senders, sender IDs and marketing campaigns;
 * - `templatesAdd` / `templatesEdit` (crm.templates.add / crm.templates.edit): e-mail templates.
 */
export const CRM_PERMISSIONS = {
  view: 'view.main.crm.leads.tab.list',
  leads: 'crm.leads.show',
  marketing: 'crm.marketing.show',
  templatesAdd: 'crm.templates.add',
  templatesEdit: 'crm.templates.edit',
} as const satisfies Record<string, AdminPermission>;

/** Back-office permissions of the payout screens (docs/decisions.md "Payout decisions"). */
export const PAYOUT_ADMIN_PERMISSIONS = {
  /** Payout lists, a payout's detail with its risk context, reconciliation. */
  view: 'INFLUENCER_VIEW_PAYOUT_PROFILE',
  /** Approve and decline payout requests, one by one or in bulk. */
  decide: 'payouts.decide',
  /** The Wise transfer view (/transfers/{quote}). */
  transfer: 'transfers.show',
} as const satisfies Record<string, AdminPermission>;

/** Back-office permissions of the fake-audience review queue. */
export const TRUST_FLAG_PERMISSIONS = {
  /** The queue and a flag's explanation. */
  view: 'trust.flags.show',
  /** Confirm (hide and refund) or dismiss a flag. */
  review: 'trust.flags.review',
} as const satisfies Record<string, AdminPermission>;

/** Back-office permission of the real-user Core Web Vitals screen (issue 37). */
export const WEB_VITALS_PERMISSIONS = {
  /** The screen and `GET /api/admin/web-vitals`. */
  view: 'view.main.web.vitals.tab.list',
} as const satisfies Record<string, AdminPermission>;

/** Back-office permissions of the organisations screens (issue 35). */
export const ORGANISATION_ADMIN_PERMISSIONS = {
  /** The list, its export and each organisation's detail. */
  view: 'view.main.organisations.tab.list',
  /** Suspend, reactivate, correct the name and billing details. */
  edit: 'organisations.edit',
} as const satisfies Record<string, AdminPermission>;

/**
 * The permission that opens each line of the back-office dashboard's to-dos (the permission of the
 * screen the line links to): the API counts a kind, and notifies of a new item, only for staff who
 * hold it; the dashboard keeps one placeholder row per line it will show while they load.
 */
export const STAFF_TODO_PERMISSIONS = {
  pending_users: USER_ADMIN_PERMISSIONS.view,
  pending_playlists: 'express.playlist.show',
  payout_requests: 'INFLUENCER_VIEW_PAYOUT_PROFILE',
  failed_jobs: 'view.main.queue.horizon.tab.list',
  open_tickets: 'view.main.tickets.tab.list',
  breached_tickets: 'view.main.tickets.tab.list',
  pending_forms: 'VIEW_FORM',
  express_disputes: 'express.campaigns.show',
  pending_custom_campaigns: 'custom.campaigns.edit',
  trust_flags: TRUST_FLAG_PERMISSIONS.review,
} as const satisfies Record<string, AdminPermission>;

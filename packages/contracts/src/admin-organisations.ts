import { z } from 'zod';
import { ORGANISATION_KINDS, ORGANISATION_ROLES, ROSTER_STATUSES } from './organisations';
import { organisationInputSchema } from './organisations-api';

/**
 * Request and answer shapes of the back-office's organisation routes (issue 35 "Labels and teams",
 * staff side). Coins are whole numbers; times are ISO 8601 strings.
 *
 * Routes (permission `view.main.organisations.tab.list` to read, `organisations.edit` to change):
 * - `GET /api/admin/organisations` the list ({@link adminOrganisationListItemSchema}); `q` (name, owner's
 *   name or e-mail), `filter[kind]`, `filter[status]`, `filter[country]` (each one or more values,
 *   422 per bad field), `order` (`id`, `name`, `created_at`, `members`, `active_artists`,
 *   `wallet_balance`), paging like every admin list; `GET /api/admin/organisations/export.csv` the same
 *   rows as CSV (audited `export.organisations`);
 * - `GET /api/admin/organisations/:id` the detail ({@link adminOrganisationDetailSchema});
 * - `PUT /api/admin/organisations/:id` name and billing details ({@link adminOrganisationUpdateSchema});
 * - `POST /api/admin/organisations/:id/suspend|reactivate` ({@link adminOrganisationStatusSchema});
 * - `GET /api/admin/users/:id/organisations` the user overview's card
 *   ({@link adminUserOrganisationsSchema}, permission `view.main.users.tab.list`).
 */

export const ORGANISATION_STATUSES = ['active', 'suspended'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** Sortable columns of the back-office list. */
export const ADMIN_ORGANISATION_SORTS = [
  'id',
  'name',
  'created_at',
  'members',
  'active_artists',
  'wallet_balance',
] as const;

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** One row of the back-office list. */
export const adminOrganisationListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ORGANISATION_KINDS),
  /** The billing country (ISO 3166-1 alpha-2). */
  country: z.string(),
  status: z.enum(ORGANISATION_STATUSES),
  /** The first Owner of the team (null only if an organisation somehow has none). */
  owner: personSchema.nullable(),
  members: z.number(),
  active_artists: z.number(),
  /** Coins in the organisation's wallet (0 when it has none yet). */
  wallet_balance: z.number(),
  created_at: z.string(),
});
export type AdminOrganisationListItem = z.infer<typeof adminOrganisationListItemSchema>;

/** A team member as staff see them, with the artists the role is limited to. */
export const adminOrganisationMemberSchema = z.object({
  member_id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  all_artists: z.boolean(),
  /** The artists of a limited role (empty when `all_artists`). */
  artists: z.array(z.object({ user_id: z.number(), artist_name: z.string() })),
  since: z.string(),
});

/** A pending team invitation (neither accepted, revoked nor expired). */
export const adminOrganisationInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  expires_at: z.string(),
  created_at: z.string(),
});

/** A roster entry, whatever its status. */
export const adminOrganisationRosterEntrySchema = z.object({
  id: z.number(),
  artist_user_id: z.number(),
  artist_name: z.string(),
  /** The artist account's e-mail; null for a managed profile. */
  email: z.string().nullable(),
  status: z.enum(ROSTER_STATUSES),
  managed: z.boolean(),
  joined_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
});

/** A monthly budget with the coins still in its ledger account. */
export const adminOrganisationBudgetSchema = z.object({
  id: z.number(),
  artist_user_id: z.number(),
  artist_name: z.string(),
  monthly_coins: z.number(),
  balance: z.number(),
  /** The month (YYYY-MM-DD, its first day) the budget was last topped up for. */
  funded_month: z.string().nullable(),
});

/** An audit entry about the organisation. */
export const adminOrganisationAuditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actor_type: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});

/** The back-office detail of one organisation. */
export const adminOrganisationDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ORGANISATION_KINDS),
  status: z.enum(ORGANISATION_STATUSES),
  billing_name: z.string(),
  billing_address: z.string(),
  billing_country: z.string(),
  vat_number: z.string().nullable(),
  created_by: personSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  team: z.array(adminOrganisationMemberSchema),
  invites: z.array(adminOrganisationInviteSchema),
  roster: z.array(adminOrganisationRosterEntrySchema),
  /** Coins in the organisation's wallet. */
  wallet_balance: z.number(),
  /** Coins in all its budgets' accounts together. */
  budgets_balance: z.number(),
  budgets: z.array(adminOrganisationBudgetSchema),
  /** The newest 50 audit entries about the organisation, newest first. */
  audit: z.array(adminOrganisationAuditEntrySchema),
});
export type AdminOrganisationDetail = z.infer<typeof adminOrganisationDetailSchema>;

/** Staff correct the name and billing details (the kind stays the organisation's choice). */
export const adminOrganisationUpdateSchema = organisationInputSchema.omit({ kind: true });
export type AdminOrganisationUpdate = z.infer<typeof adminOrganisationUpdateSchema>;

/** Suspending or reactivating: the reason, kept in the audit log. */
export const adminOrganisationStatusSchema = z.object({
  note: z.string().trim().min(1, 'validation.required').max(500, 'validation.too_long'),
});
export type AdminOrganisationStatusBody = z.infer<typeof adminOrganisationStatusSchema>;

/** The organisations of a user, for the back-office user overview. */
export const adminUserOrganisationsSchema = z.object({
  /** The teams the user belongs to, with the role. */
  memberships: z.array(
    z.object({
      organisation_id: z.number(),
      name: z.string(),
      kind: z.enum(ORGANISATION_KINDS),
      status: z.enum(ORGANISATION_STATUSES),
      role: z.enum(ORGANISATION_ROLES),
      all_artists: z.boolean(),
    }),
  ),
  /** The organisation acting for the user as an artist (active roster entry), if any. */
  acting_for: z
    .object({
      organisation_id: z.number(),
      name: z.string(),
      kind: z.enum(ORGANISATION_KINDS),
      status: z.enum(ORGANISATION_STATUSES),
      since: z.string().nullable(),
      managed: z.boolean(),
    })
    .nullable(),
});
export type AdminUserOrganisations = z.infer<typeof adminUserOrganisationsSchema>;

import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/**
 * Organisations (issue 35, DESIGN.md section 9): a label, a management company or an agency, with its
 * billing details (printed on its invoices). Its wallet and budgets are ledger accounts
 * (`ledger_accounts.organisation_id`); its roster and team are the tables below.
 */
export const organisations = pg.pgTable(
  'organisations',
  {
    id: pg.serial('id').primaryKey(),
    /** label, management or agency */
    kind: pg.varchar('kind', { length: 12 }).notNull(),
    name: pg.varchar('name', { length: 120 }).notNull(),
    /** Stored file key of the logo (files module), like a user's avatar. */
    logo: pg.text('logo'),
    billingName: pg.varchar('billing_name', { length: 190 }).notNull(),
    billingAddress: pg.text('billing_address').notNull(),
    /** ISO 3166-1 alpha-2. */
    billingCountry: pg.varchar('billing_country', { length: 2 }).notNull(),
    /** VAT number as the organisation typed it, upper-cased without spaces; optional. */
    vatNumber: pg.varchar('vat_number', { length: 32 }),
    /** active, or suspended by staff (members can then only read). */
    status: pg.varchar('status', { length: 12 }).notNull().default('active'),
    createdByUserId: pg
      .integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    pg.check('organisations_kind_check', sql`${t.kind} in ('label', 'management', 'agency')`),
    pg.check('organisations_status_check', sql`${t.status} in ('active', 'suspended')`),
    pg.check('organisations_name_check', sql`char_length(btrim(${t.name})) between 1 and 120`),
    pg.index('organisations_live_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    pg.index('organisations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * Team members: a user with a role in an organisation. Roles (issue 35): owner (everything, billing
 * and deleting included), admin (roster and team, not billing), campaign_manager (campaigns and
 * messages of the artists assigned), finance (coins, invoices, budgets, results; read-only elsewhere),
 * viewer (read-only). `all_artists` false limits the role to the artists of
 * `organisation_member_artists`. A user may belong to several organisations' teams.
 */
export const organisationMembers = pg.pgTable(
  'organisation_members',
  {
    id: pg.serial('id').primaryKey(),
    organisationId: pg
      .integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: pg.varchar('role', { length: 20 }).notNull(),
    allArtists: pg.boolean('all_artists').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('organisation_members_unique').on(t.organisationId, t.userId),
    pg.index('organisation_members_user_idx').on(t.userId),
    pg.check(
      'organisation_members_role_check',
      sql`${t.role} in ('owner', 'admin', 'campaign_manager', 'finance', 'viewer')`,
    ),
  ],
);

/** The artists a member's role is limited to, when `organisation_members.all_artists` is false. */
export const organisationMemberArtists = pg.pgTable(
  'organisation_member_artists',
  {
    memberId: pg.integer('member_id').notNull(),
    artistUserId: pg
      .integer('artist_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.memberId, t.artistUserId] }),
    pg
      .foreignKey({
        name: 'organisation_member_artists_member_fk',
        columns: [t.memberId],
        foreignColumns: [organisationMembers.id],
      })
      .onDelete('cascade'),
  ],
);

/**
 * Team invitations: a single-use link sent by e-mail (only the SHA-256 of its token is stored), with
 * the role and artists the member will have. Used once (`accepted_at`), revocable, expiring.
 */
export const organisationInvites = pg.pgTable(
  'organisation_invites',
  {
    id: pg.serial('id').primaryKey(),
    organisationId: pg
      .integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: pg.varchar('email', { length: 190 }).notNull(),
    role: pg.varchar('role', { length: 20 }).notNull(),
    allArtists: pg.boolean('all_artists').notNull().default(true),
    /** The artists of the role when `all_artists` is false (user ids of the roster). */
    artistUserIds: pg.integer('artist_user_ids').array().notNull().default(sql`'{}'::int[]`),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull(),
    invitedByUserId: pg
      .integer('invited_by_user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: pg.timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: pg.integer('accepted_by_user_id').references(() => users.id),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('organisation_invites_token_unique').on(t.tokenHash),
    pg.index('organisation_invites_org_idx').on(t.organisationId, t.createdAt),
    pg.check(
      'organisation_invites_role_check',
      sql`${t.role} in ('owner', 'admin', 'campaign_manager', 'finance', 'viewer')`,
    ),
    pg.check('organisation_invites_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * The roster: artists an organisation acts for. `managed` rows are artist profiles the organisation
 * created (users without a login of their own, `users.managed_profile`); the others are existing
 * artist accounts invited to join, who accept or refuse, and may leave. Statuses: invited, active,
 * refused, left, removed. An artist is active in at most one organisation at a time (unique index),
 * and has at most one open (invited or active) row per organisation.
 */
export const organisationArtists = pg.pgTable(
  'organisation_artists',
  {
    id: pg.serial('id').primaryKey(),
    organisationId: pg
      .integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    artistUserId: pg
      .integer('artist_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: pg.varchar('status', { length: 10 }).notNull(),
    managed: pg.boolean('managed').notNull().default(false),
    invitedByUserId: pg.integer('invited_by_user_id').references(() => users.id),
    joinedAt: pg.timestamp('joined_at', { withTimezone: true }),
    endedAt: pg.timestamp('ended_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('organisation_artists_one_active').on(t.artistUserId).where(sql`${t.status} = 'active'`),
    pg
      .uniqueIndex('organisation_artists_open_unique')
      .on(t.organisationId, t.artistUserId)
      .where(sql`${t.status} in ('invited', 'active')`),
    pg.index('organisation_artists_org_idx').on(t.organisationId, t.status),
    pg.check(
      'organisation_artists_status_check',
      sql`${t.status} in ('invited', 'active', 'refused', 'left', 'removed')`,
    ),
    pg.check(
      'organisation_artists_managed_active',
      sql`not ${t.managed} or ${t.status} in ('active', 'removed')`,
    ),
  ],
);

/**
 * Monthly budgets: the coins an artist of the roster may spend on campaigns each month, from the
 * organisation's wallet. The coins themselves sit in the budget's ledger account
 * (`ledger_accounts.kind = 'organisation_budget'`, never below zero like every wallet): the
 * organisation's wallet tops it up to `monthly_coins` at the start of each month (and when the
 * budget is set), campaigns for the artist are held from it, and refunds return to it.
 */
export const organisationBudgets = pg.pgTable(
  'organisation_budgets',
  {
    id: pg.serial('id').primaryKey(),
    organisationId: pg
      .integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    artistUserId: pg
      .integer('artist_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Coins per calendar month (UTC), > 0. */
    monthlyCoins: pg.integer('monthly_coins').notNull(),
    /**
     * The budget's ledger account (`organisation_budget`), created with the budget. Its foreign key to
     * `ledger_accounts` exists in the database (migration 0069) but is not declared here: the ledger's
     * table already references `organisations`, and table files must not reference each other in a
     * circle (apps/api/src/test/boundaries.test.ts); migration 0072 keeps the constraint.
     */
    ledgerAccountId: pg.bigint('ledger_account_id', { mode: 'number' }).notNull(),
    /** The month (first day, UTC) the budget account was last topped up for. */
    fundedMonth: pg.date('funded_month'),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('organisation_budgets_unique').on(t.organisationId, t.artistUserId),
    pg.uniqueIndex('organisation_budgets_account_unique').on(t.ledgerAccountId),
    pg.check('organisation_budgets_positive', sql`${t.monthlyCoins} > 0`),
  ],
);

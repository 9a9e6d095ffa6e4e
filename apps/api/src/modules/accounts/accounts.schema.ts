import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamps } from '../../db/columns';
import { admins } from '../admins/admins.schema';

/** Users of the user app: type 1 artist, 2 curator, 3 other/influencer (spec sections 1 and 3). */
export const users = pg.pgTable(
  'users',
  {
    id: pg.serial('id').primaryKey(),
    userTypeId: pg.smallint('user_type_id').notNull(),
    firstName: pg.varchar('first_name', { length: 100 }).notNull(),
    lastName: pg.varchar('last_name', { length: 100 }).notNull(),
    email: pg.varchar('email', { length: 190 }).notNull(),
    passwordHash: pg.text('password_hash'),
    gender: pg.varchar('gender', { length: 10 }),
    birthDate: pg.date('birth_date'),
    phoneNumber: pg.varchar('phone_number', { length: 20 }),
    avatar: pg.text('avatar'),
    countryCode: pg.varchar('country_code', { length: 2 }),
    status: pg.varchar('status', { length: 20 }).notNull().default('pending_approval'),
    tierId: pg.integer('tier_id'),
    spotifyLink: pg.text('spotify_link'),
    instagramLink: pg.text('instagram_link'),
    facebookLink: pg.text('facebook_link'),
    tiktokLink: pg.text('tiktok_link'),
    twitterLink: pg.text('twitter_link'),
    /** The name an artist performs under, shown to curators and staff. */
    artistName: pg.varchar('artist_name', { length: 100 }),
    /** A short bio for curators and staff, at most 300 characters. */
    bio: pg.text('bio'),
    /**
     * The user's genres as the session user shows them, `[{ id, name }]` by name: kept by triggers on
     * `user_genres` and `genres` (migration 0044), so `user/info` reads one column, not a join and an
     * aggregate on every request. Written by the database only.
     */
    profileGenres: pg.jsonb('profile_genres').$type<{ id: number; name: string }[]>().notNull().default([]),
    oauthType: pg.varchar('oauth_type', { length: 20 }),
    oauthSubject: pg.varchar('oauth_subject', { length: 190 }),
    emailVerifiedAt: pg.timestamp('email_verified_at', { withTimezone: true }),
    twoFactorEnabled: pg.boolean('two_factor_enabled').notNull().default(false),
    mustChangePassword: pg.boolean('must_change_password').notNull().default(false),
    /**
     * An artist profile an organisation created and manages (issue 35): no login of its own (no
     * password, no sign-in of any kind, no e-mail sent); reached only by the organisation's team.
     */
    managedProfile: pg.boolean('managed_profile').notNull().default(false),
    language: pg.varchar('language', { length: 2 }).notNull().default('en'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    pg.uniqueIndex('users_email_unique').on(t.email),
    pg.uniqueIndex('users_oauth_unique').on(t.oauthType, t.oauthSubject),
    pg.index('users_type_status_idx').on(t.userTypeId, t.status),
    // Back-office search (users list name/email/q filters, audit log actor filter): contains,
    // case-insensitive, served by trigram indexes (pg_trgm, migration 0008); see docs/performance.md.
    pg
      .index('users_name_trgm_idx')
      .using('gin', sql`trim(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    pg.index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // Live accounts only (the lists leave deleted ones out): their counts are index-only scans.
    pg.index('users_country_idx').on(t.countryCode).where(sql`${t.deletedAt} is null`),
    pg.index('users_live_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    // Reports' sign-ups per day and the users list's date filters.
    pg.index('users_created_idx').on(t.createdAt),
    pg.check('users_type_check', sql`${t.userTypeId} in (1, 2, 3)`),
    pg.check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    pg.check('users_bio_length_check', sql`char_length(${t.bio}) <= 300`),
  ],
);

/**
 * Opaque bearer tokens (Sanctum style): only the SHA-256 of the token is stored. One table for user
 * and admin sessions; exactly one of user_id / admin_id is set.
 */
export const accessTokens = pg.pgTable(
  'access_tokens',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull(),
    userId: pg.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: pg.integer('admin_id'),
    ip: pg.varchar('ip', { length: 64 }),
    userAgent: pg.text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: pg.timestamp('last_used_at', { withTimezone: true }),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('access_tokens_hash_unique').on(t.tokenHash),
    pg.index('access_tokens_user_idx').on(t.userId),
    pg.index('access_tokens_admin_idx').on(t.adminId),
    pg.check('access_tokens_owner_check', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
  ],
);

/**
 * Emailed one-time codes (6 digits, hashed, 10 minutes, 5 attempts). `purpose` says what the code
 * proves: verify_email, login_2fa, payout (later modules add their own purposes).
 */
export const emailCodes = pg.pgTable(
  'email_codes',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: pg.varchar('purpose', { length: 30 }).notNull(),
    codeHash: pg.varchar('code_hash', { length: 64 }).notNull(),
    attempts: pg.integer('attempts').notNull().default(0),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: pg.timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Password reset and invitation links (token hashed, single use): of a user or of an admin, exactly one
 * of `user_id` / `admin_id` is set.
 */
export const passwordResets = pg.pgTable(
  'password_resets',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg.integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: pg.integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('password_resets_hash_unique').on(t.tokenHash),
    pg.index('password_resets_admin_idx').on(t.adminId),
    pg.check('password_resets_owner_check', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
  ],
);

/** Sign-in attempts, for throttling failed logins per account and per IP across instances. */
export const loginAttempts = pg.pgTable(
  'login_attempts',
  {
    id: pg.serial('id').primaryKey(),
    scope: pg.varchar('scope', { length: 10 }).notNull(),
    email: pg.varchar('email', { length: 190 }).notNull(),
    ip: pg.varchar('ip', { length: 64 }).notNull(),
    succeeded: pg.boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('login_attempts_email_idx').on(t.scope, t.email, t.createdAt),
    pg.index('login_attempts_ip_idx').on(t.scope, t.ip, t.createdAt),
  ],
);

/** Pending Google sign-ups waiting for the user type and gender (/complete/oauth). */
export const oauthPending = pg.pgTable(
  'oauth_pending',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull(),
    provider: pg.varchar('provider', { length: 20 }).notNull(),
    subject: pg.varchar('subject', { length: 190 }).notNull(),
    email: pg.varchar('email', { length: 190 }).notNull(),
    firstName: pg.varchar('first_name', { length: 100 }).notNull(),
    lastName: pg.varchar('last_name', { length: 100 }).notNull(),
    avatar: pg.text('avatar'),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
  },
  (t) => [pg.uniqueIndex('oauth_pending_hash_unique').on(t.tokenHash)],
);

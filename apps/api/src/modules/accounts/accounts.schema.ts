import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamps } from '../../db/columns';
import { admins } from '../admins/admins.schema';

/** Users of the user app: type 1 artist, 2 curator, 3 other/influencer (spec sections 1 and 3). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userTypeId: smallint('user_type_id').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    passwordHash: text('password_hash'),
    gender: varchar('gender', { length: 10 }),
    birthDate: date('birth_date'),
    phoneNumber: varchar('phone_number', { length: 20 }),
    avatar: text('avatar'),
    countryCode: varchar('country_code', { length: 2 }),
    status: varchar('status', { length: 20 }).notNull().default('pending_approval'),
    tierId: integer('tier_id'),
    spotifyLink: text('spotify_link'),
    instagramLink: text('instagram_link'),
    facebookLink: text('facebook_link'),
    tiktokLink: text('tiktok_link'),
    twitterLink: text('twitter_link'),
    /** The name an artist performs under, shown to curators and staff. */
    artistName: varchar('artist_name', { length: 100 }),
    /** A short bio for curators and staff, at most 300 characters. */
    bio: text('bio'),
    /**
     * The user's genres as the session user shows them, `[{ id, name }]` by name: kept by triggers on
     * `user_genres` and `genres` (migration 0044), so `user/info` reads one column, not a join and an
     * aggregate on every request. Written by the database only.
     */
    profileGenres: jsonb('profile_genres').$type<{ id: number; name: string }[]>().notNull().default([]),
    oauthType: varchar('oauth_type', { length: 20 }),
    oauthSubject: varchar('oauth_subject', { length: 190 }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_oauth_unique').on(t.oauthType, t.oauthSubject),
    index('users_type_status_idx').on(t.userTypeId, t.status),
    // Back-office search (users list name/email/q filters, audit log actor filter): contains,
    // case-insensitive, served by trigram indexes (pg_trgm, migration 0008); see docs/performance.md.
    index('users_name_trgm_idx').using('gin', sql`trim(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // Live accounts only (the lists leave deleted ones out): their counts are index-only scans.
    index('users_country_idx').on(t.countryCode).where(sql`${t.deletedAt} is null`),
    index('users_live_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    // Reports' sign-ups per day and the users list's date filters.
    index('users_created_idx').on(t.createdAt),
    check('users_type_check', sql`${t.userTypeId} in (1, 2, 3)`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_bio_length_check', sql`char_length(${t.bio}) <= 300`),
  ],
);

/**
 * Opaque bearer tokens (Sanctum style): only the SHA-256 of the token is stored. One table for user
 * and admin sessions; exactly one of user_id / admin_id is set.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id'),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_unique').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
    index('access_tokens_admin_idx').on(t.adminId),
    check('access_tokens_owner_check', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
  ],
);

/**
 * Emailed one-time codes (6 digits, hashed, 10 minutes, 5 attempts). `purpose` says what the code
 * proves: verify_email, login_2fa, payout (later modules add their own purposes).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Password reset and invitation links (token hashed, single use): of a user or of an admin, exactly one
 * of `user_id` / `admin_id` is set.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_unique').on(t.tokenHash),
    index('password_resets_admin_idx').on(t.adminId),
    check('password_resets_owner_check', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
  ],
);

/** Sign-in attempts, for throttling failed logins per account and per IP across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 10 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.scope, t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.scope, t.ip, t.createdAt),
  ],
);

/** Pending Google sign-ups waiting for the user type and gender (/complete/oauth). */
export const oauthPending = pgTable(
  'oauth_pending',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 190 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    avatar: text('avatar'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oauth_pending_hash_unique').on(t.tokenHash)],
);

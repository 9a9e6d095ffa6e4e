import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { admins } from '../admins/admins.schema';

/** Where and when a lead's field was found (every field records its source). */
export interface FieldSource {
  /** A URL (the Spotify API resource, the playlist, the web page read) or `spotify:<endpoint>`. */
  source: string;
  /** ISO 8601. */
  found_at: string;
}

/** Where a lead came from first. */
export type LeadOrigin = 'scraping' | 'csv' | 'user';

/**
 * People to reach (the CRM builds on them): an artist (by Spotify artist id) or a
 * curator (a playlist owner, by Spotify user id), one row per Spotify id and kind whichever job found
 * them. Only what the sources publish: the Spotify profile, the artist's public links, a contact
 * address read from a public page or a playlist description. `provenance` maps each field (`name`,
 * `followers`, `genres`, `email`, `links.website`, ...) to where and when it was found. Erasing a lead
 * deletes the row (and, through the cascades, its job links, list memberships and site visits) and
 * writes a suppression, so it is never added again.
 */
export const leads = pg.pgTable(
  'leads',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    kind: pg.varchar('kind', { length: 10 }).notNull().$type<'artist' | 'curator'>(),
    /** Null for a lead imported from a CSV without one, or a registered artist. */
    spotifyId: pg.varchar('spotify_id', { length: 100 }),
    name: pg.varchar('name', { length: 300 }).notNull(),
    followers: pg.integer('followers'),
    popularity: pg.smallint('popularity'),
    genres: pg.text('genres').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: pg.text('image_url'),
    spotifyUrl: pg.text('spotify_url'),
    /** Public links besides Spotify, by kind (`website`, `instagram`, ...). */
    links: pg.jsonb('links').notNull().default({}).$type<Record<string, string>>(),
    email: pg.varchar('email', { length: 320 }),
    /**
     * ISO 3166-1 alpha-2 country (upper case), e.g. from a CSV import's `country` column; null when
     * unknown. Checked by `isCountryCode` wherever it is written (a CHECK would scan the table).
     */
    country: pg.varchar('country', { length: 2 }),
    provenance: pg.jsonb('provenance').notNull().default({}).$type<Record<string, FieldSource>>(),
    /** The scraping job that first found the lead (no foreign key: jobs may be pruned, leads stay). */
    firstJobId: pg.bigint('first_job_id', { mode: 'number' }),
    /** Where the lead came from first: the scraping tool, a CSV import, a registered artist. */
    origin: pg.varchar('origin', { length: 10 }).notNull().default('scraping').$type<LeadOrigin>(),
    /** The registered user this lead is; no foreign key: erasure of either stays independent. */
    userId: pg.integer('user_id'),
    /** When the Spotify profile was last read (artists are read again after a while). */
    profileFetchedAt: pg.timestamp('profile_fetched_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('leads_kind_spotify_unique').on(t.kind, t.spotifyId),
    pg.index('leads_genres_idx').using('gin', t.genres),
    pg.index('leads_followers_idx').on(t.followers),
    pg.index('leads_created_idx').on(t.createdAt),
    pg.check('leads_kind_known', sql`${t.kind} in ('artist', 'curator')`),
    pg.check('leads_origin_known', sql`${t.origin} in ('scraping', 'csv', 'user')`),
    // A lead without a Spotify id is one per address and kind (CSV imports and users upsert on it).
    pg
      .uniqueIndex('leads_kind_email_unique')
      .on(t.kind, sql`lower(${t.email})`)
      .where(sql`${t.spotifyId} is null`),
    pg.uniqueIndex('leads_user_unique').on(t.userId),
    pg.index('leads_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Named lists of leads (the CRM shows and uses them). */
export const leadLists = pg.pgTable(
  'lead_lists',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    /** `static` (members added by hand, by import or from scraping) or `filter` (a saved filter). */
    type: pg.varchar('type', { length: 10 }).notNull().default('static').$type<'static' | 'filter'>(),
    /** The saved filter of a `filter` list (`LeadFilter` of @lm/contracts/crm). */
    filter: pg.jsonb('filter').$type<Record<string, unknown>>(),
    createdBy: pg.integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('lead_lists_name_unique').on(sql`lower(${t.name})`),
    pg.check('lead_lists_type_known', sql`${t.type} in ('static', 'filter')`),
    pg.check('lead_lists_filter_set', sql`(${t.type} = 'filter') = (${t.filter} is not null)`),
  ],
);

/** Members of a lead list; a lead is in a list once. */
export const leadListMembers = pg.pgTable(
  'lead_list_members',
  {
    listId: pg
      .integer('list_id')
      .notNull()
      .references(() => leadLists.id, { onDelete: 'cascade' }),
    leadId: pg
      .bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    addedBy: pg.integer('added_by').references(() => admins.id),
    addedAt: pg.timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.listId, t.leadId] }),
    pg.index('lead_list_members_lead_idx').on(t.leadId),
  ],
);

/**
 * The global suppression list: leads erased on request (GDPR articles 14 and 17: never added again)
 * and the CRM's unsubscribes, hard bounces and complaints (`reason`). Only SHA-256 hashes of the
 * identifiers are kept (`artist:<spotify id>`, `curator:<spotify id>`, `email:<address in lower
 * case>`), so the list that keeps a person out does not itself hold their data. Every lead insert and
 * every found address is checked against it.
 */
export const leadSuppressions = pg.pgTable(
  'lead_suppressions',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    valueHash: pg.char('value_hash', { length: 64 }).notNull(),
    /** Why: erasure, unsubscribe, hard_bounce or complaint; every send checks the list. */
    reason: pg.varchar('reason', { length: 12 }).notNull().default('erasure'),
    erasedBy: pg.integer('erased_by').references(() => admins.id),
    erasedAt: pg.timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('lead_suppressions_hash_unique').on(t.valueHash),
    pg.check(
      'lead_suppressions_reason_known',
      sql`${t.reason} in ('erasure', 'unsubscribe', 'hard_bounce', 'complaint')`,
    ),
  ],
);

import type { CampaignSegment, ConsentState } from '@lm/contracts/crm';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { admins } from '../admins/admins.schema';
import { leadLists } from '../leads/leads.schema';

/**
 * Addresses the CRM may write to: one row per address (lower
 * case), whichever leads carry it, with its consent, where that consent came from, the contact's first
 * name and language (merge tags, the unsubscribe page). The global suppression list
 * (`lead_suppressions`) wins over any consent here: a suppressed address is never sent to.
 */
export const crmAddresses = pg.pgTable(
  'crm_addresses',
  {
    email: pg.varchar('email', { length: 320 }).primaryKey(),
    consent: pg.varchar('consent', { length: 12 }).notNull().default('unconfirmed').$type<ConsentState>(),
    /** `import:<list>`, `staff`, `unsubscribe`, `user` ... */
    consentSource: pg.text('consent_source').notNull(),
    consentAt: pg.timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    firstName: pg.varchar('first_name', { length: 100 }),
    /** en|fr|de|ar|tr, or null (English). */
    language: pg.varchar('language', { length: 2 }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check(
      'crm_addresses_consent_known',
      sql`${t.consent} in ('unconfirmed', 'confirmed', 'unsubscribed')`,
    ),
    pg.check('crm_addresses_lower_case', sql`${t.email} = lower(${t.email})`),
    pg.index('crm_addresses_consent_idx').on(t.consent),
  ],
);

/** The result of one DNS check of a sender domain. */
export interface DnsCheck {
  status: 'pass' | 'fail' | 'missing';
  /** The record found (joined TXT strings), if any. */
  found: string | null;
}

/**
 * Sender IDs: domains the CRM sends from, verified when their SPF, DKIM and
 * DMARC records are found in DNS as shown to staff. Each domain gets its own DKIM key pair (RSA 2048);
 * the private key is stored encrypted with a key derived from APP_KEY.
 */
export const crmSenderDomains = pg.pgTable(
  'crm_sender_domains',
  {
    id: pg.serial('id').primaryKey(),
    domain: pg.varchar('domain', { length: 253 }).notNull(),
    dkimSelector: pg.varchar('dkim_selector', { length: 63 }).notNull(),
    /** Base64 DER (SPKI) public key, as published in the DKIM record's `p=`. */
    dkimPublicKey: pg.text('dkim_public_key').notNull(),
    /** AES-256-GCM sealed PKCS#8 PEM (`iv.tag.ciphertext`, base64url). */
    dkimPrivateKey: pg.text('dkim_private_key').notNull(),
    spf: pg.jsonb('spf').$type<DnsCheck>(),
    dkim: pg.jsonb('dkim').$type<DnsCheck>(),
    dmarc: pg.jsonb('dmarc').$type<DnsCheck>(),
    verifiedAt: pg.timestamp('verified_at', { withTimezone: true }),
    checkedAt: pg.timestamp('checked_at', { withTimezone: true }),
    createdBy: pg.integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('crm_sender_domains_domain_unique').on(t.domain),
    pg.check('crm_sender_domains_lower_case', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * Senders: From addresses, confirmed by a 6-digit code sent to them (SHA-256 stored, 10
 * minutes, 5 attempts). A campaign may use a confirmed sender whose domain is a verified sender ID.
 */
export const crmSenders = pg.pgTable(
  'crm_senders',
  {
    id: pg.serial('id').primaryKey(),
    email: pg.varchar('email', { length: 320 }).notNull(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    /** Most messages per minute campaigns send from this address (its rate cap). */
    ratePerMinute: pg.integer('rate_per_minute').notNull().default(600),
    codeHash: pg.char('code_hash', { length: 64 }),
    codeExpiresAt: pg.timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: pg.smallint('code_attempts').notNull().default(0),
    /** The earliest time this sender's next campaign message may go (the per-sender rate cap). */
    paceAt: pg.timestamp('pace_at', { withTimezone: true }),
    confirmedAt: pg.timestamp('confirmed_at', { withTimezone: true }),
    createdBy: pg.integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('crm_senders_email_unique').on(t.email),
    pg.check('crm_senders_lower_case', sql`${t.email} = lower(${t.email})`),
    pg.check('crm_senders_rate_positive', sql`${t.ratePerMinute} between 1 and 100000`),
  ],
);

/**
 * E-mail templates: the editor's design JSON (GrapesJS project data) and the
 * MJML it exports are stored; the HTML (compiled with `mjml` on the server) and the plain-text part
 * (from that HTML) are stored beside them, merge tags left in place for each recipient.
 */
export const crmTemplates = pg.pgTable(
  'crm_templates',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    subject: pg.varchar('subject', { length: 200 }).notNull(),
    design: pg.jsonb('design').$type<Record<string, unknown>>(),
    mjml: pg.text('mjml').notNull(),
    html: pg.text('html').notNull(),
    text: pg.text('text').notNull(),
    createdBy: pg.integer('created_by').references(() => admins.id),
    updatedBy: pg.integer('updated_by').references(() => admins.id),
    ...timestamps(),
  },
  (t) => [pg.uniqueIndex('crm_templates_name_unique').on(sql`lower(${t.name})`)],
);

/** Campaign states: draft, scheduled, sending, paused, sent, cancelled. */
export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';

/**
 * Marketing campaigns: a leads list, a template and a sender, sent now or at
 * `scheduled_at` by a pg-boss batch job; pausable and resumable.
 */
export const crmCampaigns = pg.pgTable(
  'crm_campaigns',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    listId: pg
      .integer('list_id')
      .notNull()
      .references(() => leadLists.id),
    templateId: pg
      .integer('template_id')
      .notNull()
      .references(() => crmTemplates.id),
    senderId: pg
      .integer('sender_id')
      .notNull()
      .references(() => crmSenders.id),
    /** Conditions narrowing the list (`CampaignSegment`), or null for the whole list. */
    segment: pg.jsonb('segment').$type<CampaignSegment>(),
    status: pg.varchar('status', { length: 10 }).notNull().default('draft').$type<CampaignStatus>(),
    scheduledAt: pg.timestamp('scheduled_at', { withTimezone: true }),
    /** The IANA time zone the schedule was chosen in (shown beside it); the instant is `scheduled_at`. */
    scheduleTimeZone: pg.varchar('schedule_time_zone', { length: 64 }),
    startedAt: pg.timestamp('started_at', { withTimezone: true }),
    finishedAt: pg.timestamp('finished_at', { withTimezone: true }),
    createdBy: pg.integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check(
      'crm_campaigns_status_known',
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`,
    ),
    pg.index('crm_campaigns_status_idx').on(t.status),
  ],
);

/**
 * One message of a campaign to one address. `(campaign_id, email)` is unique: a campaign never writes
 * twice to an address, whatever runs twice. `status`: pending (to send), sending (claimed by a batch;
 * never claimed again, so a batch killed mid-send never repeats a message), sent, skipped (suppressed
 * or unsubscribed when its turn came), failed.
 */
export const crmSends = pg.pgTable(
  'crm_sends',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => crmCampaigns.id, { onDelete: 'cascade' }),
    email: pg.varchar('email', { length: 320 }).notNull(),
    leadId: pg.bigint('lead_id', { mode: 'number' }),
    status: pg.varchar('status', { length: 10 }).notNull().default('pending'),
    claimedAt: pg.timestamp('claimed_at', { withTimezone: true }),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
    deliveredAt: pg.timestamp('delivered_at', { withTimezone: true }),
    openedAt: pg.timestamp('opened_at', { withTimezone: true }),
    clickedAt: pg.timestamp('clicked_at', { withTimezone: true }),
    bouncedAt: pg.timestamp('bounced_at', { withTimezone: true }),
    complainedAt: pg.timestamp('complained_at', { withTimezone: true }),
    unsubscribedAt: pg.timestamp('unsubscribed_at', { withTimezone: true }),
    error: pg.text('error'),
  },
  (t) => [
    pg.uniqueIndex('crm_sends_campaign_email_unique').on(t.campaignId, t.email),
    pg.index('crm_sends_pending_idx').on(t.campaignId, t.id).where(sql`${t.status} = 'pending'`),
    pg.index('crm_sends_lead_idx').on(t.leadId),
    pg.check(
      'crm_sends_status_known',
      sql`${t.status} in ('pending', 'sending', 'sent', 'skipped', 'failed')`,
    ),
  ],
);

/** Engagement and delivery events of sends, for the campaign's chart over time. */
export const crmSendEvents = pg.pgTable(
  'crm_send_events',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    sendId: pg
      .bigint('send_id', { mode: 'number' })
      .notNull()
      .references(() => crmSends.id, { onDelete: 'cascade' }),
    kind: pg.varchar('kind', { length: 12 }).notNull(),
    url: pg.text('url'),
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('crm_send_events_send_idx').on(t.sendId, t.at),
    // Delivery outcomes are recorded once per message (a replayed webhook changes nothing).
    pg
      .uniqueIndex('crm_send_events_outcome_unique')
      .on(t.sendId, t.kind)
      .where(sql`${t.kind} in ('delivered', 'bounce', 'complaint', 'unsubscribe')`),
    pg.check(
      'crm_send_events_kind_known',
      sql`${t.kind} in ('sent', 'delivered', 'open', 'click', 'bounce', 'complaint', 'unsubscribe')`,
    ),
  ],
);

import type { ConsentState } from '@lm/contracts/crm';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
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
import { createdAt, timestamps } from '../../db/columns';
import { admins } from '../admins/admins.schema';
import { leadLists } from '../leads/leads.schema';

/**
 * Addresses the CRM may write to: one row per address (lower
 * case), whichever leads carry it, with its consent, where that consent came from, the contact's first
 * name and language (merge tags, the unsubscribe page). The global suppression list
 * (`lead_suppressions`) wins over any consent here: a suppressed address is never sent to.
 */
export const crmAddresses = pgTable(
  'crm_addresses',
  {
    email: varchar('email', { length: 320 }).primaryKey(),
    consent: varchar('consent', { length: 12 }).notNull().default('unconfirmed').$type<ConsentState>(),
    /** `import:<list>`, `staff`, `unsubscribe`, `user` ... */
    consentSource: text('consent_source').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    firstName: varchar('first_name', { length: 100 }),
    /** en|fr|de|ar|tr, or null (English). */
    language: varchar('language', { length: 2 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('crm_addresses_consent_known', sql`${t.consent} in ('unconfirmed', 'confirmed', 'unsubscribed')`),
    check('crm_addresses_lower_case', sql`${t.email} = lower(${t.email})`),
    index('crm_addresses_consent_idx').on(t.consent),
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
export const crmSenderDomains = pgTable(
  'crm_sender_domains',
  {
    id: serial('id').primaryKey(),
    domain: varchar('domain', { length: 253 }).notNull(),
    dkimSelector: varchar('dkim_selector', { length: 63 }).notNull(),
    /** Base64 DER (SPKI) public key, as published in the DKIM record's `p=`. */
    dkimPublicKey: text('dkim_public_key').notNull(),
    /** AES-256-GCM sealed PKCS#8 PEM (`iv.tag.ciphertext`, base64url). */
    dkimPrivateKey: text('dkim_private_key').notNull(),
    spf: jsonb('spf').$type<DnsCheck>(),
    dkim: jsonb('dkim').$type<DnsCheck>(),
    dmarc: jsonb('dmarc').$type<DnsCheck>(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_sender_domains_domain_unique').on(t.domain),
    check('crm_sender_domains_lower_case', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * Senders: From addresses, confirmed by a 6-digit code sent to them (SHA-256 stored, 10
 * minutes, 5 attempts). A campaign may use a confirmed sender whose domain is a verified sender ID.
 */
export const crmSenders = pgTable(
  'crm_senders',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 320 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Most messages per minute campaigns send from this address (its rate cap). */
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    codeHash: char('code_hash', { length: 64 }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: smallint('code_attempts').notNull().default(0),
    /** The earliest time this sender's next campaign message may go (the per-sender rate cap). */
    paceAt: timestamp('pace_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_senders_email_unique').on(t.email),
    check('crm_senders_lower_case', sql`${t.email} = lower(${t.email})`),
    check('crm_senders_rate_positive', sql`${t.ratePerMinute} between 1 and 100000`),
  ],
);

/**
 * E-mail templates: the editor's design JSON (GrapesJS project data) and the
 * MJML it exports are stored; the HTML (compiled with `mjml` on the server) and the plain-text part
 * (from that HTML) are stored beside them, merge tags left in place for each recipient.
 */
export const crmTemplates = pgTable(
  'crm_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    design: jsonb('design').$type<Record<string, unknown>>(),
    mjml: text('mjml').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by').references(() => admins.id),
    updatedBy: integer('updated_by').references(() => admins.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('crm_templates_name_unique').on(sql`lower(${t.name})`)],
);

/** Campaign states: draft, scheduled, sending, paused, sent, cancelled. */
export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';

/**
 * Marketing campaigns: a leads list, a template and a sender, sent now or at
 * `scheduled_at` by a pg-boss batch job; pausable and resumable.
 */
export const crmCampaigns = pgTable(
  'crm_campaigns',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    listId: integer('list_id')
      .notNull()
      .references(() => leadLists.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => crmTemplates.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => crmSenders.id),
    status: varchar('status', { length: 10 }).notNull().default('draft').$type<CampaignStatus>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'crm_campaigns_status_known',
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`,
    ),
    index('crm_campaigns_status_idx').on(t.status),
  ],
);

/**
 * One message of a campaign to one address. `(campaign_id, email)` is unique: a campaign never writes
 * twice to an address, whatever runs twice. `status`: pending (to send), sending (claimed by a batch;
 * never claimed again, so a batch killed mid-send never repeats a message), sent, skipped (suppressed
 * or unsubscribed when its turn came), failed.
 */
export const crmSends = pgTable(
  'crm_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => crmCampaigns.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 320 }).notNull(),
    leadId: bigint('lead_id', { mode: 'number' }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    complainedAt: timestamp('complained_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('crm_sends_campaign_email_unique').on(t.campaignId, t.email),
    index('crm_sends_pending_idx').on(t.campaignId, t.id).where(sql`${t.status} = 'pending'`),
    index('crm_sends_lead_idx').on(t.leadId),
    check('crm_sends_status_known', sql`${t.status} in ('pending', 'sending', 'sent', 'skipped', 'failed')`),
  ],
);

/** Engagement and delivery events of sends, for the campaign's chart over time. */
export const crmSendEvents = pgTable(
  'crm_send_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sendId: bigint('send_id', { mode: 'number' })
      .notNull()
      .references(() => crmSends.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    url: text('url'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_send_events_send_idx').on(t.sendId, t.at),
    // Delivery outcomes are recorded once per message (a replayed webhook changes nothing).
    uniqueIndex('crm_send_events_outcome_unique')
      .on(t.sendId, t.kind)
      .where(sql`${t.kind} in ('delivered', 'bounce', 'complaint', 'unsubscribe')`),
    check(
      'crm_send_events_kind_known',
      sql`${t.kind} in ('sent', 'delivered', 'open', 'click', 'bounce', 'complaint', 'unsubscribe')`,
    ),
  ],
);

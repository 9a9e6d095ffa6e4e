import { z } from 'zod';
import { LEAD_KINDS, leadListRefSchema, leadProvenanceSchema } from './scraping';
import { entry, type StatusEntry } from './statuses';

/**
 * The CRM and e-mail marketing tool (spec sections 2 "CRM module", 6 and 7): leads lists
 * (static or saved filters) over the scraping tool's leads, CSV import and export, consent per address
 * and the global suppression list. Shared by the API (request validation) and the back-office.
 */

/** Consent state of an address. */
export const CONSENT_STATES = ['unconfirmed', 'confirmed', 'unsubscribed'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** Consent states on the one status palette (ids in the order of `CONSENT_STATES`, from 1). */
export const CONSENT_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Unconfirmed'),
  entry(2, 'Confirmed'),
  entry(3, 'Unsubscribed'),
];

/** The status id of a consent state (for badges). */
export const consentStatusId = (state: ConsentState): number => CONSENT_STATES.indexOf(state) + 1;

/**
 * Why an address is on the global suppression list: erased on request (GDPR article 17),
 * unsubscribed, bounced hard, or complained. A suppressed address is never sent to, whatever its
 * consent says.
 */
export const SUPPRESSION_REASONS = ['erasure', 'unsubscribe', 'hard_bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** Limits of the CRM. */
export const CRM_LIMITS = {
  /** The text of one imported CSV file (bytes, UTF-8). */
  csvMaxBytes: 5_000_000,
  /** Data rows of one import. */
  csvMaxRows: 20_000,
  /** Refused rows listed in an import's report (the rest are counted). */
  reportMaxRows: 500,
  /** Rows of an export. */
  exportMaxRows: 100_000,
  listNameMax: 100,
} as const;

/** Lead fields a CSV column can be mapped to; `email` is required. */
export const CSV_IMPORT_FIELDS = [
  'email',
  'name',
  'first_name',
  'kind',
  'spotify_id',
  'genres',
  'language',
  'website',
  'country',
] as const;
export type CsvImportField = (typeof CSV_IMPORT_FIELDS)[number];

/** Why an imported row was refused: the key of its message under `crm.import.refused.<reason>`. */
export const CSV_REFUSAL_REASONS = [
  'missing_email',
  'invalid_email',
  'duplicate_in_file',
  'suppressed',
  'invalid_kind',
  'invalid_spotify_id',
  'invalid_language',
  'invalid_country',
  'too_long',
] as const;
export type CsvRefusalReason = (typeof CSV_REFUSAL_REASONS)[number];

const listName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(CRM_LIMITS.listNameMax, 'validation.too_long');

/** A saved filter over leads (a "smart" list): every given condition must hold. */
export const leadFilterSchema = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  q: z.string().trim().max(200, 'validation.too_long').optional(),
  genre: z.string().trim().max(100, 'validation.too_long').optional(),
  min_followers: z.coerce.number().int().min(0, 'validation.min_value').max(2_000_000_000).optional(),
  max_followers: z.coerce.number().int().min(0, 'validation.min_value').max(2_000_000_000).optional(),
  has_email: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .or(z.boolean())
    .optional(),
  consent: z.enum(CONSENT_STATES).optional(),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** Body of `POST /api/admin/crm/lists`: a static list, or a saved filter. */
export const leadListCreateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('static'), name: listName }),
  z.object({ type: z.literal('filter'), name: listName, filter: leadFilterSchema }),
]);
export type LeadListCreate = z.infer<typeof leadListCreateSchema>;

/**
 * Body of `POST /api/admin/crm/imports`: the CSV's text, which column holds each field (by header
 * name), the static list the rows join (by id, or a new list by name) and the consent the addresses
 * were collected with (`confirmed` only when the source proves it).
 */
export const csvImportSchema = z
  .object({
    csv: z
      .string({ error: 'validation.required' })
      .min(1, 'validation.required')
      .max(CRM_LIMITS.csvMaxBytes, 'crm.import.too_large'),
    mapping: z.partialRecord(z.enum(CSV_IMPORT_FIELDS), z.string().max(200)),
    list_id: z.number().int().positive().max(2_147_483_647).optional(),
    list_name: listName.optional(),
    consent: z.enum(['unconfirmed', 'confirmed']).default('unconfirmed'),
    /**
     * When no column is mapped to `first_name`: take the first word of the `name` column as the first
     * name (a file of people with one "Name" column), so `{{first_name}}` has a value.
     */
    first_name_from_name: z.boolean().default(false),
  })
  .refine((v) => Boolean(v.mapping.email), {
    message: 'crm.import.email_column_required',
    path: ['mapping'],
  });
export type CsvImport = z.infer<typeof csvImportSchema>;

/** Body of `POST /api/admin/crm/imports/preview`: the CSV's text; answers its columns and first rows. */
export const csvPreviewSchema = z.object({
  csv: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .max(CRM_LIMITS.csvMaxBytes, 'crm.import.too_large'),
});

/** Body of `PUT /api/admin/crm/addresses/consent`: set an address's consent. */
export const consentUpdateSchema = z.object({
  email: z.email('validation.email').max(320, 'validation.too_long'),
  consent: z.enum(CONSENT_STATES),
});

/** Body of `POST /api/admin/crm/suppressions`: suppress an address for a reason. */
export const suppressionCreateSchema = z.object({
  email: z.email('validation.email').max(320, 'validation.too_long'),
  reason: z.enum(SUPPRESSION_REASONS),
});

/** Body of `POST /api/admin/crm/lists/:id/members`: add leads to a static list. */
export const listMembersAddSchema = z.object({
  lead_ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(1000),
});

/** A domain name (lower case, labels of letters, digits and hyphens, at least one dot). */
const domainName = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .max(253, 'validation.too_long')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'crm.senders.domain_invalid');

/** Body of `POST /api/admin/crm/sender-domains`: a sender ID (domain) to verify. */
export const senderDomainCreateSchema = z.object({ domain: domainName });

/** Body of `POST /api/admin/crm/senders`: a From address to confirm by code, its display name, its rate cap. */
export const senderCreateSchema = z.object({
  email: z.email('validation.email').max(320, 'validation.too_long'),
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(100, 'validation.too_long'),
  rate_per_minute: z
    .number()
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(100_000, 'validation.max_value')
    .optional(),
});

/** Body of `POST /api/admin/crm/senders/:id/confirm`: the 6-digit code mailed to the address. */
export const senderConfirmSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'auth.code_invalid'),
});

/** A sender: 1 waiting for its code, 2 confirmed. */
export const SENDER_STATUSES: readonly StatusEntry[] = [entry(1, 'Pending'), entry(2, 'Confirmed')];
/** A sender ID: 1 records not all found yet, 2 verified. */
export const SENDER_DOMAIN_STATUSES: readonly StatusEntry[] = [entry(1, 'Pending'), entry(2, 'Verified')];
/** One DNS check: 1 missing, 2 failed (found but wrong), 3 passed. */
export const DNS_CHECK_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Missing'),
  entry(2, 'Failed'),
  entry(3, 'Passed'),
];
/** The status id of a DNS check result. */
export const dnsCheckStatusId = (status: 'missing' | 'fail' | 'pass'): number =>
  ({ missing: 1, fail: 2, pass: 3 })[status];

/**
 * Merge tags a template may use: `{{first_name}}`, `{{artist_name}}`, `{{email}}`,
 * `{{sender_name}}` and `{{unsubscribe_url}}` (required in the body). Values are HTML-escaped in the
 * HTML part. A tag may carry a fallback used when the recipient has no value:
 * `{{first_name | "there"}}` (straight or curly quotes, single or double).
 */
export const MERGE_TAGS = ['first_name', 'artist_name', 'email', 'sender_name', 'unsubscribe_url'] as const;
export type MergeTag = (typeof MERGE_TAGS)[number];

/** Tags whose value may be empty for a recipient (the others always have one). */
export const OPTIONAL_MERGE_TAGS = ['first_name', 'artist_name'] as const satisfies readonly MergeTag[];

/**
 * What a campaign would send, asked before "Send now" (`GET /api/admin/crm/campaigns/{id}/audience`):
 * how many addresses it reaches, and for each tag the template uses without a fallback, how many of
 * them have no value for it (they would read "Hi ,").
 */
export const campaignAudienceSchema = z.object({
  recipients: z.number().int(),
  /** The From of the campaign (shown in the confirmation), null when its sender is gone. */
  sender: z.object({ name: z.string(), email: z.string() }).nullable(),
  empty_tags: z.array(z.object({ tag: z.enum(MERGE_TAGS), recipients: z.number().int() })),
});
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

/** Limits of templates. */
export const TEMPLATE_LIMITS = {
  nameMax: 100,
  subjectMax: 200,
  /** MJML text (bytes). */
  mjmlMax: 500_000,
  /** The editor's design JSON (bytes, serialised). */
  designMax: 2_000_000,
} as const;

/** Body of `POST /api/admin/crm/templates` and `PUT .../:id`: name, subject, the MJML and the editor's design. */
export const templateSaveSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(TEMPLATE_LIMITS.nameMax, 'validation.too_long'),
  subject: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(TEMPLATE_LIMITS.subjectMax, 'validation.too_long'),
  mjml: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .max(TEMPLATE_LIMITS.mjmlMax, 'validation.too_long'),
  design: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type TemplateSave = z.infer<typeof templateSaveSchema>;

/** Body of `POST /api/admin/crm/templates/preview`: MJML and subject to compile without saving. */
export const templatePreviewSchema = templateSaveSchema.pick({ subject: true, mjml: true });

/** Body of `POST /api/admin/crm/templates/:id/test`: where to send a test, and from which sender (or the product's address). */
export const templateTestSchema = z.object({
  email: z.email('validation.email').max(320, 'validation.too_long'),
  sender_id: z.number().int().positive().max(2_147_483_647).optional(),
});

/** Campaign states on the one palette: 1 draft … 6 cancelled. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_MAP: readonly StatusEntry[] = [
  entry(1, 'Draft'),
  entry(2, 'Scheduled'),
  entry(3, 'Sending'),
  entry(4, 'Paused'),
  entry(5, 'Sent'),
  entry(6, 'Cancelled'),
];
/** The status id of a campaign state. */
export const campaignStatusId = (state: CampaignState): number => CAMPAIGN_STATUSES.indexOf(state) + 1;

/** Where a lead came from: the scraping tool, a CSV import, or a registered user. */
export const LEAD_ORIGINS = ['scraping', 'csv', 'user'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];

/**
 * Whether `code` is an ISO 3166-1 alpha-2 country code (upper case) the runtime's region names know;
 * `EU`, `UN`, `EZ`, `QO` and `ZZ` (groupings, unknown region) are not countries.
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || ['EU', 'UN', 'EZ', 'QO', 'ZZ'].includes(code)) return false;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The most days back "engaged in the last N days" may look. */
export const SEGMENT_MAX_DAYS = 3650;

/**
 * A campaign's segment (issue 36 "E-mail campaigns"): conditions narrowing its leads list, all of
 * them holding together; within one condition any value matches (genres: the lead has one of them).
 * `engaged_days`: the address opened or clicked a campaign message in the last N days.
 */
export const campaignSegmentSchema = z
  .object({
    genres: z
      .array(z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'))
      .max(50)
      .optional(),
    countries: z
      .array(z.string().trim().toUpperCase().refine(isCountryCode, 'crm.segments.country_invalid'))
      .max(250)
      .optional(),
    sources: z
      .array(z.enum(LEAD_ORIGINS, { error: 'crm.segments.source_invalid' }))
      .max(3)
      .optional(),
    engaged_days: z
      .number({ error: 'crm.segments.days_invalid' })
      .int('crm.segments.days_invalid')
      .min(1, 'crm.segments.days_invalid')
      .max(SEGMENT_MAX_DAYS, 'crm.segments.days_invalid')
      .optional(),
  })
  .strict();
export type CampaignSegment = z.infer<typeof campaignSegmentSchema>;

/** Body of `POST /api/admin/crm/segments/count`: how many addresses a list narrowed by a segment reaches. */
export const segmentCountSchema = z.object({
  list_id: z.number({ error: 'validation.required' }).int().positive().max(2_147_483_647),
  segment: campaignSegmentSchema.default({}),
});

/** Answer of a segment count: the addresses a send would queue now (suppressed and unsubscribed left out). */
export const segmentCountedSchema = z.object({ recipients: z.number() });
export type SegmentCounted = z.infer<typeof segmentCountedSchema>;

/** One value a segment condition can take in a list, with the sendable addresses having it. */
const segmentOptionSchema = z.object({ value: z.string(), recipients: z.number() });

/**
 * Answer of `GET /api/admin/crm/lists/{id}/segment-options` (issue 36 "E-mail campaigns"): the genres,
 * countries and sources found among the list's sendable addresses (suppressed and unsubscribed left
 * out), each with how many addresses have it, most first; genres compared without case (at most 200).
 */
export const segmentOptionsSchema = z.object({
  genres: z.array(segmentOptionSchema),
  countries: z.array(segmentOptionSchema),
  sources: z.array(z.object({ value: z.enum(LEAD_ORIGINS), recipients: z.number() })),
});
export type SegmentOptions = z.infer<typeof segmentOptionsSchema>;

/** Body of `POST /api/admin/crm/campaigns`: a draft campaign. */
export const campaignCreateSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(100, 'validation.too_long'),
  list_id: z.number({ error: 'validation.required' }).int().positive().max(2_147_483_647),
  template_id: z.number({ error: 'validation.required' }).int().positive().max(2_147_483_647),
  sender_id: z.number({ error: 'validation.required' }).int().positive().max(2_147_483_647),
  /** Conditions narrowing the list (absent or empty: the whole list). */
  segment: campaignSegmentSchema.optional(),
});

/** Body of `POST /api/admin/crm/campaigns/:id/start`: send now (no date) or at `scheduled_at` (ISO 8601). */
export const campaignStartSchema = z.object({
  scheduled_at: z.iso.datetime({ offset: true, error: 'validation.date_invalid' }).optional(),
  /**
   * The number of recipients the staff member confirmed: when given and the list
   * now reaches another number, nothing is sent (409 `crm.campaigns.recipients_changed`).
   */
  recipients: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The IANA time zone the schedule was chosen in (`Europe/Paris`), shown beside it; ignored for "now". */
  time_zone: z.string().max(64, 'validation.too_long').optional(),
});

/** Body of `POST /api/admin/crm/campaigns/{id}/reschedule`: a new future time for a scheduled campaign. */
export const campaignRescheduleSchema = z.object({
  scheduled_at: z.iso.datetime({ offset: true, error: 'validation.date_invalid' }),
  time_zone: z.string().max(64, 'validation.too_long').optional(),
});

/** Answer of a campaign's test send: the staff member's own address it went to. */
export const campaignTestSentSchema = z.object({ email: z.string() });

/**
 * What became of one recipient of a campaign (issue 36 "E-mail campaigns", per-recipient status),
 * derived from its message, tracking and the suppression list; the most advanced state wins:
 * unsubscribed (also a spam complaint, or skipped because the address had unsubscribed) > bounced
 * (a hard bounce, a transport failure, or skipped because the address had bounced) > clicked > opened
 * > sent > queued; `skipped` is a message that never went (the campaign was cancelled, the address erased).
 */
export const RECIPIENT_STATUSES = [
  'queued',
  'sent',
  'opened',
  'clicked',
  'bounced',
  'unsubscribed',
  'skipped',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** One recipient of a campaign (`GET /api/admin/crm/campaigns/{id}/recipients`); times ISO 8601. */
export const campaignRecipientSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** The name of the lead the address came from, null when that lead is gone. */
  name: z.string().nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  bounced_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

/** Body of the mail relay's signed webhook (`POST /api/crm/webhooks/mail`). */
export const mailWebhookSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(['delivered', 'bounce', 'complaint']),
        send_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        bounce_type: z.enum(['hard', 'soft']).optional(),
      }),
    )
    .max(1000),
});

// Answers. The API serialises its responses through these (a field missing here is left out of the
// answer); the back-office imports their types only (`import type`), so zod stays out of its bundle.

/** A lead as the CRM lists it (`GET /api/admin/crm/artists`, `.../lists/{id}/leads`); times ISO 8601. */
export const crmLeadSchema = z.object({
  id: z.number(),
  kind: z.enum(LEAD_KINDS),
  origin: z.enum(LEAD_ORIGINS),
  name: z.string(),
  email: z.string().nullable(),
  spotify_id: z.string().nullable(),
  spotify_url: z.string().nullable(),
  image_url: z.string().nullable(),
  followers: z.number().nullable(),
  genres: z.array(z.string()),
  user_id: z.number().nullable(),
  consent: z.enum(CONSENT_STATES).nullable(),
  suppressed: z.boolean(),
  created_at: z.string(),
});
export type CrmLead = z.infer<typeof crmLeadSchema>;

/** An artist's profile (`GET /api/admin/crm/artists/{id}`): the lead, its sources, consent and lists. */
export const crmArtistProfileSchema = crmLeadSchema.extend({
  popularity: z.number().nullable(),
  links: z.record(z.string(), z.string()),
  provenance: leadProvenanceSchema,
  first_name: z.string().nullable(),
  language: z.string().nullable(),
  consent_source: z.string().nullable(),
  consent_at: z.string().nullable(),
  lists: z.array(leadListRefSchema),
});
export type CrmArtistProfile = z.infer<typeof crmArtistProfileSchema>;

/** A leads list (`GET /api/admin/crm/lists`): its leads, and how many of them have an address. */
export const leadListSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['static', 'filter']),
  filter: leadFilterSchema.nullable(),
  leads: z.number(),
  addresses: z.number(),
  created_at: z.string(),
});
export type CrmLeadList = z.infer<typeof leadListSchema>;

/** A list just made (`POST /api/admin/crm/lists`, 201). */
export const leadListCreatedSchema = z.object({ id: z.number(), name: z.string(), type: z.string() });
export type LeadListCreated = z.infer<typeof leadListCreatedSchema>;

/** Leads added to a static list (`POST /api/admin/crm/lists/{id}/leads`), and those already in it. */
export const listMembersAddedSchema = z.object({ added: z.number(), already: z.number() });

/** Registered artists copied to the leads (`POST /api/admin/crm/artists/sync-users`). */
export const artistsSyncedSchema = z.object({ created: z.number(), updated: z.number() });
export type ArtistsSynced = z.infer<typeof artistsSyncedSchema>;

/** A CSV file's columns, first rows and number of data rows (`POST /api/admin/crm/imports/preview`). */
export const csvPreviewResultSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  total: z.number(),
});
export type CsvPreview = z.infer<typeof csvPreviewResultSchema>;

/**
 * What an import did (`POST /api/admin/crm/imports`): rows read, leads made and updated, rows added to
 * the list, and the refused rows (the first `CRM_LIMITS.reportMaxRows` listed, all counted).
 */
export const csvImportReportSchema = z.object({
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  added_to_list: z.number(),
  list_id: z.number(),
  list_name: z.string(),
  refused_count: z.number(),
  refused: z.array(z.object({ line: z.number(), reason: z.string(), value: z.string() })),
});
export type CsvImportReport = z.infer<typeof csvImportReportSchema>;

/** Query of `GET /api/admin/crm/suppressions`: the address to look up, if any. */
export const suppressionsQuery = z.object({ email: z.email('validation.email').max(320).optional() });

/** Suppressed addresses counted per reason, and whether the looked-up address is one. */
export const suppressionSummarySchema = z.object({
  counts: z.array(z.object({ reason: z.enum(SUPPRESSION_REASONS), count: z.number() })),
  lookup: z
    .object({ email: z.string(), suppressed: z.boolean(), reason: z.enum(SUPPRESSION_REASONS).nullable() })
    .nullable(),
});
export type SuppressionSummary = z.infer<typeof suppressionSummarySchema>;

/** One DNS check of a sender ID: the TXT record found (if any) and whether it is right. */
export const dnsCheckResultSchema = z.object({
  status: z.enum(['pass', 'fail', 'missing']),
  found: z.string().nullable(),
});
export type DnsCheckResult = z.infer<typeof dnsCheckResultSchema>;

/** A sender ID (`/api/admin/crm/sender-domains`): its checks (null before the first) and the records to publish. */
export const senderDomainSchema = z.object({
  id: z.number(),
  domain: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  checks: z.object({
    spf: dnsCheckResultSchema.nullable(),
    dkim: dnsCheckResultSchema.nullable(),
    dmarc: dnsCheckResultSchema.nullable(),
  }),
  records: z.array(
    z.object({
      kind: z.enum(['spf', 'dkim', 'dmarc']),
      type: z.literal('TXT'),
      name: z.string(),
      value: z.string(),
    }),
  ),
  dns: z.enum(['system', 'sandbox']),
  created_at: z.string(),
});
export type SenderDomain = z.infer<typeof senderDomainSchema>;

/** A sender (`/api/admin/crm/senders`); `usable` when confirmed and its domain verified. */
export const senderSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  rate_per_minute: z.number(),
  confirmed: z.boolean(),
  confirmed_at: z.string().nullable(),
  domain: z.string(),
  domain_verified: z.boolean(),
  usable: z.boolean(),
  created_at: z.string(),
});
export type Sender = z.infer<typeof senderSchema>;

/** A template as listed (`GET /api/admin/crm/templates`). */
export const templateSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** A template with its design, MJML and compiled parts (`GET /api/admin/crm/templates/{id}`). */
export const templateSchema = templateSummarySchema.extend({
  mjml: z.string(),
  design: z.record(z.string(), z.unknown()).nullable(),
  html: z.string(),
  text: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** A template just saved (`POST`/`PUT /api/admin/crm/templates`), with what its compilation warned of. */
export const savedTemplateSchema = templateSchema.extend({ warnings: z.array(z.string()) });
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;

/** A template written with sample merge values (`.../templates/preview`, `.../templates/{id}/preview`). */
export const renderedTemplateSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  warnings: z.array(z.string()),
});
export type RenderedTemplate = z.infer<typeof renderedTemplateSchema>;

/** A campaign's messages counted by what happened to them. */
export const campaignCountsSchema = z.object({
  recipients: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  bounced: z.number(),
  complained: z.number(),
  unsubscribed: z.number(),
  skipped: z.number(),
  failed: z.number(),
  pending: z.number(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

/** A campaign (`GET /api/admin/crm/campaigns`) with the names of its list, template and sender. */
export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  list_id: z.number(),
  list_name: z.string().nullable(),
  template_id: z.number(),
  template_name: z.string().nullable(),
  sender_id: z.number(),
  sender: z.string().nullable(),
  /** The conditions narrowing the list, or null for the whole list. */
  segment: campaignSegmentSchema.nullable(),
  scheduled_at: z.string().nullable(),
  /** The IANA time zone the schedule was chosen in, or null. */
  schedule_time_zone: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  counts: campaignCountsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A campaign with its hourly timeline (`GET /api/admin/crm/campaigns/{id}` and its actions); `hour` ISO 8601. */
export const campaignDetailSchema = campaignSchema.extend({
  timeline: z.array(
    z.object({
      hour: z.string(),
      sent: z.number(),
      opened: z.number(),
      clicked: z.number(),
      bounced: z.number(),
      unsubscribed: z.number(),
    }),
  ),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** States of one message of a campaign: to send, claimed by a batch, sent, skipped, failed. */
export const CAMPAIGN_SEND_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;

/** One campaign message sent to an artist and what its recipient did (`GET /api/admin/crm/artists/{id}/campaigns`). */
export const artistCampaignSendSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_SEND_STATUSES),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type ArtistCampaignSend = z.infer<typeof artistCampaignSendSchema>;

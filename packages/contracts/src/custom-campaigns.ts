import { z } from 'zod';
import { PITCH_MAX } from './campaigns';
import { campaignSettlementSchema, expressCampaignStatsSchema, madeWithAiField } from './express';

/**
 * Custom (managed) campaigns (spec sections 3 "Campaign (admin)", "Custom campaign list
 * item", "Campaign stats", 4 custom status map, 5 campaign song/details/settings rules). The request
 * schemas are shared by the API and the wizards (the message a user sees is the key the server
 * answers); the response schemas serialise every answer. Coins are whole numbers, dates `YYYY-MM-DD`,
 * times ISO 8601.
 */

/** Custom campaign status ids (spec section 4); 8 Completed exists in list filters only. */
export const CUSTOM_STATUS = {
  PENDING: 1,
  PENDING_APPROVAL: 2,
  APPROVED: 3,
  DECLINED: 4,
  DELETED: 5,
  PENDING_PUBLISHING: 6,
  PUBLISHED: 7,
  COMPLETED: 8,
} as const;

/**
 * Working days (Monday to Friday) the team takes at most to review a new custom campaign: the date the
 * artist is told to expect an answer by (docs/decisions.md).
 */
export const CUSTOM_REVIEW_WORKING_DAYS = 2;

/**
 * `from` plus `days` working days (Saturdays and Sundays skipped, counted in UTC), for the review
 * date shown to the artist. `days` must be a whole number of at least 0.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}

/** Placements an artist may order in one custom campaign. */
export const CUSTOM_PLACEMENTS = { min: 1, max: 20, default: 3 } as const;

const dateString = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_invalid');
const requiredId = (message = 'validation.required') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const booleanish = z.preprocess(
  (v) => (v === '1' || v === 'true' || v === 1 ? true : v === '0' || v === 'false' || v === 0 ? false : v),
  z.boolean({ error: 'validation.required' }),
);

/**
 * What the artist orders (`POST artist/campaigns`): the wizard's Song Details, Artist Details,
 * Campaign Setting and Campaign Details steps. Date rules that need the clock (start date not before
 * today; an unreleased song's release date today or later) and the link rules are checked by the API.
 */
export const customCampaignInputSchema = z.object({
  campaign_type_id: z.coerce
    .number()
    .int()
    .refine((v) => v === 1, 'custom.type_spotify_only')
    .default(1),
  is_released: booleanish,
  link: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(500),
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(300),
  language_id: requiredId(),
  genre_ids: z
    .array(z.coerce.number().int().positive(), { error: 'validation.required' })
    .min(1, 'validation.required')
    .max(5, 'user.validation.genres_max'),
  released_date: dateString,
  /** Upload key (`file/upload`) of the unreleased song: mp3 or mp4, up to 50 MB. */
  media_link: z.string().trim().max(300).nullish(),
  start_date: dateString,
  tier_id: requiredId('user.validation.tier_required'),
  placements: z.coerce
    .number()
    .int('validation.whole_number')
    .min(CUSTOM_PLACEMENTS.min, 'custom.placements_range')
    .max(CUSTOM_PLACEMENTS.max, 'custom.placements_range')
    .default(CUSTOM_PLACEMENTS.default),
  pitch: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PITCH_MAX, 'express.pitch_too_long'),
  /**
   * Whether the track was made with AI (the wizards always ask; absent from older clients: not
   * declared on create, unchanged on edit). Curators whose playlists refuse AI-made music are not
   * offered a campaign declared so.
   */
  made_with_ai: madeWithAiField,
});
export type CustomCampaignInput = z.input<typeof customCampaignInputSchema>;

const days = (min: number) =>
  z.coerce
    .number({ error: 'validation.required' })
    .int('validation.whole_number')
    .min(min, 'custom.days_range')
    .max(365, 'custom.days_range');

/**
 * Staff order a campaign for an artist (admin "New Campaign"): the artist, the team members in charge
 * and the settings step (`playlist_submission_days` and `auditing_days` required; `on_going_days`
 * read-only; publish date and status are not chosen on create).
 */
export const adminCustomCampaignInputSchema = customCampaignInputSchema.extend({
  artist_id: requiredId(),
  admin_ids: z.array(z.coerce.number().int().positive()).max(20).default([]),
  playlist_submission_days: days(1),
  auditing_days: days(0),
});

/** Staff edit (status 1 only): the same fields, and the status may move between 1 and 2. */
export const adminCustomCampaignEditSchema = adminCustomCampaignInputSchema.omit({ artist_id: true }).extend({
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, 'custom.status_choice')
    .optional(),
});

/** Decline with the reason shown to the artist. */
export const customDeclineSchema = z.object({
  reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(1000),
});

/** Force-end: finish open placements as completed (curators paid) or refunded (artist refunded). */
export const customForceEndSchema = z.object({
  outcome: z.enum(['completed', 'refunded']),
  note: z.string().trim().max(1000).optional(),
});

export const customStatusSchema = z.object({ id: z.number().int(), status: z.string() });

/** The invoice raised on approval (spec "Custom campaign list item" invoice{is_paid, transaction}). */
export const customInvoiceSchema = z.object({
  number: z.string(),
  coins: z.number().int(),
  raised_at: z.string(),
  is_paid: z.boolean(),
  /** How it was paid: coins already in the wallet, or a card payment that bought them (null unpaid). */
  method: z.enum(['coins', 'card']).nullable(),
  /** Public number of the campaign purchase transfer once paid. */
  transaction: z.string().nullable(),
});

/** A custom campaign as lists show it (spec section 3 "Custom campaign list item"). */
export const customCampaignListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  custom_campaign_type: z.string(),
  artist: z.object({ id: z.number().int(), name: z.string() }),
  tier: z.object({ id: z.number().int(), name: z.string() }),
  is_released: z.union([z.literal(0), z.literal(1)]),
  status: customStatusSchema,
  /** Published and finished (the list filter's Completed). */
  completed: z.boolean(),
  /** Whether the artist has a playlist form (see the API's `hasPlaylistForm`). */
  form: z.boolean(),
  invoice: customInvoiceSchema.nullable(),
  is_paid: z.boolean(),
  /** Warning icon: no form, invoice paid, not released (spec section 4). */
  warning: z.boolean(),
  price: z.number().int(),
  placements: z.number().int(),
  start_date: z.string(),
  publish_date: z.string().nullable(),
  created_at: z.string(),
});
export type CustomCampaignListItem = z.infer<typeof customCampaignListItemSchema>;

/** A curator's placement on a custom campaign (an express campaign on the engine). */
export const customPlacementSchema = z.object({
  id: z.number().int(),
  curator: z.object({ id: z.number().int(), name: z.string() }),
  playlist: z.object({ id: z.number().int(), name: z.string(), url: z.string() }).nullable(),
  express_campaign_id: z.number().int().nullable(),
  /** Express status (1..8) of the placement, null before a playlist is chosen. */
  status: customStatusSchema.nullable(),
  paid_coins: z.number().int().nullable(),
  refunded_coins: z.number().int().nullable(),
  created_at: z.string(),
});

/** Where the campaign's coins went: held = paid (to curators, fee included) + refunded + still held. */
export const customMoneySchema = z.object({
  held: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  open: z.number().int(),
  slots: z.object({ total: z.number().int(), claimed: z.number().int(), voided: z.number().int() }),
});

export const customCampaignDetailSchema = customCampaignListItemSchema.extend({
  link: z.string(),
  track_id: z.string(),
  language: z.object({ id: z.number().int(), name: z.string() }),
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })),
  media_link: z.string().nullable(),
  /** Upload key of the unreleased song (what an edit sends back as `media_link`). */
  media_key: z.string().nullable(),
  released_date: z.string(),
  pitch: z.string(),
  /** The artist's declaration: made with AI (true), not (false), not declared (null). */
  made_with_ai: z.boolean().nullable(),
  decline_reason: z.string().nullable(),
  playlist_submission_days: z.number().int(),
  on_going_days: z.number().int(),
  auditing_days: z.number().int(),
  admin_ids: z.array(z.number().int()),
  opt_in_until: z.string().nullable(),
  closed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  price_per_placement: z.number().int(),
  placements_list: z.array(customPlacementSchema),
  money: customMoneySchema,
});
export type CustomCampaignDetail = z.infer<typeof customCampaignDetailSchema>;

/**
 * Campaign stats (spec section 3): counts by status for the stats card, the same card and counts as
 * the express campaigns' stats (`total_campaigns_completed` counts published campaigns that have ended,
 * the list's Completed filter; `publishing` excludes them).
 */
export const customCampaignStatsSchema = expressCampaignStatsSchema;
export type CustomCampaignStats = z.infer<typeof customCampaignStatsSchema>;

/** A published campaign offered to a curator (`published/campaigns`). */
export const publishedCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  link: z.string(),
  is_released: z.union([z.literal(0), z.literal(1)]),
  tier: z.object({ id: z.number().int(), name: z.string() }),
  genres: z.array(z.object({ id: z.number().int(), name: z.string() })),
  pitch: z.string(),
  /** The artist's declaration: made with AI (true), not (false), not declared (null). */
  made_with_ai: z.boolean().nullable(),
  /** The language of the lyrics: ISO 639-1 `code` (apps name it in the reader's language). */
  language: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  start_date: z.string(),
  opt_in_until: z.string().nullable(),
  free_placements: z.number().int(),
  /** Coins a placement earns before the platform fee. */
  price_per_placement: z.number().int(),
  on_going_days: z.number().int(),
  /** The curator's opt-in, if any. */
  my_opt_in: z
    .object({
      id: z.number().int(),
      playlist_id: z.number().int().nullable(),
      express_campaign_id: z.number().int().nullable(),
    })
    .nullable(),
  /** The curator's playlists that fit the campaign's tier and genres. */
  eligible_playlists: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PublishedCampaign = z.infer<typeof publishedCampaignSchema>;

/**
 * Back from the card page (`stripe/custom/campaign/checkout/check/pay`): the card payment's settlement,
 * the campaign, whether this payment paid it, and `not_paid` when the coins were kept in the wallet
 * instead (the campaign was paid meanwhile or can no longer be paid; the message says why).
 */
export const customCardConfirmationSchema = z.object({
  payment: campaignSettlementSchema,
  campaign_id: z.number().int(),
  paid: z.boolean(),
  not_paid: z.boolean(),
});

/** The kinds of campaign an artist has (/my-campaigns): express per platform, and custom. */
export const MY_CAMPAIGN_TYPES = ['spotify', 'tiktok', 'instagram', 'custom'] as const;
export type MyCampaignType = (typeof MY_CAMPAIGN_TYPES)[number];

/**
 * One of the artist's campaigns of any kind (`artist/my-campaigns`, web /my-campaigns, spec section 2).
 * `status.id` is read in the type's own map: express Spotify `EXPRESS_CAMPAIGN_STATUSES`, TikTok and
 * Instagram `EXPRESS_VIDEO_CAMPAIGN_STATUSES`, custom `CUSTOM_CAMPAIGN_FILTER_STATUSES` (8 Completed).
 * A custom campaign's placements are not listed apart: they are part of it.
 */
export const myCampaignItemSchema = z.object({
  type: z.enum(MY_CAMPAIGN_TYPES),
  id: z.number().int(),
  name: z.string(),
  status: customStatusSchema,
  price: z.number().int(),
  created_at: z.string(),
});
export type MyCampaignItem = z.infer<typeof myCampaignItemSchema>;

/** The payment answer (`pay/coins/custom/campaign/{id}`). */
export const customPaymentSchema = z.object({
  campaign_id: z.number().int(),
  coins: z.number().int(),
  balance: z.number().int(),
  transaction: z.string().nullable(),
});

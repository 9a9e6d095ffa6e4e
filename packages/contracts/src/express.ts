import { z } from 'zod';
import { pitchSchema } from './campaigns';
import { DISCLOSURES } from './disclosure';
import { MOODS } from './offer-terms';
import { qualityScoreSchema } from './score';
import { translationsResponseSchema } from './translations';
import { settlementSchema } from './wallet';
import { FEEDBACK_MAX_LENGTH } from './words';

/**
 * Shapes of the express answers (spec section 3 "Express campaign", "Tier", "Duration", "Reason",
 * "Connections", "Campaign stats"; section 7 express calls). The API serialises every express response
 * through these (so the API reference at /api/docs shows them and no column leaks); the apps import
 * their types only (`import type`), which keeps zod out of their bundles.
 *
 * Coins are whole numbers; times are ISO 8601 strings.
 */

/** A status as the lists show it: its id (1..8, EXPRESS_CAMPAIGN_STATUS) and its English label. */
export const expressStatusSchema = z.object({ id: z.number().int(), status: z.string() });

/** One transition on a campaign's timeline; `note` is already in the reader's language. */
export const expressTimelineEntrySchema = z.object({
  id: z.number().int(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  status: z.string(),
  actor_type: z.string(),
  /**
   * Who acted, by name, when a staff member did (a force-end, a dispute decision);
   * given to staff readers only, null for everyone else and for system, artist and seller events.
   */
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * On a seller's decision (approve, decline): how long the seller had played the track before
   * answering, in seconds as the server counted it; null on other events and older decisions.
   */
  listened_seconds: z.number().int().nullable(),
  created_at: z.string(),
});

/** Performance of a campaign (`campaigns/performance/{id}`). */
export const expressPerformanceSchema = z.object({
  campaign_id: z.number().int(),
  status: expressStatusSchema,
  /** Whole days live of the on-going period, 0..on_going_days. */
  days_live: z.number().int(),
  on_going_days: z.number().int(),
  /** Zero-based position of the track in the playlist when last seen. */
  position: z.number().int().nullable(),
  last_seen_at: z.string().nullable(),
  playlist_followers: z.number().int(),
  removed_early: z.boolean(),
});

/**
 * What every express campaign carries first, whatever the platform: who it is, where it stands and
 * what it holds. The platforms' campaign shapes extend it (extending keeps these keys first, so the
 * answers keep their key order).
 */
const expressCampaignBaseSchema = z.object({
  id: z.number().int(),
  campaign_name: z.string(),
  /** Platform key: spotify, tiktok, instagram. */
  type: z.string(),
  status: expressStatusSchema,
  tier: z.object({ id: z.number().int(), tier_name: z.string() }),
  /** Coins held for the campaign. */
  price: z.number().int(),
});

/** Why a campaign ended in 7 Declined: the seller said no, the artist withdrew, nobody answered in time. */
export const expressEndReasonSchema = z.enum(['declined', 'withdrawn', 'unanswered']);
export type ExpressEndReason = z.infer<typeof expressEndReasonSchema>;

/**
 * Fields every platform's campaign answer ends with (added after the spec's own): until when the seller
 * may answer a request (declined and refunded after it; null for rows created before the rule), and
 * why a campaign ended in 7 Declined (null while open and for a staff refund).
 */
const answerInTime = {
  answer_deadline: z.string().nullable(),
  end_reason: expressEndReasonSchema.nullable(),
  /**
   * Messages of the campaign's conversation the reader (its artist or its seller) has not read;
   * absent in staff's lists.
   */
  unread_messages: z.number().int().optional(),
};

/** The artist's declaration that the track was made with AI: yes, no, or null (not declared). */
const madeWithAi = { made_with_ai: z.boolean().nullable() };

/**
 * The artist's declaration on a new campaign request (every platform): whether the track was made with
 * AI. The apps always ask; optional for older mobile clients, stored as null (not declared).
 */
export const madeWithAiField = z.boolean().nullable().optional();

/**
 * The language of the track's lyrics (`languages` id, `language/getAllLanguagesWithQ`), read by the
 * seller before deciding; null or absent: an instrumental, or not said (older clients).
 */
export const trackLanguageField = z
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(2_147_483_647, 'validation.invalid')
  .nullable()
  .optional();

/** The track's language on a campaign: ISO 639-1 `code` (apps name it in the reader's language), English `name`. */
export const trackLanguageSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string() })
  .nullable();

/**
 * Offer lists of the artist (playlists, accounts): `made_with_ai=true` leaves out the playlists and
 * accounts whose seller takes no AI-made music.
 */
export const madeWithAiQuery = z.object({
  made_with_ai: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** A Spotify express campaign as the lists show it. */
export const expressCampaignSchema = expressCampaignBaseSchema.extend({
  track: z.object({
    id: z.string(),
    name: z.string(),
    artist: z.string(),
    cover_url: z.string().nullable(),
    url: z.string(),
  }),
  playlist: z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    image_url: z.string().nullable(),
    followers: z.number().int(),
  }),
  artist: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** The artist's pitch for the curator, at most 140 characters; null when none. */
  pitch: z.string().nullable(),
  curator: z.object({ id: z.number().int(), name: z.string() }),
  payment_method: z.string(),
  fee_percent: z.number().int(),
  playlist_submission_days: z.number().int(),
  on_going_days: z.number().int(),
  auditing_days: z.number().int(),
  submission_deadline: z.string().nullable(),
  on_going_until: z.string().nullable(),
  auditing_until: z.string().nullable(),
  placement: z.object({
    found_at: z.string().nullable(),
    position: z.number().int().nullable(),
    last_seen_at: z.string().nullable(),
    removed_at: z.string().nullable(),
  }),
  /** Coins posted from the hold (fee included); null while the campaign is open. */
  paid_coins: z.number().int().nullable(),
  /** Of paid_coins: the platform fee and the curator's share. */
  fee_coins: z.number().int().nullable(),
  curator_coins: z.number().int().nullable(),
  refunded_coins: z.number().int().nullable(),
  decline_reason: z.string().nullable(),
  renewed_from_id: z.number().int().nullable(),
  /** The custom (managed) campaign this is a playlist placement of, else null. */
  custom_campaign_id: z.number().int().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  ...answerInTime,
  ...madeWithAi,
  /** The language of the track's lyrics; null for an instrumental or when not said. */
  language: trackLanguageSchema,
});

/** A feedback rating as stored (once per campaign). */
export const expressFeedbackRatingSchema = z.object({
  campaign_id: z.number().int(),
  helpful: z.boolean(),
  stars: z.number().int(),
  created_at: z.string(),
});
export type ExpressFeedbackRating = z.infer<typeof expressFeedbackRatingSchema>;

/**
 * Why the seller declined, on a campaign's detail (null unless the seller declined it): the reason in
 * the reader's language, the feedback as written, and the artist's rating of it once given.
 */
export const expressDeclineSchema = z.object({
  reason_id: z.number().int().nullable(),
  reason: z.string(),
  feedback: z.string().nullable(),
  rating: expressFeedbackRatingSchema.omit({ campaign_id: true }).nullable(),
});
export type ExpressDecline = z.infer<typeof expressDeclineSchema>;

/** The detail answer: the list item plus its timeline, review and (artist, admin) performance. */
export const expressCampaignDetailSchema = expressCampaignSchema.extend({
  timeline: z.array(expressTimelineEntrySchema),
  decline: expressDeclineSchema.nullable(),
  review: z
    .object({ rating: z.number().int(), comment: z.string().nullable(), created_at: z.string() })
    .nullable(),
  performance: expressPerformanceSchema.optional(),
});

/** An express tier (price in coins). */
export const expressTierSchema = z.object({
  id: z.number().int(),
  tier_name: z.string(),
  /** Same as tier_name (older clients read `name`). */
  name: z.string(),
  price: z.number().int(),
  description: z.string().nullable(),
  status: z.number().int(),
  /** Back-office only: name and description in the other languages. */
  translations: translationsResponseSchema('tier_name', 'description').optional(),
});

/** The cheapest active tier (`express/artist/min/tier`). */
export const expressMinTierSchema = z.object({
  id: z.number().int(),
  tier_name: z.string(),
  price: z.number().int(),
});

/** An express duration (days). `status` 1 active, 0 retired (back-office lists only). */
export const expressDurationSchema = z.object({
  id: z.number().int(),
  duration: z.number().int(),
  status: z.number().int().optional(),
});

/** A decline reason. `status` 1 active, 0 retired (back-office lists only). */
export const expressReasonSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  status: z.number().int().optional(),
  /** Back-office only: the reason in the other languages. */
  translations: translationsResponseSchema('reason').optional(),
  /** Back-office only: the platforms offering it (`campaign_type_id` 1 Spotify, 2 TikTok, 3 Instagram). */
  campaign_type_ids: z.array(z.number().int()).optional(),
});

/** A genre to tag playlists with. */
export const expressGenreSchema = z.object({ id: z.number().int(), name: z.string() });

/** An express playlist (status 1 approved, 2 pending, 3 declined or disabled). */
export const expressPlaylistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  spotify_url: z.string(),
  spotify_playlist_id: z.string(),
  image_url: z.string().nullable(),
  followers: z.number().int(),
  tier: z.object({ id: z.number().int(), tier_name: z.string(), price: z.number().int() }),
  duration: z.object({ id: z.number().int(), duration: z.number().int() }),
  genres: z.array(expressGenreSchema),
  renewable: z.boolean(),
  /** The curator takes no AI-made music on this playlist: not offered to tracks declared made with AI. */
  refuses_ai: z.boolean(),
  /** Profile facts the cards and filters show (issue "Choose with evidence"). */
  moods: z.array(z.enum(MOODS)),
  /** Lyrics languages taken (`languages` ids); empty: any. */
  language_ids: z.array(z.number().int()),
  accepts_unreleased: z.boolean(),
  description: z.string().nullable(),
  status_id: z.number().int(),
  status: z.object({ status: z.string() }),
  by_curator: z.object({ id: z.number().int(), name: z.string() }),
  by_admin: z.object({ id: z.number().int() }).nullable(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  /** The playlist's quality score and its parts. */
  score: qualityScoreSchema,
});

/** A playlist in the back-office detail, with its latest campaigns. */
export const expressPlaylistDetailSchema = expressPlaylistSchema.extend({
  campaigns: z.array(expressCampaignSchema),
});

/** Campaign stats of `web/user/campaigns/dashboard` (spec section 3 "Campaign stats"). */
export const expressCampaignStatsSchema = z.object({
  total_campaigns: z.number().int(),
  total_campaigns_approved: z.number().int(),
  total_campaigns_pending_for_publishing: z.number().int(),
  total_campaigns_publishing: z.number().int(),
  total_campaigns_declined: z.number().int(),
  total_campaigns_invited: z.number().int(),
  total_campaigns_pending: z.number().int(),
  total_campaigns_pending_for_approval: z.number().int(),
  total_campaigns_completed: z.number().int(),
  /** Unread messages of every campaign of the user, on every platform, either side. */
  unread_messages: z.number().int().optional(),
});

/** A curator's connected Spotify account (spec "Connections"; is_active 1 active, 2 revoked). */
export const spotifyConnectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  user_email: z.string().nullable(),
  is_active: z.number().int(),
  status: z.object({ status: z.string() }),
  created_at: z.string(),
});

/** A playlist read from Spotify before listing it (`express/user/playlist/info`). */
export const playlistPreviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  followers: z.number().int(),
  owner: z.string().nullable(),
  url: z.string(),
});

/** A found Spotify track (`spotify/get-track`). */
export const spotifyTrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  artist: z.string(),
  album: z.string(),
  cover_url: z.string().nullable(),
  url: z.string(),
  duration_ms: z.number().int(),
});

/** A Spotify artist found by name (`spotify/search-artists`). */
export const spotifyArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  followers: z.number().int(),
  genres: z.array(z.string()),
});

/** What a campaign action answers: the campaign and its new status. */
export const expressCampaignStatusSchema = z.object({ id: z.number().int(), status_id: z.number().int() });

/** Renewal check (`express/artist/campaign/renew/check`). */
export const expressRenewCheckSchema = z.object({
  renewable: z.boolean(),
  price: z.number().int(),
  playlist: z.object({ id: z.number().int(), name: z.string() }),
  track: z.object({ id: z.string(), name: z.string() }),
});

/** An influencer account an artist may buy a TikTok or Instagram campaign on (`artist/accounts/campaigns`). */
export const socialAccountForSaleSchema = z.object({
  id: z.number().int(),
  platform: z.enum(['tiktok', 'instagram']),
  user_name: z.string(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  follower_count: z.number().int().nullable(),
  tier: z.object({ id: z.number().int(), tier_name: z.string(), price: z.number().int() }),
  /** The account's quality score and its parts. */
  score: qualityScoreSchema,
  /** Profile facts the cards and filters show (issue "Choose with evidence"). */
  genres: z.array(expressGenreSchema),
  moods: z.array(z.enum(MOODS)),
  language_ids: z.array(z.number().int()),
  accepts_unreleased: z.boolean(),
  refuses_ai: z.boolean(),
});

/** A TikTok or Instagram express campaign (lists and details of both sides). */
export const expressSocialCampaignSchema = expressCampaignBaseSchema.extend({
  track: z.object({ id: z.string(), name: z.string(), url: z.string() }),
  is_released: z.boolean(),
  account: z.object({
    id: z.number().int(),
    user_name: z.string(),
    display_name: z.string(),
    follower_count: z.number().int().nullable(),
  }),
  artist: z.object({ id: z.number().int(), name: z.string() }),
  influencer: z.object({ id: z.number().int(), name: z.string() }),
  pitch: z.string().nullable(),
  submission_deadline: z.string().nullable(),
  on_going_until: z.string().nullable(),
  auditing_until: z.string().nullable(),
  /** The submitted video or reel; null until submitted. */
  video: z.object({ id: z.string(), url: z.string().nullable() }).nullable(),
  /** Views agreed at acceptance (the account's recent median); null: no target, full price. */
  target_views: z.number().int().nullable(),
  last_views: z.number().int().nullable(),
  last_views_at: z.string().nullable(),
  paid_coins: z.number().int().nullable(),
  refunded_coins: z.number().int().nullable(),
  decline_reason: z.string().nullable(),
  /**
   * Instagram: the artist's dispute of the reel, decided by staff: `upheld` (failed,
   * refunded) or `rejected` (verified); null decision while it waits; null when never disputed.
   * The one place a dispute is told (no flat `disputed_at`/`dispute_reason` besides it).
   */
  dispute: z
    .object({
      opened_at: z.string(),
      reason: z.string(),
      decision: z.enum(['upheld', 'rejected']).nullable(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  /** The influencer's review of the artist after completion (`influencer/add/review`); null until then. */
  influencer_review: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Instagram: until when the artist may confirm or dispute the reel's sound (null elsewhere or not yet submitted). */
  confirm_until: z.string().nullable(),
  /** Instagram: when the artist confirmed the sound (null elsewhere or not confirmed; a dispute is `dispute`). */
  confirmed_at: z.string().nullable(),
  ...answerInTime,
  ...madeWithAi,
  /** The language of the track's lyrics; null for an instrumental or when not said. */
  language: trackLanguageSchema,
  /** How the submitted video disclosed the paid promotion at its last proof: `flag`, `caption`, `missing`; null before. */
  disclosure: z.enum(DISCLOSURES).nullable(),
});

/** One TikTok or Instagram campaign with its timeline and the artist's review (`artist/show/campaign/{id}`). */
export const expressSocialCampaignDetailSchema = expressSocialCampaignSchema.extend({
  timeline: z.array(expressTimelineEntrySchema),
  decline: expressDeclineSchema.nullable(),
  review: z
    .object({ rating: z.number().int(), comment: z.string().nullable(), created_at: z.string() })
    .nullable(),
});

/** The artist's dispute of an Instagram reel's sound (`artist/campaign/dispute`). */
export const socialDisputeBodySchema = z.object({
  campaign_id: z.coerce.number().int().positive().max(2_147_483_647),
  reason: z
    .string()
    .trim()
    .min(1, 'express.dispute_reason_required')
    .max(500, 'express.dispute_reason_too_long'),
});

/**
 * A card payment's outcome as the campaign confirmations answer it: the same answer the wallet gives
 * after a coin purchase, because a campaign paid by card is settled by that purchase.
 */
export const campaignSettlementSchema = settlementSchema;

/** A started card payment of a campaign request: the hosted page for exactly the campaigns' coins. */
export const campaignCheckoutSchema = z.object({
  url: z.string(),
  session_id: z.string(),
  coins: z.number(),
  /** What the card is charged: the coins at the coin price (pence). */
  amount_minor: z.number(),
  currency: z.string(),
  sandbox: z.boolean(),
});

/** Staff's view of a TikTok or Instagram campaign: the campaign and its timeline. */
export const expressSocialStaffCampaignSchema = expressSocialCampaignSchema.extend({
  timeline: z.array(expressTimelineEntrySchema),
  decline: expressDeclineSchema.nullable(),
});

/** A video or reel of the influencer's account that may be submitted for a campaign. */
export const socialVideoSchema = z.object({
  id: z.string(),
  url: z.string(),
  caption: z.string(),
  posted_at: z.string(),
  views: z.number().int().nullable(),
});

/** A checked music link (`check-tiktok-music`, `check-instagram-music`): the sound it names. */
export const socialMusicCheckSchema = z.object({
  valid: z.literal(true),
  id: z.string(),
  url: z.string(),
  name: z.string(),
});

/** What a video submission answers (`check-tiktok-video`, `influencer/check/music`). */
export const socialSubmitSchema = z.object({
  found: z.boolean(),
  id: z.number().int(),
  status_id: z.number().int(),
  /**
   * How the video discloses the paid promotion: the platform's flag, its caption, or `missing` (then
   * `found` is false and `reason` says how to fix it); null when the video itself was not found.
   */
  disclosure: z.enum(DISCLOSURES).nullable(),
  /** Why a video that was found does not prove the campaign, in the caller's language; null otherwise. */
  reason: z.string().nullable(),
});

/** Renewal check of a TikTok or Instagram campaign (`artist/campaign/renew/check`). */
export const socialRenewCheckSchema = z.object({
  renewable: z.boolean(),
  price: z.number().int(),
  account: z.object({ id: z.number().int(), name: z.string().nullable() }),
  track: z.object({ id: z.string(), name: z.string() }),
});

const requestId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * A TikTok or Instagram campaign request (`artist/campaign/create`, and its card payment
 * `artist/campaign/checkout`): one campaign per chosen account. An unreleased song (`is_released`
 * false) carries its uploaded media (`media_link`) and, where the platform asks for one, a cover
 * (`tiktok_img`), both as upload keys.
 */
export const socialCampaignRequestSchema = z.object({
  track_link: z.string().trim().min(1, 'validation.required').max(500),
  account_ids: z.array(requestId).min(1, 'validation.required').max(100),
  song_name: z.string().trim().max(300).nullable().optional(),
  pitch: pitchSchema,
  is_released: z.boolean().default(true),
  media_link: z.string().trim().max(300).nullable().optional(),
  tiktok_img: z.string().trim().max(300).nullable().optional(),
  made_with_ai: madeWithAiField,
  language_id: trackLanguageField,
});

/**
 * What the card confirmation of a TikTok or Instagram request answers
 * (`artist/campaign/checkout/check/pay`): the payment and, once paid, its campaigns.
 */
export const socialCardConfirmationSchema = z.object({
  payment: campaignSettlementSchema,
  campaigns: z.array(expressSocialCampaignSchema),
  /** True when the card's coins were kept in the wallet instead (the message says why). */
  not_created: z.boolean(),
});

export type SocialSubmit = z.infer<typeof socialSubmitSchema>;
export type ExpressStatus = z.infer<typeof expressStatusSchema>;
export type ExpressTimelineEntry = z.infer<typeof expressTimelineEntrySchema>;
export type ExpressPerformance = z.infer<typeof expressPerformanceSchema>;
export type ExpressCampaign = z.infer<typeof expressCampaignSchema>;
export type ExpressCampaignDetail = z.infer<typeof expressCampaignDetailSchema>;
export type ExpressTier = z.infer<typeof expressTierSchema>;
export type ExpressDuration = z.infer<typeof expressDurationSchema>;
export type ExpressReason = z.infer<typeof expressReasonSchema>;
export type ExpressPlaylist = z.infer<typeof expressPlaylistSchema>;
export type ExpressCampaignStats = z.infer<typeof expressCampaignStatsSchema>;
export type SpotifyConnection = z.infer<typeof spotifyConnectionSchema>;
export type PlaylistPreview = z.infer<typeof playlistPreviewSchema>;
export type SpotifyTrack = z.infer<typeof spotifyTrackSchema>;
export type ExpressRenewCheck = z.infer<typeof expressRenewCheckSchema>;
/** Answer of a campaign's card checkout (Spotify, TikTok, Instagram, custom): the hosted card page. */
export type CampaignCheckout = z.infer<typeof campaignCheckoutSchema>;
export type SocialAccountForSale = z.infer<typeof socialAccountForSaleSchema>;
export type ExpressSocialCampaign = z.infer<typeof expressSocialCampaignSchema>;
export type ExpressSocialCampaignDetail = z.infer<typeof expressSocialCampaignDetailSchema>;
export type ExpressSocialStaffCampaign = z.infer<typeof expressSocialStaffCampaignSchema>;
export type SocialVideo = z.infer<typeof socialVideoSchema>;
/** What a campaign action (approve, decline, confirm, dispute...) answers. */
export type ExpressCampaignStatus = z.infer<typeof expressCampaignStatusSchema>;
export type SocialMusicCheck = z.infer<typeof socialMusicCheckSchema>;
export type SocialRenewCheck = z.infer<typeof socialRenewCheckSchema>;
/** What the app sends; fields with a default (`is_released`) may be left out. */
export type SocialCampaignRequest = z.input<typeof socialCampaignRequestSchema>;
export type SocialCardConfirmation = z.infer<typeof socialCardConfirmationSchema>;

/**
 * `POST /api/express/campaigns/{id}/withdraw` (the artist) and
 * `POST /api/admin/express-campaigns/{id}/withdraw` (staff for the artist): the request taken back while
 * Pending for Approval, the coins refunded.
 */
export const expressWithdrawnSchema = z.object({
  id: z.number().int(),
  status_id: z.number().int(),
  end_reason: expressEndReasonSchema,
  /** Coins given back to the artist's wallet. */
  refunded_coins: z.number().int(),
});
export type ExpressWithdrawn = z.infer<typeof expressWithdrawnSchema>;

/**
 * One playback event of the seller's player (`POST /api/express/campaigns/{id}/listen`): what happened
 * and where the player stood, in seconds. The server counts the listening with its own clock.
 */
export const expressListenEventSchema = z.object({
  event: z.enum(['play', 'progress', 'pause', 'ended'], { error: 'validation.invalid' }),
  /** The player's position, seconds (at most a day). */
  position: z
    .number({ error: 'validation.invalid' })
    .min(0, 'validation.invalid')
    .max(86_400, 'validation.invalid'),
});

/** What the seller has heard of a request and what the rule (`min_listen_seconds`, 0: off) asks. */
export const expressListenProgressSchema = z.object({
  listened_seconds: z.number().int(),
  required_seconds: z.number().int(),
  /** The decision buttons open: listened at least the required seconds, or the rule is off. */
  can_decide: z.boolean(),
});

/**
 * How the seller's page plays the request: `spotify` Spotify's embed player (`url` a spotify:track:
 * URI; its iFrame API reports playback), `audio` a file the browser plays (the artist's upload of an
 * unreleased song, the sandbox's generated preview), `link` a sound page opened beside (TikTok,
 * Instagram: `reports_playback` false, the page counts the time the listener keeps it playing).
 */
export const expressPlayerSchema = z.object({
  kind: z.enum(['spotify', 'audio', 'link']),
  url: z.string(),
  reports_playback: z.boolean(),
});

/** What the artist's profile tells curators: name, bio, genres, links (spotify, instagram, ...). */
const artistAboutSchema = z.object({
  name: z.string(),
  bio: z.string().nullable(),
  genres: z.array(z.string()),
  links: z.array(z.object({ kind: z.string(), url: z.string() })),
});

/**
 * A custom campaign's player and listening, for the curator before opting in
 * (`GET /api/curator/campaign/{id}/listen`), with what the artist tells curators about themselves.
 */
export const campaignListenSchema = expressListenProgressSchema.extend({
  player: expressPlayerSchema,
  artist: artistAboutSchema,
});

/** What the seller's request page shows before the decision (`GET /api/express/campaigns/{id}/listen`). */
export const expressListenViewSchema = expressListenProgressSchema.extend({
  campaign_id: z.number().int(),
  player: expressPlayerSchema,
  track: z.object({
    name: z.string(),
    artist: z.string(),
    url: z.string(),
    is_released: z.boolean(),
    /** The language of its lyrics; null for an instrumental or when not said. */
    language: trackLanguageSchema,
  }),
  /** The artist's pitch to the seller. */
  pitch: z.string().nullable(),
  artist: artistAboutSchema,
});

export type ExpressListenEvent = z.infer<typeof expressListenEventSchema>;
export type ExpressListenProgress = z.infer<typeof expressListenProgressSchema>;
export type ExpressPlayer = z.infer<typeof expressPlayerSchema>;
export type ExpressListenView = z.infer<typeof expressListenViewSchema>;
export type CampaignListen = z.infer<typeof campaignListenSchema>;

/**
 * The body of a decline (`express/curator/decline/campaign`, `<platform>/influencer/decline/campaign`)
 * besides `campaign_id`: a reason of the platform's list and written feedback for the artist of at
 * least `min_feedback_words` words (`countWords`). `reason` is the spec's optional words, read as the
 * feedback when `feedback` is absent (older clients).
 */
export const expressDeclineFields = {
  reason_id: z.coerce.number().int().positive('express.reason_required').max(2_147_483_647),
  reason: z.string().trim().max(FEEDBACK_MAX_LENGTH, 'validation.too_long').optional(),
  feedback: z.string().trim().max(FEEDBACK_MAX_LENGTH, 'validation.too_long').optional(),
};
export const expressDeclineBodySchema = z.object({
  campaign_id: z.coerce.number().int().positive(),
  ...expressDeclineFields,
});
export type ExpressDeclineBody = z.input<typeof expressDeclineBodySchema>;

/** The artist's rating of a decline's feedback (`POST /api/express/campaigns/{id}/feedback-rating`). */
export const expressFeedbackRatingBodySchema = z.object({
  helpful: z.boolean({ error: 'validation.required' }),
  stars: z
    .number({ error: 'validation.required' })
    .int('validation.invalid')
    .min(1, 'validation.min_value')
    .max(5, 'validation.max_value'),
});
export type ExpressFeedbackRatingBody = z.infer<typeof expressFeedbackRatingBodySchema>;

/** A seller whose decline feedback artists rated (staff list `GET /api/admin/express-feedback/sellers`). */
export const feedbackSellerSchema = z.object({
  seller: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  ratings: z.number().int(),
  /** Mean stars, one decimal. */
  average_stars: z.number(),
  /** Share of ratings saying the feedback helped, whole percent. */
  helpful_percent: z.number().int(),
  last_rated_at: z.string(),
});
export type FeedbackSeller = z.infer<typeof feedbackSellerSchema>;

/**
 * Filter of that list (`filter[max_average]`, `filter[min_ratings]`): sellers whose mean is at most
 * `max_average` stars (default 3) over at least `min_ratings` ratings (default 1).
 */
export const feedbackSellersQuery = z.object({
  max_average: z.coerce.number().min(1, 'validation.min_value').max(5, 'validation.max_value').default(3),
  min_ratings: z.coerce
    .number()
    .int()
    .min(1, 'validation.min_value')
    .max(1000, 'validation.max_value')
    .default(1),
});

import { z } from 'zod';
import { expressGenreSchema, expressPlaylistSchema, socialAccountForSaleSchema } from './express';
import {
  MOODS,
  MOODS_MAX,
  OFFER_DESCRIPTION_MAX,
  OFFER_LANGUAGES_MAX,
  OFFER_SORTS,
  REVIEW_REPLY_MAX,
} from './offer-terms';
import { playlistResultsSchema } from './playlist-results';
import { qualityScoreSchema } from './score';

export * from './offer-terms';

/**
 * Offers are what artists buy from: express playlists (Spotify) and creator accounts (TikTok,
 * Instagram). This file is the contract of choosing one (issue "Choose with evidence"): the search
 * filters and sorts, the profile, the matched suggestions, and what sellers edit.
 */

const int32 = 2_147_483_647;
const count = (max: number) => z.coerce.number().int().min(0).max(max).optional();

/**
 * The filters of the wizards' playlist and creator step (every one optional, kept in the page's URL):
 * genre, mood, language, price range (coins), followers range, minimum score (`min_score`, with
 * `sort`), longest median answer (`max_answer_hours`), lowest acceptance rate (`min_acceptance`, %).
 * A value out of its range, or a maximum below its minimum, is refused with the field's message (422).
 */
export const offerFilterQuery = z.object({
  genre_id: z.coerce.number().int().positive().optional(),
  mood: z.enum(MOODS).optional(),
  language_id: z.coerce.number().int().positive().optional(),
  min_price: count(1_000_000),
  max_price: count(1_000_000),
  min_followers: count(int32),
  max_followers: count(int32),
  min_score: z.coerce.number().int().min(0).max(100).optional(),
  max_answer_hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  min_acceptance: z.coerce.number().int().min(0).max(100).optional(),
  sort: z.enum(OFFER_SORTS).optional(),
});

export type OfferFilterQuery = z.infer<typeof offerFilterQuery>;

/** A lyrics language as profiles list it: the `languages` id, ISO 639-1 code and English name. */
export const offerLanguageSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** One artist's review of a finished campaign, with the seller's public reply. */
export const offerReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  created_at: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /** The campaign reviewed: its seller replies with it (`POST .../reviews/{campaign_id}/reply`). */
  campaign_id: z.number().int(),
});

/** At most this many reviews come with a profile (newest first); `reviews.count` is them all. */
export const PROFILE_REVIEWS_MAX = 20;
/** Days of follower history a profile's chart shows. */
export const FOLLOWER_HISTORY_DAYS = 180;

/**
 * The profile of one offer (`GET /api/express/playlists/{id}/profile`,
 * `GET /api/express-{platform}/accounts/{id}/profile`, and staff's): what an artist reads before
 * paying. Nothing private of the seller: a name and the month they joined, no e-mail, no earnings.
 */
export const offerProfileSchema = z.object({
  kind: z.enum(['playlist', 'account']),
  /** `spotify`, `tiktok` or `instagram`. */
  platform: z.string(),
  id: z.number().int(),
  name: z.string(),
  /** The account's handle (accounts); null for playlists. */
  user_name: z.string().nullable(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  /** The playlist or account on its platform. */
  platform_url: z.string(),
  genres: z.array(expressGenreSchema),
  moods: z.array(z.enum(MOODS)),
  languages: z.array(offerLanguageSchema),
  accepts_unreleased: z.boolean(),
  refuses_ai: z.boolean(),
  seller: z.object({ id: z.number().int(), name: z.string(), since: z.string() }),
  followers: z.number().int().nullable(),
  /** Daily follower counts (oldest first, at most `FOLLOWER_HISTORY_DAYS`), from the trust snapshots. */
  follower_history: z.array(z.object({ date: z.string(), followers: z.number().int() })),
  score: qualityScoreSchema,
  campaigns: z.object({ taken: z.number().int(), completed: z.number().int() }),
  reviews: z.object({
    count: z.number().int(),
    average: z.number().nullable(),
    items: z.array(offerReviewSchema),
  }),
  tier: z.object({ id: z.number().int(), tier_name: z.string(), price: z.number().int() }),
  /** Days a placement stays (playlists) or a video stays public (accounts); null when not set. */
  duration_days: z.number().int().nullable(),
  /** Days the seller has to answer a request before it is declined and refunded. */
  answer_days: z.number().int(),
  /** Whether artists can find and buy it now (approved, tier on sale, not hidden by staff). */
  on_sale: z.boolean(),
  /** What its placements delivered (playlists, from their minimum; null otherwise and for accounts). */
  results: playlistResultsSchema.nullable(),
});
export type OfferProfile = z.infer<typeof offerProfileSchema>;

/**
 * What a seller edits of an offer's profile (the curator's playlist edit, the creator's account
 * settings). Every field optional; given fields replace the stored ones.
 */
export const offerProfileEdit = z.object({
  description: z.string().trim().max(OFFER_DESCRIPTION_MAX, 'validation.too_long').nullable().optional(),
  moods: z.array(z.enum(MOODS)).max(MOODS_MAX).optional(),
  language_ids: z.array(z.coerce.number().int().positive()).max(OFFER_LANGUAGES_MAX).optional(),
  accepts_unreleased: z.boolean().optional(),
});
export type OfferProfileEdit = z.infer<typeof offerProfileEdit>;

/** A seller's public reply to a review (empty removes it). */
export const reviewReplyBody = z.object({
  reply: z.string().trim().max(REVIEW_REPLY_MAX, 'validation.too_long'),
});

/**
 * The track a suggestion list is matched to (the wizard's song step): its genres and moods, its
 * lyrics language, released or not, declared made with AI or not.
 */
export const matchQuery = z.object({
  genre_ids: z
    .union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).max(10))
    .optional(),
  moods: z
    .union([z.array(z.enum(MOODS)), z.enum(MOODS)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(MOODS)).max(MOODS_MAX))
    .optional(),
  language_id: z.coerce.number().int().positive().optional(),
  is_released: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  made_with_ai: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type MatchQuery = z.infer<typeof matchQuery>;

/**
 * Why one offer is suggested for the track, the facts the one-line reason is written from (in the
 * reader's language by the apps): genres and moods shared, the language fit, the seller's acceptance of
 * requests sharing a genre with the track, the median answer time; `match` is the rank 0..100.
 */
export const matchReasonSchema = z.object({
  match: z.number().int().min(0).max(100),
  shared_genres: z.array(expressGenreSchema),
  shared_moods: z.array(z.enum(MOODS)),
  /** `listed`: the offer lists the track's language; `any`: it lists none; null: no language given. */
  language: z.enum(['listed', 'any']).nullable(),
  /** Requests sharing a genre with the track the seller answered, and of those accepted. */
  similar: z.object({ decided: z.number().int(), accepted: z.number().int() }),
  median_response_minutes: z.number().int().nullable(),
});
export type MatchReason = z.infer<typeof matchReasonSchema>;

/** A matched playlist: the list's item and why. */
export const matchedPlaylistSchema = expressPlaylistSchema.extend({ why: matchReasonSchema });
export type MatchedPlaylist = z.infer<typeof matchedPlaylistSchema>;
/** A matched creator account: the list's item and why. */
export const matchedAccountSchema = socialAccountForSaleSchema.extend({ why: matchReasonSchema });
export type MatchedAccount = z.infer<typeof matchedAccountSchema>;
/** At most this many suggestions come back. */
export const MATCHED_MAX = 12;

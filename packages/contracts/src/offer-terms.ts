import { SCORE_SORTS } from './score-parts';

/**
 * The terms of choosing an offer (a playlist or a creator account), free of zod so the apps import them
 * as values: moods, limits, sorts and the range check of the wizards' filters. The schemas are
 * `offers.ts`.
 */

/**
 * The moods a playlist or a creator account plays, and a track may have (issue "Choose with evidence"):
 * a closed list so the filters, the matching and the five languages agree. The database keeps
 * `moods` columns to it (check constraints of migration 0054); a new mood is a migration and a text per
 * language (`offers.moods.<key>`).
 */
export const MOODS = [
  'chill',
  'energetic',
  'happy',
  'melancholic',
  'romantic',
  'dark',
  'dreamy',
  'uplifting',
  'party',
  'focus',
  'aggressive',
  'relaxing',
] as const;
export type Mood = (typeof MOODS)[number];

/** At most this many moods on one profile or one track. */
export const MOODS_MAX = 5;
/** At most this many lyrics languages on one profile. */
export const OFFER_LANGUAGES_MAX = 10;
/** The profile description's length limit, in characters. */
export const OFFER_DESCRIPTION_MAX = 1000;
/** A seller's public reply to a review, in characters. */
export const REVIEW_REPLY_MAX = 1000;

/** The sorts of the offer lists: the score sorts, and followers, price, acceptance and answer time. */
export const OFFER_SORTS = [
  ...SCORE_SORTS,
  'followers_desc',
  'price_asc',
  'price_desc',
  'acceptance_desc',
  'answer_asc',
] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

/**
 * The range checks zod cannot attach to a query shape: a maximum below its minimum. Answers the
 * fields in error with their message key (`validation.max_below_min`); empty when none.
 */
export function offerRangeErrors(
  q: Partial<Record<'min_price' | 'max_price' | 'min_followers' | 'max_followers', number>>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (q.min_price !== undefined && q.max_price !== undefined && q.max_price < q.min_price)
    errors.max_price = ['validation.max_below_min'];
  if (q.min_followers !== undefined && q.max_followers !== undefined && q.max_followers < q.min_followers)
    errors.max_followers = ['validation.max_below_min'];
  return errors;
}
